#include "gpu_solver_base.hpp"

#include "sim/world.hpp"

#include <cstring>
#include <glm/gtc/quaternion.hpp>

namespace cs {
namespace {

constexpr GLuint kShared = 0;  // every kernel binds the particles at 0

std::uint32_t floatBits(float f) {
    std::uint32_t u;
    static_assert(sizeof(u) == sizeof(f));
    std::memcpy(&u, &f, sizeof(u));
    return u;
}

glm::vec4 quatVec(const glm::quat& q) { return {q.x, q.y, q.z, q.w}; }

// gpu_cloth.glsl's GpuCollider: 8 vec4s.
void packCollider(const Collider& c, std::vector<glm::vec4>& out) {
    const Shape& s = c.shape;
    out.emplace_back(c.pose.position, static_cast<float>(s.kind));
    out.push_back(quatVec(c.pose.orientation));
    out.emplace_back(c.substepStart.position, s.radius);
    out.push_back(quatVec(c.substepStart.orientation));
    out.emplace_back(s.halfExtents, s.halfLength);
    out.emplace_back(s.halfSize.x, s.halfSize.y, c.material.staticFriction, c.material.kineticFriction);
    out.emplace_back(c.velocity, c.material.restitution);
    out.emplace_back(c.isDynamic() ? 1.0f : 0.0f, 0.0f, 0.0f, 0.0f);
}

} // namespace

GpuSolverBase::GpuSolverBase(const std::filesystem::path& shaderDir, bool springAdjacency)
    : m_shaderDir(shaderDir),
      m_kinematicProgram(shaderDir / "cloth_kinematic.comp", shaderDir / "gpu_cloth.glsl"),
      m_normalsProgram(shaderDir / "cloth_normals.comp", shaderDir / "gpu_cloth.glsl"),
      m_springAdjacency(springAdjacency) {}

std::string GpuSolverBase::load() {
    std::string error = m_kinematicProgram.load();
    if (error.empty()) error = m_normalsProgram.load();
    return error;
}

void GpuSolverBase::prepare(World& world) {
    const Cloth& cloth = world.cloth;
    if (!m_uploaded || cloth.particleCount() != m_particleCount) {
        uploadAll(cloth);
        m_uploaded = true;
        return;
    }
    uploadKinematic(cloth);
}

void GpuSolverBase::uploadAll(const Cloth& cloth) {
    const std::size_t n = cloth.particleCount();
    m_particleCount = n;
    m_staging.resize(n);
    for (std::size_t i = 0; i < n; ++i)
        m_staging[i] = {glm::vec4(cloth.positions[i], cloth.inverseMasses[i]), glm::vec4(cloth.velocities[i], cloth.masses[i]),
                        glm::vec4(0.0f)};
    for (GpuBuffer& buffer : m_particles) buffer.upload(m_staging.data(), n * sizeof(GpuParticle));
    m_current = 0;
    m_lastInverseMass = cloth.inverseMasses;
    if (cloth.topologyVersion != m_topologyVersion) uploadTopology(cloth);
    m_gpuAhead = false;  // the CPU copy is what the GPU holds now
    m_normalsFresh = false;
}

void GpuSolverBase::uploadTopology(const Cloth& cloth) {
    m_topologyVersion = cloth.topologyVersion;
    const std::size_t n = cloth.particleCount();
    std::vector<glm::uvec4> triangles(cloth.triangles.size());
    for (std::size_t t = 0; t < triangles.size(); ++t) triangles[t] = glm::uvec4(cloth.triangles[t], 0u);
    m_triangles.upload(triangles.data(), triangles.size() * sizeof(glm::uvec4));

    // per particle, contiguous: its link ends (3 uints each, in link order), then its triangles (in order)
    std::vector<std::uint32_t> linkCount(n, 0), triangleCount(n, 0);
    if (m_springAdjacency)
        for (const Link& link : cloth.links) ++linkCount[link.a], ++linkCount[link.b];
    for (const glm::uvec3& t : cloth.triangles) ++triangleCount[t.x], ++triangleCount[t.y], ++triangleCount[t.z];
    std::vector<glm::uvec4> adjacency(n);
    std::uint32_t at = 0;
    for (std::size_t i = 0; i < n; ++i) {
        adjacency[i] = {at, at + 3 * linkCount[i], at + 3 * linkCount[i], at + 3 * linkCount[i] + triangleCount[i]};
        at = adjacency[i].w;
    }
    std::vector<std::uint32_t> list(at);
    std::vector<glm::uvec4> fill = adjacency;  // next free slot: x for links, z for triangles
    if (m_springAdjacency) {
        for (const Link& link : cloth.links) {
            const std::uint32_t rest = floatBits(link.restLength), kind = static_cast<std::uint32_t>(link.kind);
            std::uint32_t& a = fill[link.a].x;
            list[a++] = link.b, list[a++] = rest, list[a++] = kind;
            std::uint32_t& b = fill[link.b].x;
            list[b++] = link.a | 0x80000000u, list[b++] = rest, list[b++] = kind;
        }
    }
    for (std::size_t t = 0; t < cloth.triangles.size(); ++t)
        for (int k = 0; k < 3; ++k) list[fill[cloth.triangles[t][k]].z++] = static_cast<std::uint32_t>(t);
    m_adjacency.upload(adjacency.data(), adjacency.size() * sizeof(glm::uvec4));
    m_adjacencyList.upload(list.data(), list.size() * sizeof(std::uint32_t));
}

void GpuSolverBase::uploadKinematic(const Cloth& cloth) {
    m_kinematicStaging.clear();  // keeps its capacity: allocates only when more particles are held than before
    for (std::size_t i = 0; i < cloth.particleCount(); ++i) {
        const float w = cloth.inverseMasses[i];
        if (w != 0.0f && w == m_lastInverseMass[i]) continue;
        m_lastInverseMass[i] = w;
        m_kinematicStaging.push_back({glm::vec4(cloth.positions[i], w), glm::vec4(cloth.velocities[i], cloth.masses[i]),
                                      glm::uvec4(static_cast<std::uint32_t>(i), 0u, 0u, 0u)});
    }
    if (m_kinematicStaging.empty()) return;
    m_kinematic.upload(m_kinematicStaging.data(), m_kinematicStaging.size() * sizeof(Kinematic));
    m_kinematicProgram.use();
    m_kinematicProgram.set("entryCount", static_cast<unsigned>(m_kinematicStaging.size()));
    particles().bind(kShared);
    m_kinematic.bind(1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    ComputeProgram::dispatch(m_kinematicStaging.size());
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

void GpuSolverBase::uploadColliders(const World& world) {
    m_colliderStaging.clear();
    for (const Collider& c : world.colliders) packCollider(c, m_colliderStaging);
    if (const std::optional<Collider> ground = groundCollider(world.settings.collision))
        packCollider(*ground, m_colliderStaging);
    m_colliderCount = m_colliderStaging.size() / 8;
    m_colliders.upload(m_colliderStaging.data(), m_colliderStaging.size() * sizeof(glm::vec4));
}

void GpuSolverBase::syncToCpu(World& world) {
    Cloth& cloth = world.cloth;
    if (!m_gpuAhead || !m_uploaded || cloth.particleCount() != m_particleCount) return;
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    m_staging.resize(m_particleCount);
    particles().download(m_staging.data(), m_particleCount * sizeof(GpuParticle));
    for (std::size_t i = 0; i < m_particleCount; ++i) {
        cloth.positions[i] = glm::vec3(m_staging[i].x);
        cloth.velocities[i] = glm::vec3(m_staging[i].v);
    }
    m_gpuAhead = false;
}

GpuClothBuffers GpuSolverBase::drawBuffers() const {
    if (!m_uploaded) return {};
    const GpuBuffer& current = m_particles[m_current];
    if (!m_normalsFresh) {
        m_normals.reserve(m_particleCount * sizeof(glm::vec4));
        m_normalsProgram.use();
        m_normalsProgram.set("particleCount", static_cast<unsigned>(m_particleCount));
        current.bind(0);
        m_triangles.bind(1);
        m_adjacency.bind(2);
        m_adjacencyList.bind(3);
        m_normals.bind(4);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        ComputeProgram::dispatch(m_particleCount);
        glMemoryBarrier(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
        m_normalsFresh = true;
    }
    return {current.id(), static_cast<GLsizei>(sizeof(GpuParticle)), m_normals.id(), m_particleCount};
}

} // namespace cs
