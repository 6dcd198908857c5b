#include "simulation.hpp"

#include <cmath>
#include <glm/geometric.hpp>

namespace cs {
namespace {
// A particle this fast (m/s) or this far from the origin (m) means the solver blew up.
constexpr float kRunawaySpeed = 1000.0f;
constexpr float kRunawayDistance = 10000.0f;
constexpr std::uint64_t kSnapshotEvery = 30;  // steps between saved good states
} // namespace

Simulation::Simulation(World world) : m_world(std::move(world)) {
    syncSolver();
    saveGoodState();
}

void Simulation::syncSolver() {
    if (m_solver && m_solver->id() == m_world.settings.solver.id) return;
    const SolverInfo* info = findSolver(m_world.settings.solver.id);
    if (!info) info = &solverRegistry().front();  // validated earlier; stay safe anyway
    m_solver = info->create();
    m_solver->topologyChanged(m_world);
}

void Simulation::reset() {
    resetWorld(m_world);
    syncSolver();
    m_solver->topologyChanged(m_world);
    saveGoodState();
}

std::string Simulation::unsoundReason() const {
    const Cloth& cloth = m_world.cloth;
    for (std::size_t i = 0; i < cloth.particleCount(); ++i) {
        const glm::vec3 x = cloth.positions[i], v = cloth.velocities[i];
        // written so that NaN fails every comparison and lands in "unsound"
        const bool ok = std::abs(x.x) < kRunawayDistance && std::abs(x.y) < kRunawayDistance &&
                        std::abs(x.z) < kRunawayDistance && glm::dot(v, v) < kRunawaySpeed * kRunawaySpeed;
        if (ok) continue;
        const std::string particle = "particle " + std::to_string(i);
        if (!std::isfinite(x.x + x.y + x.z)) return particle + " has a non-finite position";
        if (!std::isfinite(v.x + v.y + v.z)) return particle + " has a non-finite velocity";
        if (glm::dot(v, v) >= kRunawaySpeed * kRunawaySpeed)
            return particle + " moves at " + std::to_string(static_cast<long long>(glm::length(v))) +
                   " m/s, over the " + std::to_string(static_cast<int>(kRunawaySpeed)) + " m/s limit";
        return particle + " is more than " + std::to_string(static_cast<int>(kRunawayDistance)) +
               " m from the origin";
    }
    return {};
}

void Simulation::saveGoodState() {
    // same sizes after the first save: assignment reuses the storage, no allocation
    m_goodPositions = m_world.cloth.positions;
    m_goodVelocities = m_world.cloth.velocities;
    m_goodTime = m_world.time;
}

void Simulation::restoreGoodState() {
    Cloth& cloth = m_world.cloth;
    if (m_goodPositions.size() != cloth.particleCount()) {
        reset();
        return;
    }
    cloth.positions = m_goodPositions;
    cloth.previousPositions = m_goodPositions;
    for (auto& v : cloth.velocities) v = glm::vec3(0.0f);  // restart calm, or it explodes again at once
    m_world.time = m_goodTime;
    // the solver's caches (Verlet's last acceleration, matrices) came from the exploded state
    m_solver->topologyChanged(m_world);
}

StepStats Simulation::step() {
    syncSolver();
    const float dt = m_world.settings.sim.dt;
    StepStats stats = m_solver->step(m_world, dt);
    m_world.time += dt;
    ++m_world.steps;
    if (const std::string reason = unsoundReason(); !reason.empty()) {
        stats.diverged = true;
        ++m_recoveries;
        m_lastRecovery = "simulation diverged at t = " + std::to_string(m_world.time) + " s with " +
                         std::string(m_solver->id()) + ": " + reason + "; restored the state from t = " +
                         std::to_string(m_goodTime) + " s with zero velocity";
        restoreGoodState();
    } else if (m_world.steps % kSnapshotEvery == 0) {
        saveGoodState();
    }
    return stats;
}

} // namespace cs
