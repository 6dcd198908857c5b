#include "simulation.hpp"

#include "collision/contact.hpp"
#include "collision/motion.hpp"
#include "topology_edit.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/common.hpp>
#include <glm/geometric.hpp>

namespace cs {
namespace {
// An explosion within this many steps of the last restore means the state restored was
// already on its way there; no good state is saved during it.
constexpr std::uint64_t kRepeatWindow = 2 * Simulation::kSnapshotEvery;

std::string number(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", x);
    return buf;
}

bool withinDistance(glm::vec3 x) {
    // written so that NaN fails every comparison
    return std::abs(x.x) < Simulation::kRunawayDistance && std::abs(x.y) < Simulation::kRunawayDistance &&
           std::abs(x.z) < Simulation::kRunawayDistance;
}

bool withinSpeed(glm::vec3 v) { return glm::dot(v, v) < Simulation::kRunawaySpeed * Simulation::kRunawaySpeed; }
} // namespace

Simulation::Simulation(World world) : m_world(std::move(world)) {
    makeRoomForEdits(m_world.cloth);
    syncSolver();
    measureRestExtent();
    restartGoodStates();
}

void Simulation::syncSolver() {
    const std::string& id = m_world.settings.solver.id;
    const SolverInfo* info = findSolver(id);
    if (!info) info = &solverRegistry().front();  // validated earlier; stay safe anyway
    // a GPU entry is made again when the GL layer's factory came or went
    if (m_solver && m_solverId == id && (!info->gpu() || m_solverFactoryVersion == gpuSolverFactoryVersion())) return;
    if (m_solver) m_solver->syncToCpu(m_world);  // the outgoing solver's state is the cloth's
    CreatedSolver created = createSolver(*info);
    m_solver = std::move(created.solver);
    m_solverId = id;
    m_solverFactoryVersion = gpuSolverFactoryVersion();
    // never silently: a note at the next step (the app installs the GPU factory after it
    // made this Simulation, before the first step), the app's status line from solverNote()
    if (created.note != m_solverNote) m_solverNoteReported = false;
    m_solverNote = std::move(created.note);
    m_solver->topologyChanged(m_world, TopologyEdit{});
}

void Simulation::reset() {
    resetWorld(m_world);
    makeRoomForEdits(m_world.cloth);
    // a reset is a load: a new solver, with no caches and no contact bounds from the
    // run before (its contact detects at the first substep, as after loading the scene)
    m_solver.reset();
    syncSolver();
    measureRestExtent();
    restartGoodStates();
}

void Simulation::topologyEdited(const TopologyEdit& edit) {
    m_solver->topologyChanged(m_world, edit);
    restartGoodStates();
}

void Simulation::stateRestored() { topologyEdited(); }

bool Simulation::cut(glm::vec2 uv0, glm::vec2 uv1) {
    TopologyEdit edit;
    if (!cutAlongRestSegment(m_world.cloth, uv0, uv1, m_world.settings.tearing.cutSplitsTriangles,
                             m_world.contactRoom, &edit)
             .changed())
        return false;
    topologyEdited(edit);
    return true;
}

std::string Simulation::unsoundReason() const {
    const Cloth& cloth = m_world.cloth;
    std::string distance, speed;
    glm::vec3 lo(0.0f), hi(0.0f);
    for (std::size_t i = 0; i < cloth.particleCount(); ++i) {
        const glm::vec3 x = cloth.positions[i], v = cloth.velocities[i];
        lo = i ? glm::min(lo, x) : x;
        hi = i ? glm::max(hi, x) : x;
        if (withinDistance(x) && withinSpeed(v)) continue;
        const std::string particle = "particle " + std::to_string(i);
        if (!std::isfinite(x.x + x.y + x.z)) return "non-finite state: " + particle + " has a non-finite position";
        if (!std::isfinite(v.x + v.y + v.z)) return "non-finite state: " + particle + " has a non-finite velocity";
        if (!withinSpeed(v) && speed.empty())
            speed = "speed limit: " + particle + " moves at " + number(glm::length(v)) + " m/s, over " +
                    number(kRunawaySpeed) + " m/s";
        if (!withinDistance(x) && distance.empty())
            distance = "distance limit: " + particle + " is more than " + number(kRunawayDistance) +
                       " m from the origin";
    }
    // a cut or torn cloth may fall apart for real: the extent limit holds while it is whole
    std::string extent;
    const float extentLimit = kRunawayExtentFactor * m_restDiagonal + kRunawayExtentMargin;
    if (cloth.topologyVersion == m_builtTopologyVersion && glm::length(hi - lo) > extentLimit)
        extent = "bounding-box limit: the cloth spans " + number(glm::length(hi - lo)) + " m, over " +
                 number(kRunawayExtentFactor) + " x its rest diagonal " + number(m_restDiagonal) + " m + " +
                 number(kRunawayExtentMargin) + " m";
    std::string reason;
    for (const std::string* part : {&speed, &distance, &extent})
        if (!part->empty()) reason += (reason.empty() ? "" : "; ") + *part;
    if (!reason.empty()) return reason;
    for (std::size_t k = 0; k < m_world.colliders.size(); ++k) {
        const Collider& c = m_world.colliders[k];
        if (withinDistance(c.pose.position) && withinSpeed(c.velocity)) continue;
        return "speed or distance limit: collider " + std::to_string(k) + " (" + std::string(shapeName(c.shape.kind)) +
               ") ran away or became non-finite";
    }
    return {};
}

void Simulation::measureRestExtent() {
    const Cloth& cloth = m_world.cloth;
    const std::vector<glm::vec3>& rest =
        cloth.restPositions.size() == cloth.particleCount() ? cloth.restPositions : cloth.positions;
    glm::vec3 lo(0.0f), hi(0.0f);
    for (std::size_t i = 0; i < rest.size(); ++i) {
        lo = i ? glm::min(lo, rest[i]) : rest[i];
        hi = i ? glm::max(hi, rest[i]) : rest[i];
    }
    m_restDiagonal = glm::length(hi - lo);
    m_builtTopologyVersion = cloth.topologyVersion;
}

void Simulation::restartGoodStates() {
    const Cloth& cloth = m_world.cloth;
    // every slot sized now: saving the same cloth later copies into this storage
    for (GoodState& g : m_good) {
        g.positions.reserve(cloth.particleCount());
        g.velocities.reserve(cloth.particleCount());
        g.colliders = m_world.colliders;
    }
    m_goodCount = 0;
    m_restoredOnce = false;
    m_halted = false;
    saveGoodState();
}

void Simulation::saveGoodState() {
    m_goodNewest = (m_goodNewest + 1) % kSnapshotCount;
    m_goodCount = std::min(m_goodCount + 1, kSnapshotCount);
    GoodState& g = m_good[m_goodNewest];
    g.positions = m_world.cloth.positions;
    g.velocities = m_world.cloth.velocities;
    g.colliders = m_world.colliders;
    g.time = m_world.time;
}

Simulation::Restored Simulation::restoreGoodState() {
    Cloth& cloth = m_world.cloth;
    const bool again = m_restoredOnce && m_world.steps - m_lastRestoreStep <= kRepeatWindow;
    const bool sameAgain = again && m_goodCount <= 1;
    if (again && m_goodCount > 1) {
        m_goodNewest = (m_goodNewest + kSnapshotCount - 1) % kSnapshotCount;
        --m_goodCount;
    }
    m_restoredOnce = true;
    m_lastRestoreStep = m_world.steps;
    const GoodState& g = m_good[m_goodNewest];
    if (m_goodCount == 0 || g.positions.size() != cloth.particleCount()) {
        reset();
        return {};  // a fresh cloth: not the state restored before
    }
    cloth.positions = g.positions;
    cloth.previousPositions = g.positions;
    for (auto& v : cloth.velocities) v = glm::vec3(0.0f);  // restart calm, or it explodes again at once
    m_world.time = g.time;
    if (g.colliders.size() == m_world.colliders.size()) {
        // dynamic bodies go back with the cloth; the user's hold and edits stay
        for (std::size_t k = 0; k < g.colliders.size(); ++k) {
            Collider& c = m_world.colliders[k];
            if (!c.isDynamic()) continue;
            c.pose = g.colliders[k].pose;
            c.velocity = glm::vec3(0.0f);
        }
    }
    // the solver's caches (Verlet's last acceleration, matrices) came from the exploded state
    m_solver->topologyChanged(m_world, TopologyEdit{});
    return {g.time, sameAgain};
}

Simulation::Adaptation Simulation::adaptAfterRecovery() {
    SolverSettings& solver = m_world.settings.solver;
    auto doubleUpTo = [](const char* key, int& value, int cap) -> Adaptation {
        if (value >= cap) return {std::string("; ") + key + " already at the guard's cap " + std::to_string(cap), false};
        const int before = value;
        value = std::min(cap, value * 2);
        return {std::string("; ") + key + " " + std::to_string(before) + " -> " + std::to_string(value), true};
    };
    switch (m_world.settings.sim.recovery) {
    case RecoveryMode::HalveStep:
        // the setting that decides the step's substeps
        if (substepsThisStep(m_world) > std::max(solver.substeps, 1))
            return doubleUpTo("solver.contact_substeps", solver.contactSubsteps, kMaxRecoverySubsteps);
        return doubleUpTo("solver.substeps", solver.substeps, kMaxRecoverySubsteps);
    case RecoveryMode::RaiseIterations:
        return doubleUpTo("solver.iterations", solver.iterations, kMaxRecoveryIterations);
    case RecoveryMode::Restore: break;
    }
    return {};
}

StepStats Simulation::step() {
    if (m_halted) return {};
    syncSolver();
    if (!m_solverNoteReported && !m_solverNote.empty()) m_pendingNotes.push_back(m_solverNote);
    m_solverNoteReported = true;
    const float dt = m_world.settings.sim.dt;
    beginColliderStep(m_world.colliders, m_world.time, dt);
    applyPinGroups(m_world.pinGroups, m_world.cloth, m_world.time, dt);
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
        const double divergedAt = m_world.time;
        const Restored restored = restoreGoodState();
        m_lastRestoredTime = restored.time;
        const Adaptation adapted = adaptAfterRecovery();
        m_lastRecovery = "simulation diverged at t = " + number(divergedAt) + " s with " +
                         std::string(m_solver->id()) + ": " + reason + "; restored t = " +
                         number(m_lastRestoredTime) + " s with zero velocity" + adapted.text;
        // the same state, the same settings: a deterministic step would diverge the same
        // way again, for ever; hold instead
        if (restored.sameAgain && !adapted.changed) {
            m_halted = true;
            m_lastRecovery += "; it diverged again from the same state with the same settings, so the guard holds "
                              "the simulation here: change a setting (sim.recovery = halve_step raises substeps), "
                              "reset, undo, or press play to try again";
        }
        return stats;
    }
    // tearing edits the topology between steps, never inside a solver's step
    const TearingSettings& tearing = m_world.settings.tearing;
    // (no spring-back under self-contact: only the solver's step keeps to the contact's
    // bounds; a GPU solver, or its CPU twin standing in for it, has no self-contact)
    const bool springBack = !usesTriangleContact(m_world);
    TearResult torn;
    if (tearing.enabled) torn = tearing.splitsTriangles ? m_crackTearing.apply(m_world.cloth, tearing.maxStretch)
                                                        : m_tearing.apply(m_world.cloth, tearing.maxStretch, springBack);
    if (torn.changed()) {
        topologyEdited(torn.edit ? *torn.edit : TopologyEdit{});
    } else if (m_world.steps % kSnapshotEvery == 0 &&
               !(m_restoredOnce && m_world.steps - m_lastRestoreStep <= kRepeatWindow)) {
        saveGoodState();
    }
    return stats;
}

} // namespace cs
