#pragma once
// What every force-based integrator shares: scratch arrays sized to the cloth,
// accelerations from the force model, and the end of a substep — contact with
// the colliders and itself (collision/contact.hpp: position and velocity)
// and Provot's deformation constraints. Each integrator is one file that derives
// from this and writes only its own update rule.
#include "../collision/contact.hpp"
#include "../solver.hpp"
#include "link_sweep.hpp"

#include <span>
#include <vector>

namespace cs {

class ForceBasedSolver : public Solver {
public:
    // A cut, a restore, a new solver: contact detects again before it trusts its bounds.
    // Integrators that keep caches of their own call this from their override.
    void topologyChanged(World& world, const TopologyEdit&) override { m_contacts.invalidate(world); }

protected:
    // Adds contact's counters for the step (triangle contact's detections) to `stats`.
    void reportContact(StepStats& stats) const { m_contacts.reportTo(stats); }

    // Sizes `count` scratch arrays of particle vectors to the cloth (allocates only
    // when the particle count changes) and returns them.
    std::span<std::vector<glm::vec3>> scratch(const Cloth& cloth, std::size_t count);

    // computeForces on solver.threads threads (the springs colour by colour).
    void computeAllForces(const World& world, double time, std::span<const glm::vec3> x,
                          std::span<const glm::vec3> v, std::span<glm::vec3> forces, bool airDrag = true) const;

    // a = f(x, v) / m for free particles, 0 for pinned ones.
    void accelerations(const World& world, double time, std::span<const glm::vec3> x, std::span<const glm::vec3> v,
                       std::span<glm::vec3> forces, std::span<glm::vec3> a, bool airDrag = true) const;

    // After the integrator moved the cloth from `start` over h seconds: resolves
    // contacts and applies Provot's fix-up, correcting velocities so that they
    // stay consistent with the positions. Pinned particles are put back.
    void finishSubstep(World& world, std::span<const glm::vec3> start, const SubstepClock& clock);

private:
    ContactStage m_contacts;
    std::vector<std::vector<glm::vec3>> m_scratch;
    mutable LinkSweep m_springRuns;  // particle-disjoint runs of the cloth's links, for threads
};

// Provot 1995: pulls structural and shear links stretched beyond (1 + tau) rest
// back to that length, moving both ends (or only the free one). Returns the
// number of links it shortened in the last pass.
int applyProvotConstraints(Cloth& cloth, const ProvotSettings& provot);

} // namespace cs
