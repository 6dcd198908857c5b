// Every solver runs on after a cut that splits triangles (sim/blade_cut.hpp): no
// recovery, a sound mesh, and with triangle contact no crossing pair. Not in the
// sanitizer's run: 120 steps of every method with contact.
#include "../support/sim_fixture.hpp"
#include "sim/collision/crossing_count.hpp"
#include "sim/topology.hpp"
#include "sim/topology_edit.hpp"

#include <algorithm>
#include <gtest/gtest.h>

namespace cs::test {
namespace {

ClothSettings grid16() {
    ClothSettings c = defaultSettings().cloth;
    c.resolution = {16, 16};
    c.spacing = 0.05f;
    c.linkLevel = 2;
    c.pins = PinPreset::TopCorners;
    return c;
}

// Every solver runs on after a blade cut: no recovery, and with triangle contact no crossing.
TEST(BladeCut, EverySolverRunsOnWithoutCrossing) {
    for (const std::string& id : registeredSolverIds()) {
        Settings settings = settingsWith([&](Settings& s) {
            s.cloth = grid16();
            s.cloth.pins = PinPreset::TopCorners;
            s.solver.id = id;
            s.collision.selfCollision = true;
        });
        tuneForSprings(settings);
        Simulation sim = makeSimulation(settings);
        simulate(sim, 0.1);
        cutAlongRestSegment(sim.world().cloth, {0.0f, 0.3f}, {1.0f, 0.7f});
        sim.topologyEdited();
        std::size_t crossings = 0;
        CrossingCounter counter;
        for (int i = 0; i < 120; ++i) {
            sim.step();
            crossings = std::max(crossings, counter.count(sim.world().cloth, 1));
        }
        EXPECT_EQ(sim.recoveries(), 0) << id << ": " << sim.lastRecoveryMessage();
        EXPECT_EQ(crossings, 0u) << id;
        EXPECT_EQ(checkInvariants(sim.world().cloth), "") << id;
    }
}

} // namespace
} // namespace cs::test
