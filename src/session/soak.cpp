#include "soak.hpp"

#include "json_text.hpp"
#include "replay.hpp"
#include "scene/scene.hpp"
#include "sim/collision/crossing_count.hpp"
#include "sim/params.hpp"
#include "sim/solver.hpp"
#include "sim/topology.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <ostream>
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
        if (workCap > 0 && def.scalesWork) hi = std::max(def.minValue, std::min(hi, double(workCap)));
        const double span = hi - def.minValue + 1.0;
        long long value = static_cast<long long>(def.minValue) +
                          static_cast<long long>(std::floor(std::pow(span, random.unit()))) - 1;
        if (value > static_cast<long long>(hi)) value = static_cast<long long>(hi);
        return std::to_string(value);
    }
    case ParamType::Float: {
        double hi = def.maxValue;
        if (workCap > 0 && def.scalesWork)
            hi = std::max(def.minValue, std::min(hi, workCap * static_cast<double>(std::get<float>(def.defaultValue))));
        float value = static_cast<float>(drawNumber(random, def.minValue, hi));
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

std::vector<std::string> soakValues(const ParamDef& def, int workCap, std::uint64_t seed, int count) {
    Random random(seed);
    std::vector<std::string> values;
    for (int k = 0; k < count; ++k) values.push_back(randomValue(random, def, workCap));
    return values;
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
        if (!info.gpu()) solvers.emplace_back(info.id);
    std::vector<const ParamDef*> params;
    std::vector<const ParamDef*> workParams;
    for (const ParamDef& def : paramTable()) {
        if (soakEdits(def)) params.push_back(&def);  // the row's soak role (ParamSoak)
        if (def.scalesWork) workParams.push_back(&def);
    }
    int totalWeight = 0;
    for (const Kind& kind : kKinds) totalWeight += kind.weight;

    if (options.record) *options.record << "# clothsim inputs: soak, seed " << options.seed << "\n";
    player.recordTo(options.record);
    for (const std::string& assignment : options.overrides) player.apply(actions::base(0, assignment));
    if (std::string error = player.apply(actions::scene(0, options.scenePath)); !error.empty()) {
        report.error = error;
        return report;
    }

    const long long warmUp = std::max(1000LL, options.steps / 10);
    std::string lastAction = "the start";
    CrossingCounter crossings;
    auto check = [&](const char* when) {
        player.simulation()->syncToCpu();
        const World& world = player.simulation()->world();
        report.selfIntersectionsFinal = crossings.count(world.cloth, world.settings.solver.threads);
        report.selfIntersectionsMax = std::max(report.selfIntersectionsMax, report.selfIntersectionsFinal);
        const std::string problem = checkInvariants(world.cloth);
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
            return actions::set(s, def.key, randomValue(random, def, options.workCap));
        }
        if (kind == "solver") return actions::set(s, "solver.id", solvers[random.below(solvers.size())]);
        if (kind == "scene" && !scenes.empty()) return actions::scene(s, scenes[random.below(scenes.size())]);
        if (kind == "cut") {
            float uv[4];
            for (float& x : uv) x = random.between(0.0, 1.0);  // in order: the same seed, the same cut
            return actions::cut(s, {uv[0], uv[1]}, {uv[2], uv[3]});
        }
        if (kind == "tear") return actions::set(s, "tearing.enabled", random.below(2) ? "true" : "false");
        if (kind == "drag" && player.holdingParticle()) {
            // up to a metre from the held particle, so drags also pull hard
            const glm::vec3 at = cloth.positions[*player.particleGrab().particle()];
            return actions::drag(s, at + offset(random, 1.0f));
        }
        if (kind == "grab" || kind == "drag") return actions::grab(s, random.below(cloth.particleCount()));
        if (kind == "release") {
            if (player.holdingCollider() && (random.below(2) || !player.holdingParticle()))
                return actions::colliderRelease(s);
            return actions::release(s);
        }
        if (kind == "collider" && !world.colliders.empty()) {
            if (!player.holdingCollider())
                return actions::colliderGrab(s, random.below(world.colliders.size()));
            const glm::vec3 at = world.colliders[*player.colliderGrab().collider()].pose.position;
            return actions::colliderDrag(s, at + offset(random, 0.5f));
        }
        if (kind == "collider" || (kind == "scene" && scenes.empty())) {  // nothing to move: an edit instead
            const ParamDef& def = *params[random.below(params.size())];
            return actions::set(s, def.key, randomValue(random, def, options.workCap));
        }
        if (kind == "pin") return actions::pin(s, random.below(cloth.particleCount()));
        return actions::reset(s);
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
                if (def->type != ParamType::Int) continue;  // the guard raises only substeps and iterations
                const int value = std::get<int>(getParam(player.simulation()->world().settings, *def));
                if (value <= std::max(options.workCap, static_cast<int>(def->minValue))) continue;
                if (player.apply(actions::set(s, def->key, std::to_string(options.workCap))).empty())
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
    if (options.record) *options.record << formatAction(actions::end(report.steps)) << "\n";
    return report;
}

std::string soakJson(const SoakReport& r) {
    Json actions = Json::object();
    long long total = 0;
    for (const auto& [kind, count] : r.actions) {
        actions[kind] = count;
        total += count;
    }
    Json j;
    j["steps"] = r.steps;
    j["actions"] = std::move(actions);
    j["actions_total"] = total;
    j["skipped_actions"] = r.skippedActions;
    j["scenes"] = r.scenes;
    j["recoveries"] = r.recoveries;
    j["warm_rss_kb"] = r.warmRssKb;
    j["max_rss_kb"] = r.maxRssKb;
    j["rss_growth_limit_kb"] = kSoakRssGrowthLimitKb;
    j["invariant_failures"] = r.invariantFailures;
    j["first_failure"] = r.firstFailure;
    j["state_hash"] = hashText(r.finalHash);
    j["self_intersections_max"] = r.selfIntersectionsMax;
    j["self_intersections_final"] = r.selfIntersectionsFinal;
    return jsonText(j);
}

} // namespace cs
