// The forces the cloth views are measured from (computeForces, sim/forces.hpp: Hooke's
// law on one link, nothing at rest, the pins carrying the weight of a hanging cloth),
// the load and strain they colour by (sim/particle_forces.hpp) and their colour scales.
#include "../support/sim_fixture.hpp"
#include "sim/forces.hpp"
#include "sim/particle_forces.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <glm/geometric.hpp>
#include <vector>

namespace cs::test {
namespace {

// Only the springs act: no gravity, no air, no damping.
Settings springsOnly(float stiffness) {
    return settingsWith([&](Settings& s) {
        s.sim.gravity = glm::vec3(0.0f);
        s.wind.strength = 0.0f;
        s.wind.airDensity = 0.0f;
        s.solver.damping = 0.0f;
        s.springs.damping = 0.0f;
        s.springs.pointDamping = 0.0f;
        s.springs.stretchStiffness = stiffness;
    });
}

TEST(ParticleForces, OneStretchedSpringPullsBothEndsTogetherByHookesLaw) {
    constexpr float k = 50.0f, restLength = 0.5f, length = 0.6f;  // 0.1 m too long: 5 N
    const Settings settings = springsOnly(k);
    Cloth cloth;
    const glm::vec3 axis = glm::normalize(glm::vec3(1.0f, 2.0f, -2.0f));  // any direction, not an axis
    cloth.positions = {glm::vec3(0.3f, 1.0f, 0.0f), glm::vec3(0.3f, 1.0f, 0.0f) + length * axis};
    cloth.velocities.assign(2, glm::vec3(0.0f));
    cloth.masses.assign(2, 0.01f);
    cloth.links = {Link{0, 1, restLength, LinkKind::Stretch}};
    std::vector<glm::vec3> forces(2, glm::vec3(99.0f));  // overwritten, not added to

    computeForces(cloth, settings, 0.0, cloth.positions, cloth.velocities, forces);
    const glm::vec3 expected = k * (length - restLength) * axis;  // on particle 0, towards particle 1
    for (int i = 0; i < 3; ++i) {
        EXPECT_NEAR(forces[0][i], expected[i], 1e-4f);
        EXPECT_NEAR(forces[1][i], -expected[i], 1e-4f);
    }
    EXPECT_NEAR(glm::length(forces[0]), 5.0f, 1e-4f);
}

TEST(ParticleForces, WrongSizedOutputIsRefusedAndLeftAlone) {
    Cloth cloth = buildGridCloth(defaultSettings().cloth);
    std::vector<float> tooShort(cloth.particleCount() - 1, 7.0f);
    EXPECT_FALSE(computeParticleLoads(cloth, defaultSettings().springs, tooShort));
    EXPECT_EQ(tooShort.front(), 7.0f);
    std::vector<float> strains(cloth.triangles.size() + 1, 7.0f);
    EXPECT_FALSE(computeTriangleStrains(cloth, strains));
    EXPECT_EQ(strains.front(), 7.0f);
}

TEST(ParticleForces, ClothAtRestLengthWithoutGravityFeelsNoForce) {
    const Settings settings = springsOnly(200.0f);
    const Cloth cloth = buildGridCloth(settings.cloth);
    std::vector<glm::vec3> forces(cloth.particleCount());
    computeForces(cloth, settings, 0.0, cloth.positions, cloth.velocities, forces);
    float largest = 0.0f;
    for (const glm::vec3& f : forces) largest = std::max(largest, glm::length(f));
    EXPECT_LT(largest, 1e-5f) << "newtons, on a cloth where every link is at its rest length";
}

// A 10 x 10 cloth hanging from its top corners, settled for 6 s by implicit Euler.
Simulation settledHangingCloth() {
    Simulation sim = makeSimulation(settingsWith([](Settings& s) {
        s.solver.id = "implicit_euler";
        s.solver.substeps = 1;
        s.solver.damping = 2.0f;  // settles in a few seconds
        s.cloth.resolution = glm::ivec2(10, 10);
        s.cloth.spacing = 0.05f;
        s.cloth.pins = PinPreset::TopCorners;
        s.collision.ground = false;
    }));
    simulate(sim, 6.0);
    return sim;
}

// A 10 x 10 cloth hanging from its top corners, settled by a force-based method so
// that the springs hold the weight: each free particle is (nearly) in balance, and
// the two pins carry the cloth.
TEST(ParticleForces, HangingClothPullsHardestOnItsPinnedCorners) {
    Simulation sim = settledHangingCloth();
    const World& world = sim.world();
    const Cloth& cloth = world.cloth;
    std::vector<glm::vec3> forces(cloth.particleCount());
    computeForces(cloth, world.settings, world.time, cloth.positions, cloth.velocities, forces);

    glm::vec3 onPins(0.0f);
    float largestFree = 0.0f, smallestPinned = 1e30f;
    for (std::size_t i = 0; i < forces.size(); ++i) {
        const float magnitude = glm::length(forces[i]);
        if (cloth.pinned[i]) {
            smallestPinned = std::min(smallestPinned, magnitude);
            onPins += forces[i];
        } else {
            largestFree = std::max(largestFree, magnitude);
        }
    }
    ASSERT_EQ(std::count(cloth.pinned.begin(), cloth.pinned.end(), 1), 2);
    EXPECT_GT(smallestPinned, 10.0f * largestFree) << "pins " << smallestPinned << " N, free " << largestFree << " N";
    // the springs' pull sums to nothing over the cloth, so at rest the pins hold its whole weight
    const float weight = totalMass(cloth) * 9.81f;
    EXPECT_NEAR(onPins.y, -weight, 0.03f * weight);
    EXPECT_NEAR(onPins.x, 0.0f, 0.03f * weight);
}

// --- the load the force views colour by, and their colour scales -------------------------

TEST(ParticleLoads, EachEndOfAStretchedOrSqueezedSpringCarriesItsHookeForce) {
    constexpr float k = 50.0f;
    SpringSettings springs = springsOnly(k).springs;
    Cloth cloth;
    cloth.positions = {glm::vec3(0.0f), glm::vec3(0.6f, 0.0f, 0.0f), glm::vec3(1.0f, 0.0f, 0.0f)};
    cloth.links = {Link{0, 1, 0.5f, LinkKind::Stretch}, Link{1, 2, 0.5f, LinkKind::Stretch}};  // +0.1 m, -0.1 m
    cloth.links.push_back(Link{0, 2, 1.2f, LinkKind::Stretch});  // -0.2 m: 10 N, the largest at 0 and 2
    std::vector<float> loads(3, 99.0f);
    ASSERT_TRUE(computeParticleLoads(cloth, springs, loads));
    EXPECT_NEAR(loads[0], 10.0f, 1e-4f);
    EXPECT_NEAR(loads[1], 5.0f, 1e-4f) << "the larger of its two springs' 5 N, tension and compression alike";
    EXPECT_NEAR(loads[2], 10.0f, 1e-4f);
    std::vector<float> tooShort(2, 7.0f);
    EXPECT_FALSE(computeParticleLoads(cloth, springs, tooShort));
    EXPECT_EQ(tooShort[0], 7.0f);
}

// The cloth settled as in HangingClothPullsHardestOnItsPinnedCorners: every link holds
// the weight below it, so the load grows from the free bottom edge to the top, where
// the net force is nothing but at the pins.
TEST(ParticleLoads, AHangingClothIsLoadedMostAtTheTopAndLeastAtItsFreeEdge) {
    Simulation sim = settledHangingCloth();
    const Cloth& cloth = sim.world().cloth;
    std::vector<float> loads(cloth.particleCount());
    ASSERT_TRUE(computeParticleLoads(cloth, sim.world().settings.springs, loads));
    // rows by height: the top row (with the pins) and the bottom row, 10 particles each
    std::vector<std::size_t> order(cloth.particleCount());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return cloth.positions[a].y > cloth.positions[b].y; });
    float top = 0.0f, bottom = 0.0f;
    for (std::size_t k = 0; k < 10; ++k) top += loads[order[k]], bottom += loads[order[order.size() - 1 - k]];
    EXPECT_GT(top, 4.0f * bottom) << "top row " << top / 10 << " N, bottom row " << bottom / 10 << " N on average";
    // the largest link force anywhere is at least the weight shared by the ten columns
    const float weight = totalMass(cloth) * 9.81f;
    EXPECT_GT(*std::max_element(loads.begin(), loads.end()), weight / 10.0f);
}

TEST(ForceColourScale, GgxForceIsLinearFromNothingToTheFixedScale) {
    std::vector<float> loads = {1.0f, 2.0f}, scratch(2);
    const ForceColourScale scale = forceColourScale(ClothShader::GgxForce, loads, 0.4f, scratch);
    EXPECT_FALSE(scale.logarithmic);
    EXPECT_FLOAT_EQ(scale.position(0.0f), 0.0f);
    EXPECT_FLOAT_EQ(scale.position(0.1f), 0.25f);
    EXPECT_FLOAT_EQ(scale.position(0.4f), 1.0f);
    EXPECT_FLOAT_EQ(scale.position(5.0f), 1.0f) << "clips at the top";
}

TEST(ForceColourScale, BlinnPhongForceSpansThisFramesLoadsOnALogScale) {
    // 1, 2, ..., 100 N sorted: the 5 % quantile is at index 0.05 x 99 = 4.95 -> 4 (5 N), the 90 % one at 89 (90 N)
    std::vector<float> loads(100), scratch(100);
    for (std::size_t i = 0; i < loads.size(); ++i) loads[i] = static_cast<float>(100 - i);  // any order
    const ForceColourScale scale = forceColourScale(ClothShader::BlinnPhongForce, loads, 0.4f, scratch);
    EXPECT_TRUE(scale.logarithmic);
    EXPECT_FLOAT_EQ(scale.low, 5.0f);
    EXPECT_FLOAT_EQ(scale.high, 90.0f);
    EXPECT_NEAR(scale.position(std::sqrt(5.0f * 90.0f)), 0.5f, 1e-5f) << "equal ratios, equal steps";
    EXPECT_FLOAT_EQ(scale.position(100.0f), 1.0f);
    EXPECT_FLOAT_EQ(scale.position(1.0f), 0.0f);
    // a cloth at rest: every load 0, nothing divides by 0
    std::vector<float> zeros(10, 0.0f), scratch10(10);
    const ForceColourScale rest = forceColourScale(ClothShader::BlinnPhongForce, zeros, 0.4f, scratch10);
    EXPECT_GT(rest.low, 0.0f);
    EXPECT_GT(rest.high, rest.low);
    EXPECT_FLOAT_EQ(rest.position(0.0f), 0.0f);
}

TEST(ParticleForces, TriangleStretchedTenPercentOneWayHasStrainPointOne) {
    const std::vector<glm::vec3> rest = {glm::vec3(0.0f), glm::vec3(0.2f, 0.0f, 0.0f), glm::vec3(0.0f, 0.2f, 0.0f)};
    std::vector<glm::vec3> x = rest;
    for (glm::vec3& p : x) p.x *= 1.1f;  // the x edge grows 10 %, the diagonal 5 %, the y edge not at all
    const glm::uvec3 t(0, 1, 2);
    EXPECT_NEAR(triangleStrain(x, rest, t), 0.1f, 1e-5f);
    EXPECT_NEAR(triangleStrain(rest, rest, t), 0.0f, 1e-7f);
    for (glm::vec3& p : x) p = glm::vec3(0.9f * p.x / 1.1f, p.y, p.z);  // squeezed 10 % instead
    EXPECT_NEAR(triangleStrain(x, rest, t), -0.1f, 1e-5f) << "compression is negative";
}

TEST(ParticleForces, GridClothStretchedAlongXReadsItsStrainOnEveryTriangle) {
    Cloth cloth = buildGridCloth(defaultSettings().cloth);
    for (glm::vec3& p : cloth.positions) p.x *= 1.25f;  // a vertical grid in x-y: rows grow 25 %
    std::vector<float> strains(cloth.triangles.size());
    ASSERT_TRUE(computeTriangleStrains(cloth, strains));
    for (const float s : strains) ASSERT_NEAR(s, 0.25f, 1e-4f);
}

} // namespace
} // namespace cs::test
