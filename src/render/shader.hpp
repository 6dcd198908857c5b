#pragma once
// GLSL programs loaded from files at run time, so that shaders can be edited
// while the program runs (F5). A failed (re)load keeps the program that worked
// and hands back the compiler's log instead.
#include <glad/gl.h>

#include <filesystem>
#include <glm/mat3x3.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <optional>
#include <string>
#include <vector>

namespace cs {

// The whole file as text, or nothing when it cannot be read.
std::optional<std::string> readTextFile(const std::filesystem::path& path);

class ShaderProgram {
public:
    ShaderProgram() = default;
    // `fragmentLibraries`: more fragment-stage files (each with its own #version)
    // compiled apart and linked in, so that programs share functions such as the
    // lighting; the main fragment file declares what it calls from them.
    ShaderProgram(std::filesystem::path vertexPath, std::filesystem::path fragmentPath,
                  std::vector<std::filesystem::path> fragmentLibraries = {});
    ~ShaderProgram();
    ShaderProgram(const ShaderProgram&) = delete;
    ShaderProgram& operator=(const ShaderProgram&) = delete;
    ShaderProgram(ShaderProgram&& other) noexcept;
    ShaderProgram& operator=(ShaderProgram&& other) noexcept;

    // Reads, compiles and links both files. On success replaces the current
    // program and returns ""; on failure keeps it and returns a message that
    // names the file and carries the GL log.
    std::string load();

    bool valid() const { return m_program != 0; }
    GLuint id() const { return m_program; }
    void use() const;

    // Uniform setters for the bound program; unknown names are ignored, as GL does.
    void set(const char* name, int value) const;
    void set(const char* name, float value) const;
    void set(const char* name, glm::vec2 value) const;
    void set(const char* name, glm::vec3 value) const;
    void set(const char* name, const glm::mat3& value) const;
    void set(const char* name, const glm::mat4& value) const;

    const std::filesystem::path& vertexPath() const { return m_vertexPath; }
    const std::filesystem::path& fragmentPath() const { return m_fragmentPath; }

private:
    std::filesystem::path m_vertexPath;
    std::filesystem::path m_fragmentPath;
    std::vector<std::filesystem::path> m_fragmentLibraries;
    GLuint m_program = 0;
};

} // namespace cs
