#include "soak.hpp"

#include "replay.hpp"
#include "scene/scene.hpp"
#include "sim/params.hpp"
#include "sim/solver.hpp"
#include "sim/topology.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <ostream>
#include <sstream>
#include <unistd.h>

namespace cs {
namespace {

// splitmix64: tiny, and the same sequence on every platform (std distributions are not).
class Random {
public:
    explicit Random(std::uint64_t seed) : m_state(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (m_state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    double unit() { return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0); }  // [0, 1)
    std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }
    float between(double lo, double hi) { return static_cast<float>(lo + (hi - lo) * unit()); }

private:
    std::uint64_t m_state;
};

// Parameters the soak edits: live ones that change the physics. Left out: the
// thread count (the soak must stay deterministic and not take the machine's cores),
// the app's frame pacing and history, rendering and camera, and the tearing switch
// and solver id, which have their own actions.
bool soakEditable(const ParamDef& def) {
    if (def.apply != ParamApply::Live || def.group == ParamGroup::Render || def.group == ParamGroup::Camera)
        return false;
    if (def.key == "solver.threads" || def.key == "sim.max_steps_per_frame" || def.key == "sim.history_seconds" ||
        def.key == "tearing.enabled" || def.key == "solver.id")
        return false;
    return def.type == ParamType::Bool || def.type == ParamType::Int || def.type == ParamType::Float ||
           def.type == ParamType::Vec3 || def.type == ParamType::Choice;
}

constexpr std::string_view kWorkParams[] = {"solver.substeps", "solver.iterations", "collision.iterations",
                                            "provot.iterations", "implicit.cg_max_iterations"};

bool isWorkParam(std::string_view key) {
    for (std::string_view k : kWorkParams)
        if (k == key) return true;
    return false;
}

// Wide ranges are drawn log-uniformly so that small values (cheap substeps, soft
// compliances) are as likely as huge ones.
double drawNumber(Random& random, double lo, double hi) {
    if (lo > 0.0 && hi / lo > 100.0) return lo * std::pow(hi / lo, random.unit());
    return lo + (hi - lo) * random.unit();
}

std::string randomValue(Random& random, const ParamDef& def, int workCap) {
    switch (def.type) {
    case ParamType::Bool: return random.below(2) ? "true" : "false";
    case ParamType::Int: {
        double hi = def.maxValue;
        if (workCap > 0 && isWorkParam(def.key)) hi = std::max(def.minValue, std::min(hi, double(workCap)));
        const double span = hi - def.minValue + 1.0;
        long long value = static_cast<long long>(def.minValue) +
                          static_cast<long long>(std::floor(std::pow(span, random.unit()))) - 1;
        if (value > static_cast<long long>(hi)) value = static_cast<long long>(hi);
        return std::to_string(value);
    }
    case ParamType::Float: {
        float value = static_cast<float>(drawNumber(random, def.minValue, def.maxValue));
        value = std::fmin(std::fmax(value, static_cast<float>(def.minValue)), static_cast<float>(def.maxValue));
        return formatFloat(value);
    }
    case ParamType::Vec3: {
        std::string text = "[";
        for (int k = 0; k < 3; ++k) {
            float value = random.between(def.minValue, def.maxValue);
            value = std::fmin(std::fmax(value, static_cast<float>(def.minValue)), static_cast<float>(def.maxValue));
            text += (k ? "," : "") + formatFloat(value);
        }
        return text + "]";
    }
    case ParamType::Choice: return std::string(def.choices[random.below(def.choices.size())]);
    default: return {};
    }
}

glm::vec3 offset(Random& random, float reach) {
    return {random.between(-reach, reach), random.between(-reach, reach), random.between(-reach, reach)};
}

// The soak's action kinds and how often each comes up.
struct Kind {
    const char* name;
    int weight;
};
constexpr Kind kKinds[] = {{"param", 30}, {"solver", 8}, {"scene", 3},    {"cut", 6},
                           {"tear", 4},   {"grab", 8},   {"drag", 15},    {"release", 5},
                           {"collider", 10}, {"pin", 5}, {"reset", 3}};

} // namespace

long long residentSetKb() {
    std::ifstream statm("/proc/self/statm");
    long long sizePages = 0, residentPages = 0;
    if (!(statm >> sizePages >> residentPages)) return 0;
    return residentPages * (sysconf(_SC_PAGESIZE) / 1024);
}

SoakReport runSoak(const SoakOptions& options) {
    SoakReport report;
    Random random(options.seed);
    InputPlayer player;

    std::vector<std::string> scenes;
    for (const std::filesystem::path& file : listSceneFiles(options.sceneFolder)) {
        SceneLoad load = loadSceneFile(file, options.overrides);
        if (load.ok() && load.scene->settings.cloth.mesh.empty()) scenes.push_back(file.string());
    }
    report.scenes = scenes.size();
    std::vector<std::string> solvers;
    for (const SolverInfo& info : solverRegistry())
        if (!info.gpu) solvers.emplace_back(info.id);
    std::vector<const ParamDef*> params;
    for (const ParamDef& def : paramTable())
        if (soakEditable(def)) params.push_back(&def);
    std::vector<const ParamDef*> workParams;
    for (std::string_view key : kWorkParams) workParams.push_back(findParam(key));
    int totalWeight = 0;
    for (const Kind& kind : kKinds) totalWeight += kind.weight;

    if (options.record) *options.record << "# clothsim inputs: soak, seed " << options.seed << "\n";
    player.recordTo(options.record);
    for (const std::string& assignment : options.overrides) player.apply({0, "base", assignment});
    if (std::string error = player.apply({0, "scene", options.scenePath}); !error.empty()) {
        report.error = error;
        return report;
    }

    const long long warmUp = std::max(1000LL, options.steps / 10);
    std::string lastAction = "the start";
    auto check = [&](const char* when) {
        player.simulation()->syncToCpu();
        const std::string problem = checkInvariants(player.simulation()->world().cloth);
        if (problem.empty()) return;
        if (report.invariantFailures++ == 0)
            report.firstFailure = "step " + std::to_string(player.stepsTaken()) + " " + when + " " + lastAction +
                                  ": " + problem;
    };

    auto randomAction = [&]() -> InputAction {
        World& world = player.simulation()->world();
        const Cloth& cloth = world.cloth;
        const long long s = player.stepsTaken();
        int pick = static_cast<int>(random.below(static_cast<std::size_t>(totalWeight)));
        std::string kind;
        for (const Kind& k : kKinds) {
            if (pick < k.weight) { kind = k.name; break; }
            pick -= k.weight;
        }
        if (kind == "param") {
            const ParamDef& def = *params[random.below(params.size())];
            return {s, "set", std::string(def.key) + "=" + randomValue(random, def, options.workCap)};
        }
        if (kind == "solver") return {s, "set", "solver.id=" + solvers[random.below(solvers.size())]};
        if (kind == "scene" && !scenes.empty()) return {s, "scene", scenes[random.below(scenes.size())]};
        if (kind == "cut") {
            std::string args;
            for (int k = 0; k < 4; ++k) args += (k ? " " : "") + formatFloat(random.between(0.0, 1.0));
            return {s, "cut", args};
        }
        if (kind == "tear") return {s, "set", std::string("tearing.enabled=") + (random.below(2) ? "true" : "false")};
        if (kind == "drag" && player.holdingParticle()) {
            // up to a metre from the held particle, so drags also pull hard
            const glm::vec3 at = cloth.positions[*player.particleGrab().particle()];
            return {s, "drag", formatVec3(at + offset(random, 1.0f))};
        }
        if (kind == "grab" || kind == "drag") return {s, "grab", std::to_string(random.below(cloth.particleCount()))};
        if (kind == "release") {
            if (player.holdingCollider() && (random.below(2) || !player.holdingParticle()))
                return {s, "collider_release", ""};
            return {s, "release", ""};
        }
        if (kind == "collider" && !world.colliders.empty()) {
            if (!player.holdingCollider())
                return {s, "collider_grab", std::to_string(random.below(world.colliders.size()))};
            const glm::vec3 at = world.colliders[*player.colliderGrab().collider()].pose.position;
            return {s, "collider_drag", formatVec3(at + offset(random, 0.5f))};
        }
        if (kind == "collider" || (kind == "scene" && scenes.empty())) {  // nothing to move: an edit instead
            const ParamDef& def = *params[random.below(params.size())];
            return {s, "set", std::string(def.key) + "=" + randomValue(random, def, options.workCap)};
        }
        if (kind == "pin") return {s, "pin", std::to_string(random.below(cloth.particleCount()))};
        return {s, "reset", ""};
    };

    long long nextAction = 1 + static_cast<long long>(random.below(2 * static_cast<std::size_t>(options.meanActionInterval)));
    for (long long s = 0; s < options.steps; ++s) {
        if (s == nextAction) {
            check("before the action after");
            player.simulation()->syncToCpu();
            const InputAction action = randomAction();
            lastAction = formatAction(action);
            if (std::string error = player.apply(action); error.empty()) ++report.actions[action.verb];
            else ++report.skippedActions;
            check("after");
            nextAction = s + 1 + static_cast<long long>(random.below(2 * static_cast<std::size_t>(options.meanActionInterval)));
        }
        if (options.workCap > 0) {  // the guard doubles substeps or iterations after an explosion
            for (const ParamDef* def : workParams) {
                const int value = std::get<int>(getParam(player.simulation()->world().settings, *def));
                if (value <= std::max(options.workCap, static_cast<int>(def->minValue))) continue;
                if (player.apply({s, "set", std::string(def->key) + "=" + std::to_string(options.workCap)}).empty())
                    ++report.actions["work_cap"];
            }
        }
        if (player.step().diverged) ++report.recoveries;
        if (s + 1 == warmUp || s + 1 == options.steps || s % 500 == 0) {
            const long long rss = residentSetKb();
            if (s < warmUp) report.warmRssKb = std::max(report.warmRssKb, rss);
            report.maxRssKb = std::max(report.maxRssKb, rss);
            if (s >= warmUp && rss > report.warmRssKb + kSoakRssGrowthLimitKb && report.invariantFailures++ == 0)
                report.firstFailure = "step " + std::to_string(s) + ": resident set " + std::to_string(rss) +
                                      " kB, more than " + std::to_string(kSoakRssGrowthLimitKb) +
                                      " kB above the warm-up's " + std::to_string(report.warmRssKb) + " kB";
        }
    }
    check("at the end, after");
    report.steps = player.stepsTaken();
    report.finalHash = stateHash(player.simulation()->world().cloth);
    report.notes = player.takeNotes();
    if (options.record) *options.record << report.steps << " end\n";
    return report;
}

std::string soakJson(const SoakReport& r) {
    std::ostringstream out;
    out << "{\n  \"steps\": " << r.steps << ",\n  \"actions\": {";
    bool first = true;
    long long total = 0;
    for (const auto& [kind, count] : r.actions) {
        out << (first ? "" : ", ") << "\"" << kind << "\": " << count;
        first = false;
        total += count;
    }
    const std::string hash = hashText(r.finalHash);
    std::string failure;
    for (char c : r.firstFailure) {
        if (c == '"' || c == '\\') failure += '\\';
        failure += c;
    }
    out << "},\n  \"actions_total\": " << total << ",\n  \"skipped_actions\": " << r.skippedActions
        << ",\n  \"scenes\": " << r.scenes << ",\n  \"recoveries\": " << r.recoveries
        << ",\n  \"warm_rss_kb\": " << r.warmRssKb << ",\n  \"max_rss_kb\": " << r.maxRssKb
        << ",\n  \"rss_growth_limit_kb\": " << kSoakRssGrowthLimitKb
        << ",\n  \"invariant_failures\": " << r.invariantFailures << ",\n  \"first_failure\": \"" << failure
        << "\",\n  \"state_hash\": \"" << hash << "\"\n}\n";
    return out.str();
}

} // namespace cs
