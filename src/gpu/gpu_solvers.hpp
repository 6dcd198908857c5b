#pragma once
// The GPU solvers (xpbd_gpu, verlet_gpu) and how the app offers them: with a
// current OpenGL 4.3 context it installs their factory into the solver registry
// (sim/solver.hpp); without one, choosing them runs their CPU twins.
#include "sim/solver.hpp"

#include <glad/gl.h>

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

namespace cs {

// Whether the current context can run the GPU solvers: OpenGL 4.3 or newer and
// CLOTHSIM_NO_GPU not set (set it to test the fallback). "" when it can, else why not.
std::string gpuUnsupportedReason();

// With a current context that can (gpuUnsupportedReason() empty), installs the
// factory that compiles the solvers' kernels from shaderDir. Returns "" when
// installed, else why not (the registry then keeps running the CPU twins).
std::string installGpuSolvers(const std::filesystem::path& shaderDir);

// Before the context goes: removes the factory; GPU objects destroyed after this
// no longer call GL. Simulations re-create their solver (the CPU twin) next step.
void uninstallGpuSolvers();

// Whether GL objects may still be deleted (between install and uninstall).
bool gpuContextAlive();

// The buffers a GPU solver draws from: positions in `particles` (a vec4 every
// `stride` bytes, xyz used) and unit normals in `normals` (vec4 each).
struct GpuClothBuffers {
    GLuint particles = 0;
    GLsizei stride = 0;
    GLuint normals = 0;
    std::size_t count = 0;  // particles
};

// When `solver` runs on the GPU: its buffers, with the normals brought up to date
// (one dispatch when the cloth moved since the last call). Otherwise nothing.
std::optional<GpuClothBuffers> gpuClothBuffers(const Solver& solver);

} // namespace cs
