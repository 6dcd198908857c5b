// Holding the cloth and the colliders with the mouse, driven from code: a held
// particle goes where it is told and is thrown on release; pins toggle; a
// rebuilt cloth or a deleted collider ends a hold without harm.
#include "../support/sim_fixture.hpp"
#include "sim/collision/crossing_count.hpp"
#include "sim/grab.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace cs::test {
namespace {

// A small XPBD cloth hanging from its top corners, well above the ground.
Settings smallClothSettings() {
    return settingsWith([](Settings& s) {
        s.solver.id = "xpbd";
        s.cloth.resolution = {10, 10};
        s.cloth.spacing = 0.1f;
        s.cloth.orientation = Orientation::Vertical;
        s.cloth.origin = {0.0f, 2.0f, 0.0f};
        s.cloth.pins = PinPreset::TopCorners;
    });
}

Simulation smallCloth(Colliders colliders = {}) { return makeSimulation(smallClothSettings(), std::move(colliders)); }

// Grabs, sets the target and steps, calling apply before each step as the app does.
void stepHeld(Simulation& sim, ParticleGrab& grab, int steps) {
    for (int k = 0; k < steps; ++k) {
        grab.apply(sim.world(), sim.world().settings.sim.dt);
        sim.step();
    }
}

constexpr std::size_t kBottomMiddle = 9 * 10 + 5;  // row 9, column 5: free

TEST(ParticleGrab, HeldParticleReachesTheTarget) {
    Simulation sim = smallCloth();
    Cloth& cloth = sim.world().cloth;
    const float inverseMass = cloth.inverseMasses[kBottomMiddle];
    ASSERT_GT(inverseMass, 0.0f);

    ParticleGrab grab;
    ASSERT_TRUE(grab.begin(sim.world(), kBottomMiddle));
    EXPECT_EQ(cloth.inverseMasses[kBottomMiddle], 0.0f);  // kinematic
    EXPECT_EQ(cloth.pinned[kBottomMiddle], 0);            // not a pin
    // 0.3 m towards the viewer: within reach of the pinned corners without stretching
    const glm::vec3 target = cloth.positions[kBottomMiddle] + glm::vec3(0.0f, 0.0f, 0.3f);
    grab.setTarget(target);
    stepHeld(sim, grab, 60);
    EXPECT_LT(glm::distance(cloth.positions[kBottomMiddle], target), 1e-3f);
    // the neighbours followed, the cloth did not blow up
    EXPECT_EQ(sim.recoveries(), 0);
    EXPECT_LT(glm::distance(cloth.positions[kBottomMiddle - 1], target), 0.11f);

    grab.release(sim.world());
    EXPECT_FLOAT_EQ(cloth.inverseMasses[kBottomMiddle], inverseMass);
    EXPECT_FALSE(grab.active());
}

TEST(ParticleGrab, JumpPerStepIsLimited) {
    Simulation sim = smallCloth();
    ParticleGrab grab;
    ASSERT_TRUE(grab.begin(sim.world(), kBottomMiddle));
    const glm::vec3 start = sim.world().cloth.positions[kBottomMiddle];
    grab.setTarget(start + glm::vec3(0.0f, 0.0f, 3.0f));
    stepHeld(sim, grab, 1);
    EXPECT_NEAR(glm::distance(sim.world().cloth.positions[kBottomMiddle], start), kMaxGrabStep, 1e-4f);
    stepHeld(sim, grab, 10);
    EXPECT_LT(glm::distance(sim.world().cloth.positions[kBottomMiddle], grab.target()), 1e-4f);
    EXPECT_EQ(sim.recoveries(), 0);
}

// A particle grabbed before the cloth's first step (or a solver switch's: a contact stage
// with no bounds yet) and dragged 0.28 m in the cloth's own plane, onto its own layer: the
// jump is held to the contact bound like any later one, so no triangle comes to overlap
// another, and a push out of the plane afterwards moves it. When the stage's first
// detection took the jump as it was, the held particle lay on its own layer (coplanar
// overlapping triangles: crossing pairs), its bound was 0 and the push left it in place.
TEST(ParticleGrab, AGrabBeforeTheFirstStepKeepsToTheBounds) {
    Settings settings = smallClothSettings();
    settings.collision.selfCollision = true;  // as shipped (the fixture turns it off)
    Simulation sim = makeSimulation(settings);
    Cloth& cloth = sim.world().cloth;
    constexpr std::size_t kMiddle = 5 * 10 + 5;
    ParticleGrab grab;
    ASSERT_TRUE(grab.begin(sim.world(), kMiddle));
    const glm::vec3 inPlane = cloth.positions[kMiddle] + glm::vec3(0.2f, 0.2f, 0.0f);
    grab.setTarget(inPlane);
    CrossingCounter counter;
    std::size_t worst = 0;
    for (int k = 0; k < 30; ++k) {
        stepHeld(sim, grab, 1);
        worst = std::max(worst, counter.count(cloth, 1));
    }
    EXPECT_LT(glm::distance(cloth.positions[kMiddle], inPlane), 1e-3f) << "the held particle caught up";
    const glm::vec3 pushed = inPlane + glm::vec3(0.0f, 0.0f, -0.5f);
    grab.setTarget(pushed);
    for (int k = 0; k < 30; ++k) {
        stepHeld(sim, grab, 1);
        worst = std::max(worst, counter.count(cloth, 1));
    }
    EXPECT_EQ(worst, 0u) << "crossing pairs";
    EXPECT_LT(glm::distance(cloth.positions[kMiddle], pushed), 1e-3f) << "the push out of the plane moved it";
    EXPECT_EQ(sim.recoveries(), 0);
}

TEST(ParticleGrab, ReleaseKeepsTheDragVelocity) {
    Simulation sim = smallCloth();
    Cloth& cloth = sim.world().cloth;
    const float dt = sim.world().settings.sim.dt;
    ParticleGrab grab;
    ASSERT_TRUE(grab.begin(sim.world(), kBottomMiddle));
    // drag steadily along +z at 0.6 m/s for half a second
    const glm::vec3 dragVelocity(0.0f, 0.0f, 0.6f);
    glm::vec3 target = cloth.positions[kBottomMiddle];
    for (int k = 0; k < 30; ++k) {
        target += dragVelocity * dt;
        grab.setTarget(target);
        stepHeld(sim, grab, 1);
    }
    EXPECT_NEAR(grab.dragVelocity().z, 0.6f, 0.02f);

    grab.release(sim.world());
    const glm::vec3 v = cloth.velocities[kBottomMiddle];
    EXPECT_GT(glm::dot(glm::normalize(v), glm::vec3(0.0f, 0.0f, 1.0f)), 0.99f);
    EXPECT_NEAR(glm::length(v), 0.6f, 0.02f);
    // the cloth as a whole goes on that way: one step later its momentum still points
    // along +z (the particle itself recoils on the links its pull stretched)
    sim.step();
    glm::vec3 momentum(0.0f);
    for (std::size_t i = 0; i < cloth.particleCount(); ++i) momentum += cloth.masses[i] * cloth.velocities[i];
    EXPECT_GT(momentum.z, 0.0f);
}

TEST(ParticleGrab, HoldingStillThenReleasingDoesNotThrow) {
    Simulation sim = smallCloth();
    ParticleGrab grab;
    ASSERT_TRUE(grab.begin(sim.world(), kBottomMiddle));
    grab.setTarget(sim.world().cloth.positions[kBottomMiddle] + glm::vec3(0.2f, 0.0f, 0.0f));
    stepHeld(sim, grab, 60);  // got there a second ago
    grab.release(sim.world());
    EXPECT_LT(glm::length(sim.world().cloth.velocities[kBottomMiddle]), 1e-3f);
}

TEST(ParticleGrab, PinnedWhileHeldStaysPinnedWhereDropped) {
    Simulation sim = smallCloth();
    Cloth& cloth = sim.world().cloth;
    ParticleGrab grab;
    ASSERT_TRUE(grab.begin(sim.world(), kBottomMiddle));
    const glm::vec3 target = cloth.positions[kBottomMiddle] + glm::vec3(0.0f, 0.2f, 0.2f);
    grab.setTarget(target);
    stepHeld(sim, grab, 10);
    cloth.setPinned(kBottomMiddle, true);  // Ctrl + click while holding
    stepHeld(sim, grab, 5);
    grab.release(sim.world());
    EXPECT_EQ(cloth.pinned[kBottomMiddle], 1);
    EXPECT_EQ(cloth.inverseMasses[kBottomMiddle], 0.0f);
    for (int k = 0; k < 30; ++k) sim.step();
    EXPECT_LT(glm::distance(cloth.positions[kBottomMiddle], target), 1e-5f);
}

TEST(ParticleGrab, UnpinnedWhileHeldGetsItsMassOnRelease) {
    Simulation sim = smallCloth();
    Cloth& cloth = sim.world().cloth;
    const std::size_t corner = 0;  // pinned by the preset
    ASSERT_EQ(cloth.pinned[corner], 1);
    ParticleGrab grab;
    ASSERT_TRUE(grab.begin(sim.world(), corner));  // dragging a pin moves the pin
    grab.setTarget(cloth.positions[corner] + glm::vec3(-0.2f, 0.0f, 0.0f));
    stepHeld(sim, grab, 5);
    cloth.setPinned(corner, false);
    stepHeld(sim, grab, 1);
    EXPECT_EQ(cloth.inverseMasses[corner], 0.0f);  // still held
    grab.release(sim.world());
    EXPECT_FLOAT_EQ(cloth.inverseMasses[corner], 1.0f / cloth.masses[corner]);
}

TEST(Pins, SetPinnedAndCornerKeysToggle) {
    Simulation sim = smallCloth();
    Cloth& cloth = sim.world().cloth;
    const std::vector<std::uint8_t> pinsBefore = cloth.pinned;
    const std::vector<float> inverseMassesBefore = cloth.inverseMasses;

    cloth.setPinned(kBottomMiddle, true);
    EXPECT_EQ(cloth.inverseMasses[kBottomMiddle], 0.0f);
    cloth.setPinned(kBottomMiddle, false);
    EXPECT_FLOAT_EQ(cloth.inverseMasses[kBottomMiddle], inverseMassesBefore[kBottomMiddle]);

    // keys 0-3: top-left, top-right, bottom-left, bottom-right; twice restores
    const std::size_t corners[4] = {0, 9, 90, 99};
    for (int key = 0; key < 4; ++key) {
        toggleCornerPin(cloth, key);
        EXPECT_NE(cloth.pinned[corners[key]], pinsBefore[corners[key]]) << "key " << key;
        toggleCornerPin(cloth, key);
    }
    EXPECT_EQ(cloth.pinned, pinsBefore);
    EXPECT_EQ(cloth.inverseMasses, inverseMassesBefore);
}

TEST(ParticleGrab, SurvivesAClothRebuild) {
    Simulation sim = smallCloth();
    ParticleGrab grab;
    const std::size_t last = sim.world().cloth.particleCount() - 1;
    ASSERT_TRUE(grab.begin(sim.world(), last));
    grab.setTarget(sim.world().cloth.positions[last] + glm::vec3(0.1f, 0.0f, 0.0f));
    stepHeld(sim, grab, 3);

    // same size (reset): a new cloth, the hold ends, the new particle is untouched
    sim.reset();
    EXPECT_FALSE(grab.holding(sim.world()));
    stepHeld(sim, grab, 3);
    grab.release(sim.world());
    EXPECT_GT(sim.world().cloth.inverseMasses[last], 0.0f);

    // smaller cloth: the index no longer exists
    ASSERT_TRUE(grab.begin(sim.world(), last));
    sim.world().settings.cloth.resolution = {4, 4};
    sim.reset();
    stepHeld(sim, grab, 3);
    grab.release(sim.world());
    EXPECT_FALSE(grab.active());
    EXPECT_EQ(sim.recoveries(), 0);

    // a grab that starts on a particle that is not there
    EXPECT_FALSE(grab.begin(sim.world(), 1000));
    EXPECT_FALSE(grab.active());
}

// Dragged until the cloth tears: the tear appends particles and keeps every index, so
// the hold goes on, the held particle reaches the target, and on release it gets its
// mass back (it used to be dropped at the tear and left kinematic where it was).
TEST(ParticleGrab, HoldsOnThroughATear) {
    for (const bool cracks : {false, true}) {
        Simulation sim = smallCloth();
        sim.world().settings.tearing.enabled = true;
        sim.world().settings.tearing.maxStretch = 1.3f;
        sim.world().settings.tearing.splitsTriangles = cracks;
        ParticleGrab grab;
        const std::size_t before = sim.world().cloth.particleCount();
        ASSERT_TRUE(grab.begin(sim.world(), kBottomMiddle));
        const glm::vec3 target = sim.world().cloth.positions[kBottomMiddle] - glm::vec3(0.0f, 1.5f, 0.0f);
        grab.setTarget(target);
        stepHeld(sim, grab, 120);
        const Cloth& cloth = sim.world().cloth;
        ASSERT_GT(cloth.particleCount(), before) << "cracks " << cracks << ": it tore";
        EXPECT_TRUE(grab.holding(sim.world())) << "cracks " << cracks;
        EXPECT_LT(glm::distance(cloth.positions[kBottomMiddle], target), 1e-4f) << "cracks " << cracks;
        grab.release(sim.world());
        EXPECT_GT(sim.world().cloth.inverseMasses[kBottomMiddle], 0.0f) << "cracks " << cracks;
    }
}

// --- colliders ------------------------------------------------------------------

void stepHeld(Simulation& sim, ColliderGrab& grab, int steps) {
    for (int k = 0; k < steps; ++k) {
        grab.apply(sim.world(), sim.world().settings.sim.dt);
        sim.step();
    }
}

TEST(ColliderGrab, StaticColliderStaysWhereDropped) {
    Simulation sim = smallCloth({makeSphere({0.0f, 1.0f, 1.0f}, 0.2f)});
    ColliderGrab grab;
    ASSERT_TRUE(grab.begin(sim.world(), 0));
    EXPECT_TRUE(sim.world().colliders[0].held);
    const glm::vec3 target(0.3f, 1.2f, 1.0f);
    grab.setTarget(target);
    stepHeld(sim, grab, 60);
    Collider& c = sim.world().colliders[0];
    EXPECT_LT(glm::distance(c.pose.position, target), 1e-3f);
    grab.release(sim.world());
    EXPECT_FALSE(c.held);
    EXPECT_LT(glm::distance(c.home.position, target), 1e-3f);
    for (int k = 0; k < 10; ++k) sim.step();
    EXPECT_LT(glm::distance(c.pose.position, target), 1e-3f);
    sim.reset();  // reset returns to where it was dropped
    EXPECT_LT(glm::distance(sim.world().colliders[0].pose.position, target), 1e-3f);
}

TEST(ColliderGrab, ScriptCarriesOnFromWhereDropped) {
    Collider orbiting = makeSphere({1.0f, 1.0f, 1.0f}, 0.2f);
    orbiting.motion = MotionKind::Kinematic;
    orbiting.script.kind = ScriptKind::Orbit;
    orbiting.script.axis = {0.0f, 1.0f, 0.0f};
    orbiting.script.pivot = {0.0f, 1.0f, 1.0f};
    orbiting.script.frequency = 0.5f;
    Collider onPath = makeSphere({-1.0f, 1.0f, 1.0f}, 0.2f);
    onPath.motion = MotionKind::Kinematic;
    onPath.script.kind = ScriptKind::Path;
    onPath.script.path = {{-1.0f, 1.0f, 1.0f}, {-1.0f, 1.5f, 1.0f}};
    Simulation sim = smallCloth({orbiting, onPath});
    const glm::vec3 lift(0.0f, 0.4f, 0.0f);

    for (std::size_t k = 0; k < 2; ++k) {
        ColliderGrab grab;
        ASSERT_TRUE(grab.begin(sim.world(), k));
        const glm::vec3 start = sim.world().colliders[k].pose.position;
        grab.setTarget(start + lift);
        stepHeld(sim, grab, 5);
        EXPECT_LT(glm::distance(sim.world().colliders[k].pose.position, start + lift), 1e-4f);
        grab.release(sim.world());
    }
    // both scripts now run 0.4 m higher: the orbit about a lifted pivot, the path through lifted points
    const Collider& a = sim.world().colliders[0];
    const Collider& b = sim.world().colliders[1];
    EXPECT_NEAR(a.script.pivot.y, 1.4f, 1e-4f);
    EXPECT_NEAR(b.script.path[0].y, 1.4f, 1e-4f);
    EXPECT_NEAR(b.script.path[1].y, 1.9f, 1e-4f);
    for (int step = 0; step < 40; ++step) {
        sim.step();
        EXPECT_NEAR(a.pose.position.y, 1.4f, 1e-3f);                      // orbits in the lifted plane
        EXPECT_NEAR(glm::distance(a.pose.position, a.script.pivot), 1.0f, 1e-3f);
        EXPECT_GE(b.pose.position.y, 1.4f - 1e-3f);                        // runs along the lifted path
        EXPECT_LE(b.pose.position.y, 1.9f + 1e-3f);
    }
}

TEST(ColliderGrab, HeldColliderPushesTheCloth) {
    // a sphere behind the hanging cloth, dragged through it along -z
    Simulation sim = smallCloth({makeSphere({0.0f, 1.5f, 0.5f}, 0.15f)});
    ColliderGrab grab;
    ASSERT_TRUE(grab.begin(sim.world(), 0));
    grab.setTarget({0.0f, 1.5f, -0.5f});
    stepHeld(sim, grab, 60);
    // the cloth's middle was pushed to the far side of the sphere's path
    const std::size_t middle = 5 * 10 + 5;
    EXPECT_LT(sim.world().cloth.positions[middle].z, -0.2f);
    EXPECT_EQ(sim.recoveries(), 0);
}

TEST(ColliderGrab, DynamicColliderIsThrown) {
    Collider ball = makeSphere({1.5f, 1.0f, 0.0f}, 0.1f);
    ball.motion = MotionKind::Dynamic;
    ball.mass = 0.5f;
    Simulation sim = smallCloth({ball});
    const float dt = sim.world().settings.sim.dt;
    ColliderGrab grab;
    ASSERT_TRUE(grab.begin(sim.world(), 0));
    glm::vec3 target = sim.world().colliders[0].pose.position;
    for (int k = 0; k < 30; ++k) {
        target += glm::vec3(1.0f, 0.5f, 0.0f) * dt;
        grab.setTarget(target);
        stepHeld(sim, grab, 1);
    }
    grab.release(sim.world());
    const Collider& c = sim.world().colliders[0];
    EXPECT_TRUE(c.isDynamic());
    EXPECT_NEAR(c.velocity.x, 1.0f, 0.05f);
    EXPECT_NEAR(c.velocity.y, 0.5f, 0.05f);
    EXPECT_LT(glm::distance(c.home.position, glm::vec3(1.5f, 1.0f, 0.0f)), 1e-6f);  // reset still returns to the scene's place
}

TEST(ColliderGrab, DeletingAndResettingEndTheHold) {
    Simulation sim = smallCloth({makeSphere({1.0f, 1.0f, 1.0f}, 0.2f), makeSphere({-1.0f, 1.0f, 1.0f}, 0.2f)});
    ColliderGrab grab;
    // the other one is deleted: the hold follows its collider to the new index
    ASSERT_TRUE(grab.begin(sim.world(), 1));
    grab.colliderRemoved(sim.world(), 0);
    sim.world().colliders.erase(sim.world().colliders.begin());
    ASSERT_TRUE(grab.holding(sim.world()));
    EXPECT_EQ(grab.collider(), 0u);
    grab.setTarget({-1.0f, 1.5f, 1.0f});
    stepHeld(sim, grab, 5);
    // the held one is deleted: released first
    grab.colliderRemoved(sim.world(), 0);
    EXPECT_FALSE(grab.active());
    EXPECT_FALSE(sim.world().colliders[0].held);
    sim.world().colliders.erase(sim.world().colliders.begin());
    stepHeld(sim, grab, 2);

    // one added (the panel's Add) while holding: the hold goes on
    sim.world().colliders.push_back(makeSphere({0.0f, 1.0f, 1.0f}, 0.2f));
    ASSERT_TRUE(grab.begin(sim.world(), 0));
    sim.world().colliders.push_back(makeSphere({0.0f, 3.0f, 1.0f}, 0.2f));
    EXPECT_TRUE(grab.holding(sim.world()));
    grab.release(sim.world());
    sim.world().colliders.pop_back();

    // a reset clears `held`: the hold is over
    ASSERT_TRUE(grab.begin(sim.world(), 0));
    sim.reset();
    EXPECT_FALSE(grab.holding(sim.world()));
    grab.release(sim.world());
    EXPECT_FALSE(sim.world().colliders[0].held);
    EXPECT_FALSE(grab.begin(sim.world(), 7));
}

} // namespace
} // namespace cs::test
