#pragma once
// Helpers that read like physics: build a small world, simulate t seconds,
// compare with the closed form.
#include "sim/params.hpp"
#include "sim/simulation.hpp"
#include "sim/solver.hpp"
#include "sim/stats.hpp"

#include <cmath>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace cs::test {

// Defaults of the parameter table (self-contact off, below), then the caller's changes.
inline Settings settingsWith(const std::function<void(Settings&)>& change = {}) {
    Settings s = defaultSettings();
    s.wind.strength = 0.0f;
    // Self-contact is on in the table since 2026-11-29. These tests check the integrators,
    // the tools and the colliders on their own, as written while it was off; the contact
    // tests turn it on (they always did). Self-contact holds a vertex to its bound between
    // detections, which changes a cloth's path wherever its parts move apart (a free fall
    // as one is not held back: FreeFallWithContact).
    s.collision.selfCollision = false;
    if (change) change(s);
    return s;
}

inline Simulation makeSimulation(const Settings& settings, Colliders colliders = {}) {
    return Simulation(makeWorld(settings, std::move(colliders)));
}

// Every CPU solver id in the registry, in its order: suites parameterised over all
// methods. The GPU twins are left out: without a GL context they would run their
// CPU twin a second time; gpu_solver_tests checks them in a context of its own.
inline std::vector<std::string> registeredSolverIds() {
    std::vector<std::string> ids;
    for (const SolverInfo& info : solverRegistry())
        if (!info.gpu()) ids.emplace_back(info.id);
    return ids;
}

// The CPU solvers (every one runs triangle contact): the triangle-contact suites run each.
inline std::vector<std::string> triangleContactSolverIds() {
    std::vector<std::string> ids;
    for (const SolverInfo& info : solverRegistry())
        if (!info.gpu()) ids.emplace_back(info.id);
    return ids;
}

// The registry's row for a solver a test names (a wrong id fails the test at once).
inline const SolverInfo& solverInfo(std::string_view id) {
    const SolverInfo* info = findSolver(id);
    if (!info) throw std::invalid_argument("no solver '" + std::string(id) + "' in the registry");
    return *info;
}

// Force-based methods that are stable at any step (implicit solves), as opposed to
// the explicit integrators (Stability::Conditional, NeedsDamping).
inline bool implicitMethod(const SolverInfo& info) {
    return info.family == SolverFamily::ForceBased && info.stability == Stability::Unconditional;
}

// What a method needs to run on springs at all at the shared defaults: forward Euler
// (Stability::NeedsDamping) adds energy at any step, so it gets the substeps and the
// spring damping of its compare scene from the registry; every other method is
// stable at the defaults and keeps them.
inline void tuneForSprings(Settings& s) {
    const SolverInfo& info = solverInfo(s.solver.id);
    if (info.stability != Stability::NeedsDamping) return;
    s.solver.substeps = info.substeps;
    s.springs.damping = info.springDamping;
}

// Steps until `seconds` of simulated time have passed; returns the step count.
inline int simulate(Simulation& sim, double seconds) {
    const int steps = static_cast<int>(std::lround(seconds / sim.world().settings.sim.dt));
    for (int i = 0; i < steps; ++i) sim.step();
    return steps;
}

} // namespace cs::test
