#pragma once
// The factories of every solver, one per file in this folder. The registry
// (solver.cpp) is the only caller.
#include "../solver.hpp"

#include <memory>

namespace cs {

std::unique_ptr<Solver> makeExplicitEulerSolver();
std::unique_ptr<Solver> makeSymplecticEulerSolver();
std::unique_ptr<Solver> makeVerletSolver();
std::unique_ptr<Solver> makeRk4Solver();
std::unique_ptr<Solver> makeImplicitEulerSolver();
std::unique_ptr<Solver> makeDesbrunSolver();
std::unique_ptr<Solver> makeJakobsenSolver();
std::unique_ptr<Solver> makePbdSolver();
std::unique_ptr<Solver> makeXpbdSolver();
std::unique_ptr<Solver> makeVbdSolver();
std::unique_ptr<Solver> makeProjectiveDynamicsSolver();

} // namespace cs
