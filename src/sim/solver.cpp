#include "solver.hpp"

#include "solvers/xpbd.hpp"

namespace cs {

std::span<const SolverInfo> solverRegistry() {
    static const SolverInfo registry[] = {
        {"xpbd", "XPBD (small steps)",
         "Extended position-based dynamics, Macklin et al. 2016, with substeps (Macklin et al. 2019)",
         [] { return std::unique_ptr<Solver>(new XpbdSolver()); }},
    };
    return registry;
}

const SolverInfo* findSolver(std::string_view id) {
    for (const SolverInfo& info : solverRegistry())
        if (info.id == id) return &info;
    return nullptr;
}

} // namespace cs
