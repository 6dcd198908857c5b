#include "mesh.hpp"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/vec2.hpp>
#include <utility>

namespace cs {
namespace {
constexpr float kPi = 3.14159265358979f;
constexpr GLuint kPositionAttribute = 0;
constexpr GLuint kNormalAttribute = 1;
constexpr GLuint kUvAttribute = 2;
constexpr GLuint kScalarAttribute = 3;

// Fills `buffer` (made and bound to attribute `attribute` of `vao` on first use) with
// `bytes`, reallocating only when `count` differs from `capacity`.
void uploadAttribute(GLuint vao, GLuint& buffer, std::size_t& capacity, GLuint attribute, GLint components,
                     std::size_t count, const void* data, std::size_t bytes) {
    glBindVertexArray(vao);
    if (!buffer) {
        glGenBuffers(1, &buffer);
        glBindBuffer(GL_ARRAY_BUFFER, buffer);
        glEnableVertexAttribArray(attribute);
        glVertexAttribPointer(attribute, components, GL_FLOAT, GL_FALSE, 0, nullptr);
        capacity = ~std::size_t{0};
    }
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    if (count != capacity) {
        glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(bytes), data, GL_DYNAMIC_DRAW);
        capacity = count;
    } else if (bytes > 0) {
        glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(bytes), data);
    }
    glBindVertexArray(0);
}
} // namespace

MeshData makeUvSphere(int slices, int stacks) {
    slices = std::max(slices, 3);
    stacks = std::max(stacks, 2);
    MeshData mesh;
    // (slices + 1) columns: the seam is duplicated so a texture could wrap later
    for (int j = 0; j <= stacks; ++j) {
        const float polar = kPi * static_cast<float>(j) / static_cast<float>(stacks);  // 0 at +y
        for (int i = 0; i <= slices; ++i) {
            const float azimuth = 2.0f * kPi * static_cast<float>(i) / static_cast<float>(slices);
            const glm::vec3 n(std::sin(polar) * std::sin(azimuth), std::cos(polar), std::sin(polar) * std::cos(azimuth));
            mesh.positions.push_back(n);
            mesh.normals.push_back(n);
        }
    }
    const auto at = [slices](int i, int j) { return static_cast<std::uint32_t>(j * (slices + 1) + i); };
    for (int j = 0; j < stacks; ++j) {
        for (int i = 0; i < slices; ++i) {
            // counter-clockwise seen from outside
            if (j != 0) mesh.indices.insert(mesh.indices.end(), {at(i, j), at(i, j + 1), at(i + 1, j)});
            if (j != stacks - 1)
                mesh.indices.insert(mesh.indices.end(), {at(i + 1, j), at(i, j + 1), at(i + 1, j + 1)});
        }
    }
    return mesh;
}

MeshData makeUnitQuad() {
    MeshData mesh;
    mesh.positions = {{-1.0f, 0.0f, -1.0f}, {-1.0f, 0.0f, 1.0f}, {1.0f, 0.0f, 1.0f}, {1.0f, 0.0f, -1.0f}};
    mesh.normals.assign(4, glm::vec3(0.0f, 1.0f, 0.0f));
    mesh.indices = {0, 1, 2, 0, 2, 3};
    return mesh;
}

MeshData makeUnitCube() {
    MeshData mesh;
    for (int axis = 0; axis < 3; ++axis) {
        for (const float side : {1.0f, -1.0f}) {
            // a right-handed frame (u, v, n) on the face: u x v = n, so u, v, -u, -v runs counter-clockwise
            glm::vec3 n(0.0f), u(0.0f);
            n[axis] = side;
            u[(axis + 1) % 3] = 1.0f;
            const glm::vec3 v = glm::cross(n, u);
            const auto first = static_cast<std::uint32_t>(mesh.positions.size());
            for (const glm::vec2 corner : {glm::vec2(-1, -1), glm::vec2(1, -1), glm::vec2(1, 1), glm::vec2(-1, 1)}) {
                mesh.positions.push_back(n + corner.x * u + corner.y * v);
                mesh.normals.push_back(n);
            }
            mesh.indices.insert(mesh.indices.end(), {first, first + 1, first + 2, first, first + 2, first + 3});
        }
    }
    return mesh;
}

MeshData makeUnitCylinder(int slices) {
    slices = std::max(slices, 3);
    MeshData mesh;
    // the same azimuth as makeUvSphere: (sin a, ., cos a), seam duplicated
    for (int i = 0; i <= slices; ++i) {
        const float azimuth = 2.0f * kPi * static_cast<float>(i) / static_cast<float>(slices);
        const glm::vec3 n(std::sin(azimuth), 0.0f, std::cos(azimuth));
        for (const float y : {1.0f, -1.0f}) {
            mesh.positions.emplace_back(n.x, y, n.z);
            mesh.normals.push_back(n);
        }
    }
    for (int i = 0; i < slices; ++i) {
        const auto top = static_cast<std::uint32_t>(2 * i), bottom = top + 1;
        const std::uint32_t nextTop = top + 2, nextBottom = top + 3;
        // counter-clockwise seen from outside
        mesh.indices.insert(mesh.indices.end(), {top, bottom, nextTop, nextTop, bottom, nextBottom});
    }
    return mesh;
}

GpuMesh::~GpuMesh() { destroy(); }

GpuMesh::GpuMesh(GpuMesh&& other) noexcept
    : m_vao(std::exchange(other.m_vao, 0)),
      m_positionBuffer(std::exchange(other.m_positionBuffer, 0)),
      m_normalBuffer(std::exchange(other.m_normalBuffer, 0)),
      m_indexBuffer(std::exchange(other.m_indexBuffer, 0)),
      m_uvBuffer(std::exchange(other.m_uvBuffer, 0)),
      m_scalarBuffer(std::exchange(other.m_scalarBuffer, 0)),
      m_uvCapacity(std::exchange(other.m_uvCapacity, 0)),
      m_scalarCapacity(std::exchange(other.m_scalarCapacity, 0)),
      m_vertexCapacity(std::exchange(other.m_vertexCapacity, 0)),
      m_indexCapacity(std::exchange(other.m_indexCapacity, 0)),
      m_indexCount(std::exchange(other.m_indexCount, 0)) {}

GpuMesh& GpuMesh::operator=(GpuMesh&& other) noexcept {
    if (this != &other) {
        destroy();
        m_vao = std::exchange(other.m_vao, 0);
        m_positionBuffer = std::exchange(other.m_positionBuffer, 0);
        m_normalBuffer = std::exchange(other.m_normalBuffer, 0);
        m_indexBuffer = std::exchange(other.m_indexBuffer, 0);
        m_uvBuffer = std::exchange(other.m_uvBuffer, 0);
        m_scalarBuffer = std::exchange(other.m_scalarBuffer, 0);
        m_uvCapacity = std::exchange(other.m_uvCapacity, 0);
        m_scalarCapacity = std::exchange(other.m_scalarCapacity, 0);
        m_vertexCapacity = std::exchange(other.m_vertexCapacity, 0);
        m_indexCapacity = std::exchange(other.m_indexCapacity, 0);
        m_indexCount = std::exchange(other.m_indexCount, 0);
    }
    return *this;
}

void GpuMesh::create() {
    if (m_vao) return;
    glGenVertexArrays(1, &m_vao);
    glGenBuffers(1, &m_positionBuffer);
    glGenBuffers(1, &m_normalBuffer);
    glGenBuffers(1, &m_indexBuffer);
    glBindVertexArray(m_vao);
    glBindBuffer(GL_ARRAY_BUFFER, m_positionBuffer);
    glEnableVertexAttribArray(kPositionAttribute);
    glVertexAttribPointer(kPositionAttribute, 3, GL_FLOAT, GL_FALSE, sizeof(glm::vec3), nullptr);
    glBindBuffer(GL_ARRAY_BUFFER, m_normalBuffer);
    glEnableVertexAttribArray(kNormalAttribute);
    glVertexAttribPointer(kNormalAttribute, 3, GL_FLOAT, GL_FALSE, sizeof(glm::vec3), nullptr);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, m_indexBuffer);  // recorded in the VAO
    glBindVertexArray(0);
}

void GpuMesh::destroy() {
    if (!m_vao) return;
    if (m_uvBuffer) glDeleteBuffers(1, &m_uvBuffer);
    if (m_scalarBuffer) glDeleteBuffers(1, &m_scalarBuffer);
    m_uvBuffer = m_scalarBuffer = 0;
    m_uvCapacity = m_scalarCapacity = 0;
    glDeleteBuffers(1, &m_indexBuffer);
    glDeleteBuffers(1, &m_normalBuffer);
    glDeleteBuffers(1, &m_positionBuffer);
    glDeleteVertexArrays(1, &m_vao);
    m_vao = m_positionBuffer = m_normalBuffer = m_indexBuffer = 0;
    m_vertexCapacity = m_indexCapacity = 0;
    m_indexCount = 0;
}

void GpuMesh::upload(const MeshData& mesh) {
    create();
    const auto vertexBytes = static_cast<GLsizeiptr>(mesh.positions.size() * sizeof(glm::vec3));
    glBindVertexArray(m_vao);
    glBindBuffer(GL_ARRAY_BUFFER, m_positionBuffer);
    glBufferData(GL_ARRAY_BUFFER, vertexBytes, mesh.positions.data(), GL_STATIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, m_normalBuffer);
    glBufferData(GL_ARRAY_BUFFER, vertexBytes, mesh.normals.data(), GL_STATIC_DRAW);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(mesh.indices.size() * sizeof(std::uint32_t)),
                 mesh.indices.data(), GL_STATIC_DRAW);
    glBindVertexArray(0);
    m_vertexCapacity = mesh.positions.size();
    m_indexCapacity = mesh.indices.size();
    m_indexCount = static_cast<GLsizei>(mesh.indices.size());
}

void GpuMesh::updateDynamic(std::span<const glm::vec3> positions, std::span<const glm::vec3> normals,
                            std::span<const glm::uvec3> triangles, bool indicesChanged) {
    create();
    glBindVertexArray(m_vao);
    if (m_external) {  // back from the GPU solvers' buffers to our own
        glBindBuffer(GL_ARRAY_BUFFER, m_positionBuffer);
        glVertexAttribPointer(kPositionAttribute, 3, GL_FLOAT, GL_FALSE, sizeof(glm::vec3), nullptr);
        glBindBuffer(GL_ARRAY_BUFFER, m_normalBuffer);
        glVertexAttribPointer(kNormalAttribute, 3, GL_FLOAT, GL_FALSE, sizeof(glm::vec3), nullptr);
        m_external = false;
        indicesChanged = true;
    }
    const auto vertexBytes = static_cast<GLsizeiptr>(positions.size_bytes());
    if (positions.size() != m_vertexCapacity) {
        // count changed: reallocate (and fill) both vertex buffers
        glBindBuffer(GL_ARRAY_BUFFER, m_positionBuffer);
        glBufferData(GL_ARRAY_BUFFER, vertexBytes, positions.data(), GL_DYNAMIC_DRAW);
        glBindBuffer(GL_ARRAY_BUFFER, m_normalBuffer);
        glBufferData(GL_ARRAY_BUFFER, vertexBytes, normals.data(), GL_DYNAMIC_DRAW);
        m_vertexCapacity = positions.size();
    } else if (!positions.empty()) {
        glBindBuffer(GL_ARRAY_BUFFER, m_positionBuffer);
        glBufferSubData(GL_ARRAY_BUFFER, 0, vertexBytes, positions.data());
        glBindBuffer(GL_ARRAY_BUFFER, m_normalBuffer);
        glBufferSubData(GL_ARRAY_BUFFER, 0, vertexBytes, normals.data());
    }
    uploadIndices(triangles, indicesChanged);
    glBindVertexArray(0);
}

void GpuMesh::uploadIndices(std::span<const glm::uvec3> triangles, bool indicesChanged) {
    static_assert(sizeof(glm::uvec3) == 3 * sizeof(std::uint32_t));
    const std::size_t indexCount = triangles.size() * 3;
    if (indexCount != m_indexCapacity) {
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(triangles.size_bytes()), triangles.data(),
                     GL_STATIC_DRAW);
        m_indexCapacity = indexCount;
    } else if (indicesChanged && indexCount > 0) {
        glBufferSubData(GL_ELEMENT_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(triangles.size_bytes()), triangles.data());
    }
    m_indexCount = static_cast<GLsizei>(indexCount);
}

void GpuMesh::useExternalVertices(GLuint positions, GLsizei positionStride, GLuint normals,
                                  std::span<const glm::uvec3> triangles, bool indicesChanged) {
    create();
    glBindVertexArray(m_vao);
    glBindBuffer(GL_ARRAY_BUFFER, positions);
    glVertexAttribPointer(kPositionAttribute, 3, GL_FLOAT, GL_FALSE, positionStride, nullptr);
    glBindBuffer(GL_ARRAY_BUFFER, normals);
    glVertexAttribPointer(kNormalAttribute, 3, GL_FLOAT, GL_FALSE, 4 * sizeof(float), nullptr);
    if (!m_external) indicesChanged = true;
    m_external = true;
    m_vertexCapacity = ~std::size_t{0};  // our own buffers are out of date: the next updateDynamic refills them
    uploadIndices(triangles, indicesChanged);
    glBindVertexArray(0);
}

void GpuMesh::updateUVs(std::span<const glm::vec2> uvs) {
    create();
    uploadAttribute(m_vao, m_uvBuffer, m_uvCapacity, kUvAttribute, 2, uvs.size(), uvs.data(), uvs.size_bytes());
}

void GpuMesh::updateScalars(std::span<const float> values) {
    create();
    uploadAttribute(m_vao, m_scalarBuffer, m_scalarCapacity, kScalarAttribute, 1, values.size(), values.data(),
                    values.size_bytes());
}

void GpuMesh::draw() const {
    if (m_indexCount == 0) return;
    glBindVertexArray(m_vao);
    glDrawElements(GL_TRIANGLES, m_indexCount, GL_UNSIGNED_INT, nullptr);
    glBindVertexArray(0);
}

} // namespace cs
