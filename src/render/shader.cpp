#include "shader.hpp"

#include <algorithm>
#include <fstream>
#include <glm/gtc/type_ptr.hpp>
#include <sstream>
#include <utility>
#include <vector>

namespace cs {
namespace {

std::string shaderLog(GLuint shader) {
    GLint length = 0;
    glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
    std::string log(static_cast<std::size_t>(std::max(length, 1)), '\0');
    glGetShaderInfoLog(shader, length, nullptr, log.data());
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
    return log;
}

std::string programLog(GLuint program) {
    GLint length = 0;
    glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
    std::string log(static_cast<std::size_t>(std::max(length, 1)), '\0');
    glGetProgramInfoLog(program, length, nullptr, log.data());
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
    return log;
}

// Compiles one stage; returns 0 and fills `error` on failure.
GLuint compileStage(GLenum stage, const std::filesystem::path& path, std::string& error) {
    const std::optional<std::string> source = readTextFile(path);
    if (!source) {
        error = "cannot read shader file " + path.string() + " (missing, unreadable or not a file)";
        return 0;
    }
    const GLuint shader = glCreateShader(stage);
    const char* text = source->c_str();
    glShaderSource(shader, 1, &text, nullptr);
    glCompileShader(shader);
    GLint ok = GL_FALSE;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (ok != GL_TRUE) {
        error = path.string() + ": compile error:\n" + shaderLog(shader);
        glDeleteShader(shader);
        return 0;
    }
    return shader;
}

} // namespace

std::optional<std::string> readTextFile(const std::filesystem::path& path) {
    // a folder opens as a stream that reads as empty: it would "fail to compile" at line 1
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) return std::nullopt;
    return std::move(text).str();
}

ShaderProgram::ShaderProgram(std::filesystem::path vertexPath, std::filesystem::path fragmentPath,
                             std::vector<std::filesystem::path> fragmentLibraries)
    : m_vertexPath(std::move(vertexPath)),
      m_fragmentPath(std::move(fragmentPath)),
      m_fragmentLibraries(std::move(fragmentLibraries)) {}

ShaderProgram::~ShaderProgram() {
    if (m_program) glDeleteProgram(m_program);
}

ShaderProgram::ShaderProgram(ShaderProgram&& other) noexcept
    : m_vertexPath(std::move(other.m_vertexPath)),
      m_fragmentPath(std::move(other.m_fragmentPath)),
      m_fragmentLibraries(std::move(other.m_fragmentLibraries)),
      m_program(std::exchange(other.m_program, 0)) {}

ShaderProgram& ShaderProgram::operator=(ShaderProgram&& other) noexcept {
    if (this != &other) {
        if (m_program) glDeleteProgram(m_program);
        m_vertexPath = std::move(other.m_vertexPath);
        m_fragmentPath = std::move(other.m_fragmentPath);
        m_fragmentLibraries = std::move(other.m_fragmentLibraries);
        m_program = std::exchange(other.m_program, 0);
    }
    return *this;
}

std::string ShaderProgram::load() {
    std::string error;
    const GLuint vertex = compileStage(GL_VERTEX_SHADER, m_vertexPath, error);
    if (!vertex) return error;
    const GLuint fragment = compileStage(GL_FRAGMENT_SHADER, m_fragmentPath, error);
    if (!fragment) {
        glDeleteShader(vertex);
        return error;
    }
    std::vector<GLuint> libraries;
    for (const std::filesystem::path& path : m_fragmentLibraries) {
        const GLuint library = compileStage(GL_FRAGMENT_SHADER, path, error);
        if (!library) {
            for (const GLuint shader : libraries) glDeleteShader(shader);
            glDeleteShader(fragment);
            glDeleteShader(vertex);
            return error;
        }
        libraries.push_back(library);
    }
    const GLuint program = glCreateProgram();
    glAttachShader(program, vertex);
    glAttachShader(program, fragment);
    for (const GLuint library : libraries) glAttachShader(program, library);
    glLinkProgram(program);
    glDeleteShader(vertex);  // flagged; freed with the program
    glDeleteShader(fragment);
    for (const GLuint library : libraries) glDeleteShader(library);
    GLint ok = GL_FALSE;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (ok != GL_TRUE) {
        error = m_vertexPath.string() + " + " + m_fragmentPath.string();
        for (const std::filesystem::path& path : m_fragmentLibraries) error += " + " + path.string();
        error += ": link error:\n" + programLog(program);
        glDeleteProgram(program);
        return error;
    }
    if (m_program) glDeleteProgram(m_program);
    m_program = program;
    return {};
}

void ShaderProgram::use() const { glUseProgram(m_program); }

void ShaderProgram::set(const char* name, int value) const {
    glUniform1i(glGetUniformLocation(m_program, name), value);
}
void ShaderProgram::set(const char* name, float value) const {
    glUniform1f(glGetUniformLocation(m_program, name), value);
}
void ShaderProgram::set(const char* name, glm::vec2 value) const {
    glUniform2fv(glGetUniformLocation(m_program, name), 1, glm::value_ptr(value));
}
void ShaderProgram::set(const char* name, glm::vec3 value) const {
    glUniform3fv(glGetUniformLocation(m_program, name), 1, glm::value_ptr(value));
}
void ShaderProgram::set(const char* name, const glm::mat3& value) const {
    glUniformMatrix3fv(glGetUniformLocation(m_program, name), 1, GL_FALSE, glm::value_ptr(value));
}
void ShaderProgram::set(const char* name, const glm::mat4& value) const {
    glUniformMatrix4fv(glGetUniformLocation(m_program, name), 1, GL_FALSE, glm::value_ptr(value));
}

} // namespace cs
