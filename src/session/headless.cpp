#include "headless.hpp"

#include "data_paths.hpp"
#include "replay.hpp"
#include "scene/scene.hpp"
#include "soak.hpp"
#include "sim/topology_edit.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <iostream>
#include <sstream>

namespace cs {
namespace {

std::string jsonNumber(double x) {
    if (!std::isfinite(x)) return "null";
    std::ostringstream out;
    out.precision(9);
    out << x;
    return out.str();
}

std::string jsonVec(glm::vec3 v) {
    return "[" + jsonNumber(v.x) + ", " + jsonNumber(v.y) + ", " + jsonNumber(v.z) + "]";
}

std::string jsonString(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += c;
            }
        }
    }
    return out + "\"";
}

bool writeText(const std::string& path, const std::string& text) {
    if (path == "-") {
        std::cout << text << std::flush;
        return true;
    }
    std::ofstream out(path, std::ios::binary);
    out << text;
    return static_cast<bool>(out);
}

// --stats-json and --dump-obj, where asked for; false (and why on stderr) if one cannot be written.
bool writeOutputs(const HeadlessOptions& cl, const HeadlessReport& report, const Cloth& cloth) {
    if (cl.statsJson && !writeText(*cl.statsJson, reportJson(report))) {
        std::cerr << "clothsim: cannot write " << *cl.statsJson << "\n";
        return false;
    }
    if (cl.dumpObj && !writeText(cl.dumpObj->string(), clothObj(cloth))) {
        std::cerr << "clothsim: cannot write " << cl.dumpObj->string() << "\n";
        return false;
    }
    return true;
}

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
    if (cl.statsJson && !writeText(*cl.statsJson, soakJson(report))) {
        std::cerr << "clothsim: cannot write " << *cl.statsJson << "\n";
        return 1;
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
    ReplayResult replay = replayScript(script, cl.scenePath.string(), cl.overrides, cl.steps);
    for (const std::string& note : replay.player->takeNotes()) std::cerr << "clothsim: " << note << "\n";
    if (!replay.error.empty()) {
        std::cerr << "clothsim: " << cl.replay->string() << ": " << replay.error << "\n";
        return 2;
    }
    Simulation& sim = *replay.player->simulation();
    sim.syncToCpu();
    std::vector<double> stepMs;
    HeadlessReport report = runSteps(sim, 0, stepMs);
    report.steps = replay.player->stepsTaken();
    report.scene = replay.player->scenePath();
    report.stateHash = hashText(stateHash(sim.world().cloth));
    if (!writeOutputs(cl, report, sim.world().cloth)) return 1;
    if (!cl.statsJson) std::cerr << "clothsim: replayed " << report.steps << " steps, state " << report.stateHash << "\n";
    return 0;
}

} // namespace

HeadlessReport runSteps(Simulation& sim, long long steps, std::vector<double>& stepMs) {
    HeadlessReport report;
    stepMs.assign(static_cast<std::size_t>(steps), 0.0);
    for (long long i = 0; i < steps; ++i) {
        const auto start = std::chrono::steady_clock::now();
        report.lastStep = sim.step();
        stepMs[static_cast<std::size_t>(i)] =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        for (const std::string& note : sim.takeNotes()) std::cerr << "clothsim: " << note << "\n";
        if (report.lastStep.diverged) std::cerr << "clothsim: " << sim.lastRecoveryMessage() << "\n";
    }
    const World& world = sim.world();
    report.solver = world.settings.solver.id;
    report.steps = steps;
    report.dt = world.settings.sim.dt;
    report.particles = world.cloth.particleCount();
    report.constraints = world.cloth.links.size();
    report.simTime = world.time;
    report.recoveries = sim.recoveries();
    report.lastRecovery = sim.lastRecoveryMessage();
    if (!stepMs.empty()) {
        double sum = 0.0;
        for (double ms : stepMs) sum += ms;
        report.wallMsMean = sum / static_cast<double>(stepMs.size());
        std::vector<double> sorted = stepMs;
        std::nth_element(sorted.begin(), sorted.begin() + static_cast<long>(sorted.size() / 2), sorted.end());
        report.wallMsMedian = sorted[sorted.size() / 2];
    }
    report.cloth = measureCloth(world);
    report.topology = measureTopology(world);
    for (std::size_t k = 0; k < world.colliders.size(); ++k) {
        const Collider& c = world.colliders[k];
        if (c.motion == MotionKind::Dynamic) report.rigidBodies.push_back({k, c.mass, c.pose.position, c.velocity});
    }
    return report;
}

std::string reportJson(const HeadlessReport& r) {
    std::ostringstream out;
    out << "{\n"
        << "  \"scene\": " << jsonString(r.scene) << ",\n"
        << "  \"solver\": " << jsonString(r.solver) << ",\n"
        << "  \"steps\": " << r.steps << ",\n"
        << "  \"dt\": " << jsonNumber(r.dt) << ",\n"
        << "  \"particles\": " << r.particles << ",\n"
        << "  \"constraints\": " << r.constraints << ",\n"
        << "  \"sim_time_s\": " << jsonNumber(r.simTime) << ",\n"
        << "  \"wall_ms_per_step_mean\": " << jsonNumber(r.wallMsMean) << ",\n"
        << "  \"wall_ms_per_step_median\": " << jsonNumber(r.wallMsMedian) << ",\n"
        << "  \"max_stretch_ratio\": " << jsonNumber(r.cloth.maxStretchRatio) << ",\n"
        << "  \"max_penetration\": " << jsonNumber(r.cloth.maxPenetration) << ",\n"
        << "  \"min_y\": " << jsonNumber(r.cloth.minY) << ",\n"
        << "  \"centroid\": " << jsonVec(r.cloth.centroid) << ",\n"
        << "  \"bbox_min\": " << jsonVec(r.cloth.bboxMin) << ",\n"
        << "  \"bbox_max\": " << jsonVec(r.cloth.bboxMax) << ",\n"
        << "  \"kinetic_energy\": " << jsonNumber(r.cloth.kineticEnergy) << ",\n"
        << "  \"nan_count\": " << r.cloth.nanCount << ",\n"
        << "  \"triangles\": " << r.topology.triangles << ",\n"
        << "  \"border_edges\": " << r.topology.borderEdges << ",\n"
        << "  \"torn_links\": " << r.topology.tornLinks << ",\n"
        << "  \"pieces\": " << r.topology.pieces.size() << ",\n"
        << "  \"piece_list\": [";
    for (std::size_t k = 0; k < r.topology.pieces.size(); ++k) {
        const PieceStats& p = r.topology.pieces[k];
        out << (k ? ", " : "") << "{\"particles\": " << p.particles << ", \"pinned\": " << p.pinned
            << ", \"mass\": " << jsonNumber(p.mass) << ", \"centroid\": " << jsonVec(p.centroid)
            << ", \"min_y\": " << jsonNumber(p.minY) << "}";
    }
    out << "],\n";
    if (r.cloth.selfMinDistance) out << "  \"self_min_distance\": " << jsonNumber(*r.cloth.selfMinDistance) << ",\n";
    out << "  \"rigid_bodies\": [";
    for (std::size_t k = 0; k < r.rigidBodies.size(); ++k) {
        const RigidBodyReport& b = r.rigidBodies[k];
        out << (k ? ", " : "") << "{\"collider\": " << b.collider << ", \"mass\": " << jsonNumber(b.mass)
            << ", \"position\": " << jsonVec(b.position) << ", \"velocity\": " << jsonVec(b.velocity) << "}";
    }
    out << "],\n"
        << (r.stateHash.empty() ? "" : "  \"state_hash\": \"" + r.stateHash + "\",\n")
        << "  \"recoveries\": " << r.recoveries << ",\n"
        << "  \"last_recovery\": " << jsonString(r.lastRecovery) << ",\n"
        << "  \"last_step\": {\"iterations\": " << r.lastStep.iterations
        << ", \"residual\": " << jsonNumber(r.lastStep.residual)
        << ", \"integrate_ms\": " << jsonNumber(r.lastStep.integrateMs)
        << ", \"constraint_ms\": " << jsonNumber(r.lastStep.constraintMs)
        << ", \"collision_ms\": " << jsonNumber(r.lastStep.collisionMs) << "}\n"
        << "}\n";
    return out.str();
}

std::string clothObj(const Cloth& cloth) {
    std::ostringstream out;
    out.precision(7);
    out << "# clothsim cloth: " << cloth.particleCount() << " vertices, " << cloth.triangles.size() << " triangles\n";
    for (const glm::vec3& p : cloth.positions) out << "v " << p.x << " " << p.y << " " << p.z << "\n";
    for (const glm::uvec3& t : cloth.triangles) out << "f " << t.x + 1 << " " << t.y + 1 << " " << t.z + 1 << "\n";
    return out.str();
}

int runHeadless(const HeadlessOptions& cl) {
    if (cl.soakSteps) return runSoakCommand(cl);
    if (cl.replay) return runReplayCommand(cl);
    SceneLoad load = loadSceneFile(cl.scenePath, cl.overrides);
    if (!load.ok()) {
        std::cerr << load.errorText();
        return 2;
    }
    for (const SceneError& note : load.notes) std::cerr << "clothsim: " << note.str() << "\n";
    const SceneDesc& scene = *load.scene;
    Simulation sim(makeWorld(scene.settings, scene.colliders));
    if (!sim.world().clothError.empty()) {  // checked when the scene loaded; the file changed since
        std::cerr << "clothsim: " << sim.world().clothError << "\n";
        return 2;
    }
    for (const HeadlessOptions::Cut& cut : cl.cuts) {
        const CutResult result = cutAlongRestSegment(sim.world().cloth, cut.from, cut.to);
        if (!result.changed())
            std::cerr << "clothsim: --cut " << cut.from.x << "," << cut.from.y << ":" << cut.to.x << "," << cut.to.y
                      << " crosses no edge of the cloth\n";
    }
    if (!cl.cuts.empty()) sim.topologyEdited();
    std::vector<double> stepMs;
    HeadlessReport report = runSteps(sim, cl.steps, stepMs);
    report.scene = scene.path;

    if (!writeOutputs(cl, report, sim.world().cloth)) return 1;
    if (!cl.statsJson) {
        std::cerr << "clothsim: " << report.steps << " steps of " << report.solver << " on " << report.scene << ": "
                  << report.wallMsMedian << " ms/step median, max stretch " << report.cloth.maxStretchRatio
                  << ", nan " << report.cloth.nanCount << "\n";
    }
    if (cl.strict && report.recoveries > 0) {
        std::cerr << "clothsim: --strict: the explosion guard recovered " << report.recoveries
                  << " time(s); the last: " << report.lastRecovery << "\n";
        return 3;
    }
    return 0;
}

} // namespace cs
