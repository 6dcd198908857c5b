#include "simulation.hpp"

#include "collision/motion.hpp"

#include <cmath>
#include <iostream>
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
    const std::string& id = m_world.settings.solver.id;
    const SolverInfo* info = findSolver(id);
    if (!info) info = &solverRegistry().front();  // validated earlier; stay safe anyway
    // a GPU entry is made again when the GL layer's factory came or went
    if (m_solver && m_solverId == id && (!info->gpu || m_solverFactoryVersion == gpuSolverFactoryVersion())) return;
    if (m_solver) m_solver->syncToCpu(m_world);  // the outgoing solver's state is the cloth's
    CreatedSolver created = createSolver(*info);
    m_solver = std::move(created.solver);
    m_solverId = id;
    m_solverFactoryVersion = gpuSolverFactoryVersion();
    // never silently: stderr at the next step (the app installs the GPU factory after it
    // made this Simulation, before the first step), the app's status line from solverNote()
    if (created.note != m_solverNote) m_solverNotePrinted = false;
    m_solverNote = std::move(created.note);
    m_solver->topologyChanged(m_world);
}

void Simulation::reset() {
    resetWorld(m_world);
    syncSolver();
    m_solver->topologyChanged(m_world);
    saveGoodState();
}

void Simulation::topologyEdited() {
    m_solver->topologyChanged(m_world);
    saveGoodState();
}

void Simulation::stateRestored() { topologyEdited(); }

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
    for (std::size_t k = 0; k < m_world.colliders.size(); ++k) {
        const Collider& c = m_world.colliders[k];
        const glm::vec3 x = c.pose.position, v = c.velocity;
        if (std::abs(x.x) < kRunawayDistance && std::abs(x.y) < kRunawayDistance &&
            std::abs(x.z) < kRunawayDistance && glm::dot(v, v) < kRunawaySpeed * kRunawaySpeed)
            continue;
        return "collider " + std::to_string(k) + " (" + std::string(shapeName(c.shape.kind)) +
               ") ran away or became non-finite";
    }
    return {};
}

void Simulation::saveGoodState() {
    // same sizes after the first save: assignment reuses the storage, no allocation
    m_goodPositions = m_world.cloth.positions;
    m_goodVelocities = m_world.cloth.velocities;
    m_goodColliders = m_world.colliders;
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
    if (m_goodColliders.size() == m_world.colliders.size()) {
        // dynamic bodies go back with the cloth; the user's hold and edits stay
        for (std::size_t k = 0; k < m_goodColliders.size(); ++k) {
            Collider& c = m_world.colliders[k];
            if (!c.isDynamic()) continue;
            c.pose = m_goodColliders[k].pose;
            c.velocity = glm::vec3(0.0f);
        }
    }
    // the solver's caches (Verlet's last acceleration, matrices) came from the exploded state
    m_solver->topologyChanged(m_world);
}

StepStats Simulation::step() {
    syncSolver();
    if (!m_solverNotePrinted && !m_solverNote.empty()) std::cerr << "clothsim: " << m_solverNote << '\n';
    m_solverNotePrinted = true;
    const float dt = m_world.settings.sim.dt;
    beginColliderStep(m_world.colliders, m_world.time, dt);
    StepStats stats = m_solver->step(m_world, dt);
    for (Collider& c : m_world.colliders)
        if (!c.isDynamic()) c.pose = c.stepEnd;  // exactly on the path, whatever the solver's substeps
    m_world.time += dt;
    ++m_world.steps;
    // GPU solvers: the guard, its snapshot and tearing read the CPU copy
    if (m_world.steps % kSnapshotEvery == 0 || m_world.settings.tearing.enabled) m_solver->syncToCpu(m_world);
    if (const std::string reason = unsoundReason(); !reason.empty()) {
        stats.diverged = true;
        ++m_recoveries;
        m_lastRecovery = "simulation diverged at t = " + std::to_string(m_world.time) + " s with " +
                         std::string(m_solver->id()) + ": " + reason + "; restored the state from t = " +
                         std::to_string(m_goodTime) + " s with zero velocity";
        restoreGoodState();
        return stats;
    }
    // tearing edits the topology between steps, never inside a solver's step
    if (m_world.settings.tearing.enabled &&
        m_tearing.apply(m_world.cloth, m_world.settings.tearing.maxStretch).changed()) {
        topologyEdited();
    } else if (m_world.steps % kSnapshotEvery == 0) {
        saveGoodState();
    }
    return stats;
}

} // namespace cs
