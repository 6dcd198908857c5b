#include "contact.hpp"

#include "../solver.hpp"

#include <algorithm>
#include <cmath>

namespace cs {
namespace {

// A collider may move at most this fraction of its smallest size per contact increment.
constexpr float kSweepFraction = 0.25f;
constexpr int kMaxSweepIncrements = 64;

struct ContactOptions {
    float thickness;
    float h;
    float restingSpeed;  // approach speeds below this do not bounce, m/s
    bool restitution;    // give back the approach speed (once per substep)
    bool velocities;     // force-based: correct the particle's velocity too (once per substep)
    bool positionDrivesBody;  // position-based: a dynamic body's velocity follows its position
};

// Velocity of the collider's surface at x over this substep.
glm::vec3 surfaceVelocity(const Collider& c, glm::vec3 x, float h) {
    if (c.isDynamic()) return c.velocity;
    return (x - c.substepStart.toWorld(c.pose.toLocal(x))) / h;
}

// Moves the particle by share_p * delta and the body (if dynamic) by -share_b * delta.
void share(Collider& c, glm::vec3& x, glm::vec3 delta, float particleShare, float bodyShare, float h,
           bool bodyVelocityFromPosition) {
    x += particleShare * delta;
    if (bodyShare <= 0.0f) return;
    c.pose.position -= bodyShare * delta;
    if (bodyVelocityFromPosition) c.velocity -= bodyShare * delta / h;
}

// The contact of one particle with one collider; see contact.hpp for the model.
void contactParticle(Collider& c, glm::vec3& x, glm::vec3 previous, glm::vec3& v, float w,
                     const ContactOptions& o) {
    const auto contact = contactWith(c, x, o.thickness);
    if (!contact) return;
    const float W = c.inverseMass();
    const float total = w + W;
    if (total <= 0.0f) return;
    const float sp = w / total, sb = W / total;
    const glm::vec3 n = contact->normal;
    const float depth = contact->depth;

    // normal approach speed, measured before anything moves
    const glm::vec3 vSurface = surfaceVelocity(c, x, o.h);
    const glm::vec3 vRelative = v - vSurface;
    const float vn = glm::dot(vRelative, n);
    const bool bounces = vn < -o.restingSpeed;
    const float e = bounces ? c.material.restitution : 0.0f;

    glm::vec3 delta = n * depth;
    if (o.restitution && !o.velocities && e > 0.0f) delta += n * (e * -vn * o.h);
    // slip relative to the surface: where the surface point under x was at the
    // substep's start, against where the particle was
    const glm::vec3 pushed = x + sp * delta;
    const glm::vec3 slip = c.substepStart.toWorld(c.pose.toLocal(pushed)) - previous;
    const glm::vec3 tangential = slip - glm::dot(slip, n) * n;
    const float slipLength = glm::length(tangential);
    if (slipLength > 0.0f) {
        const float stick = c.material.staticFriction * depth;
        delta -= slipLength <= stick ? tangential
                                     : tangential * std::min(1.0f, c.material.kineticFriction * depth / slipLength);
    }
    share(c, x, delta, sp, sb, o.h, o.positionDrivesBody);

    if (!o.velocities || vn >= 0.0f) return;
    // force-based: impulses on the relative velocity, shared by inverse mass
    const float jn = -(1.0f + e) * vn / total;           // normal impulse, kg m/s
    const float jStick = -vn / total;                    // the part that stops the approach
    glm::vec3 vt = vRelative - vn * n;
    const float vtLength = glm::length(vt);
    glm::vec3 impulse = jn * n;
    if (vtLength > 0.0f) {
        const float jtFull = vtLength / total;            // impulse that stops the sliding
        const float jt = jtFull <= c.material.staticFriction * jStick
                             ? jtFull
                             : std::min(jtFull, c.material.kineticFriction * jStick);
        impulse -= jt * (vt / vtLength);
    }
    v += w * impulse;
    if (W > 0.0f) c.velocity -= W * impulse;
}

// A cheap test that rules most particles out before the exact query: a
// bounding sphere for closed shapes, the signed distance for planes.
struct Reach {
    bool plane;
    glm::vec3 center;  // bounding sphere centre, or a point on the plane
    glm::vec3 normal;  // plane only
    float limit;       // bounding radius + thickness (squared), or thickness for a plane
};

Reach reachOf(const Collider& c, float thickness) {
    const Shape& s = c.shape;
    if (s.kind == ShapeKind::Plane) return {true, c.pose.position, c.pose.axis(1), thickness};
    const float radius = s.kind == ShapeKind::Sphere  ? s.radius
                         : s.kind == ShapeKind::Box   ? glm::length(s.halfExtents)
                                                      : s.halfLength + s.radius;
    const float r = radius + thickness;
    return {false, c.pose.position, glm::vec3(0.0f), r * r};
}

bool mayTouch(const Reach& reach, glm::vec3 x) {
    if (reach.plane) return glm::dot(reach.normal, x - reach.center) < reach.limit;
    const glm::vec3 d = x - reach.center;
    return glm::dot(d, d) < reach.limit;
}

// How many increments the collider needs this substep so that no increment
// moves it further than a fraction of its own size.
int sweepIncrements(const Collider& c) {
    if (c.isDynamic() || c.shape.kind == ShapeKind::Plane) return 1;
    const float size = smallestSize(c.shape);
    if (!(size > 0.0f)) return 1;
    const float travel = glm::distance(c.pose.position, c.substepStart.position);
    const float turn = 2.0f * std::acos(std::min(1.0f, std::abs(glm::dot(c.pose.orientation, c.substepStart.orientation))));
    const float reach = c.shape.kind == ShapeKind::Box ? glm::length(c.shape.halfExtents)
                                                       : c.shape.halfLength + c.shape.radius;
    const float move = travel + turn * reach;
    return std::clamp(static_cast<int>(std::ceil(move / (kSweepFraction * size))), 1, kMaxSweepIncrements);
}

} // namespace

SubstepClock startSubstep(World& world, int index, int count, float h) {
    const SubstepClock clock{index, count, h};
    beginSubstep(world.colliders, clock, world.settings.sim.gravity, world.settings.collision);
    // exactly the step's end at the last substep: applyPinGroups' target
    const double fraction = static_cast<double>(index + 1) / static_cast<double>(count);
    placeHeldVertices(world.pinGroups, world.cloth, world.time + static_cast<double>(world.settings.sim.dt) * fraction);
    return clock;
}

void ContactStage::collideAll(World& world, std::span<const glm::vec3> previous, const SubstepClock& clock,
                              bool sweep, bool restitution, bool velocities) {
    Cloth& cloth = world.cloth;
    const CollisionSettings& settings = world.settings.collision;
    const ContactOptions options{settings.thickness, clock.h,
                                 2.0f * glm::length(world.settings.sim.gravity) * clock.h, restitution, velocities,
                                 !velocities};
    const std::size_t n = cloth.particleCount();

    if (sweep) {
        for (Collider& c : world.colliders) {
            const int increments = sweepIncrements(c);
            if (increments <= 1) continue;
            const Pose end = c.pose;
            for (int k = 1; k < increments; ++k) {
                c.pose = interpolate(c.substepStart, end, static_cast<float>(k) / static_cast<float>(increments));
                for (std::size_t i = 0; i < n; ++i)
                    if (const auto hit = contactWith(c, cloth.positions[i], options.thickness);
                        hit && cloth.inverseMasses[i] != 0.0f)
                        cloth.positions[i] += hit->normal * hit->depth;
            }
            c.pose = end;
        }
    }

    std::optional<Collider> ground = groundCollider(settings);
    const int iterations = std::max(settings.iterations, 1);
    for (int it = 0; it < iterations; ++it) {
        const bool firstIteration = it == 0;
        ContactOptions o = options;
        o.restitution = restitution && firstIteration;
        auto collide = [&](Collider& c) {
            // a dynamic body moves as particles push it: then every particle needs the exact test
            const bool moves = c.isDynamic();
            const Reach reach = reachOf(c, 2.0f * options.thickness + (moves ? 1e9f : 0.0f));
            for (std::size_t i = 0; i < n; ++i)
                if (mayTouch(reach, cloth.positions[i]))
                    contactParticle(c, cloth.positions[i], previous[i], cloth.velocities[i], cloth.inverseMasses[i], o);
        };
        for (Collider& c : world.colliders) collide(c);
        if (ground) collide(*ground);
        // velocity corrections are impulses: apply them once
        if (velocities) o.velocities = false;
    }
}

namespace {
enum class VelocityOf { EveryParticle, FreeParticles };
// Force-based: each velocity gains what contact did to its position over the substep,
// (x - before) / h; FreeParticles leaves kinematic ones (inverse mass 0) as they are.
void followPositions(Cloth& cloth, std::span<const glm::vec3> before, float h, VelocityOf which) {
    const float invH = 1.0f / h;
    for (std::size_t i = 0; i < cloth.particleCount(); ++i)
        if (which == VelocityOf::EveryParticle || cloth.inverseMasses[i] != 0.0f)
            cloth.velocities[i] += (cloth.positions[i] - before[i]) * invH;
}
} // namespace

void ContactStage::selfCollide(World& world, std::span<const glm::vec3> previous, const SubstepClock& clock,
                               bool velocities) {
    m_selfContacts = 0;
    const CollisionSettings& settings = world.settings.collision;
    if (!settings.selfCollision) return;
    Cloth& cloth = world.cloth;
    if (velocities) m_beforeSelf.assign(cloth.positions.begin(), cloth.positions.end());
    for (int it = 0; it < std::max(settings.iterations, 1); ++it)
        m_selfContacts += m_self.project(cloth, previous, settings.selfThickness,
                                         {settings.selfStaticFriction, settings.selfKineticFriction});
    if (!velocities) return;
    // force-based: the velocity follows the displacement the repulsion made
    followPositions(cloth, m_beforeSelf, clock.h, VelocityOf::EveryParticle);
}

void ContactStage::reportTo(StepStats& stats) const {
    stats.selfDetections = m_triangles.stats().detections;
    stats.selfDetectMs = m_triangles.stats().detectMs;
}

bool usesTriangleContact(const World& world) {
    const CollisionSettings& settings = world.settings.collision;
    if (!settings.selfCollision || settings.selfModel != SelfContactModel::Triangles) return false;
    const SolverInfo* info = findSolver(world.settings.solver.id);
    return info && info->triangleSelfContact;
}

void ContactStage::projectPositions(World& world, std::span<const glm::vec3> previous, const SubstepClock& clock,
                                    int pass, int passes) {
    collideAll(world, previous, clock, pass == 0, pass == 0, false);
    if (pass != passes - 1) return;
    collideWithItself(world, previous, clock, false);
}

void ContactStage::resolve(World& world, std::span<const glm::vec3> start, const SubstepClock& clock) {
    collideAll(world, start, clock, true, true, true);
    collideWithItself(world, start, clock, true);
}

void ContactStage::collideWithItself(World& world, std::span<const glm::vec3> start, const SubstepClock& clock,
                                     bool velocities) {
    if (clock.index == 0) m_triangles.beginStep();
    if (!usesTriangleContact(world)) {
        m_trianglesLastSubstep = false;
        selfCollide(world, start, clock, velocities);
        return;
    }
    // bounds from before a pause in triangle contact say nothing about where the cloth is
    // now. Between steps only kinematic vertices move (pin groups, the grab; a reset, a
    // restore or a cut invalidates the stage through the solver's topologyChanged), and
    // triangle contact holds those to their bounds too.
    if (!m_trianglesLastSubstep) m_triangles.invalidate();
    if (clock.index == 0) m_triangles.detectSoon();  // self_detect_every: and always at a step's start
    m_trianglesLastSubstep = true;
    m_selfContacts = 0;
    Cloth& cloth = world.cloth;
    m_triangles.recordTouching(velocities);
    if (velocities) {
        m_beforeSelf.assign(cloth.positions.begin(), cloth.positions.end());
        m_velocitiesBefore.assign(cloth.velocities.begin(), cloth.velocities.end());
    }
    m_triangles.step(cloth, start, clock.h, world.settings.collision, world.settings.solver.threads, clock.count);
    if (!velocities) return;
    // Force-based: the velocity follows what contact did to the position. A vertex its
    // bound held back keeps only the motion it made, (x - x_start) / h, so it does not
    // carry velocity it was not allowed to use into the next substep (CONTACT.md section
    // 5, force-based integrators); friction's position change brakes the slip. But a
    // push is not a throw: a pair found r - d inside the radius is pushed out in one
    // substep, and (r - d) / h at explicit Euler's h = 1/12000 s makes 24 m/s of 2 mm
    // (the copies along a fresh cut, once they count as two vertices): a touching pair
    // leaves contact no faster than it moved apart before, plus its push over the whole
    // step, (r - d) / dt, the same for every substep count (1 substep: as pushed).
    // Kinematic vertices keep the velocity the integrator gave them (0: their scripts
    // place them); a truncated pin's (x - x_start) / h at h = 1/12000 s would be tens of
    // m/s that the springs' damping reads as a real velocity.
    followPositions(cloth, m_beforeSelf, clock.h, VelocityOf::FreeParticles);
    m_triangles.limitSeparation(cloth, m_velocitiesBefore, clock.h * static_cast<float>(clock.count));
}

} // namespace cs
