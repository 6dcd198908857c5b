#pragma once
// The two GPU solvers, made by gpu_solvers.cpp's factory (load() compiles them).
#include "gpu_solver_base.hpp"

#include <filesystem>
#include <memory>

namespace cs {

std::unique_ptr<GpuSolverBase> makeXpbdGpuSolver(const std::filesystem::path& shaderDir);
std::unique_ptr<GpuSolverBase> makeVerletGpuSolver(const std::filesystem::path& shaderDir);

} // namespace cs
