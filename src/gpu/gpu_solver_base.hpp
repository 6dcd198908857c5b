#pragma once
// What xpbd_gpu and verlet_gpu share: the cloth on the GPU and the traffic
// between it and World::cloth.
//
// The GPU copy is the state. World::cloth is brought up to date only by
// syncToCpu (Simulation calls it for the guard and tearing, the app once per
// rendered frame and before edits). The CPU tells the GPU what it changed:
//   - a topology change or a replaced state (reset, cut, time travel, the
//     guard's restore) arrives through topologyChanged: everything is uploaded
//     before the next step;
//   - before every step, particles with inverse mass 0 (pins, the mouse's hold)
//     and particles whose inverse mass changed (a release) are sent with their
//     CPU position and velocity: a short list, scattered by cloth_kinematic.comp;
//   - colliders are sent every substep (a few hundred bytes).
#include "buffer.hpp"
#include "compute_program.hpp"
#include "gpu_solvers.hpp"

#include <cstdint>
#include <glm/vec4.hpp>
#include <vector>

namespace cs {

struct GpuParticle {
    glm::vec4 x;      // position, w: inverse mass
    glm::vec4 v;      // velocity, w: mass
    glm::vec4 extra;  // xpbd: external force; verlet: the acceleration that went into v
};

class GpuSolverBase : public Solver {
public:
    GpuSolverBase(const std::filesystem::path& shaderDir, bool springAdjacency);

    void topologyChanged(World&, const TopologyEdit&) override { m_uploaded = false; }
    void syncToCpu(World& world) override;

    // Compiles the shared kernels and the solver's own; "" or the compile errors.
    virtual std::string load();

    GpuClothBuffers drawBuffers() const;

protected:
    // Before a step: the full upload after topologyChanged, else the kinematic list.
    void prepare(World& world);
    // The colliders of this substep (after startSubstep) and the ground, last.
    void uploadColliders(const World& world);
    std::size_t colliderCount() const { return m_colliderCount; }

    GpuBuffer& particles() { return m_particles[m_current]; }
    GpuBuffer& otherParticles() { return m_particles[1 - m_current]; }
    void swapParticles() { m_current = 1 - m_current; }
    void stepped() { m_gpuAhead = true, m_normalsFresh = false; }

    GpuBuffer m_triangles;       // uvec4 per triangle
    GpuBuffer m_adjacency;       // uvec4 per particle: [link begin, end) and [triangle begin, end) in the list
    GpuBuffer m_adjacencyList;   // verlet: 3 uints per link end; then triangle indices
    GpuBuffer m_colliders;
    std::filesystem::path m_shaderDir;

private:
    void uploadAll(const Cloth& cloth);
    void uploadTopology(const Cloth& cloth);
    void uploadKinematic(const Cloth& cloth);

    ComputeProgram m_kinematicProgram;
    mutable ComputeProgram m_normalsProgram;
    GpuBuffer m_particles[2];    // verlet ping-pongs between them; xpbd uses [0]
    int m_current = 0;
    GpuBuffer m_kinematic;
    mutable GpuBuffer m_normals;
    bool m_springAdjacency;
    bool m_uploaded = false;
    bool m_gpuAhead = false;     // the GPU has stepped since the last syncToCpu
    mutable bool m_normalsFresh = false;
    std::uint64_t m_topologyVersion = ~0ull;
    std::size_t m_particleCount = 0;
    std::size_t m_colliderCount = 0;
    // staging, reused: no allocation per step once sized
    std::vector<GpuParticle> m_staging;
    std::vector<float> m_lastInverseMass;
    struct Kinematic {
        glm::vec4 x, v;
        glm::uvec4 index;
    };
    std::vector<Kinematic> m_kinematicStaging;
    std::vector<glm::vec4> m_colliderStaging;
};

} // namespace cs
