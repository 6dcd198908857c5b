#include "force_based.hpp"

#include "../constraints.hpp"
#include "../forces.hpp"
#include "../parallel.hpp"

#include <algorithm>
#include <glm/geometric.hpp>

namespace cs {

std::span<std::vector<glm::vec3>> ForceBasedSolver::scratch(const Cloth& cloth, std::size_t count) {
    if (m_scratch.size() < count) m_scratch.resize(count);
    for (std::size_t k = 0; k < count; ++k)
        if (m_scratch[k].size() != cloth.particleCount()) m_scratch[k].assign(cloth.particleCount(), glm::vec3(0.0f));
    return std::span(m_scratch).first(count);
}

void ForceBasedSolver::computeAllForces(const World& world, double time, std::span<const glm::vec3> x,
                                        std::span<const glm::vec3> v, std::span<glm::vec3> forces,
                                        bool airDrag) const {
    m_springRuns.update(world.cloth, world.settings.solver.threads);
    computeForces(world.cloth, world.settings, time, x, v, forces, airDrag, &m_springRuns);
}

void ForceBasedSolver::accelerations(const World& world, double time, std::span<const glm::vec3> x,
                                     std::span<const glm::vec3> v, std::span<glm::vec3> forces,
                                     std::span<glm::vec3> a, bool airDrag) const {
    const Cloth& cloth = world.cloth;
    computeAllForces(world, time, x, v, forces, airDrag);
    parallelFor(cloth.particleCount(), world.settings.solver.threads, [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) a[i] = forces[i] * cloth.inverseMasses[i];
    });
}

void ForceBasedSolver::finishSubstep(World& world, std::span<const glm::vec3> start, const SubstepClock& clock) {
    Cloth& cloth = world.cloth;
    const float invH = 1.0f / clock.h;

    if (world.settings.provot.enabled) {
        // the fix-up moves positions; velocities follow the same displacement
        for (std::size_t i = 0; i < cloth.particleCount(); ++i) cloth.previousPositions[i] = cloth.positions[i];
        applyProvotConstraints(cloth, world.settings.provot);
        for (std::size_t i = 0; i < cloth.particleCount(); ++i)
            cloth.velocities[i] += (cloth.positions[i] - cloth.previousPositions[i]) * invH;
    }
    for (std::size_t i = 0; i < cloth.particleCount(); ++i) {
        if (cloth.inverseMasses[i] != 0.0f) continue;
        cloth.positions[i] = start[i];
        cloth.velocities[i] = glm::vec3(0.0f);
    }
    m_contacts.resolve(world, start, clock);
    for (std::size_t i = 0; i < cloth.particleCount(); ++i) cloth.previousPositions[i] = start[i];
}

int applyProvotConstraints(Cloth& cloth, const ProvotSettings& provot) {
    const float limit = 1.0f + provot.maxStretch;
    int shortened = 0;
    for (int pass = 0; pass < std::max(provot.iterations, 1); ++pass) {
        shortened = 0;
        for (const Link& link : stretchAndShearLinks(cloth)) {
            const float wa = cloth.inverseMasses[link.a], wb = cloth.inverseMasses[link.b];
            if (wa + wb == 0.0f) continue;
            glm::vec3& xa = cloth.positions[link.a];
            glm::vec3& xb = cloth.positions[link.b];
            const glm::vec3 d = xb - xa;
            const float len = glm::length(d);
            const float maxLength = limit * link.restLength;
            if (len <= maxLength) continue;
            // both free: each end moves half; one pinned: the free end moves all (Provot's rule)
            const glm::vec3 excess = d * ((len - maxLength) / len);
            const float shareA = wa == 0.0f ? 0.0f : (wb == 0.0f ? 1.0f : 0.5f);
            xa += shareA * excess;
            xb -= (1.0f - shareA) * excess;
            ++shortened;
        }
    }
    return shortened;
}

} // namespace cs
