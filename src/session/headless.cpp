#include "headless.hpp"

#include "compare.hpp"
#include "data_paths.hpp"
#include "exporters.hpp"
#include "json_text.hpp"
#include "replay.hpp"
#include "scene/scene.hpp"
#include "soak.hpp"
#include "sim/collision/contact.hpp"
#include "sim/collision/crossing_count.hpp"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <sstream>

namespace cs {
namespace {

// "-" is standard output; a file is written whole or not at all (write_whole.hpp).
// Returns "" or "cannot write FILE: why".
std::string writeText(const std::string& path, const std::string& text) {
    if (path == "-") {
        std::cout << text << std::flush;
        return "";
    }
    return writeFileWhole(path, text);
}

// --stats-json and --dump-obj, where asked for; false (and why on stderr) if one cannot be written.
bool writeOutputs(const HeadlessOptions& cl, const HeadlessReport& report, const Cloth& cloth) {
    std::string error;
    if (cl.statsJson) error = writeText(*cl.statsJson, reportJson(report));
    if (error.empty() && cl.dumpObj) error = writeText(cl.dumpObj->string(), clothObj(cloth));
    if (!error.empty()) std::cerr << "clothsim: " << error << "\n";
    return error.empty();
}

// --export-obj-sequence and --export-pc2 of a run, sampled by the step loop.
class RunExport {
public:
    // Returns false (and why on stderr) when the export cannot start.
    bool begin(const HeadlessOptions& cl) {
        m_on = cl.exportObjSequence || cl.exportPc2;
        if (!m_on) return true;
        return report(m_exporter.begin({cl.exportObjSequence, cl.exportPc2, cl.exportEvery}));
    }
    // The state after `step` steps (0: before the first). False: an export failed (stop the run).
    bool atStep(Simulation& sim, long long step) {
        if (!m_on) return true;
        sim.syncToCpu();
        const bool ended = m_exporter.pc2EndedAt().has_value();
        if (!report(m_exporter.atStep(clothFrame(sim.world().cloth), step))) return false;
        if (!ended && m_exporter.pc2EndedAt())  // say so now; the run goes on for the other outputs
            std::cerr << "clothsim: --export-pc2: " << m_exporter.pc2EndNote()
                      << ". Export a cloth that tears with --export-obj-sequence DIR: one OBJ per sample, each "
                         "with its own mesh\n";
        return true;
    }
    // Completes the exports: 0, 1 (a file could not be written) or 2 (the PC2 ended early).
    int finish() {
        if (!m_on) return 0;
        if (m_failedWrite) return 1;
        if (!report(m_exporter.finish())) return 1;
        if (m_exporter.pc2EndedAt()) {
            std::cerr << "clothsim: --export-pc2 ended at step " << *m_exporter.pc2EndedAt()
                      << ", where the mesh changed: " << m_exporter.pc2Samples() << " samples (exit code 2)\n";
            return 2;
        }
        return 0;
    }
    bool failed() const { return m_failedWrite; }

private:
    bool report(const std::string& error) {
        if (error.empty()) return true;
        std::cerr << "clothsim: " << error << "\n";
        m_failedWrite = true;
        return false;
    }

    bool m_on = false;
    bool m_failedWrite = false;
    ClothExporter m_exporter;
};

int runSoakCommand(const HeadlessOptions& cl) {
    SoakOptions options;
    options.steps = *cl.soakSteps;
    options.seed = cl.seed;
    options.workCap = cl.soakWorkCap;
    options.scenePath = cl.scenePath.string();
    options.overrides = cl.overrides;
    options.sceneFolder = sceneDir().string();
    std::ofstream record;
    if (cl.recordInputs) {
        record.open(*cl.recordInputs, std::ios::binary);
        if (!record) {
            std::cerr << "clothsim: cannot write " << cl.recordInputs->string() << "\n";
            return 1;
        }
        options.record = &record;
    }
    const SoakReport report = runSoak(options);
    for (const std::string& note : report.notes) std::cerr << "clothsim: " << note << "\n";
    if (!report.error.empty()) {
        std::cerr << "clothsim: " << report.error << "\n";
        return 2;
    }
    if (cl.statsJson) {
        if (const std::string error = writeText(*cl.statsJson, soakJson(report)); !error.empty()) {
            std::cerr << "clothsim: " << error << "\n";
            return 1;
        }
    }
    if (!cl.statsJson) std::cerr << soakJson(report);
    if (record.is_open() && !record.flush()) {
        std::cerr << "clothsim: cannot write " << cl.recordInputs->string() << "\n";
        return 1;
    }
    if (report.invariantFailures > 0) {
        std::cerr << "clothsim: soak: " << report.firstFailure << "\n";
        return 1;
    }
    return 0;
}

int runReplayCommand(const HeadlessOptions& cl) {
    const InputScript script = loadInputScript(*cl.replay);
    if (!script.error.empty()) {
        std::cerr << "clothsim: " << script.error << "\n";
        return 2;
    }
    RunExport exports;
    if (!exports.begin(cl)) return 1;
    // the run is recorded as it is replayed (crossings after every step, the steps' stats),
    // from the state before the first step
    std::unique_ptr<RunRecorder> recorder;
    ReplayResult replay = replayScript(script, cl.scenePath.string(), cl.overrides, cl.steps,
                                       [&](InputPlayer& player, long long step) {
                                           Simulation& sim = *player.simulation();
                                           if (step == 0) recorder = std::make_unique<RunRecorder>(sim);
                                           // as a plain run stops at a halt, steps after it are not recorded
                                           else if (recorder && !recorder->halted())
                                               recorder->stepped(sim, player.lastStepStats(), player.lastStepMs());
                                           return exports.atStep(sim, step);
                                       });
    if (exports.failed()) return 1;
    if (replay.player)
        for (const std::string& note : replay.player->takeNotes()) std::cerr << "clothsim: " << note << "\n";
    if (!replay.error.empty()) {
        std::cerr << "clothsim: " << cl.replay->string() << ": " << replay.error << "\n";
        return 2;
    }
    Simulation& sim = *replay.player->simulation();
    sim.syncToCpu();
    if (!recorder) recorder = std::make_unique<RunRecorder>(sim);  // defensive: the observer made it before step 1
    else recorder->countCrossings(sim);  // the end step's own actions (a cut, a rewind) came after its last count
    HeadlessReport report = recorder->finish(sim);
    report.steps = replay.player->stepsTaken();
    report.scene = replay.player->scenePath();
    report.stateHash = hashText(stateHash(sim.world().cloth));
    if (!writeOutputs(cl, report, sim.world().cloth)) return 1;
    if (!cl.statsJson) std::cerr << "clothsim: replayed " << report.steps << " steps, state " << report.stateHash << "\n";
    return exports.finish();
}

// --compare: the methods side by side, stepped together (compare.hpp).
int runCompareCommand(const HeadlessOptions& cl) {
    CompareSession session;
    if (std::string error = session.start(cl.compare, cl.scenePath.string(), cl.overrides);
        !error.empty()) {
        std::cerr << "clothsim: " << error << "\n";
        return 2;
    }
    for (const HeadlessOptions::Cut& cut : cl.cuts)
        if (std::string error = session.apply(actions::cut(0, cut.from, cut.to)); !error.empty())
            std::cerr << "clothsim: --cut: " << error << "\n";
    for (long long k = 0; k < cl.steps; ++k) {
        session.step();
        for (const std::string& note : session.takeNotes()) std::cerr << "clothsim: " << note << "\n";
    }
    std::vector<HeadlessReport> reports;
    for (CompareCopy& copy : session.copies()) {
        reports.push_back(copy.recorder->finish(*copy.player->simulation()));
        reports.back().scene = cl.scenePath.string();
    }
    std::string error;
    if (cl.statsJson) error = writeText(*cl.statsJson, compareJson(cl.scenePath.string(), session.stepsTaken(), reports));
    if (error.empty() && cl.compareCsv) error = writeText(cl.compareCsv->string(), compareCsv(session.copies()));
    if (!error.empty()) {
        std::cerr << "clothsim: " << error << "\n";
        return 1;
    }
    if (!cl.statsJson)
        for (const HeadlessReport& r : reports)
            std::cerr << "clothsim: " << r.steps << " steps of " << r.solver << ": " << r.wallMsMedian
                      << " ms/step median, max stretch " << r.cloth.maxStretchRatio << ", largest link error "
                      << r.cloth.maxLinkError << ", recoveries " << r.recoveries << "\n";
    return 0;
}

} // namespace

RunRecorder::RunRecorder(Simulation& sim) { countCrossings(sim); }

void RunRecorder::countCrossings(Simulation& sim) {
    sim.syncToCpu();
    const World& world = sim.world();
    const auto start = std::chrono::steady_clock::now();
    const std::size_t crossings = m_counter.count(world.cloth, world.settings.solver.threads);
    m_crossingMs += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    ++m_crossingCounts;
    m_report.selfIntersectionsFinal = crossings;
    m_report.selfIntersectionsMax = std::max(m_report.selfIntersectionsMax, crossings);
    if (usesTriangleContact(world))  // not a GPU solver's: they have no self-contact
        m_report.selfIntersectionsMaxWithSelfCollision =
            std::max(m_report.selfIntersectionsMaxWithSelfCollision, crossings);
    m_report.crossingCountMsMean = m_crossingMs / static_cast<double>(m_crossingCounts);
}

void RunRecorder::stepped(Simulation& sim, const StepStats& stats, double ms) {
    m_report.lastStep = stats;
    m_stepMs.push_back(ms);
    for (const std::string& note : sim.takeNotes()) std::cerr << "clothsim: " << note << "\n";
    m_detections += stats.selfDetections;
    m_searches += stats.selfGathers;
    m_detectMs += stats.selfDetectMs;
    m_report.selfWelds += stats.selfWelds;
    m_report.selfWeldMisses += stats.selfWeldMisses;
    m_report.selfNeighboursPutBack += stats.selfNeighboursPutBack;
    m_report.selfClothPutBack += stats.selfClothPutBack;
    if (stats.diverged) std::cerr << "clothsim: " << sim.lastRecoveryMessage() << "\n";
    countCrossings(sim);
    if (sim.halted()) m_report.halted = true;  // every later step would do nothing
}

HeadlessReport RunRecorder::finish(Simulation& sim) const {
    sim.syncToCpu();
    HeadlessReport report = m_report;
    const World& world = sim.world();
    const long long taken = static_cast<long long>(m_stepMs.size());
    report.solver = world.settings.solver.id;
    report.steps = taken;
    report.dt = world.settings.sim.dt;
    report.particles = world.cloth.particleCount();
    report.constraints = world.cloth.links.size();
    report.simTime = world.time;
    report.recoveries = sim.recoveries();
    report.lastRecovery = sim.lastRecoveryMessage();
    if (taken > 0) {
        report.selfDetectionsPerStep = static_cast<double>(m_detections) / static_cast<double>(taken);
        report.selfSearchesPerStep = static_cast<double>(m_searches) / static_cast<double>(taken);
    }
    if (m_detections > 0) report.selfDetectMsMean = m_detectMs / static_cast<double>(m_detections);
    if (!m_stepMs.empty()) {
        double sum = 0.0;
        for (double ms : m_stepMs) sum += ms;
        report.wallMsMean = sum / static_cast<double>(m_stepMs.size());
        std::vector<double> sorted = m_stepMs;
        std::nth_element(sorted.begin(), sorted.begin() + static_cast<long>(sorted.size() / 2), sorted.end());
        report.wallMsMedian = sorted[sorted.size() / 2];
    }
    report.cloth = measureCloth(world);
    if (const std::optional<float> nearest = triangleContactMinDistance(world)) report.cloth.selfMinDistance = nearest;
    report.topology = measureTopology(world);
    for (std::size_t k = 0; k < world.colliders.size(); ++k) {
        const Collider& c = world.colliders[k];
        if (c.motion == MotionKind::Dynamic) report.rigidBodies.push_back({k, c.mass, c.pose.position, c.velocity});
    }
    return report;
}

HeadlessReport runSteps(Simulation& sim, long long steps, std::vector<double>& stepMs,
                        const std::function<bool(long long step)>& afterStep) {
    RunRecorder recorder(sim);
    for (long long taken = 0; taken < steps;) {
        const auto start = std::chrono::steady_clock::now();
        const StepStats stats = sim.step();
        recorder.stepped(sim, stats, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
        ++taken;
        if (sim.halted()) break;
        if (afterStep && !afterStep(taken)) break;
    }
    stepMs = recorder.stepMs();
    return recorder.finish(sim);
}

std::string reportJson(const HeadlessReport& r) { return jsonText(reportObject(r)); }

Json reportObject(const HeadlessReport& r) {
    Json j;
    j["scene"] = r.scene;
    j["solver"] = r.solver;
    j["steps"] = r.steps;
    j["dt"] = jsonNumber(r.dt);
    j["particles"] = r.particles;
    j["constraints"] = r.constraints;
    j["sim_time_s"] = jsonNumber(r.simTime);
    j["wall_ms_per_step_mean"] = jsonNumber(r.wallMsMean);
    j["wall_ms_per_step_median"] = jsonNumber(r.wallMsMedian);
    j["max_stretch_ratio"] = jsonNumber(r.cloth.maxStretchRatio);
    j["max_link_error"] = jsonNumber(r.cloth.maxLinkError);
    j["max_penetration"] = jsonNumber(r.cloth.maxPenetration);
    j["min_y"] = jsonNumber(r.cloth.minY);
    j["centroid"] = jsonVec(r.cloth.centroid);
    j["bbox_min"] = jsonVec(r.cloth.bboxMin);
    j["bbox_max"] = jsonVec(r.cloth.bboxMax);
    j["kinetic_energy"] = jsonNumber(r.cloth.kineticEnergy);
    j["nan_count"] = r.cloth.nanCount;
    j["triangles"] = r.topology.triangles;
    j["border_edges"] = r.topology.borderEdges;
    j["torn_links"] = r.topology.tornLinks;
    j["pieces"] = r.topology.pieces.size();
    Json& pieces = j["piece_list"] = Json::array();
    for (const PieceStats& p : r.topology.pieces) {
        Json& piece = pieces.emplace_back();
        piece["particles"] = p.particles;
        piece["pinned"] = p.pinned;
        piece["mass"] = jsonNumber(p.mass);
        piece["centroid"] = jsonVec(p.centroid);
        piece["min_y"] = jsonNumber(p.minY);
    }
    j["self_intersections_max"] = r.selfIntersectionsMax;
    j["self_intersections_final"] = r.selfIntersectionsFinal;
    j["crossing_count_ms_mean"] = jsonNumber(r.crossingCountMsMean);
    j["self_detections_per_step"] = jsonNumber(r.selfDetectionsPerStep);
    j["self_searches_per_step"] = jsonNumber(r.selfSearchesPerStep);
    j["self_detect_ms_mean"] = jsonNumber(r.selfDetectMsMean);
    j["self_welds"] = r.selfWelds;
    j["self_weld_misses"] = r.selfWeldMisses;
    j["self_neighbours_put_back"] = r.selfNeighboursPutBack;
    j["self_cloth_put_back"] = r.selfClothPutBack;
    if (r.cloth.selfMinDistance) j["self_min_distance"] = jsonNumber(*r.cloth.selfMinDistance);
    Json& bodies = j["rigid_bodies"] = Json::array();
    for (const RigidBodyReport& b : r.rigidBodies) {
        Json& body = bodies.emplace_back();
        body["collider"] = b.collider;
        body["mass"] = jsonNumber(b.mass);
        body["position"] = jsonVec(b.position);
        body["velocity"] = jsonVec(b.velocity);
    }
    if (!r.stateHash.empty()) j["state_hash"] = r.stateHash;
    j["recoveries"] = r.recoveries;
    j["last_recovery"] = r.lastRecovery;
    j["halted"] = r.halted;
    Json& last = j["last_step"] = Json::object();
    last["iterations"] = r.lastStep.iterations;
    last["residual"] = jsonNumber(r.lastStep.residual);
    last["integrate_ms"] = jsonNumber(r.lastStep.integrateMs);
    last["constraint_ms"] = jsonNumber(r.lastStep.constraintMs);
    last["collision_ms"] = jsonNumber(r.lastStep.collisionMs);
    return j;
}

std::string clothObj(const Cloth& cloth) {
    std::ostringstream out;
    out.precision(std::numeric_limits<float>::max_digits10);  // reads back as the very floats counted
    out << "# clothsim cloth: " << cloth.particleCount() << " vertices, " << cloth.triangles.size() << " triangles\n";
    for (const glm::vec3& p : cloth.positions) out << "v " << p.x << " " << p.y << " " << p.z << "\n";
    for (const glm::uvec3& t : cloth.triangles) out << "f " << t.x + 1 << " " << t.y + 1 << " " << t.z + 1 << "\n";
    return out.str();
}

int runHeadless(const HeadlessOptions& cl) {
    if (cl.soakSteps) return runSoakCommand(cl);
    if (cl.replay) return runReplayCommand(cl);
    if (!cl.compare.empty()) return runCompareCommand(cl);
    SceneLoad load = loadSceneFile(cl.scenePath, SceneLoadOptions{.overrides = cl.overrides, .recommended = cl.recommended});
    if (!load.ok()) {
        std::cerr << load.errorText();
        return 2;
    }
    for (const SceneError& note : load.notes) std::cerr << "clothsim: " << note.str() << "\n";
    const SceneDesc& scene = *load.scene;
    Simulation sim(makeWorld(scene));
    if (!sim.world().clothError.empty()) {  // checked when the scene loaded; the file changed since
        std::cerr << "clothsim: " << sim.world().clothError << "\n";
        return 2;
    }
    for (const HeadlessOptions::Cut& cut : cl.cuts) {
        if (!sim.cut(cut.from, cut.to))
            std::cerr << "clothsim: --cut " << cut.from.x << "," << cut.from.y << ":" << cut.to.x << "," << cut.to.y
                      << " crosses no edge of the cloth\n";
    }
    RunExport exports;
    if (!exports.begin(cl) || !exports.atStep(sim, 0)) return 1;  // the state before the first step
    std::vector<double> stepMs;
    HeadlessReport report =
        runSteps(sim, cl.steps, stepMs, [&](long long step) { return exports.atStep(sim, step); });
    report.scene = scene.path;
    if (exports.failed()) return 1;

    if (!writeOutputs(cl, report, sim.world().cloth)) return 1;
    if (!cl.statsJson) {
        std::cerr << "clothsim: " << report.steps << " steps of " << report.solver << " on " << report.scene << ": "
                  << report.wallMsMedian << " ms/step median, max stretch " << report.cloth.maxStretchRatio
                  << ", nan " << report.cloth.nanCount << ", crossing triangle pairs " << report.selfIntersectionsFinal
                  << " (at most " << report.selfIntersectionsMax << ")\n";
    }
    if (const int exported = exports.finish(); exported != 0) return exported;
    if (cl.strict && report.recoveries > 0) {
        std::cerr << "clothsim: --strict: the explosion guard recovered " << report.recoveries
                  << " time(s); the last: " << report.lastRecovery << "\n";
        return 3;
    }
    if (cl.strict && report.selfIntersectionsMaxWithSelfCollision > 0) {
        std::cerr << "clothsim: --strict: the cloth's triangles crossed while self-collision was on: "
                  << report.selfIntersectionsMaxWithSelfCollision << " crossing pairs at most, "
                  << report.selfIntersectionsFinal << " at the end\n";
        return 4;
    }
    return 0;
}

} // namespace cs
