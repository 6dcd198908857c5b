#include "contact.hpp"

#include "../solver.hpp"
#include "collider_triangles.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace cs {
namespace {

// A collider may move at most this fraction of its smallest size per contact increment.
constexpr float kSweepFraction = 0.25f;
constexpr int kMaxSweepIncrements = 64;
// Passes over the triangles at a collider's thin features, at most, while some were crossed.
constexpr int kTrianglePasses = 4;
// Fraction of the reach a triangle may sit inside it, all of it on one side, and be left to its particles.
constexpr float kRestingSlack = 1e-3f;

struct ContactOptions {
    float thickness;
    float h;
    float maxPushOut;    // metres per substep that penetration from before the substep may leave
    float restingSpeed;  // approach speeds below this do not bounce, m/s
    bool restitution;    // give back the approach speed (once per substep)
    bool velocities;     // force-based: correct the particle's velocity too (once per substep)
    bool positionDrivesBody;  // position-based: a dynamic body's velocity follows its position
};

// Velocity of the collider's surface at x over this substep.
glm::vec3 surfaceVelocity(const Collider& c, glm::vec3 x, float h) {
    if (c.isDynamic()) return c.velocity;
    return (x - c.atSubstepStart(x)) / h;
}

// Moves the particle by share_p * delta and the body (if dynamic) by -share_b * delta.
void share(Collider& c, glm::vec3& x, glm::vec3 delta, float particleShare, float bodyShare, float h,
           bool bodyVelocityFromPosition) {
    x += particleShare * delta;
    if (bodyShare <= 0.0f) return;
    c.pose.position -= bodyShare * delta;
    if (bodyVelocityFromPosition) c.velocity -= bodyShare * delta / h;
}

// The response of one particle (or a triangle's point: collider_triangles.hpp) in
// `contact` with one collider; see contact.hpp for the model. `w`: its inverse mass.
void respond(Collider& c, const Contact& contact, glm::vec3& x, glm::vec3 previous, glm::vec3& v, float w,
             const ContactOptions& o) {
    const float W = c.inverseMass();
    const float total = w + W;
    if (total <= 0.0f) return;
    const float sp = w / total, sb = W / total;
    const glm::vec3 n = contact.normal;
    // Bounded depenetration: what the particle was already in at the substep's start (a
    // cloth loaded or restored inside, a collider placed into it) leaves at most maxPushOut
    // this substep; what this substep's motion added (landing, a moving collider) goes at
    // once. Measured against the same start every pass, so more passes push no further.
    float depth = contact.depth;
    if (const auto before = contactAt(c, c.substepStart, previous, o.thickness)) {
        depth -= std::max(0.0f, before->depth - o.maxPushOut);
        if (depth <= 0.0f) return;
    }

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
    const glm::vec3 slip = c.atSubstepStart(pushed) - previous;
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

void contactParticle(Collider& c, glm::vec3& x, glm::vec3 previous, glm::vec3& v, float w, const ContactOptions& o) {
    if (const auto contact = contactWith(c, x, o.thickness)) respond(c, *contact, x, previous, v, w, o);
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

// The collider's segments that fit between particles against the cloth's triangles
// (collider_triangles.hpp). `pad`: metres a triangle reaches beyond its corners (its
// longest edge, or more); `near`: scratch flags, one per particle. `pushOnly`: the
// sweep's increments, which push along the normal and nothing else. Returns how many
// triangles it found crossed (and put back).
int collideTriangles(Collider& c, Cloth& cloth, std::span<const glm::vec3> previous, const ContactOptions& o,
                      float pad, std::vector<std::uint16_t>& near, bool pushOnly) {
    std::array<Segment, 12> segments{};
    float radius = 0.0f;
    const int count = c.isDynamic() ? 0 : slippingSegments(c, segments, radius);
    if (count == 0) return 0;
    const float reach = radius + o.thickness;
    int crossings = 0;
    // where each segment was at the substep's start: a triangle that passed it in this
    // substep is told by the side it was on then
    // and how far it moved since, at most the larger of its ends' motions (a rigid move)
    std::array<Segment, 12> then{};
    std::array<float, 12> segmentMoved{};
    float segmentsMoved = 0.0f;
    for (std::size_t k = 0; k < static_cast<std::size_t>(count); ++k) {
        const Segment& seg = segments[k];
        then[k] = {c.atSubstepStart(seg.a), c.atSubstepStart(seg.b)};
        segmentMoved[k] = std::max(glm::distance(seg.a, then[k].a), glm::distance(seg.b, then[k].b));
        segmentsMoved = std::max(segmentsMoved, segmentMoved[k]);
    }
    // A triangle that can touch segment k has all three corners within reach + its longest
    // edge + the motions of this substep of it (pad covers the edge and the cloth's motion):
    // per particle, which segments it is that near; per triangle, the segments all three are.
    const float nearDistance = reach + pad + segmentsMoved;
    const Reach bound = reachOf(c, o.thickness + pad + segmentsMoved);
    const std::size_t n = cloth.particleCount();
    near.resize(n);  // allocates once per cloth size
    bool any = false;
    for (std::size_t i = 0; i < n; ++i) {
        near[i] = mayTouch(bound, cloth.positions[i]) ? segmentsNear(c, cloth.positions[i], nearDistance) : 0;
        any |= near[i] != 0;
    }
    if (!any) return 0;
    auto unitNormal = [](glm::vec3 a, glm::vec3 b, glm::vec3 d) {
        const glm::vec3 cross = glm::cross(b - a, d - a);
        const float length = glm::length(cross);
        return length > 0.0f ? cross / length : glm::vec3(0.0f);
    };
    for (const glm::uvec3& t : cloth.triangles) {
        const unsigned nearAll = near[t.x] & near[t.y] & near[t.z];
        if (nearAll == 0) continue;
        const std::array<std::uint32_t, 3> corner{t.x, t.y, t.z};
        const glm::vec3 x0 = cloth.positions[t.x], x1 = cloth.positions[t.y], x2 = cloth.positions[t.z];
        const glm::vec3 p0 = previous[t.x], p1 = previous[t.y], p2 = previous[t.z];
        // a sphere around the triangle, grown by how far its corners moved this substep
        const glm::vec3 centre = (x0 + x1 + x2) * (1.0f / 3.0f);
        const float moved = std::sqrt(std::max({glm::dot(x0 - p0, x0 - p0), glm::dot(x1 - p1, x1 - p1),
                                                glm::dot(x2 - p2, x2 - p2)}));
        const float size = std::sqrt(std::max({glm::dot(x0 - centre, x0 - centre), glm::dot(x1 - centre, x1 - centre),
                                               glm::dot(x2 - centre, x2 - centre)}));
        const glm::vec3 normalNow = unitNormal(x0, x1, x2);
        for (int k = 0; k < count; ++k) {
            if (!(nearAll & (1u << k))) continue;
            const Segment& seg = segments[static_cast<std::size_t>(k)];
            const float segMoved = segmentMoved[static_cast<std::size_t>(k)];
            const float within = reach + moved + segMoved + size;
            const glm::vec3 axis = seg.b - seg.a;
            const float axisLength2 = glm::dot(axis, axis);
            const float along = axisLength2 > 0.0f ? std::clamp(glm::dot(centre - seg.a, axis) / axisLength2, 0.0f, 1.0f) : 0.0f;
            const glm::vec3 gap = centre - (seg.a + along * axis);
            if (glm::dot(gap, gap) >= within * within) continue;
            // The part of the segment that can reach the triangle (within `within` of its
            // centre) on one side of the triangle's plane, at least the reach away (less a
            // resting slack) and farther than anything moved this substep: no contact, and no
            // way across. A cloth resting on a box's top face lies at the reach from the edges
            // under it (of the face, or of a box overlapping it); gravity sags it by g h^2
            // (< 1e-6 m) a substep, which its particles' own contact takes back.
            if (normalNow != glm::vec3(0.0f) && axisLength2 > 0.0f) {
                const float halfChord = std::sqrt(std::max(0.0f, within * within - glm::dot(gap, gap)) / axisLength2);
                const glm::vec3 near0 = seg.a + std::max(0.0f, along - halfChord) * axis;
                const glm::vec3 near1 = seg.a + std::min(1.0f, along + halfChord) * axis;
                const float d0 = glm::dot(normalNow, near0 - x0), d1 = glm::dot(normalNow, near1 - x0);
                if (d0 * d1 > 0.0f &&
                    std::min(std::abs(d0), std::abs(d1)) >= std::max(reach * (1.0f - kRestingSlack), moved + segMoved))
                    continue;
            }
            const TrianglePoint touch = nearestToSegment(x0, x1, x2, seg.a, seg.b);
            const glm::vec3 onSegmentThen = c.atSubstepStart(touch.onSegment);
            // nothing this substep could have carried the triangle across the segment
            if (touch.distance >= reach + moved + glm::distance(touch.onSegment, onSegmentThen)) continue;
            const glm::vec3 w = touch.weights;
            float K = 0.0f;  // the point's inverse mass along the normal
            for (std::size_t j = 0; j < 3; ++j) K += w[static_cast<int>(j)] * w[static_cast<int>(j)] * cloth.inverseMasses[corner[j]];
            if (K <= 0.0f) continue;
            glm::vec3 start(0.0f), velocity(0.0f);
            for (std::size_t j = 0; j < 3; ++j) {
                start += w[static_cast<int>(j)] * previous[corner[j]];
                velocity += w[static_cast<int>(j)] * cloth.velocities[corner[j]];
            }
            // Crossed: the segment passes through the triangle, or lies on the other side of
            // its face now than at the substep's start (a stiff cloth pulled the triangle past
            // it between two contact passes). Back to the side it was on, `reach` beyond.
            const float sideNow = glm::dot(normalNow, touch.onSegment - touch.point);
            const float sideThen = glm::dot(unitNormal(p0, p1, p2), onSegmentThen - start);
            // a flip of side is a crossing only if the pair really moved that far along the
            // normal this substep (a corner of the shape beside the triangle's plane, or a
            // triangle turning, flips the sign without anything passing through)
            const float approach = std::abs(glm::dot(normalNow, (touch.point - start) - (touch.onSegment - onSegmentThen)));
            const bool flipped = sideNow * sideThen < 0.0f && std::abs(sideNow) >= 0.5f * touch.distance &&
                                 approach >= 0.5f * (std::abs(sideNow) + std::abs(sideThen));
            const bool crossed = touch.meets || flipped;
            if (!crossed && touch.distance >= reach) continue;
            std::optional<Contact> contact;
            if (crossed) {
                if (normalNow == glm::vec3(0.0f)) continue;
                ++crossings;
                contact = Contact{sideThen > 0.0f ? -normalNow : normalNow, reach + std::abs(sideNow)};
            } else {
                contact = contactWith(c, touch.point, o.thickness);
            }
            if (!contact) continue;
            glm::vec3 point = touch.point;
            const glm::vec3 velocityBefore = velocity;
            if (pushOnly) point += contact->normal * contact->depth;
            else respond(c, *contact, point, start, velocity, K, o);
            const glm::vec3 dp = point - touch.point, dv = velocity - velocityBefore;
            // No corner moves farther than the point: with most of the point's weight on a
            // pinned corner, w_k m_k^-1 / K would throw the free one many times the correction;
            // the point then moves less, and the next pass goes on.
            float shareDivisor = K;
            for (std::size_t j = 0; j < 3; ++j)
                shareDivisor = std::max(shareDivisor, w[static_cast<int>(j)] * cloth.inverseMasses[corner[j]]);
            for (std::size_t j = 0; j < 3; ++j) {
                const float share = w[static_cast<int>(j)] * cloth.inverseMasses[corner[j]] / shareDivisor;
                cloth.positions[corner[j]] += share * dp;
                cloth.velocities[corner[j]] += share * dv;
            }
        }
    }
    return crossings;
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

float ContactStage::triangleReach(const Cloth& cloth) {
    if (m_triangleReachTopology != cloth.topologyVersion || m_triangleReach < 0.0f) {
        // twice the longest link at rest: longer than any triangle edge short of an explosion
        float longest = 0.0f;
        for (const Link& link : cloth.links) longest = std::max(longest, link.restLength);
        m_triangleReach = 2.0f * longest;
        m_triangleReachTopology = cloth.topologyVersion;
    }
    return m_triangleReach;
}

void ContactStage::collideAll(World& world, std::span<const glm::vec3> previous, const SubstepClock& clock,
                              bool sweep, bool restitution, bool velocities) {
    Cloth& cloth = world.cloth;
    const CollisionSettings& settings = world.settings.collision;
    const ContactOptions options{settings.thickness, clock.h, settings.maxDepenetrationSpeed * clock.h,
                                 2.0f * glm::length(world.settings.sim.gravity) * clock.h, restitution, velocities,
                                 !velocities};
    const std::size_t n = cloth.particleCount();
    const float pad = triangleReach(cloth);

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
                for (int pass = 0; pass < kTrianglePasses; ++pass)
                    if (collideTriangles(c, cloth, previous, options, pad, m_nearCollider, true) == 0) break;
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
            // Triangles once per call (the first contact pass, which also gives the velocity
            // impulses): a triangle put back across the segment moves corners its neighbours
            // share, so again while any was crossed (Gauss-Seidel over the few triangles there)
            if (!firstIteration) return;
            for (int pass = 0; pass < kTrianglePasses; ++pass)
                if (collideTriangles(c, cloth, previous, o, pad, m_nearCollider, false) == 0) break;
        };
        for (Collider& c : world.colliders) collide(c);
        if (ground) collide(*ground);
        // velocity corrections are impulses: apply them once
        if (velocities) o.velocities = false;
    }
}

namespace {
// Force-based: each free particle's velocity gains what contact did to its position over
// the substep, (x - before) / h; kinematic ones (inverse mass 0) keep theirs.
void followPositions(Cloth& cloth, std::span<const glm::vec3> before, float h) {
    const float invH = 1.0f / h;
    for (std::size_t i = 0; i < cloth.particleCount(); ++i)
        if (cloth.inverseMasses[i] != 0.0f) cloth.velocities[i] += (cloth.positions[i] - before[i]) * invH;
}
} // namespace

void ContactStage::reportTo(StepStats& stats) const {
    stats.selfDetections = m_triangles.stats().detections;
    stats.selfGathers = m_triangles.stats().gathers;
    stats.selfDetectMs = m_triangles.stats().detectMs;
    stats.selfWelds = m_triangles.stats().welds;
    stats.selfWeldMisses = m_triangles.stats().weldMisses;
    stats.selfNeighboursPutBack = m_triangles.stats().neighboursPutBack;
    stats.selfClothPutBack = m_triangles.stats().clothPutBack;
}

bool usesTriangleContact(const World& world) {
    if (!world.settings.collision.selfCollision) return false;
    // a GPU id running its CPU twin (no GL 4.3 context) behaves as the GPU solver would:
    // without self-contact, as its registry row says
    const SolverInfo* info = findSolver(world.settings.solver.id);
    return !(info && info->gpu());
}

int substepsThisStep(const World& world) {
    const SolverSettings& solver = world.settings.solver;
    const int substeps = std::max(solver.substeps, 1);
    return usesTriangleContact(world) ? std::max(substeps, solver.contactSubsteps) : substeps;
}

void ContactStage::invalidate(World& world) {
    m_triangles.invalidate();
    m_triangles.forgetSeparations();
    // A stage that has not run triangle contact since it was made or paused (a new
    // solver, the cloth as loaded) has no bounds: it keeps these positions, and its first
    // substep detects there, but with the held pin groups' vertices where their scripts
    // put them (detectFreshStart). Holding a fresh run's first scripted move to bounds
    // as well changed the path of the wrung twist: with projective dynamics and jakobsen
    // its edge ended buried 0.35 m off its script.
    if (!m_trianglesLastSubstep || !usesTriangleContact(world)) {
        m_freshPositions.assign(world.cloth.positions.begin(), world.cloth.positions.end());
        world.contactRoom.clear();  // no bounds yet: the first substep detects where the cloth is then
        return;
    }
    m_freshPositions.clear();
    m_triangles.detect(world.cloth, world.cloth.positions, world.settings.collision, world.settings.solver.threads);
    m_triangles.roomLeft(world.cloth.positions, world.contactRoom);
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
        m_freshPositions.clear();  // from before a pause: says nothing of where the cloth is next time
        world.contactRoom.clear();
        return;
    }
    // bounds from before a pause in triangle contact say nothing about where the cloth is
    // now. Between steps only kinematic vertices move (pin groups, the grab; a reset, a
    // restore or a cut invalidates the stage through the solver's topologyChanged), and
    // triangle contact holds those to their bounds too.
    if (!m_trianglesLastSubstep) {
        m_triangles.invalidate();
        if (clock.index == 0) detectFreshStart(world, start);
        m_freshPositions.clear();  // used once, by the stage's first substep
    }
    if (clock.index == 0) m_triangles.detectSoon();  // self_detect_every: and always at a step's start
    m_trianglesLastSubstep = true;
    Cloth& cloth = world.cloth;
    m_triangles.recordTouching(velocities);
    if (velocities) {
        m_beforeSelf.assign(cloth.positions.begin(), cloth.positions.end());
        m_velocitiesBefore.assign(cloth.velocities.begin(), cloth.velocities.end());
    }
    m_triangles.step(cloth, start, clock.h, world.settings.collision, world.settings.solver.threads, clock.count);
    // what a move between steps (a cut's snap) may use without a crossing
    if (clock.index == clock.count - 1) m_triangles.roomLeft(cloth.positions, world.contactRoom);
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
    followPositions(cloth, m_beforeSelf, clock.h);
    m_triangles.limitSeparation(cloth, m_velocitiesBefore, clock.h * static_cast<float>(clock.count));
}

void ContactStage::detectFreshStart(const World& world, std::span<const glm::vec3> start) {
    const Cloth& cloth = world.cloth;
    if (m_freshPositions.size() != cloth.particleCount() || start.size() != cloth.particleCount()) return;
    m_freshStart.assign(start.begin(), start.end());
    // only kinematic vertices move between steps: the grab's, the pin tool's, the groups'
    for (std::size_t v = 0; v < cloth.particleCount(); ++v)
        if (cloth.inverseMasses[v] == 0.0f) m_freshStart[v] = m_freshPositions[v];
    for (const PinGroup& group : world.pinGroups) {
        if (!group.holding) continue;
        for (const std::uint32_t v : group.vertices)
            if (v < m_freshStart.size()) m_freshStart[v] = start[v];
    }
    if (std::equal(start.begin(), start.end(), m_freshStart.begin())) return;
    // bounds around that state; the step then truncates `start` into them and detects there
    m_triangles.detect(cloth, m_freshStart, world.settings.collision, world.settings.solver.threads);
}

} // namespace cs
