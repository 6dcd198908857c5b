// Physics checks of the XPBD solver against closed forms and invariants.
#include "../support/sim_fixture.hpp"

#include <gtest/gtest.h>

namespace cs::test {
namespace {

TEST(XpbdPhysics, FreeParticlesFallAsHalfGTSquared) {
    // A 2x2 cloth with nothing pinned falls as one body: its links stay at rest
    // length, so every particle must follow y0 - g t^2 / 2.
    Settings s = settingsWith([](Settings& st) {
        st.cloth.resolution = {2, 2};
        st.cloth.pins = PinPreset::None;
        st.collision.ground = false;
        st.solver.damping = 0.0f;
    });
    Simulation sim = makeSimulation(s);
    const std::vector<glm::vec3> start = sim.world().cloth.positions;
    const int steps = simulate(sim, 1.0);
    const double t = steps * s.sim.dt;
    const double g = 9.81;
    // Substepped symplectic Euler lands g t h / 2 below the closed form after time t
    // (h = dt / substeps); allow that plus float round-off.
    const double h = s.sim.dt / s.solver.substeps;
    const double tolerance = g * t * h / 2.0 + 1e-4;
    // Sideways the links cancel exactly in theory; in floats each of the 1200
    // projections rounds positions of about 3 m (ulp 2.4e-7) a little differently
    // for the two ends (more so with fused multiply-adds): a few ulps a second.
    constexpr double kSideways = 5e-5;
    for (std::size_t i = 0; i < start.size(); ++i) {
        const glm::vec3 x = sim.world().cloth.positions[i];
        EXPECT_NEAR(x.y, start[i].y - 0.5 * g * t * t, tolerance) << "particle " << i;
        EXPECT_NEAR(x.x, start[i].x, kSideways);
        EXPECT_NEAR(x.z, start[i].z, kSideways);
    }
}

TEST(XpbdPhysics, HangingClothComesToRest) {
    Settings s = settingsWith([](Settings& st) {
        st.cloth.resolution = {20, 20};
        st.cloth.pins = PinPreset::TopCorners;
        st.wind.strength = 3.0f;
        st.solver.damping = 1.0f;  // velocity decays as exp(-t): KE falls 1e-13 in 15 s
    });
    Simulation sim = makeSimulation(s);
    simulate(sim, 3.0);  // the wind sets it swinging...
    const double moving = measureCloth(sim.world()).kineticEnergy;
    sim.world().settings.wind.strength = 0.0f;  // ...then the air goes still
    simulate(sim, 15.0);
    const ClothStats settled = measureCloth(sim.world());
    // Cloth mass is 0.2 kg/m^2 x 0.9025 m^2 = 0.18 kg: 1e-6 J is a mean speed of 3 mm/s.
    EXPECT_LT(settled.kineticEnergy, 1e-6);
    EXPECT_LT(settled.kineticEnergy, moving * 1e-3);
    EXPECT_EQ(settled.nanCount, 0u);
}

TEST(XpbdPhysics, PinnedParticlesNeverMove) {
    Settings s = settingsWith([](Settings& st) {
        st.cloth.resolution = {16, 16};
        st.cloth.pins = PinPreset::TopRow;
        st.wind.strength = 5.0f;   // gusty wind shakes everything that can move
    });
    Simulation sim = makeSimulation(s);
    const Cloth& cloth = sim.world().cloth;
    std::vector<glm::vec3> pinnedAt;
    for (std::size_t i = 0; i < cloth.particleCount(); ++i)
        if (cloth.pinned[i]) pinnedAt.push_back(cloth.positions[i]);
    ASSERT_EQ(pinnedAt.size(), 16u);
    const glm::vec3 bottom = cloth.positions.back();
    for (int i = 0; i < 300; ++i) {
        sim.step();
        std::size_t k = 0;
        for (std::size_t p = 0; p < cloth.particleCount(); ++p) {
            if (!cloth.pinned[p]) continue;
            ASSERT_EQ(cloth.positions[p], pinnedAt[k++]) << "pinned particle " << p << " moved";
        }
    }
    EXPECT_GT(glm::distance(bottom, cloth.positions.back()), 0.05f) << "the wind should move the free bottom corner";
}

TEST(XpbdPhysics, ZeroComplianceKeepsStretchSmall) {
    // Two corners carry a 1.55 m cloth, first in still air, then in a steady wind.
    // With 20 substeps of one Gauss-Seidel pass the structural links stay within
    // 8 % of their rest length at every step (the unconverged residual gathers at
    // the pins and peaks in the first jerk), and within 5 % once it hangs still.
    for (float wind : {0.0f, 1.0f}) {
        Settings s = settingsWith([&](Settings& st) {
            st.cloth.resolution = {32, 32};
            st.cloth.origin = {0.0f, 2.4f, 0.0f};
            st.solver.stretchCompliance = 0.0f;
            st.solver.shearCompliance = 0.0f;
            st.wind.strength = wind;
            st.wind.gustAmplitude = 0.0f;
        });
        Simulation sim = makeSimulation(s);
        float worst = 0.0f;
        for (int i = 0; i < 600; ++i) {
            sim.step();
            worst = std::max(worst, measureCloth(sim.world()).maxStretchRatio);
        }
        EXPECT_LT(worst, 1.08f) << "wind " << wind;
        EXPECT_GE(worst, 1.0f);
        if (wind == 0.0f) {
            EXPECT_LT(measureCloth(sim.world()).maxStretchRatio, 1.05f);
        }
    }
}

TEST(XpbdPhysics, StretchGrowsWithCompliance) {
    auto settledStretch = [](float compliance) {
        Settings s = settingsWith([&](Settings& st) {
            st.cloth.resolution = {12, 12};
            st.cloth.pins = PinPreset::TopRow;
            st.solver.stretchCompliance = st.solver.shearCompliance = st.solver.bendCompliance = compliance;
        });
        Simulation sim = makeSimulation(s);
        simulate(sim, 5.0);
        return measureCloth(sim.world()).maxStretchRatio;
    };
    EXPECT_LT(settledStretch(0.0f), settledStretch(0.01f));
    EXPECT_LT(settledStretch(0.01f), settledStretch(0.3f));
}

TEST(XpbdPhysics, DrapeEndsOutsideSphereAndGround) {
    Settings s = settingsWith([](Settings& st) {
        st.cloth.resolution = {24, 24};
        st.cloth.orientation = Orientation::Horizontal;
        st.cloth.origin = {0.0f, 1.3f, 0.0f};
        st.cloth.pins = PinPreset::None;
        st.collision.thickness = 0.015f;
    });
    Colliders colliders;
    colliders.push_back(makeSphere({0.0f, 0.8f, 0.0f}, 0.4f));
    Simulation sim = makeSimulation(s, colliders);
    simulate(sim, 6.0);
    const World& world = sim.world();
    const ClothStats stats = measureCloth(world);
    // The cloth rests on the sphere: it is held up above the ground...
    EXPECT_GT(stats.bboxMax.y, 1.1f);
    // ...and no particle is closer to a surface than the thickness, up to 1 mm.
    for (const glm::vec3& x : world.cloth.positions) {
        EXPECT_GT(glm::distance(x, colliders[0].pose.position), 0.4f + 0.015f - 1e-3f);
        EXPECT_GT(x.y, 0.015f - 1e-3f);
    }
    EXPECT_LT(stats.maxPenetration, s.collision.thickness);
}

TEST(XpbdPhysics, SettledSagDoesNotDependOnTheTimeStep) {
    // xpbd-thesis's claim (docs/sources.md): XPBD's stiffness is set by the compliance, not the step.
    // A top-pinned soft sheet settles; its centroid drop must agree within 5 %
    // at 1/30, 1/60 and 1/120 s.
    auto settledDrop = [](float dt, float compliance) {
        Settings s = settingsWith([&](Settings& st) {
            st.sim.dt = dt;
            st.cloth.resolution = {12, 12};
            st.cloth.pins = PinPreset::TopRow;
            st.cloth.density = 1.0f;
            st.solver.damping = 5.0f;
            st.solver.stretchCompliance = st.solver.shearCompliance = st.solver.bendCompliance = compliance;
        });
        Simulation sim = makeSimulation(s);
        const float restY = measureCloth(sim.world()).centroid.y;
        simulate(sim, 40.0);
        return restY - measureCloth(sim.world()).centroid.y;
    };
    const float compliance = 0.1f;
    const float d30 = settledDrop(1.0f / 30.0f, compliance);
    const float d60 = settledDrop(1.0f / 60.0f, compliance);
    const float d120 = settledDrop(1.0f / 120.0f, compliance);
    EXPECT_NEAR(d30 / d60, 1.0f, 0.05f);
    EXPECT_NEAR(d120 / d60, 1.0f, 0.05f);
    // and the compliance is what sets it: a stiff sheet barely sags
    EXPECT_GT(d60, 5.0f * settledDrop(1.0f / 60.0f, 1e-6f));
}

TEST(XpbdPhysics, SameInputsGiveBitIdenticalResults) {
    auto run = [] {
        Settings s = settingsWith([](Settings& st) {
            st.cloth.resolution = {16, 16};
            st.wind.strength = 3.0f;
        });
        Simulation sim = makeSimulation(s);
        simulate(sim, 2.0);
        return sim.world().cloth.positions;
    };
    EXPECT_EQ(run(), run());
}

TEST(XpbdPhysics, WindPushesAlongItsDirection) {
    Settings s = settingsWith([](Settings& st) {
        st.cloth.resolution = {16, 16};
        st.wind.direction = {0.0f, 0.0f, 1.0f};
        st.wind.strength = 2.0f;
        st.wind.gustAmplitude = 0.0f;
    });
    Simulation sim = makeSimulation(s);
    simulate(sim, 3.0);
    EXPECT_GT(measureCloth(sim.world()).centroid.z, 0.05f);
}

} // namespace
} // namespace cs::test

namespace cs::test {
namespace {

TEST(XpbdPhysics, DihedralBendingHoldsACantilever) {
    // A horizontal 0.55 m sheet clamped along two rows (one row would let the first
    // strip swing about it: no hinge crosses a border). With only stretch and shear
    // links, the hinges alone hold it out: stiff hinges nearly level, soft ones let it hang.
    auto droop = [](float compliance) {
        Settings s = settingsWith([&](Settings& st) {
            st.cloth.resolution = {12, 12};
            st.cloth.orientation = Orientation::Horizontal;
            st.cloth.origin = {0.0f, 1.5f, 0.0f};
            st.cloth.pins = PinPreset::TopRow;
            st.cloth.linkLevel = 1;
            st.solver.bending = BendingModel::Dihedral;
            st.solver.bendCompliance = compliance;
            st.solver.damping = 2.0f;
        });
        World world = makeWorld(s, {});
        for (std::size_t x = 0; x < 12; ++x) world.cloth.setPinned(12 + x, true);  // the second row
        Simulation sim(std::move(world));
        simulate(sim, 4.0);
        const ClothStats stats = measureCloth(sim.world());
        EXPECT_EQ(stats.nanCount, 0u);
        EXPECT_LT(stats.maxStretchRatio, 1.02f) << "hinges bend, they must not stretch";
        EXPECT_LT(stats.kineticEnergy, 1e-5) << "and they must not pump energy in";
        return 1.5f - stats.minY;
    };
    // measured: 0.057 m at 1e-6, 0.457 m at 100
    EXPECT_LT(droop(1e-6f), 0.1f);
    EXPECT_GT(droop(100.0f), 0.35f);
}

} // namespace
} // namespace cs::test
