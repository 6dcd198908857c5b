#pragma once
// Triangle meshes on the GPU: positions and normals in two vertex buffers
// (attribute 0 and 1, uploaded as the contiguous arrays the simulation keeps)
// and a 32-bit index buffer. Static meshes upload once; the cloth re-uploads its
// vertices every frame into buffers that are only reallocated when counts change.
// The cloth also has UVs (attribute 2, uploaded when its topology changes) and a
// scalar per vertex (attribute 3, the force views' newtons, uploaded per frame
// only while a view reads it).
#include <glad/gl.h>

#include <cstdint>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <span>
#include <vector>

namespace cs {

// A mesh on the CPU, as the generators below make it.
struct MeshData {
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> normals;     // unit, one per position
    std::vector<std::uint32_t> indices; // three per triangle, counter-clockwise from outside
};

// A sphere of radius 1 around the origin: `slices` around y, `stacks` pole to pole.
MeshData makeUvSphere(int slices, int stacks);

// The square [-1, 1] x [-1, 1] in the x-z plane, facing +y.
MeshData makeUnitQuad();

// The cube [-1, 1]^3 with flat faces: four vertices per face, each with the face's normal.
MeshData makeUnitCube();

// The open side wall of the cylinder x^2 + z^2 = 1, y in [-1, 1], with radial
// normals. Its `slices` match makeUvSphere's, so a sphere of the same radius at
// either end meets the wall exactly at its equator (a capsule).
MeshData makeUnitCylinder(int slices);

class GpuMesh {
public:
    GpuMesh() = default;
    ~GpuMesh();
    GpuMesh(const GpuMesh&) = delete;
    GpuMesh& operator=(const GpuMesh&) = delete;
    GpuMesh(GpuMesh&& other) noexcept;
    GpuMesh& operator=(GpuMesh&& other) noexcept;

    // Uploads a mesh that will not change (GL_STATIC_DRAW).
    void upload(const MeshData& mesh);

    // Uploads vertices that change every frame (GL_DYNAMIC_DRAW). The buffers are
    // reallocated only when the vertex count changes; otherwise the data goes in
    // with glBufferSubData. Indices are uploaded when their count changes or when
    // `indicesChanged` says the topology changed at the same size.
    void updateDynamic(std::span<const glm::vec3> positions, std::span<const glm::vec3> normals,
                       std::span<const glm::uvec3> triangles, bool indicesChanged);

    // Vertices from buffers another part of the program fills on the GPU (the GPU
    // solvers: a position every `positionStride` bytes, a vec4 normal each) instead
    // of the mesh's own: nothing is uploaded. Indices as updateDynamic takes them.
    // The next updateDynamic goes back to the mesh's own buffers.
    void useExternalVertices(GLuint positions, GLsizei positionStride, GLuint normals,
                             std::span<const glm::uvec3> triangles, bool indicesChanged);

    // Attribute 2: one UV per vertex, for a texture. Upload when the vertices' count
    // or meaning changed (the cloth's topology version), after updateDynamic.
    void updateUVs(std::span<const glm::vec2> uvs);

    // Attribute 3: one float per vertex, for a data view. The buffer is reallocated
    // only when the count changes.
    void updateScalars(std::span<const float> values);

    void draw() const;  // GL_TRIANGLES with every index
    bool empty() const { return m_indexCount == 0; }

private:
    // Into the bound VAO's index buffer: reallocated when the count changed, refilled
    // when indicesChanged, else left as it is.
    void uploadIndices(std::span<const glm::uvec3> triangles, bool indicesChanged);

    void create();
    void destroy();

    GLuint m_vao = 0;
    GLuint m_positionBuffer = 0;
    GLuint m_normalBuffer = 0;
    GLuint m_indexBuffer = 0;
    GLuint m_uvBuffer = 0;       // made by the first updateUVs
    GLuint m_scalarBuffer = 0;   // made by the first updateScalars
    std::size_t m_uvCapacity = 0;
    std::size_t m_scalarCapacity = 0;
    std::size_t m_vertexCapacity = 0;  // vertices the vertex buffers hold
    std::size_t m_indexCapacity = 0;   // indices the index buffer holds
    GLsizei m_indexCount = 0;
    bool m_external = false;  // attributes 0 and 1 read someone else's buffers
};

} // namespace cs
