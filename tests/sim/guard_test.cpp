// The explosion guard: a ring of good states, the limits it checks, and what
// sim.recovery lets it change.
#include "sim/collision/contact.hpp"
#include "../support/sim_fixture.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace cs {
namespace {
using namespace test;

// A small hanging cloth with forward Euler where it holds calmly
// (scenes/compare_explicit_euler.toml: tiny substeps and spring damping).
Settings calmEuler() {
    return settingsWith([](Settings& s) {
        s.solver.id = "explicit_euler";
        s.cloth.resolution = {8, 8};
        s.cloth.spacing = 0.06f;
        s.solver.substeps = 200;
        s.springs.damping = 0.02f;
        s.springs.stretchStiffness = 200.0f;
        s.springs.shearStiffness = 50.0f;
        s.springs.bendStiffness = 5.0f;
    });
}

bool allFinite(const Simulation& sim) {
    for (std::size_t i = 0; i < sim.world().cloth.particleCount(); ++i) {
        const glm::vec3 x = sim.world().cloth.positions[i], v = sim.world().cloth.velocities[i];
        if (!std::isfinite(x.x + x.y + x.z + v.x + v.y + v.z)) return false;
    }
    return true;
}

// Steps until the guard recovers (true) or `maxSteps` pass (false).
bool stepUntilRecovery(Simulation& sim, int maxSteps) {
    for (int i = 0; i < maxSteps; ++i)
        if (sim.step().diverged) return true;
    return false;
}

TEST(Guard, HugeStiffnessWithForwardEulerIsRestoredAndNamesTheLimit) {
    Settings s = calmEuler();
    s.springs.stretchStiffness = 1e8f;  // far beyond forward Euler's stable step at 20 substeps
    Simulation sim = makeSimulation(s);
    ASSERT_TRUE(stepUntilRecovery(sim, 200)) << "the cloth must explode, or the test proves nothing";
    EXPECT_GT(sim.recoveries(), 0);
    EXPECT_TRUE(allFinite(sim));
    const std::string& message = sim.lastRecoveryMessage();
    EXPECT_TRUE(message.find("limit") != std::string::npos || message.find("non-finite") != std::string::npos)
        << message;
    EXPECT_NE(message.find("restored t = 0 s"), std::string::npos) << message;  // the only good state
    for (const glm::vec3& v : sim.world().cloth.velocities) EXPECT_EQ(v, glm::vec3(0.0f));
}

TEST(Guard, ARepeatedExplosionGoesBackToAnOlderGoodState) {
    Simulation sim = makeSimulation(calmEuler());
    // 4 snapshots at steps 0, 30, 60, 90 (t = 0 .. 1.5 s) would hold after 90 calm steps;
    // at 100 the ring holds 30, 60, 90 and the newest of them
    for (int i = 0; i < 100; ++i) ASSERT_FALSE(sim.step().diverged) << sim.lastRecoveryMessage();
    EXPECT_EQ(sim.goodStates(), Simulation::kSnapshotCount);
    sim.world().settings.springs.stretchStiffness = 1e8f;  // now it explodes from any state
    ASSERT_TRUE(stepUntilRecovery(sim, 100));
    const double first = sim.lastRestoredTime();
    EXPECT_NEAR(first, 90 * sim.world().settings.sim.dt, 1e-6) << sim.lastRecoveryMessage();
    ASSERT_TRUE(stepUntilRecovery(sim, 50)) << "the restored state must explode again at this stiffness";
    const double second = sim.lastRestoredTime();
    EXPECT_LT(second, first) << "the state that exploded again is dropped: " << sim.lastRecoveryMessage();
    ASSERT_TRUE(stepUntilRecovery(sim, 50));
    EXPECT_LT(sim.lastRestoredTime(), second);
    // the oldest state stays: the ring never runs empty; from it the guard holds
    for (int i = 0; i < 5 && !sim.halted(); ++i) ASSERT_TRUE(stepUntilRecovery(sim, 50));
    EXPECT_GE(sim.goodStates(), 1u);
    EXPECT_TRUE(sim.halted()) << sim.lastRecoveryMessage();
    EXPECT_TRUE(allFinite(sim));
}

TEST(Guard, AStateThatDivergesOnEveryRestoreIsHeldAfterABoundedNumberOfRecoveries) {
    Settings s = calmEuler();
    s.springs.stretchStiffness = 1e8f;  // diverges from any state, t = 0 included
    Simulation sim = makeSimulation(s);
    int diverged = 0;
    for (int i = 0; i < 1000; ++i) diverged += sim.step().diverged ? 1 : 0;
    // t = 0 is the only good state: restored once, diverged again from it, held
    EXPECT_EQ(diverged, 2) << sim.lastRecoveryMessage();
    EXPECT_EQ(sim.recoveries(), 2);
    EXPECT_TRUE(sim.halted());
    EXPECT_NE(sim.lastRecoveryMessage().find("the guard holds the simulation"), std::string::npos)
        << sim.lastRecoveryMessage();
    const double heldAt = sim.world().time;
    EXPECT_FALSE(sim.step().diverged);
    EXPECT_EQ(sim.world().time, heldAt) << "a held simulation does not step";
    EXPECT_TRUE(allFinite(sim));

    // a changed setting and play: it runs on from the restored state, calmly
    sim.world().settings.springs.stretchStiffness = 200.0f;
    sim.resume();
    for (int i = 0; i < 120; ++i) ASSERT_FALSE(sim.step().diverged) << sim.lastRecoveryMessage();
    EXPECT_NEAR(sim.world().time, heldAt + 120 * sim.world().settings.sim.dt, 1e-4);
}

TEST(Guard, ASettingTheGuardStillRaisesIsNotHeld) {
    Settings s = calmEuler();
    s.solver.substeps = 5;  // explodes at 5 substeps, calm from 160
    s.sim.recovery = RecoveryMode::HalveStep;
    Simulation sim = makeSimulation(s);
    for (int i = 0; i < 600; ++i) sim.step();
    EXPECT_FALSE(sim.halted()) << sim.lastRecoveryMessage();
    EXPECT_GT(sim.world().settings.solver.substeps, 5);
    EXPECT_GE(sim.recoveries(), 2) << "raised more than once, each from the same state t = 0";
}

TEST(Guard, ABlownUpExtentTripsTheBoundingBoxLimit) {
    Settings s = calmEuler();
    s.solver.id = "xpbd";
    s.cloth.pins = PinPreset::None;
    s.solver.stretchCompliance = 1.0f;  // soft: the links barely pull the spread cloth back in one step
    s.solver.shearCompliance = 1.0f;
    s.solver.bendCompliance = 1000.0f;
    Simulation sim = makeSimulation(s);
    Cloth& cloth = sim.world().cloth;
    glm::vec3 centre(0.0f);
    for (const glm::vec3& x : cloth.positions) centre += x;
    centre /= static_cast<float>(cloth.particleCount());
    // rest diagonal about 0.5 m: 100 x puts it at 50 m, over 20 x 0.5 + 1 = 11 m,
    // while every particle stays within the distance and speed limits
    for (std::size_t i = 0; i < cloth.particleCount(); ++i) {
        cloth.positions[i] = centre + 100.0f * (cloth.positions[i] - centre);
        cloth.previousPositions[i] = cloth.positions[i];
    }
    sim.stateRestored();
    ASSERT_TRUE(sim.step().diverged);
    EXPECT_NE(sim.lastRecoveryMessage().find("bounding-box limit"), std::string::npos) << sim.lastRecoveryMessage();
    // what was restored is the blown-up state itself (the only good one); the test is the message
}

TEST(Guard, ACalmClothNeverTripsTheBoundingBoxLimit) {
    Settings s = calmEuler();
    s.solver.id = "xpbd";
    Simulation sim = makeSimulation(s);
    for (int i = 0; i < 300; ++i) ASSERT_FALSE(sim.step().diverged) << sim.lastRecoveryMessage();
}

TEST(Guard, HalveStepRaisesSubstepsUntilTheClothRunsCalmly) {
    Settings s = calmEuler();
    s.solver.substeps = 20;  // explodes at 20 substeps; calm at 160
    s.sim.recovery = RecoveryMode::HalveStep;
    Simulation sim = makeSimulation(s);
    ASSERT_TRUE(stepUntilRecovery(sim, 300)) << "20 substeps must explode here, or the test proves nothing";
    EXPECT_NE(sim.lastRecoveryMessage().find("solver.substeps 20 -> 40"), std::string::npos)
        << sim.lastRecoveryMessage();
    for (int i = 0; i < 20 && stepUntilRecovery(sim, 200); ++i) {
    }
    const int substeps = sim.world().settings.solver.substeps;
    EXPECT_GT(substeps, 20);
    EXPECT_LE(substeps, Simulation::kMaxRecoverySubsteps);
    const int recoveries = sim.recoveries();
    for (int i = 0; i < 300; ++i) ASSERT_FALSE(sim.step().diverged) << sim.lastRecoveryMessage();
    EXPECT_EQ(sim.recoveries(), recoveries);
    EXPECT_TRUE(allFinite(sim));
}

// Where self-contact runs and solver.contact_substeps decides the substeps, halve_step
// doubles that one: doubling solver.substeps below it would change nothing.
TEST(Guard, HalveStepRaisesTheContactSubstepsWhereTheyDecide) {
    Settings s = calmEuler();
    s.collision.selfCollision = true;
    s.solver.substeps = 1;
    s.solver.contactSubsteps = 20;
    s.springs.stretchStiffness = 1e8f;  // far beyond forward Euler's stable step at 20 substeps
    s.sim.recovery = RecoveryMode::HalveStep;
    Simulation sim = makeSimulation(s);
    ASSERT_EQ(substepsThisStep(sim.world()), 20);
    ASSERT_TRUE(stepUntilRecovery(sim, 200)) << "the cloth must explode, or the test proves nothing";
    EXPECT_NE(sim.lastRecoveryMessage().find("solver.contact_substeps 20 -> 40"), std::string::npos)
        << sim.lastRecoveryMessage();
    EXPECT_EQ(sim.world().settings.solver.substeps, 1);
    EXPECT_EQ(substepsThisStep(sim.world()), 40);
}

TEST(Guard, RaiseIterationsDoublesIterationsUpToItsCap) {
    Settings s = calmEuler();
    s.springs.stretchStiffness = 1e8f;
    s.sim.recovery = RecoveryMode::RaiseIterations;
    s.solver.iterations = 40;
    Simulation sim = makeSimulation(s);
    ASSERT_TRUE(stepUntilRecovery(sim, 200));
    EXPECT_NE(sim.lastRecoveryMessage().find("solver.iterations 40 -> 64"), std::string::npos)
        << sim.lastRecoveryMessage();
    ASSERT_TRUE(stepUntilRecovery(sim, 200));
    EXPECT_EQ(sim.world().settings.solver.iterations, Simulation::kMaxRecoveryIterations);
    EXPECT_NE(sim.lastRecoveryMessage().find("already at the guard's cap 64"), std::string::npos)
        << sim.lastRecoveryMessage();
}

} // namespace
} // namespace cs
