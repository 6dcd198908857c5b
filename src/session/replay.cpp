#include "replay.hpp"

#include "scene/scene.hpp"
#include "sim/collision/collider_fields.hpp"
#include "sim/topology_edit.hpp"

#include <algorithm>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <ostream>
#include <sstream>

namespace cs {
namespace {

std::vector<std::string> words(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

bool parseFloat(const std::string& text, float& out) {
    float value{};
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) return false;
    out = value;
    return true;
}

bool parseIndex(const std::string& text, std::size_t& out) {
    std::size_t value{};
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return false;
    out = value;
    return true;
}

bool parseFloats(const std::string& args, float* out, int count) {
    const std::vector<std::string> w = words(args);
    if (static_cast<int>(w.size()) != count) return false;
    for (int k = 0; k < count; ++k)
        if (!parseFloat(w[static_cast<std::size_t>(k)], out[k])) return false;
    return true;
}

bool parseOneIndex(const std::string& args, std::size_t& out) {
    const std::vector<std::string> w = words(args);
    return w.size() == 1 && parseIndex(w[0], out);
}

bool parseEdgeList(const std::string& args, std::vector<EdgeKey>& out) {
    const std::vector<std::string> w = words(args);
    if (w.empty() || w.size() % 2 != 0) return false;
    out.clear();
    for (std::size_t k = 0; k < w.size(); k += 2) {
        std::size_t a = 0, b = 0;
        if (!parseIndex(w[k], a) || !parseIndex(w[k + 1], b) || a == b || a > UINT32_MAX || b > UINT32_MAX) return false;
        out.push_back(edgeKey(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b)));
    }
    return true;
}

std::optional<ShapeKind> shapeNamed(const std::string& name) {
    for (int k = 0; k < kShapeKindCount; ++k)
        if (shapeName(static_cast<ShapeKind>(k)) == name) return static_cast<ShapeKind>(k);
    return std::nullopt;
}

std::optional<PinPreset> pinPresetNamed(const std::string& name) {
    const ParamDef* def = findParam("cloth.pins");
    for (std::size_t k = 0; def && k < def->choices.size(); ++k)
        if (def->choices[k] == name) return static_cast<PinPreset>(k);
    return std::nullopt;
}

// "I KEY=VALUE": the index and the assignment.
bool splitIndexed(const std::string& args, std::size_t& index, std::string& rest) {
    const auto space = args.find(' ');
    if (space == std::string::npos || !parseIndex(args.substr(0, space), index)) return false;
    rest = args.substr(args.find_first_not_of(' ', space));
    return rest.find('=') != std::string::npos;
}

constexpr const char* kVerbs =
    "base, base_clear, scene, set, reset, cut, cut_edges, undo_cut, grab, drag, release, collider_grab, "
    "collider_drag, collider_release, pin, pin_corner, pin_preset, collider_add, collider_delete, collider_set, "
    "rewind, end";

// Empty when the arguments suit the verb; otherwise what the verb needs.
std::string checkArguments(const std::string& verb, const std::string& args) {
    float f[4];
    std::size_t index = 0;
    if (verb == "base" || verb == "set")
        return args.find('=') != std::string::npos ? "" : verb + " needs KEY=VALUE";
    if (verb == "scene") return args.empty() ? "scene needs a file" : "";
    if (verb == "reset" || verb == "release" || verb == "collider_release" || verb == "end" || verb == "base_clear" ||
        verb == "undo_cut")
        return args.empty() ? "" : verb + " takes no arguments";
    if (verb == "cut") {
        if (!parseFloats(args, f, 4)) return "cut needs U0 V0 U1 V1";
        for (float x : f)
            if (!(x >= 0.0f && x <= 1.0f)) return "cut coordinates must lie in [0, 1]";
        return "";
    }
    if (verb == "cut_edges") {
        std::vector<EdgeKey> edges;
        return parseEdgeList(args, edges) ? "" : "cut_edges needs pairs of particle indices A B (A != B)";
    }
    if (verb == "grab" || verb == "collider_grab" || verb == "pin" || verb == "collider_delete" || verb == "rewind")
        return parseOneIndex(args, index) ? "" : verb + " needs one index (a whole number >= 0)";
    if (verb == "pin_corner")
        return parseOneIndex(args, index) && index <= 3 ? "" : "pin_corner needs a corner 0, 1, 2 or 3";
    if (verb == "pin_preset") return pinPresetNamed(args) ? "" : "pin_preset needs a cloth.pins name";
    if (verb == "drag" || verb == "collider_drag")
        return parseFloats(args, f, 3) ? "" : verb + " needs X Y Z (finite metres)";
    if (verb == "collider_add") {
        const auto space = args.find(' ');
        if (space == std::string::npos || !shapeNamed(args.substr(0, space)) || !parseFloats(args.substr(space + 1), f, 3))
            return "collider_add needs SHAPE X Y Z (sphere, plane, box or capsule; finite metres)";
        return "";
    }
    if (verb == "collider_set") {
        std::string assignment;
        return splitIndexed(args, index, assignment) ? "" : "collider_set needs I KEY=VALUE";
    }
    return "unknown action '" + verb + "' (one of: " + kVerbs + ")";
}

} // namespace

std::string formatFloat(float value) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(value));
    return buf;
}

std::string formatVec3(glm::vec3 value) {
    return formatFloat(value.x) + " " + formatFloat(value.y) + " " + formatFloat(value.z);
}

std::string formatAction(const InputAction& action) {
    std::string line = std::to_string(action.step) + " " + action.verb;
    if (!action.args.empty()) line += " " + action.args;
    return line;
}

InputScript parseInputScript(const std::string& text, const std::string& fileName) {
    InputScript script;
    std::istringstream in(text);
    std::string line;
    long long lastStep = 0;
    for (int lineNumber = 1; std::getline(in, line); ++lineNumber) {
        auto fail = [&](const std::string& what) {
            script.error = fileName + ":" + std::to_string(lineNumber) + ": " + what;
            return script;
        };
        if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        std::istringstream fields(line);
        std::string stepText, verb;
        if (!(fields >> stepText)) continue;  // blank or comment
        long long step = 0;
        auto [end, ec] = std::from_chars(stepText.data(), stepText.data() + stepText.size(), step);
        if (ec != std::errc() || end != stepText.data() + stepText.size() || step < 0)
            return fail("a line starts with its step, a whole number >= 0, not '" + stepText + "'");
        if (step < lastStep) return fail("steps must not decrease (" + std::to_string(step) + " after " +
                                         std::to_string(lastStep) + ")");
        if (script.endStep) return fail("nothing may follow the end line");
        if (!(fields >> verb)) return fail("an action is missing after the step");
        std::string args;
        std::getline(fields, args);
        const auto first = args.find_first_not_of(" \t");
        args = first == std::string::npos ? "" : args.substr(first);
        while (!args.empty() && (args.back() == ' ' || args.back() == '\t')) args.pop_back();
        if (std::string problem = checkArguments(verb, args); !problem.empty()) return fail(problem);
        lastStep = step;
        if (verb == "end") script.endStep = step;
        else script.actions.push_back({step, verb, args});
    }
    return script;
}

InputScript loadInputScript(const std::filesystem::path& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        InputScript script;
        script.error = path.string() + ": is a folder, not an input file";
        return script;
    }
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        InputScript script;
        script.error = path.string() + ": cannot be read";
        return script;
    }
    std::ostringstream text;
    text << file.rdbuf();
    return parseInputScript(text.str(), path.string());
}

InputPlayer::InputPlayer(std::vector<std::string> baseOverrides) : m_base(std::move(baseOverrides)) {}

std::string InputPlayer::loadScene(const std::string& path) {
    // a relative path not found here is looked for in the project root, like --set's files
    std::filesystem::path file = path;
    std::error_code ec;
    if (file.is_relative() && !std::filesystem::exists(file, ec) && std::filesystem::exists(projectRoot() / file, ec))
        file = projectRoot() / file;
    SceneLoad load = loadSceneFile(file, m_base);
    if (!load.ok()) return load.errorText();
    auto sim = std::make_unique<Simulation>(makeWorld(load.scene->settings, load.scene->colliders));
    if (!sim->world().clothError.empty()) return sim->world().clothError;
    letGo();
    m_sim = std::move(sim);
    m_scenePath = path;
    return {};
}

void InputPlayer::letGo() {
    m_grab.drop();
    m_colliderGrab.drop();
    m_cutUndo.clear();
}

void InputPlayer::keepMoments(std::vector<std::uint64_t> moments) {
    std::sort(moments.begin(), moments.end());
    moments.erase(std::unique(moments.begin(), moments.end()), moments.end());
    m_moments = std::move(moments);
}

void InputPlayer::keepMomentIfNamed() {
    if (!m_sim || !std::binary_search(m_moments.begin(), m_moments.end(), moment())) return;
    if (m_kept.capacity() == 0) m_kept.setCapacity(m_moments.size(), m_sim->world());
    m_kept.record(m_sim->world(), moment());
}

std::string InputPlayer::apply(const InputAction& action) {
    if (std::string problem = checkArguments(action.verb, action.args); !problem.empty()) return problem;
    std::string error;
    if (action.verb == "base") m_base.push_back(action.args);
    else if (action.verb == "base_clear") m_base.clear();
    else if (action.verb == "scene") error = loadScene(action.args);
    else if (!m_sim) error = "no scene is loaded";
    else error = applyToSimulation(action);
    if (!error.empty()) return error;
    if (m_record) *m_record << formatAction({m_steps, action.verb, action.args}) << "\n";
    ++m_applied;
    keepMomentIfNamed();
    return {};
}

// The verbs that change the running simulation; the arguments are checked already.
std::string InputPlayer::applyToSimulation(const InputAction& action) {
    m_sim->syncToCpu();
    World& world = m_sim->world();
    Cloth& cloth = world.cloth;
    const std::string& verb = action.verb;
    float f[4];
    std::size_t index = 0;
    if (verb == "set") return applyOverride(world.settings, action.args);
    if (verb == "reset") {
        letGo();  // resetWorld rebuilds the cloth and lets go of colliders
        m_sim->reset();
        return {};
    }
    if (verb == "cut") {
        parseFloats(action.args, f, 4);
        if (!cutAlongRestSegment(cloth, {f[0], f[1]}, {f[2], f[3]}).changed()) return "the cut crosses no edge";
        m_sim->topologyEdited();
        return {};
    }
    if (verb == "cut_edges") {
        std::vector<EdgeKey> edges;
        parseEdgeList(action.args, edges);
        for (const EdgeKey edge : edges)
            if (std::max(edge.a, edge.b) >= cloth.particleCount()) return "no such particle in the cut";
        m_cutUndo.remember(cloth);
        cutEdges(cloth, edges);
        m_sim->topologyEdited();
        return {};
    }
    if (verb == "undo_cut") {
        if (!m_cutUndo.restore(cloth)) return "there is no cut of this cloth to undo";
        m_sim->topologyEdited();
        return {};
    }
    if (verb == "grab") {
        parseOneIndex(action.args, index);
        if (!m_grab.begin(world, index)) return "no particle " + action.args;
        m_grab.setTarget(cloth.positions[index]);
        return {};
    }
    if (verb == "drag") {
        parseFloats(action.args, f, 3);
        if (!m_grab.holding(world)) return "nothing is held";
        m_grab.setTarget({f[0], f[1], f[2]});
        return {};
    }
    if (verb == "release") {
        if (!m_grab.holding(world)) return "nothing is held";
        m_grab.release(world);
        return {};
    }
    if (verb == "collider_grab") {
        parseOneIndex(action.args, index);
        if (!m_colliderGrab.begin(world, index)) return "no collider " + action.args;
        m_colliderGrab.setTarget(world.colliders[index].pose.position);
        return {};
    }
    if (verb == "collider_drag") {
        parseFloats(action.args, f, 3);
        if (!m_colliderGrab.holding(world)) return "no collider is held";
        m_colliderGrab.setTarget({f[0], f[1], f[2]});
        return {};
    }
    if (verb == "collider_release") {
        if (!m_colliderGrab.holding(world)) return "no collider is held";
        m_colliderGrab.release(world);
        return {};
    }
    if (verb == "pin") {
        parseOneIndex(action.args, index);
        if (index >= cloth.particleCount()) return "no particle " + action.args;
        cloth.setPinned(index, !cloth.pinned[index]);
        return {};
    }
    if (verb == "pin_corner") {
        parseOneIndex(action.args, index);
        toggleCornerPin(cloth, static_cast<int>(index));
        return {};
    }
    if (verb == "pin_preset") {
        applyPinPreset(cloth, *pinPresetNamed(action.args));
        return {};
    }
    if (verb == "collider_add") {
        const auto space = action.args.find(' ');
        parseFloats(action.args.substr(space + 1), f, 3);
        world.colliders.push_back(defaultCollider(*shapeNamed(action.args.substr(0, space)), {f[0], f[1], f[2]}));
        return {};
    }
    if (verb == "collider_delete") {
        parseOneIndex(action.args, index);
        if (index >= world.colliders.size()) return "no collider " + action.args;
        m_colliderGrab.colliderRemoved(world, index);
        world.colliders.erase(world.colliders.begin() + static_cast<std::ptrdiff_t>(index));
        return {};
    }
    if (verb == "collider_set") {
        std::string text;
        splitIndexed(action.args, index, text);
        if (index >= world.colliders.size()) return "no collider " + std::to_string(index);
        const ColliderAssignment assignment = parseColliderAssignment(text);
        if (!assignment.field) return assignment.error;
        return editCollider(world.colliders[index], *assignment.field, assignment.value);
    }
    if (verb == "rewind") {
        parseOneIndex(action.args, index);
        for (std::size_t k = 0; k < m_kept.size(); ++k) {
            if (m_kept.at(k).tag != index) continue;
            letGo();  // as the timeline does: what was held belongs to the state replaced
            m_kept.show(k, world);
            m_sim->stateRestored();
            return {};
        }
        return "no state was kept for moment " + action.args;
    }
    return "'" + verb + "' cannot be applied";
}

StepStats InputPlayer::step() {
    World& world = m_sim->world();
    const float dt = world.settings.sim.dt;
    if (m_grab.holding(world)) m_grab.apply(world, dt);
    if (m_colliderGrab.holding(world)) m_colliderGrab.apply(world, dt);
    ++m_steps;
    const StepStats stats = m_sim->step();
    for (std::string& note : m_sim->takeNotes()) m_notes.push_back(std::move(note));
    keepMomentIfNamed();
    return stats;
}

ReplayResult replayScript(const InputScript& script, const std::string& fallbackScene,
                          const std::vector<std::string>& overrides, long long steps) {
    ReplayResult result;
    result.player = std::make_unique<InputPlayer>(overrides);
    InputPlayer& player = *result.player;
    std::vector<std::uint64_t> moments;
    for (const InputAction& a : script.actions) {
        std::size_t moment = 0;
        if (a.verb == "rewind" && parseOneIndex(a.args, moment)) moments.push_back(moment);
    }
    player.keepMoments(std::move(moments));
    const bool ownScene = !script.actions.empty() && script.actions.front().step == 0 &&
                          [&] {
                              for (const InputAction& a : script.actions)
                                  if (a.step == 0 && a.verb == "scene") return true;
                              return false;
                          }();
    if (!ownScene) {
        if (std::string error = player.loadScene(fallbackScene); !error.empty()) {
            result.error = error;
            return result;
        }
    }
    const long long endStep = script.endStep.value_or(steps);
    std::size_t next = 0;
    for (long long s = 0;; ++s) {
        for (; next < script.actions.size() && script.actions[next].step == s; ++next) {
            const InputAction& action = script.actions[next];
            if (std::string error = player.apply(action); !error.empty()) {
                result.error = "step " + std::to_string(s) + ": " + formatAction(action) + ": " + error;
                return result;
            }
        }
        if (s >= endStep) break;
        if (!player.simulation()) {
            result.error = "the inputs load no scene before the first step";
            return result;
        }
        player.step();
    }
    if (next < script.actions.size())
        result.error = "actions after the end step " + std::to_string(endStep) + " were not applied";
    return result;
}

std::string hashText(std::uint64_t hash) {
    char text[20];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
    return text;
}

std::uint64_t stateHash(const Cloth& cloth) {
    std::uint64_t hash = 14695981039346656037ull;
    auto mix = [&](const std::vector<glm::vec3>& values) {
        const auto* bytes = reinterpret_cast<const unsigned char*>(values.data());
        for (std::size_t k = 0; k < values.size() * sizeof(glm::vec3); ++k) {
            hash ^= bytes[k];
            hash *= 1099511628211ull;
        }
    };
    mix(cloth.positions);
    mix(cloth.velocities);
    return hash;
}

} // namespace cs
