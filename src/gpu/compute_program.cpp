#include "compute_program.hpp"

#include "gpu_solvers.hpp"
#include "render/shader.hpp"

#include <algorithm>

namespace cs {
namespace {

std::string infoLog(GLuint object, bool program) {
    GLint length = 0;
    if (program) glGetProgramiv(object, GL_INFO_LOG_LENGTH, &length);
    else glGetShaderiv(object, GL_INFO_LOG_LENGTH, &length);
    std::string log(static_cast<std::size_t>(std::max(length, 1)), '\0');
    if (program) glGetProgramInfoLog(object, length, nullptr, log.data());
    else glGetShaderInfoLog(object, length, nullptr, log.data());
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
    return log;
}

} // namespace

ComputeProgram::ComputeProgram(std::filesystem::path kernel, std::filesystem::path library)
    : m_kernel(std::move(kernel)), m_library(std::move(library)) {}

ComputeProgram::~ComputeProgram() {
    if (m_program && gpuContextAlive()) glDeleteProgram(m_program);
}

std::string ComputeProgram::load() {
    const std::optional<std::string> kernel = readTextFile(m_kernel);
    if (!kernel) return "cannot read compute shader " + m_kernel.string();
    const std::optional<std::string> library = readTextFile(m_library);
    if (!library) return "cannot read shader library " + m_library.string();
    const std::size_t firstLineEnd = kernel->find('\n');
    if (kernel->compare(0, 8, "#version") != 0 || firstLineEnd == std::string::npos)
        return m_kernel.string() + ": the first line must be its #version";
    const std::string versionLine = kernel->substr(0, firstLineEnd + 1);
    const std::string libraryText = "#line 1 1\n" + *library + "\n";
    const std::string kernelText = "#line 2 0\n" + kernel->substr(firstLineEnd + 1);
    const char* sources[] = {versionLine.c_str(), libraryText.c_str(), kernelText.c_str()};

    const GLuint shader = glCreateShader(GL_COMPUTE_SHADER);
    glShaderSource(shader, 3, sources, nullptr);
    glCompileShader(shader);
    GLint ok = GL_FALSE;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (ok != GL_TRUE) {
        std::string error = m_kernel.string() + ": compile error (source 0: this file, source 1: " +
                            m_library.filename().string() + "):\n" + infoLog(shader, false);
        glDeleteShader(shader);
        return error;
    }
    const GLuint program = glCreateProgram();
    glAttachShader(program, shader);
    glLinkProgram(program);
    glDeleteShader(shader);
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (ok != GL_TRUE) {
        std::string error = m_kernel.string() + ": link error:\n" + infoLog(program, true);
        glDeleteProgram(program);
        return error;
    }
    if (m_program) glDeleteProgram(m_program);
    m_program = program;
    return {};
}

void ComputeProgram::set(const char* name, unsigned value) const {
    glUniform1ui(glGetUniformLocation(m_program, name), value);
}
void ComputeProgram::set(const char* name, int value) const { glUniform1i(glGetUniformLocation(m_program, name), value); }
void ComputeProgram::set(const char* name, float value) const {
    glUniform1f(glGetUniformLocation(m_program, name), value);
}
void ComputeProgram::set(const char* name, glm::vec3 value) const {
    glUniform3f(glGetUniformLocation(m_program, name), value.x, value.y, value.z);
}

void ComputeProgram::dispatch(std::size_t invocations) {
    if (invocations == 0) return;
    glDispatchCompute(static_cast<GLuint>((invocations + kGroupSize - 1) / kGroupSize), 1, 1);
}

} // namespace cs
