#include "gl_debug.hpp"

#include <glad/gl.h>

#include <atomic>
#include <cstdio>

namespace cs {
namespace {

// atomic: a driver may call back from its own thread when output is not synchronous
std::atomic<int> gErrorCount{0};

void GLAD_API_PTR onDebugMessage(GLenum /*source*/, GLenum type, GLuint id, GLenum severity, GLsizei /*length*/,
                                 const GLchar* message, const void* /*user*/) {
    if (type == GL_DEBUG_TYPE_ERROR) ++gErrorCount;
    else if (severity == GL_DEBUG_SEVERITY_NOTIFICATION) return;
    std::fprintf(stderr, "GL %s %u: %s\n", type == GL_DEBUG_TYPE_ERROR ? "error" : "warning", id, message);
}

} // namespace

bool installGlErrorCounter() {
    if (!GLAD_GL_KHR_debug || !glDebugMessageCallback) return false;
    glEnable(GL_DEBUG_OUTPUT);
    glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);  // the message arrives inside the call that caused it
    glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, nullptr, GL_TRUE);
    glDebugMessageCallback(onDebugMessage, nullptr);
    gErrorCount = 0;
    return true;
}

int glDebugErrorCount() { return gErrorCount.load(); }

} // namespace cs
