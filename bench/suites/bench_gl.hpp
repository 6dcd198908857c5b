#pragma once
// A hidden window whose OpenGL context the window-bound benchmarks draw in (the
// frame split) or step GPU solvers in. Needs a display: under a bare terminal
// run the bench through xvfb-run (tools/bench.sh does).
#include <memory>
#include <string>

struct GLFWwindow;

namespace cs {

class BenchGlContext {
public:
    // A current GL 4.3 core context (3.3 when 4.3 is not offered) on a hidden
    // window of the given size; empty with `error` set when there is none.
    static std::unique_ptr<BenchGlContext> create(int width, int height, std::string& error);
    ~BenchGlContext();
    BenchGlContext(const BenchGlContext&) = delete;
    BenchGlContext& operator=(const BenchGlContext&) = delete;

    GLFWwindow* window() const { return m_window; }
    std::string version() const;  // GL_VERSION and GL_RENDERER

private:
    explicit BenchGlContext(GLFWwindow* window) : m_window(window) {}
    GLFWwindow* m_window;
};

// What timing a GPU solver (SolverInfo::gpu) needs: a GL 4.3 context with
// the GPU solvers installed in the registry, so that a Simulation runs them and
// not their CPU twins. Empty with `error` set where that cannot be had.
class BenchGpuSession {
public:
    static std::unique_ptr<BenchGpuSession> create(std::string& error);
    ~BenchGpuSession();
    BenchGpuSession(const BenchGpuSession&) = delete;
    BenchGpuSession& operator=(const BenchGpuSession&) = delete;

    std::string version() const { return m_context->version(); }

private:
    explicit BenchGpuSession(std::unique_ptr<BenchGlContext> context) : m_context(std::move(context)) {}
    std::unique_ptr<BenchGlContext> m_context;
};

// Waits for the GL commands issued so far (a GPU step's time includes its work).
void finishGl();

} // namespace cs
