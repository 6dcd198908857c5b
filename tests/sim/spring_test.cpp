// One mass on one spring: the smallest system on which the integrators differ.
//
// A particle of mass m hangs on a Hooke spring of stiffness k and rest length L
// whose other end is pinned at the origin. With no gravity, no air and no damping
// its displacement u = |d| - L is a harmonic oscillation of period T = 2 pi sqrt(m / k)
// and its energy E = 1/2 m v^2 + 1/2 k u^2 is conserved. A step h of a method
// multiplies the amplitude of that oscillation by a factor that depends only on
// w h (w = sqrt(k / m)):
//   explicit Euler    sqrt(1 + (w h)^2) > 1      energy grows without bound
//   implicit Euler    1 / sqrt(1 + (w h)^2) < 1  energy decays
//   symplectic Euler  1 (it conserves a modified energy; E oscillates by ~ w h / 2)
//   Verlet            1 (same, second order)
// and every consistent method gets the period right to O((w h)^2).
#include "../support/sim_fixture.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <numbers>
#include <string>
#include <vector>

namespace cs::test {
namespace {

struct Oscillator {
    float mass = 0.1f;        // kilograms
    float stiffness = 40.0f;  // newtons per metre: w = 20 rad/s, T = 0.314 s
    float restLength = 1.0f;  // metres
    float stretch = 0.02f;    // initial displacement, metres (2 % of L)

    double omega() const { return std::sqrt(static_cast<double>(stiffness) / mass); }
    double period() const { return 2.0 * std::numbers::pi / omega(); }
};

// A world built by hand: particle 0 pinned at the origin, particle 1 at rest at
// distance L + stretch along x, one stretch link between them. Gravity, air,
// damping and the ground are off, so the spring is the only force.
World oscillatorWorld(const Oscillator& osc, const std::string& solver, float dt, int substeps) {
    World world;
    world.settings = settingsWith([&](Settings& s) {
        s.solver.id = solver;
        s.sim.dt = dt;
        s.solver.substeps = substeps;
        s.sim.gravity = glm::vec3(0.0f);
        s.wind.strength = 0.0f;
        s.wind.airDensity = 0.0f;
        s.solver.damping = 0.0f;
        s.springs.damping = 0.0f;
        s.springs.pointDamping = 0.0f;
        s.springs.stretchStiffness = osc.stiffness;  // k of the one link
        s.provot.enabled = false;
        s.collision.ground = false;
    });
    Cloth& cloth = world.cloth;
    cloth.positions = {glm::vec3(0.0f), glm::vec3(osc.restLength + osc.stretch, 0.0f, 0.0f)};
    cloth.previousPositions = cloth.positions;
    cloth.velocities = {glm::vec3(0.0f), glm::vec3(0.0f)};
    cloth.restPositions = {glm::vec3(0.0f), glm::vec3(osc.restLength, 0.0f, 0.0f)};
    cloth.restUV = {glm::vec2(0.0f), glm::vec2(1.0f, 0.0f)};
    cloth.masses = {osc.mass, osc.mass};
    cloth.inverseMasses = {1.0f / osc.mass, 1.0f / osc.mass};
    cloth.pinned = {0, 0};
    cloth.links = {Link{0, 1, osc.restLength, LinkKind::Stretch}};
    cloth.setPinned(0, true);
    return world;
}

double displacement(const World& world, const Oscillator& osc) {
    const Cloth& c = world.cloth;
    return static_cast<double>(glm::distance(c.positions[0], c.positions[1])) - osc.restLength;
}

double energy(const World& world, const Oscillator& osc) {
    const glm::vec3 v = world.cloth.velocities[1];
    const double u = displacement(world, osc);
    return 0.5 * osc.mass * glm::dot(v, v) + 0.5 * osc.stiffness * u * u;
}

// The period from the zero crossings of u(t), each located by linear
// interpolation between steps; consecutive crossings are half a period apart.
double measuredPeriod(Simulation& sim, const Oscillator& osc, double duration) {
    const double dt = sim.world().settings.sim.dt;
    const int steps = static_cast<int>(std::lround(duration / dt));
    std::vector<double> crossings;
    double u = displacement(sim.world(), osc);
    for (int i = 0; i < steps; ++i) {
        sim.step();
        const double next = displacement(sim.world(), osc);
        if ((u > 0.0) != (next > 0.0)) crossings.push_back((i + u / (u - next)) * dt);
        u = next;
    }
    if (crossings.size() < 2) return 0.0;
    return 2.0 * (crossings.back() - crossings.front()) / static_cast<double>(crossings.size() - 1);
}

class SpringPeriod : public ::testing::TestWithParam<const char*> {};

TEST_P(SpringPeriod, MatchesTwoPiRootMOverK) {
    // dt = 1/240 s in 2 substeps: h = 1/480 s, w h = 0.042. The O((w h)^2) period
    // error of these methods is below 0.1 %; we allow 2 %. Measured T / T0:
    // 0.99993 symplectic Euler, 1.00004 Verlet, 1.00000 RK4, 1.00058 implicit Euler.
    const Oscillator osc;
    Simulation sim(oscillatorWorld(osc, GetParam(), 1.0f / 240.0f, 2));
    const double period = measuredPeriod(sim, osc, 8.0 * osc.period());  // 16 crossings
    EXPECT_NEAR(period / osc.period(), 1.0, 0.02) << "measured " << period << " s, closed form " << osc.period()
                                                  << " s";
    EXPECT_EQ(sim.recoveries(), 0);
}

INSTANTIATE_TEST_SUITE_P(Solvers, SpringPeriod,
                         ::testing::Values("symplectic_euler", "verlet", "rk4", "implicit_euler",
                                           "projective_dynamics", "vbd"),
                         [](const auto& test) { return std::string(test.param); });

// Energy relative to the start at every step over 100 periods (31.4 s).
// dt = 1/240 s in 8 substeps: h = 1/1920 s, w h = 0.0104. The step is this small
// so that explicit Euler's growth, (1 + (w h)^2) per substep = exp(6.5) = 700x
// over 100 periods, stays inside the runaway guard (amplitude 26 x 2 cm = 0.5 m).
struct EnergyHistory {
    double initial = 0.0;
    double final = 0.0;
    double lowest = 0.0;   // min over steps of E / E0
    double highest = 0.0;  // max over steps of E / E0
    int recoveries = 0;
};

EnergyHistory energyOverHundredPeriods(const char* solver) {
    const Oscillator osc;
    Simulation sim(oscillatorWorld(osc, solver, 1.0f / 240.0f, 8));
    EnergyHistory h;
    h.initial = energy(sim.world(), osc);
    h.lowest = h.highest = 1.0;
    const int steps = static_cast<int>(std::lround(100.0 * osc.period() / sim.world().settings.sim.dt));
    for (int i = 0; i < steps; ++i) {
        sim.step();
        const double ratio = energy(sim.world(), osc) / h.initial;
        h.lowest = std::min(h.lowest, ratio);
        h.highest = std::max(h.highest, ratio);
    }
    h.final = energy(sim.world(), osc);
    h.recoveries = sim.recoveries();
    return h;
}

// Measured E / E0 after 100 periods: explicit Euler 695 (theory exp(6.54) = 693),
// implicit Euler 0.00143 (theory 1 / 693). Band over every step: symplectic
// Euler [0.9946, 1.0058], RK4 [0.9999, 1.0006]; Verlet drifts up to 1.436.
TEST(SpringEnergy, ExplicitEulerGainsEnergy) {
    const EnergyHistory h = energyOverHundredPeriods("explicit_euler");
    EXPECT_GT(h.final, 1.1 * h.initial) << "E/E0 = " << h.final / h.initial;
    EXPECT_EQ(h.recoveries, 0);  // it grew, it did not explode
}

TEST(SpringEnergy, ImplicitEulerLosesEnergy) {
    const EnergyHistory h = energyOverHundredPeriods("implicit_euler");
    EXPECT_LT(h.final, 0.9 * h.initial) << "E/E0 = " << h.final / h.initial;
    EXPECT_GT(h.final, 0.0);
    EXPECT_EQ(h.recoveries, 0);
}

// Vertex Block Descent and Projective Dynamics minimise backward Euler's potential.
// On one spring along its own line it is a quadratic in the free particle's position,
// so one Newton step (vbd) or one local/global round (projective_dynamics) is exact:
// each step multiplies the energy by exactly backward Euler's 1 / (1 + (w h)^2). At
// w h = 20 / 240 over 10 periods (754 steps) that is 5.42e-3. The step is not smaller:
// both methods take the velocity from positions, (x' - x) / h, and at h = 1/1920 s a
// step moves the particle 2e-4 m, a thousand float steps of its 1 m position, whose
// rounding then damps as much again (E/E0 4.6e-4 instead of 1.4e-3 over 100 periods).
class SpringEnergyBackwardEuler : public ::testing::TestWithParam<const char*> {};

TEST_P(SpringEnergyBackwardEuler, DecaysByBackwardEulersFactor) {
    const Oscillator osc;
    const float dt = 1.0f / 240.0f;
    Simulation sim(oscillatorWorld(osc, GetParam(), dt, 1));
    const double initial = energy(sim.world(), osc);
    const int steps = static_cast<int>(std::lround(10.0 * osc.period() / dt));
    const double wh = osc.omega() * dt;
    double highest = initial;
    for (int i = 0; i < steps; ++i) {
        sim.step();
        highest = std::max(highest, energy(sim.world(), osc));
    }
    const double expected = std::pow(1.0 + wh * wh, -steps);
    const double ratio = energy(sim.world(), osc) / initial;
    EXPECT_NEAR(ratio, expected, 0.02 * expected) << "E/E0 = " << ratio;
    EXPECT_LE(highest, initial * (1.0 + 1e-5)) << "an implicit step never adds energy";
    EXPECT_EQ(sim.recoveries(), 0);
}

INSTANTIATE_TEST_SUITE_P(Minimisers, SpringEnergyBackwardEuler, ::testing::Values("projective_dynamics", "vbd"),
                         [](const auto& test) { return std::string(test.param); });

class SpringEnergyBounded : public ::testing::TestWithParam<const char*> {};

TEST_P(SpringEnergyBounded, StaysInABandAtEveryStep) {
    // Symplectic methods conserve a shadow energy: E itself oscillates by about
    // w h / 2 = 0.5 % without drifting. RK4 loses (w h)^6 / 72 per step, nothing
    // here. We allow 5 %, ten times the oscillation; a method that drifts fails.
    const EnergyHistory h = energyOverHundredPeriods(GetParam());
    EXPECT_GT(h.lowest, 0.95);
    EXPECT_LT(h.highest, 1.05);
    EXPECT_EQ(h.recoveries, 0);
}

INSTANTIATE_TEST_SUITE_P(Solvers, SpringEnergyBounded, ::testing::Values("symplectic_euler", "verlet", "rk4"),
                         [](const auto& test) { return std::string(test.param); });

} // namespace
} // namespace cs::test
