#pragma once
// A shader storage buffer that owns its GL name. Storage is reallocated only
// when it must grow, so per-step uploads of the same size allocate nothing.
#include <glad/gl.h>

#include <cstddef>

namespace cs {

class GpuBuffer {
public:
    GpuBuffer() = default;
    ~GpuBuffer();
    GpuBuffer(const GpuBuffer&) = delete;
    GpuBuffer& operator=(const GpuBuffer&) = delete;

    // Makes room for `bytes` (keeps the contents only when no growth was needed).
    void reserve(std::size_t bytes);
    // Writes `bytes` at the start, growing first when needed.
    void upload(const void* data, std::size_t bytes);
    void download(void* data, std::size_t bytes) const;
    void clearToZero();
    void bind(GLuint binding) const { glBindBufferBase(GL_SHADER_STORAGE_BUFFER, binding, m_id); }
    GLuint id() const { return m_id; }
    std::size_t capacity() const { return m_capacity; }

private:
    GLuint m_id = 0;
    std::size_t m_capacity = 0;
};

} // namespace cs
