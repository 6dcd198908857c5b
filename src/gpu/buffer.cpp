#include "buffer.hpp"

#include "gpu_solvers.hpp"

namespace cs {

GpuBuffer::~GpuBuffer() {
    if (m_id && gpuContextAlive()) glDeleteBuffers(1, &m_id);
}

void GpuBuffer::reserve(std::size_t bytes) {
    if (!m_id) glGenBuffers(1, &m_id);
    if (bytes <= m_capacity && m_capacity > 0) return;
    m_capacity = bytes > 0 ? bytes : 16;  // GL wants a store of some size to bind
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, m_id);
    glBufferData(GL_SHADER_STORAGE_BUFFER, static_cast<GLsizeiptr>(m_capacity), nullptr, GL_DYNAMIC_COPY);
}

void GpuBuffer::upload(const void* data, std::size_t bytes) {
    reserve(bytes);
    if (bytes == 0) return;
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, m_id);
    glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(bytes), data);
}

void GpuBuffer::download(void* data, std::size_t bytes) const {
    if (!m_id || bytes == 0) return;
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, m_id);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, static_cast<GLsizeiptr>(bytes), data);
}

void GpuBuffer::clearToZero() {
    if (!m_id) return;
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, m_id);
    glClearBufferData(GL_SHADER_STORAGE_BUFFER, GL_R32F, GL_RED, GL_FLOAT, nullptr);
}

} // namespace cs
