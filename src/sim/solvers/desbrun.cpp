// PLACEHOLDER until the real implementation lands: behaves as symplectic Euler.
#include "solvers.hpp"

namespace cs {

std::unique_ptr<Solver> makeDesbrunSolver() { return makeSymplecticEulerSolver(); }

} // namespace cs
