#pragma once
// Contact between the cloth and the colliders (ground included), and of the
// cloth with itself — the one place every solver gets its contact from.
//
// Per particle and collider (inflated by collision.thickness):
//   1. position: pushed out along the contact normal. Against a dynamic body
//      the push is shared by inverse mass (w_p / (w_p + W) moves the particle,
//      the rest moves the body the other way), so momentum is exchanged.
//   2. friction, positional Coulomb (Mueller et al. 2014): the particle's slip
//      relative to the collider surface during this substep, s, is removed when
//      |s| < mu_s * depth (static: the particle sticks), otherwise shortened by
//      mu_k * depth (kinetic). Per substep gravity presses a resting particle
//      in by g cos(theta) h^2 and drags it by g sin(theta) h^2 on a slope, so it
//      sticks exactly when mu_s > tan(theta).
//   3. restitution: the normal approach speed v_n (relative to the surface) is
//      given back as e * v_n, unless it is slower than gravity's pull over two
//      substeps (resting contact must not buzz).
// Position-based solvers derive velocity from position, so 1-3 is all they
// need. Force-based solvers also get the velocity correction: the relative
// normal velocity into the surface is removed (or reversed by e) by an impulse,
// and the tangential velocity is stopped (|v_t| <= mu_s dv_n) or slowed by
// mu_k dv_n; both impulses shared with dynamic bodies by inverse mass.
//
// Fast colliders: colliders move one substep at a time (motion.hpp). If a
// collider still moves more than a quarter of its smallest size within one
// substep, the first pass of that substep sweeps it there in as many
// increments as needed, pushing particles at each, so a particle is always met
// by the collider's front and pushed ahead, never overtaken — a 20 m/s ball
// pushes a hanging cloth instead of passing through.
#include "../world.hpp"
#include "motion.hpp"
#include "triangle_contact.hpp"

#include <span>
#include <vector>

namespace cs {

struct StepStats;

// Starts substep `index` of `count` (h seconds each): moves the colliders along
// their path for this step and advances the dynamic bodies (beginSubstep).
// Every solver calls it at the top of each substep.
SubstepClock startSubstep(World& world, int index, int count, float h);

// Whether self-contact (triangle contact) runs now: collision.self_collision, with a CPU
// solver. The GPU solvers have none (their registry rows say so), nor do their CPU twins
// when they stand in for them.
bool usesTriangleContact(const World& world);

// Substeps the solver takes this step: solver.substeps, or solver.contact_substeps when
// more and triangle contact runs (a one-step method would find its vertices held back by
// their bounds, far from its solve's positions). At least 1.
int substepsThisStep(const World& world);

class ContactStage {
public:
    // Position-based family, after constraint pass `pass` of `passes` in a
    // substep. `previous`: particle positions at the substep's start. Fast
    // colliders are swept on pass 0; self-collision runs on the last pass.
    void projectPositions(World& world, std::span<const glm::vec3> previous, const SubstepClock& clock, int pass,
                          int passes);

    // Force-based family, at the end of a substep that moved the particles from
    // `start`: positions as above, then the velocity correction.
    void resolve(World& world, std::span<const glm::vec3> start, const SubstepClock& clock);

    // The cloth was changed outside the step (a restore, time travel, a cut): triangle
    // contact, when it was running, detects again at once where the cloth now is. Not at
    // the next step's start: by then the scripts have moved the kinematic vertices (a
    // held edge back onto its script, centimetres), perhaps through a layer, and a
    // detection there would take that move as safe instead of holding it to the bounds.
    // A stage that has not run triangle contact yet (a new solver: the cloth as loaded, a
    // reset, a switch) keeps the positions instead, for its first substep (see
    // detectFreshStart).
    // It also sets world.contactRoom for the cloth as it is (see collideWithItself).
    void invalidate(World& world);
    // Adds triangle contact's counters for the step to `stats` (zero when it did not run).
    void reportTo(StepStats& stats) const;

private:
    void collideAll(World& world, std::span<const glm::vec3> previous, const SubstepClock& clock, bool sweep,
                    bool restitution, bool velocities);
    // Self-contact (triangle contact), once per substep.
    // `velocities`: force-based, velocities follow the positions' change.
    void collideWithItself(World& world, std::span<const glm::vec3> start, const SubstepClock& clock,
                           bool velocities);

    // A fresh stage's first detection: where the cloth was at invalidate(), except the
    // vertices that held pin groups place (their scripts' first move is taken as it is, as
    // before). So the grab's jump before that step (up to 0.5 m, perhaps through a layer)
    // is held to the bounds like any later one. Detects nothing when no vertex differs.
    void detectFreshStart(const World& world, std::span<const glm::vec3> start);

    // How far a triangle reaches beyond its corners (collider_triangles.hpp), kept per topology.
    float triangleReach(const Cloth& cloth);

    TriangleContact m_triangles;
    bool m_trianglesLastSubstep = false;
    std::vector<glm::vec3> m_freshPositions;  // the cloth at invalidate() of a fresh stage; empty once used
    std::vector<glm::vec3> m_freshStart;      // where its first detection runs (detectFreshStart)
    std::vector<glm::vec3> m_beforeSelf;  // positions before self-collision (force-based velocity fix)
    std::vector<glm::vec3> m_velocitiesBefore;  // the integrator's velocities, before triangle contact
    std::vector<std::uint16_t> m_nearCollider;  // per particle: which segments of a collider it is near (collider_triangles.hpp)
    float m_triangleReach = -1.0f;             // metres, for m_triangleReachTopology
    std::uint64_t m_triangleReachTopology = 0;
};

} // namespace cs
