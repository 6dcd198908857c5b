// PLACEHOLDER until the real implementation lands.
#include "solvers.hpp"

namespace cs {

std::unique_ptr<Solver> makePbdSolver() { return makeXpbdSolver(); }

} // namespace cs
