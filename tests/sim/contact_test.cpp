// Contact with colliders, for every solver: no penetration on any shape,
// Coulomb friction on a slope against tan(theta), momentum exchanged with a
// dynamic ball, and a 20 m/s sphere that pushes the cloth instead of passing.
#include "../support/sim_fixture.hpp"

#include "sim/collision/colliders.hpp"
#include "sim/collision/motion.hpp"
#include "sim/solver.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <glm/gtc/constants.hpp>
#include <string>
#include <vector>

namespace cs::test {
namespace {

// The defaults, with what each method needs to be stable (as in the solver suite).
Settings solverSettings(const std::string& id, const std::function<void(Settings&)>& change = {}) {
    return settingsWith([&](Settings& s) {
        s.solver.id = id;
        tuneForSprings(s);
        if (change) change(s);
    });
}

// A small horizontal cloth above the origin, nothing pinned.
void smallDroppedCloth(Settings& s, float height) {
    s.cloth.resolution = {14, 14};
    s.cloth.spacing = 0.05f;
    s.cloth.orientation = Orientation::Horizontal;
    s.cloth.origin = {0.0f, height, 0.0f};
    s.cloth.pins = PinPreset::None;
}

std::string name(const ::testing::TestParamInfo<std::string>& info) { return info.param; }

// --- every shape, every solver: the cloth ends on the surface, not in it ---------

struct ShapeCase {
    const char* name;
    Collider collider;
    bool ground;
};

std::vector<ShapeCase> shapeCases() {
    const glm::quat tilt = glm::angleAxis(glm::radians(15.0f), glm::vec3(0, 0, 1));
    return {
        {"sphere", makeSphere({0.0f, 0.4f, 0.0f}, 0.3f), true},
        {"box", makeBox({0.05f, 0.3f, 0.0f}, {0.2f, 0.3f, 0.15f}, tilt), true},
        {"capsule", makeCapsule({0.0f, 0.4f, 0.0f}, 0.12f, 0.3f, glm::angleAxis(glm::half_pi<float>(), glm::vec3(1, 0, 0))), true},
        {"plane", makePlane({0.0f, 0.2f, 0.0f}, tilt * glm::vec3(0, 1, 0)), false},
    };
}

class DrapeOnEveryShape : public ::testing::TestWithParam<std::string> {};

TEST_P(DrapeOnEveryShape, SettlesOnTheSurfaceWithoutPenetrating) {
    for (const ShapeCase& shape : shapeCases()) {
        SCOPED_TRACE(shape.name);
        const Settings s = solverSettings(GetParam(), [&](Settings& st) {
            smallDroppedCloth(st, 0.9f);
            st.collision.thickness = 0.01f;
            st.collision.ground = shape.ground;
        });
        Simulation sim = makeSimulation(s, {shape.collider});
        float worstSettled = 0.0f;
        const int steps = static_cast<int>(std::lround(2.0 / s.sim.dt));
        for (int i = 0; i < steps; ++i) {
            sim.step();
            if (i > steps / 2) worstSettled = std::max(worstSettled, measureCloth(sim.world()).maxPenetration);
        }
        const ClothStats stats = measureCloth(sim.world());
        EXPECT_EQ(stats.nanCount, 0u);
        EXPECT_EQ(sim.recoveries(), 0) << sim.lastRecoveryMessage();
        // the surface is thickness below the particles; half of it is the tolerance
        EXPECT_LE(worstSettled, 0.5f * s.collision.thickness);
        // and it did land: something is within reach of the collider
        float nearest = 1e9f;
        for (const glm::vec3& x : sim.world().cloth.positions)
            nearest = std::min(nearest, signedDistance(sim.world().colliders[0], x));
        EXPECT_LT(nearest, 2.0f * s.collision.thickness);
    }
}

INSTANTIATE_TEST_SUITE_P(AllSolvers, DrapeOnEveryShape, ::testing::ValuesIn(registeredSolverIds()), name);

// --- friction on a slope ---------------------------------------------------------
//
// A cloth lying on a plane tilted by theta = 20 deg (tan = 0.364). Gravity
// presses a particle in by g cos(theta) h^2 per substep and pulls it along by
// g sin(theta) h^2; positional Coulomb friction holds it while mu_s exceeds
// tan(theta). With mu = 0.2 it slides with a = g (sin - mu_k cos) = 1.51 m/s^2.

float slopeDrift(const std::string& id, float mu, double seconds) {
    const float theta = glm::radians(20.0f);
    const glm::quat tilt = glm::angleAxis(theta, glm::vec3(0, 0, 1));
    const Settings s = solverSettings(id, [&](Settings& st) {
        smallDroppedCloth(st, 0.0f);
        st.collision.ground = false;
        st.collision.thickness = 0.01f;
    });
    Collider slope = makePlane({0.0f, 0.0f, 0.0f}, tilt * glm::vec3(0, 1, 0));
    slope.material = {mu, mu, 0.0f};
    Simulation sim = makeSimulation(s, {slope});
    Cloth& cloth = sim.world().cloth;
    const glm::vec3 lift = tilt * glm::vec3(0.0f, s.collision.thickness, 0.0f);
    for (std::size_t i = 0; i < cloth.particleCount(); ++i) {
        cloth.positions[i] = tilt * cloth.positions[i] + lift;  // lying on the slope, at rest
        cloth.previousPositions[i] = cloth.positions[i];
    }
    const glm::vec3 start = measureCloth(sim.world()).centroid;
    simulate(sim, seconds);
    EXPECT_EQ(sim.recoveries(), 0) << sim.lastRecoveryMessage();
    return glm::distance(measureCloth(sim.world()).centroid, start);
}

class SlopeFriction : public ::testing::TestWithParam<std::string> {};

TEST_P(SlopeFriction, StaysWhenStaticFrictionExceedsTanTheta) {
    // 2 s of sticking: under 5 mm, the cloth only settles into its own sag
    EXPECT_LT(slopeDrift(GetParam(), 0.5f, 2.0), 0.005f);
}

TEST_P(SlopeFriction, SlidesWhenItDoesNot) {
    // 1 s at 1.51 m/s^2 is 0.75 m; air drag and the first contact take some
    EXPECT_GT(slopeDrift(GetParam(), 0.2f, 1.0), 0.4f);
}

INSTANTIATE_TEST_SUITE_P(AllSolvers, SlopeFriction, ::testing::ValuesIn(registeredSolverIds()), name);

// --- two-way coupling --------------------------------------------------------------

Collider ball(glm::vec3 center, glm::vec3 velocity, float mass) {
    Collider c = makeSphere(center, 0.15f);
    c.motion = MotionKind::Dynamic;
    c.mass = mass;
    c.velocity = c.initialVelocity = velocity;
    c.material = {0.3f, 0.3f, 0.0f};
    return c;
}

glm::dvec3 clothMomentum(const Cloth& cloth) {
    glm::dvec3 p(0.0);
    for (std::size_t i = 0; i < cloth.particleCount(); ++i) p += glm::dvec3(cloth.velocities[i]) * double(cloth.masses[i]);
    return p;
}

class TwoWay : public ::testing::TestWithParam<std::string> {};

// A ball thrown up at 4 m/s into a falling free cloth, no ground, no air: the
// only external force is gravity, so the total momentum must change by exactly
// (m_cloth + m_ball) g t, however the two exchange it.
TEST_P(TwoWay, MomentumChangesOnlyByGravity) {
    const Settings s = solverSettings(GetParam(), [](Settings& st) {
        smallDroppedCloth(st, 0.6f);
        st.collision.ground = false;
        st.solver.damping = 0.0f;
        st.springs.pointDamping = 0.0f;
        st.wind.airDensity = 0.0f;
    });
    Simulation sim = makeSimulation(s, {ball({0.0f, 0.0f, 0.0f}, {0.0f, 4.0f, 0.0f}, 0.3f)});
    const double massTotal = totalMass(sim.world().cloth) + 0.3;
    const glm::dvec3 p0 = clothMomentum(sim.world().cloth) + glm::dvec3(rigidMomentum(sim.world().colliders));
    const int steps = simulate(sim, 0.5);
    ASSERT_EQ(sim.recoveries(), 0) << sim.lastRecoveryMessage();
    const double t = steps * double(s.sim.dt);
    const glm::dvec3 expected = p0 + massTotal * glm::dvec3(s.sim.gravity) * t;
    const glm::dvec3 p1 = clothMomentum(sim.world().cloth) + glm::dvec3(rigidMomentum(sim.world().colliders));
    // they did meet: the ball gave the cloth upward momentum it would not have in free fall
    const glm::dvec3 clothFreeFall = double(totalMass(sim.world().cloth)) * glm::dvec3(s.sim.gravity) * t;
    EXPECT_GT(clothMomentum(sim.world().cloth).y - clothFreeFall.y, 0.1 * 0.3 * 4.0);
    EXPECT_NEAR(p1.y, expected.y, 0.01 * 0.3 * 4.0) << "1 % of the ball's initial momentum";
    EXPECT_NEAR(p1.x, expected.x, 0.01 * 0.3 * 4.0);
    EXPECT_NEAR(p1.z, expected.z, 0.01 * 0.3 * 4.0);
}

// A cloth dropped onto a ball resting on the ground, landing on its left side:
// the ball is pushed to the right.
TEST_P(TwoWay, FallingClothPushesTheBallAway) {
    const Settings s = solverSettings(GetParam(), [](Settings& st) {
        smallDroppedCloth(st, 0.7f);
        st.cloth.origin.x = -0.3f;
    });
    Simulation sim = makeSimulation(s, {ball({0.0f, 0.15f, 0.0f}, glm::vec3(0.0f), 0.05f)});
    float fastest = 0.0f;
    for (int i = 0; i < static_cast<int>(std::lround(1.0 / s.sim.dt)); ++i) {
        sim.step();
        fastest = std::max(fastest, sim.world().colliders[0].velocity.x);
    }
    EXPECT_EQ(sim.recoveries(), 0) << sim.lastRecoveryMessage();
    EXPECT_GT(fastest, 0.05f);
    EXPECT_GT(sim.world().colliders[0].pose.position.x, 0.01f);
    EXPECT_NEAR(sim.world().colliders[0].pose.position.y, 0.15f, 0.01f) << "it rolls on the ground, not into it";
}

INSTANTIATE_TEST_SUITE_P(AllSolvers, TwoWay, ::testing::ValuesIn(registeredSolverIds()), name);

// --- no tunnelling -----------------------------------------------------------------
//
// A kinematic sphere (r = 0.15 m) crosses a hanging cloth (the plane z = 0) at
// 20 m/s, from 0.5 m in front of it to 0.5 m behind, in 0.05 s: three physics
// steps of 1/60 s, a third of a metre each — more than its own diameter. A
// particle it passed through would stay near z = 0 inside the tube the sphere
// swept; every particle it met must instead have been carried to +z (a soft
// cloth may wrap around behind the sphere, but on the far side of z = 0).

class FastSphere : public ::testing::TestWithParam<std::string> {};

TEST_P(FastSphere, PushesTheClothInsteadOfPassingThrough) {
    const Settings s = solverSettings(GetParam(), [](Settings& st) {
        st.cloth.resolution = {24, 24};
        st.cloth.spacing = 0.04f;
        st.cloth.orientation = Orientation::Vertical;
        st.cloth.origin = {0.0f, 1.5f, 0.0f};
        st.cloth.pins = PinPreset::TopRow;
        st.collision.thickness = 0.01f;
        // A spring stretched far beyond its rest length resists sideways as hard as
        // along itself, so the stiffest mode of a dragged particle rises by about
        // sqrt(2) and 20 substeps leave symplectic Euler and Verlet past h w = 2 (the
        // guard catches it). Twice the substeps of their compare scenes for every conditionally
        // stable method. The physics step stays the default 1/60 s.
        const SolverInfo& info = solverInfo(st.solver.id);
        if (info.stability == Stability::Conditional) st.solver.substeps = 2 * info.substeps;
    });
    const glm::vec3 from(0.0f, 1.0f, -0.5f), to(0.0f, 1.0f, 0.5f);
    const float radius = 0.15f;
    Collider sphere = makeSphere(from, radius);
    sphere.motion = MotionKind::Kinematic;
    sphere.script.kind = ScriptKind::Path;
    sphere.script.path = {from, to};
    sphere.script.speed = 20.0f;
    Simulation sim = makeSimulation(s, {sphere});
    simulate(sim, 0.05);
    EXPECT_EQ(sim.recoveries(), 0) << sim.lastRecoveryMessage();
    const glm::vec3 center = sim.world().colliders[0].pose.position;
    ASSERT_NEAR(center.z, to.z, 1e-4f);
    int inTube = 0, inFront = 0;
    for (const glm::vec3& x : sim.world().cloth.positions) {
        const float offAxis = glm::length(glm::vec2(x.x - center.x, x.y - center.y));
        if (offAxis < radius) {
            ++inTube;
            EXPECT_GT(x.z, 0.1f) << "a particle in the swept tube stayed behind: the sphere passed through it";
            inFront += x.z > center.z;
        }
        EXPECT_GE(glm::distance(x, center), radius) << "a particle is inside the sphere";
    }
    EXPECT_GT(inFront, 0) << "the sphere carries the cloth in front of it";
    EXPECT_GT(inTube, 10);
}

INSTANTIATE_TEST_SUITE_P(AllSolvers, FastSphere, ::testing::ValuesIn(registeredSolverIds()), name);

// --- shapes ----------------------------------------------------------------------

TEST(ColliderShapes, ContactNormalsPointOutAndDepthsMatchTheDistance) {
    const Collider box = makeBox({1, 0, 0}, {0.5f, 0.2f, 0.3f}, glm::angleAxis(glm::half_pi<float>(), glm::vec3(0, 1, 0)));
    // rotated 90 deg about y: the local x half-extent 0.5 now lies along world z
    auto c = contactWith(box, {1.0f, 0.0f, 0.49f}, 0.0f);
    ASSERT_TRUE(c);
    EXPECT_NEAR(c->normal.z, 1.0f, 1e-5f);
    EXPECT_NEAR(c->depth, 0.01f, 1e-5f);
    EXPECT_FALSE(contactWith(box, {1.0f, 0.0f, 0.52f}, 0.01f));
    EXPECT_NEAR(signedDistance(box, {1.0f, 0.5f, 0.0f}), 0.3f, 1e-5f);

    const Collider capsule = makeCapsule({0, 0, 0}, 0.1f, 0.5f);
    EXPECT_NEAR(signedDistance(capsule, {0.0f, 0.7f, 0.0f}), 0.1f, 1e-5f);   // past the cap
    EXPECT_NEAR(signedDistance(capsule, {0.3f, 0.2f, 0.0f}), 0.2f, 1e-5f);   // beside the tube
    auto side = contactWith(capsule, {0.05f, 0.2f, 0.0f}, 0.02f);
    ASSERT_TRUE(side);
    EXPECT_NEAR(side->depth, 0.07f, 1e-5f);
    EXPECT_NEAR(side->normal.x, 1.0f, 1e-5f);

    const Collider panel = makePlane({0, 1, 0}, {0, 1, 0}, {0.5f, 0.5f});
    EXPECT_TRUE(contactWith(panel, {0.2f, 0.995f, 0.0f}, 0.01f));
    EXPECT_FALSE(contactWith(panel, {0.7f, 0.995f, 0.0f}, 0.01f)) << "beside the finite panel";
    EXPECT_FALSE(contactWith(panel, {0.2f, 0.0f, 0.0f}, 0.01f)) << "far below a panel: not pushed up";
}

TEST(ColliderShapes, RaysHitTheNearSurface) {
    const Collider sphere = makeSphere({0, 0, -5}, 1.0f);
    auto t = intersectRay(sphere, {0, 0, 0}, {0, 0, -1});
    ASSERT_TRUE(t);
    EXPECT_NEAR(*t, 4.0f, 1e-3f);
    EXPECT_FALSE(intersectRay(sphere, {0, 2, 0}, {0, 0, -1}));
    const Collider box = makeBox({0, 0, -5}, {1, 1, 1});
    auto tb = intersectRay(box, {0, 0, 0}, {0, 0, -1});
    ASSERT_TRUE(tb);
    EXPECT_NEAR(*tb, 4.0f, 1e-3f);
}

} // namespace
} // namespace cs::test
