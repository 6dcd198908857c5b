#pragma once
// An OpenGL 4.3 compute program read from shaders/ at run time. The kernel file
// (*.comp) starts with its #version line; the shared library (gpu_cloth.glsl,
// which has none) is inserted after it, with #line directives so that the
// compiler's log numbers lines of either file as they are in the file: source 0
// is the kernel, source 1 the library. Errors name both files.
#include <glad/gl.h>

#include <filesystem>
#include <glm/vec3.hpp>
#include <string>

namespace cs {

class ComputeProgram {
public:
    static constexpr unsigned kGroupSize = 64;  // local_size_x of every kernel

    ComputeProgram() = default;
    ComputeProgram(std::filesystem::path kernel, std::filesystem::path library);
    ~ComputeProgram();
    ComputeProgram(const ComputeProgram&) = delete;
    ComputeProgram& operator=(const ComputeProgram&) = delete;

    // Reads, compiles and links. "" on success, else a message naming the file.
    std::string load();

    void use() const { glUseProgram(m_program); }
    // Uniform setters for the program in use; unknown names are ignored, as GL does.
    void set(const char* name, unsigned value) const;
    void set(const char* name, int value) const;
    void set(const char* name, float value) const;
    void set(const char* name, glm::vec3 value) const;

    // Runs `invocations` invocations (rounded up to whole groups); nothing for 0.
    static void dispatch(std::size_t invocations);

private:
    std::filesystem::path m_kernel;
    std::filesystem::path m_library;
    GLuint m_program = 0;
};

} // namespace cs
