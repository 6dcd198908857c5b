// solver.threads: every solver shares its work among threads (the position-based
// ones each colour of the link sweep, the force-based ones their springs, particles
// and matrix rows), and the result must be bit-for-bit the serial one.
#include "../support/sim_fixture.hpp"

#include "sim/solvers/link_sweep.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace cs::test {
namespace {

// A 64x64 cloth (about 24 000 links at the default long bending links) hanging
// from its top corners into a sphere, with wind: contacts, folds and gusts, so
// that any race or reordering in the sweep would show within a few steps.
Settings clothOnSphere(const std::string& solver, int threads, int resolution) {
    return settingsWith([&](Settings& s) {
        s.solver.id = solver;
        s.solver.threads = threads;
        s.cloth.resolution = {resolution, resolution};
        s.cloth.spacing = 1.2f / static_cast<float>(resolution - 1);
        s.cloth.origin = {0.0f, 1.6f, 0.0f};
        s.wind.strength = 2.0f;
        s.wind.gustAmplitude = 0.3f;
        // every colour ends in a barrier: on a busy CI machine with more runnable
        // threads than cores each one can wait out a time slice, so the test keeps
        // their count down (the arithmetic does not depend on the substep count)
        s.solver.substeps = 5;
        // the explicit integrators need small steps to hold these springs (their
        // stability limit, xpbd-thesis in docs/sources.md); fewer steps of them keep
        // the test short
        if (solverInfo(solver).stability != Stability::Unconditional) s.solver.substeps = 200;
    });
}

int stepsFor(const std::string& solver, int steps) {
    // explicit Euler gains energy at any step size (its point, xpbd-thesis) and leaves
    // this cloth after 3 steps even at 200 substeps: 2 steps are 400 updates
    const Stability stability = solverInfo(solver).stability;
    if (stability == Stability::NeedsDamping) return 2;
    return stability == Stability::Conditional ? steps / 6 : steps;
}

Colliders sphereInTheWay() { return {makeSphere({0.0f, 0.9f, 0.15f}, 0.3f)}; }

std::vector<glm::vec3> positionsAfter(const Settings& s, int steps) {
    Simulation sim = makeSimulation(s, sphereInTheWay());
    for (int i = 0; i < stepsFor(s.solver.id, steps); ++i) sim.step();
    // a run the guard had to rescue compares restored states, which proves nothing
    EXPECT_EQ(sim.recoveries(), 0) << s.solver.id << ": " << sim.lastRecoveryMessage();
    return sim.world().cloth.positions;
}

bool bitIdentical(const std::vector<glm::vec3>& a, const std::vector<glm::vec3>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(glm::vec3)) == 0;
}

int differingParticles(const std::vector<glm::vec3>& a, const std::vector<glm::vec3>& b) {
    int n = 0;
    for (std::size_t i = 0; i < a.size(); ++i) n += std::memcmp(&a[i], &b[i], sizeof(glm::vec3)) != 0 ? 1 : 0;
    return n;
}

TEST(LinkSweep, RunsShareNoParticleAndTheLargeColoursOfA64ClothRunInParallel) {
    const World world = makeWorld(clothOnSphere("xpbd", 2, 64), {});
    const Cloth& cloth = world.cloth;
    LinkSweep sweep;
    sweep.update(cloth, 2);
    std::size_t parallelLinks = 0, covered = 0;
    std::vector<std::uint32_t> seenInRun(cloth.particleCount(), ~0u);
    for (std::uint32_t r = 0; r < sweep.runs().size(); ++r) {
        const LinkSweep::Run& run = sweep.runs()[r];
        EXPECT_EQ(run.begin, covered) << "runs must tile the links in order";
        covered = run.end;
        if (!run.parallel) continue;
        EXPECT_GE(run.end - run.begin, kParallelRunLinks);
        parallelLinks += run.end - run.begin;
        for (std::uint32_t l = run.begin; l < run.end; ++l) {
            const Link& link = cloth.links[l];
            EXPECT_NE(seenInRun[link.a], r) << "link " << l << " shares particle " << link.a << " within run " << r;
            EXPECT_NE(seenInRun[link.b], r) << "link " << l << " shares particle " << link.b << " within run " << r;
            seenInRun[link.a] = seenInRun[link.b] = r;
        }
    }
    EXPECT_EQ(covered, cloth.links.size());
    // most of the work is in parallel runs, or the threads would buy nothing
    EXPECT_GT(parallelLinks, cloth.links.size() / 2) << parallelLinks << " of " << cloth.links.size();
}

class ThreadsBitIdentical : public ::testing::TestWithParam<std::string> {};

TEST_P(ThreadsBitIdentical, TwoThreadsGiveTheSerialPositionsOnA64ClothOverASphere) {
    constexpr int kSteps = 60;
    const std::vector<glm::vec3> serial = positionsAfter(clothOnSphere(GetParam(), 1, 64), kSteps);
    const std::vector<glm::vec3> threaded = positionsAfter(clothOnSphere(GetParam(), 2, 64), kSteps);
    const std::vector<glm::vec3> start = makeWorld(clothOnSphere(GetParam(), 1, 64), {}).cloth.positions;
    ASSERT_FALSE(bitIdentical(serial, start)) << "the cloth must have moved for the comparison to mean anything";
    EXPECT_TRUE(bitIdentical(serial, threaded)) << differingParticles(serial, threaded) << " particles differ";
}

TEST_P(ThreadsBitIdentical, TwoThreadsOnASmallClothWhoseColoursAllStaySerial) {
    // 12x12: every colour is far below kParallelRunLinks, so the sweep stays on one
    // thread; the setting must still be accepted and change nothing.
    LinkSweep sweep;
    sweep.update(makeWorld(clothOnSphere(GetParam(), 2, 12), {}).cloth, 2);
    for (const LinkSweep::Run& run : sweep.runs()) EXPECT_FALSE(run.parallel);
    const std::vector<glm::vec3> serial = positionsAfter(clothOnSphere(GetParam(), 1, 12), 30);
    const std::vector<glm::vec3> threaded = positionsAfter(clothOnSphere(GetParam(), 2, 12), 30);
    EXPECT_TRUE(bitIdentical(serial, threaded)) << differingParticles(serial, threaded) << " particles differ";
}

// Triangle self-contact, in every solver that honours it: a 64 cloth hung over a sphere
// folds onto itself; one and two threads give the same bits with the contact stage in
// the step.
TEST(ThreadsBitIdenticalTriangleContact, TwoThreadsGiveTheSerialPositions) {
    ASSERT_GE(triangleContactSolverIds().size(), 3u) << "xpbd, pbd and jakobsen at least";
    for (const std::string& id : triangleContactSolverIds()) {
        SCOPED_TRACE(id);
        const auto settings = [&](int threads) {
            Settings s = clothOnSphere(id, threads, 64);
            s.collision.selfCollision = true;
            s.collision.selfSkin = 0.01f;  // candidates gathered on the threads and reused
            return s;
        };
        const std::vector<glm::vec3> serial = positionsAfter(settings(1), 40);
        const std::vector<glm::vec3> threaded = positionsAfter(settings(2), 40);
        EXPECT_TRUE(bitIdentical(serial, threaded)) << differingParticles(serial, threaded) << " particles differ";
    }
}

std::string paramName(const ::testing::TestParamInfo<std::string>& info) { return info.param; }

// Position-based: the link sweep colour by colour. Force-based: the springs colour
// by colour, particles in slices, and implicit_euler's CG products row by row;
// its dot products stay serial, so it too is bit-identical, not merely close.
INSTANTIATE_TEST_SUITE_P(EverySolver, ThreadsBitIdentical,
                         ::testing::ValuesIn(registeredSolverIds()),
                         paramName);

} // namespace
} // namespace cs::test
