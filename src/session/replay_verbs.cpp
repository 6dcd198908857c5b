#include "replay_verbs.hpp"

#include "replay.hpp"
#include "scene/scene.hpp"
#include "sim/collision/collider_fields.hpp"
#include "sim/params.hpp"
#include "sim/topology_edit.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <optional>
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

bool parseFloats(const std::vector<std::string>& w, std::size_t first, float* out, std::size_t count) {
    if (w.size() != first + count) return false;
    for (std::size_t k = 0; k < count; ++k)
        if (!parseFloat(w[first + k], out[k])) return false;
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

// Why arguments do not suit a shape, after its usage ("" when they do). `inRange`:
// false when they have the shape but a value lies outside what it allows.
std::string parseShape(ArgShape shape, const std::string& args, VerbArgs& out, bool& inRange) {
    inRange = true;
    const std::vector<std::string> w = words(args);
    float f[4];
    switch (shape) {
    case ArgShape::None: return args.empty() ? "" : "no arguments";
    case ArgShape::Assignment:
        out.text = args;
        return args.find('=') != std::string::npos ? "" : "a parameter assignment";
    case ArgShape::Path:
        out.text = args;
        return args.empty() ? "a file" : "";
    case ArgShape::Index:
        return w.size() == 1 && parseIndex(w[0], out.index) ? "" : "a whole number >= 0";
    case ArgShape::Corner:
        return w.size() == 1 && parseIndex(w[0], out.index) && out.index <= 3 ? "" : "a corner 0, 1, 2 or 3";
    case ArgShape::Point:
        if (!parseFloats(w, 0, f, 3)) return "finite metres";
        out.point = {f[0], f[1], f[2]};
        return "";
    case ArgShape::RestSegment:
        if (!parseFloats(w, 0, f, 4)) return "four numbers, each in [0, 1]";
        for (float x : f)
            if (!(x >= 0.0f && x <= 1.0f)) {
                inRange = false;
                return "coordinates must lie in [0, 1]";
            }
        out.from = {f[0], f[1]};
        out.to = {f[2], f[3]};
        return "";
    case ArgShape::EdgePairs:
        out.edges.clear();
        if (w.empty() || w.size() % 2 != 0) return "pairs of particle indices, A != B";
        for (std::size_t k = 0; k < w.size(); k += 2) {
            std::size_t a = 0, b = 0;
            if (!parseIndex(w[k], a) || !parseIndex(w[k + 1], b) || a == b || a > UINT32_MAX || b > UINT32_MAX)
                return "pairs of particle indices, A != B";
            out.edges.push_back(edgeKey(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b)));
        }
        return "";
    case ArgShape::EdgeCrossings: {
        constexpr const char* kUsage = "'on V' particles and triples of two particle indices and a fraction in (0, 1)";
        out.blade = {};
        if (w.empty()) return kUsage;
        for (std::size_t k = 0; k < w.size();) {
            std::size_t a = 0, b = 0;
            if (w[k] == "on") {
                if (k + 1 >= w.size() || !parseIndex(w[k + 1], a) || a > UINT32_MAX) return kUsage;
                out.blade.onVertices.push_back(static_cast<std::uint32_t>(a));
                k += 2;
                continue;
            }
            float t = 0.0f;
            if (k + 2 >= w.size() || !parseIndex(w[k], a) || !parseIndex(w[k + 1], b) || a == b || a > UINT32_MAX ||
                b > UINT32_MAX || !parseFloat(w[k + 2], t))
                return kUsage;
            if (!(t > 0.0f && t < 1.0f)) {
                inRange = false;
                return "fractions must lie in (0, 1)";
            }
            const EdgeKey edge = edgeKey(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b));
            out.blade.crossings.push_back({edge, a < b ? t : 1.0f - t, static_cast<float>(out.blade.crossings.size())});
            k += 3;
        }
        return "";
    }
    case ArgShape::PinPresetName:
        if (const auto preset = pinPresetNamed(args)) {
            out.preset = *preset;
            return "";
        }
        return "a cloth.pins name";
    case ArgShape::ShapeAt: {
        const auto kind = w.empty() ? std::nullopt : shapeNamed(w[0]);
        if (!kind || !parseFloats(w, 1, f, 3)) return "sphere, plane, box or capsule; finite metres";
        out.shape = *kind;
        out.point = {f[0], f[1], f[2]};
        return "";
    }
    case ArgShape::IndexAssignment: {
        const auto space = args.find(' ');
        if (space == std::string::npos || !parseIndex(args.substr(0, space), out.index)) return "an index, then KEY=VALUE";
        out.text = args.substr(args.find_first_not_of(' ', space));
        return out.text.find('=') != std::string::npos ? "" : "an index, then KEY=VALUE";
    }
    }
    return "an argument shape the table does not know";
}

// The words of an action line (no verb may leave its arguments with spaces at its ends:
// the parser trims them).
InputAction line(long long step, Verb verb, std::string args = {}) {
    return {step, std::string(verbName(verb)), std::move(args)};
}

std::string indexText(std::size_t index) { return std::to_string(index); }

} // namespace

// The apply functions reach the player's state: InputPlayer befriends this struct.
struct ReplayVerbTable {
    static std::span<const ReplayVerb> rows();
};

std::span<const ReplayVerb> ReplayVerbTable::rows() {
    using P = InputPlayer;
    using A = VerbArgs;
    static constexpr ReplayVerb kRows[] = {
        {.verb = Verb::Base, .name = "base", .args = ArgShape::Assignment,
         .help = "an override applied to every scene loaded after it", .needsSimulation = false,
         .apply = [](P& p, const A& a) -> std::string {
             p.m_base.push_back(a.text);
             return {};
         }},
        {.verb = Verb::BaseClear, .name = "base_clear", .args = ArgShape::None,
         .help = "forget the base overrides (the window's --set holds for its first scene only)",
         .needsSimulation = false,
         .apply = [](P& p, const A&) -> std::string {
             p.m_base.clear();
             return {};
         }},
        {.verb = Verb::Scene, .name = "scene", .args = ArgShape::Path,
         .help = "load a scene file (then the base overrides); a relative path missing here is looked for in "
                 "the project root",
         .needsSimulation = false,
         .apply = [](P& p, const A& a) -> std::string { return p.loadScene(a.text); }},
        {.verb = Verb::Set, .name = "set", .args = ArgShape::Assignment,
         .help = "a parameter edit (--set syntax; solver switches are set solver.id=ID)",
         .apply = [](P& p, const A& a) -> std::string { return applyOverride(p.m_sim->world().settings, a.text); }},
        {.verb = Verb::Reset, .name = "reset", .args = ArgShape::None, .help = "rebuild the cloth from the settings",
         .apply = [](P& p, const A&) -> std::string {
             p.letGo();  // resetWorld rebuilds the cloth and lets go of colliders
             p.m_sim->reset();
             return {};
         }},
        {.verb = Verb::Cut, .name = "cut", .args = ArgShape::RestSegment,
         .help = "cut along a segment of the rest (u, v) square",
         .apply = [](P& p, const A& a) -> std::string {
             return p.m_sim->cut(a.from, a.to) ? std::string() : "the cut crosses no edge";
         }},
        {.verb = Verb::CutEdges, .name = "cut_edges", .args = ArgShape::EdgePairs,
         .help = "cut the triangle edges between particles A and B (the window's cut tool)",
         .apply = [](P& p, const A& a) -> std::string {
             Cloth& cloth = p.m_sim->world().cloth;
             for (const EdgeKey edge : a.edges)
                 if (std::max(edge.a, edge.b) >= cloth.particleCount()) return "no such particle in the cut";
             p.m_cutUndo.remember(cloth);
             TopologyEdit edit = TopologyEdit::of(cloth);
             cutEdges(cloth, a.edges, &edit);
             p.m_sim->topologyEdited(edit);
             return {};
         }},
        {.verb = Verb::CutBlade, .name = "cut_blade", .args = ArgShape::EdgeCrossings,
         .help = "split the triangles along a blade that ran through particles 'on V' and crossed the edge between "
                 "particles A and B a fraction T of the way from A, in the order given (the window's cut tool)",
         .apply = [](P& p, const A& a) -> std::string {
             Cloth& cloth = p.m_sim->world().cloth;
             for (const EdgeCrossing& x : a.blade.crossings)
                 if (x.edge.b >= cloth.particleCount()) return "no such particle in the cut";
             for (const std::uint32_t v : a.blade.onVertices)
                 if (v >= cloth.particleCount()) return "no such particle in the cut";
             Cloth before = cloth;
             // the room the live cut had: the same state, the same snaps
             TopologyEdit edit;
             if (!cutAlongBlade(cloth, a.blade, p.m_sim->world().contactRoom, &edit).changed())
                 return "the cut crosses no edge of this cloth";
             p.m_cutUndo.remember(std::move(before));
             p.m_sim->topologyEdited(edit);
             return {};
         }},
        {.verb = Verb::UndoCut, .name = "undo_cut", .args = ArgShape::None,
         .help = "put the cloth back as it was before the last cut_edges or cut_blade",
         .apply = [](P& p, const A&) -> std::string {
             if (!p.m_cutUndo.restore(p.m_sim->world().cloth)) return "there is no cut of this cloth to undo";
             p.m_sim->topologyEdited();
             return {};
         }},
        {.verb = Verb::RedoCut, .name = "redo_cut", .args = ArgShape::None,
         .help = "make the last undone cut again",
         .apply = [](P& p, const A&) -> std::string {
             if (!p.m_cutUndo.redo(p.m_sim->world().cloth)) return "there is no undone cut of this cloth to redo";
             p.m_sim->topologyEdited();
             return {};
         }},
        {.verb = Verb::Grab, .name = "grab", .args = ArgShape::Index, .help = "hold cloth particle I",
         .apply = [](P& p, const A& a) -> std::string {
             World& world = p.m_sim->world();
             if (!p.m_grab.begin(world, a.index)) return "no particle " + indexText(a.index);
             p.m_grab.setTarget(world.cloth.positions[a.index]);
             return {};
         }},
        {.verb = Verb::Drag, .name = "drag", .args = ArgShape::Point, .help = "move the held particle's target",
         .apply = [](P& p, const A& a) -> std::string {
             if (!p.m_grab.holding(p.m_sim->world())) return "nothing is held";
             p.m_grab.setTarget(a.point);
             return {};
         }},
        {.verb = Verb::Release, .name = "release", .args = ArgShape::None, .help = "let go of the held particle",
         .apply = [](P& p, const A&) -> std::string {
             if (!p.m_grab.holding(p.m_sim->world())) return "nothing is held";
             p.m_grab.release(p.m_sim->world());
             return {};
         }},
        {.verb = Verb::ColliderGrab, .name = "collider_grab", .args = ArgShape::Index, .help = "hold collider I",
         .apply = [](P& p, const A& a) -> std::string {
             World& world = p.m_sim->world();
             if (!p.m_colliderGrab.begin(world, a.index)) return "no collider " + indexText(a.index);
             p.m_colliderGrab.setTarget(world.colliders[a.index].pose.position);
             return {};
         }},
        {.verb = Verb::ColliderDrag, .name = "collider_drag", .args = ArgShape::Point,
         .help = "move the held collider's target",
         .apply = [](P& p, const A& a) -> std::string {
             if (!p.m_colliderGrab.holding(p.m_sim->world())) return "no collider is held";
             p.m_colliderGrab.setTarget(a.point);
             return {};
         }},
        {.verb = Verb::ColliderRelease, .name = "collider_release", .args = ArgShape::None,
         .help = "let go of the held collider",
         .apply = [](P& p, const A&) -> std::string {
             if (!p.m_colliderGrab.holding(p.m_sim->world())) return "no collider is held";
             p.m_colliderGrab.release(p.m_sim->world());
             return {};
         }},
        {.verb = Verb::Pin, .name = "pin", .args = ArgShape::Index, .help = "toggle the pin of particle I",
         .apply = [](P& p, const A& a) -> std::string {
             Cloth& cloth = p.m_sim->world().cloth;
             if (a.index >= cloth.particleCount()) return "no particle " + indexText(a.index);
             cloth.setPinned(a.index, !cloth.pinned[a.index]);
             return {};
         }},
        {.verb = Verb::PinCorner, .name = "pin_corner", .args = ArgShape::Corner,
         .help = "toggle the pin of grid corner K (the keys 0-3)",
         .apply = [](P& p, const A& a) -> std::string {
             toggleCornerPin(p.m_sim->world().cloth, static_cast<int>(a.index));
             return {};
         }},
        {.verb = Verb::PinPreset, .name = "pin_preset", .args = ArgShape::PinPresetName,
         .help = "pin as cloth.pins NAME does (none, top_row, ...), on the cloth as it is",
         .apply = [](P& p, const A& a) -> std::string {
             applyPinPreset(p.m_sim->world().cloth, a.preset);
             return {};
         }},
        {.verb = Verb::ColliderAdd, .name = "collider_add", .args = ArgShape::ShapeAt,
         .help = "a collider of the table's defaults (sphere, plane, box, capsule) at X Y Z",
         .apply = [](P& p, const A& a) -> std::string {
             p.m_sim->world().colliders.push_back(defaultCollider(a.shape, a.point));
             return {};
         }},
        {.verb = Verb::ColliderDelete, .name = "collider_delete", .args = ArgShape::Index, .help = "remove collider I",
         .apply = [](P& p, const A& a) -> std::string {
             World& world = p.m_sim->world();
             if (a.index >= world.colliders.size()) return "no collider " + indexText(a.index);
             p.m_colliderGrab.colliderRemoved(world, a.index);
             world.colliders.erase(world.colliders.begin() + static_cast<std::ptrdiff_t>(a.index));
             return {};
         }},
        {.verb = Verb::ColliderSet, .name = "collider_set", .args = ArgShape::IndexAssignment,
         .help = "edit one field of collider I (a [[collider]] key, TOML value)",
         .apply = [](P& p, const A& a) -> std::string {
             World& world = p.m_sim->world();
             if (a.index >= world.colliders.size()) return "no collider " + indexText(a.index);
             const ColliderAssignment assignment = parseColliderAssignment(a.text);
             if (!assignment.field) return assignment.error;
             return editCollider(world.colliders[a.index], *assignment.field, assignment.value);
         }},
        {.verb = Verb::Rewind, .name = "rewind", .args = ArgShape::Index,
         .help = "put back the state after moment I: steps plus lines, counted from the start (input_recorder.hpp)",
         .apply = [](P& p, const A& a) -> std::string {
             for (std::size_t k = 0; k < p.m_kept.size(); ++k) {
                 if (p.m_kept.at(k).tag != a.index) continue;
                 p.letGo();  // as the timeline does: what was held belongs to the state replaced
                 p.m_kept.show(k, p.m_sim->world());
                 p.m_sim->stateRestored();
                 return {};
             }
             return "no state was kept for moment " + indexText(a.index);
         }},
        {.verb = Verb::End, .name = "end", .args = ArgShape::None, .help = "the run stops at this step",
         .needsSimulation = false, .apply = nullptr},
    };
    static_assert(std::size(kRows) == kVerbCount, "one row per Verb");
    static_assert([] {
        for (std::size_t k = 0; k < std::size(kRows); ++k)
            if (kRows[k].verb != static_cast<Verb>(k)) return false;
        return true;
    }(), "the rows are in Verb order");
    return kRows;
}

std::span<const ReplayVerb> replayVerbs() { return ReplayVerbTable::rows(); }

const ReplayVerb& replayVerb(Verb verb) { return replayVerbs()[static_cast<std::size_t>(verb)]; }

std::string_view verbName(Verb verb) { return replayVerb(verb).name; }

const ReplayVerb* findReplayVerb(std::string_view name) {
    for (const ReplayVerb& row : replayVerbs())
        if (row.name == name) return &row;
    return nullptr;
}

std::string replayVerbNames() {
    std::string names;
    for (const ReplayVerb& row : replayVerbs()) names += (names.empty() ? "" : ", ") + std::string(row.name);
    return names;
}

std::string replayVerbUsage() {
    std::string text;
    for (const ReplayVerb& row : replayVerbs()) {
        std::string head = "  " + std::string(row.name);
        if (row.args != ArgShape::None) head += " " + std::string(argUsage(row.args));
        head.resize(std::max<std::size_t>(head.size() + 2, 32), ' ');
        text += head + std::string(row.help) + "\n";
    }
    return text;
}

std::string_view argUsage(ArgShape shape) {
    switch (shape) {
    case ArgShape::None: return "";
    case ArgShape::Assignment: return "KEY=VALUE";
    case ArgShape::Path: return "PATH";
    case ArgShape::Index: return "I";
    case ArgShape::Corner: return "K";
    case ArgShape::Point: return "X Y Z";
    case ArgShape::RestSegment: return "U0 V0 U1 V1";
    case ArgShape::EdgePairs: return "A B [A B]...";
    case ArgShape::EdgeCrossings: return "[on V]... A B T [A B T]...";
    case ArgShape::PinPresetName: return "NAME";
    case ArgShape::ShapeAt: return "SHAPE X Y Z";
    case ArgShape::IndexAssignment: return "I KEY=VALUE";
    }
    return "?";
}

std::string parseVerbArgs(const ReplayVerb& verb, const std::string& args, VerbArgs& out) {
    bool inRange = true;
    const std::string problem = parseShape(verb.args, args, out, inRange);
    if (problem.empty()) return {};
    if (!inRange) return std::string(verb.name) + " " + problem;  // "cut coordinates must lie in [0, 1]"
    if (verb.args == ArgShape::None) return std::string(verb.name) + " takes no arguments";
    return std::string(verb.name) + " needs " + std::string(argUsage(verb.args)) + " (" + problem + ")";
}

std::string checkAction(std::string_view verb, const std::string& args, VerbArgs& out) {
    const ReplayVerb* row = findReplayVerb(verb);
    if (!row) return "unknown action '" + std::string(verb) + "' (one of: " + replayVerbNames() + ")";
    return parseVerbArgs(*row, args, out);
}

std::string formatFloat(float value) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(value));
    return buf;
}

std::string formatVec3(glm::vec3 value) {
    return formatFloat(value.x) + " " + formatFloat(value.y) + " " + formatFloat(value.z);
}

std::string formatAction(const InputAction& action) {
    std::string text = std::to_string(action.step) + " " + action.verb;
    if (!action.args.empty()) text += " " + action.args;
    return text;
}

namespace actions {
InputAction base(long long step, std::string_view assignment) { return line(step, Verb::Base, std::string(assignment)); }
InputAction baseClear(long long step) { return line(step, Verb::BaseClear); }
InputAction scene(long long step, std::string_view path) { return line(step, Verb::Scene, std::string(path)); }
InputAction set(long long step, std::string_view key, std::string_view value) {
    return line(step, Verb::Set, std::string(key) + "=" + std::string(value));
}
InputAction reset(long long step) { return line(step, Verb::Reset); }
InputAction cut(long long step, glm::vec2 from, glm::vec2 to) {
    return line(step, Verb::Cut,
                formatFloat(from.x) + " " + formatFloat(from.y) + " " + formatFloat(to.x) + " " + formatFloat(to.y));
}
InputAction cutEdges(long long step, std::span<const EdgeKey> edges) {
    std::string args;
    for (const EdgeKey& edge : edges)
        args += (args.empty() ? "" : " ") + std::to_string(edge.a) + " " + std::to_string(edge.b);
    return line(step, Verb::CutEdges, std::move(args));
}
InputAction cutBlade(long long step, const BladePath& blade) {
    std::string args;
    for (const std::uint32_t v : blade.onVertices) args += (args.empty() ? "on " : " on ") + std::to_string(v);
    for (const EdgeCrossing& x : blade.crossings)
        args += (args.empty() ? "" : " ") + std::to_string(x.edge.a) + " " + std::to_string(x.edge.b) + " " +
                formatFloat(x.t);
    return line(step, Verb::CutBlade, std::move(args));
}
InputAction redoCut(long long step) { return line(step, Verb::RedoCut); }
InputAction undoCut(long long step) { return line(step, Verb::UndoCut); }
InputAction grab(long long step, std::size_t particle) { return line(step, Verb::Grab, indexText(particle)); }
InputAction drag(long long step, glm::vec3 target) { return line(step, Verb::Drag, formatVec3(target)); }
InputAction release(long long step) { return line(step, Verb::Release); }
InputAction colliderGrab(long long step, std::size_t collider) {
    return line(step, Verb::ColliderGrab, indexText(collider));
}
InputAction colliderDrag(long long step, glm::vec3 target) { return line(step, Verb::ColliderDrag, formatVec3(target)); }
InputAction colliderRelease(long long step) { return line(step, Verb::ColliderRelease); }
InputAction pin(long long step, std::size_t particle) { return line(step, Verb::Pin, indexText(particle)); }
InputAction pinCorner(long long step, int corner) { return line(step, Verb::PinCorner, std::to_string(corner)); }
InputAction pinPreset(long long step, PinPreset preset) {
    const ParamDef* def = findParam("cloth.pins");
    const auto k = static_cast<std::size_t>(preset);
    return line(step, Verb::PinPreset, def && k < def->choices.size() ? std::string(def->choices[k]) : std::string());
}
InputAction colliderAdd(long long step, ShapeKind shape, glm::vec3 center) {
    return line(step, Verb::ColliderAdd, std::string(shapeName(shape)) + " " + formatVec3(center));
}
InputAction colliderDelete(long long step, std::size_t collider) {
    return line(step, Verb::ColliderDelete, indexText(collider));
}
InputAction colliderSet(long long step, std::size_t collider, std::string_view key, std::string_view value) {
    return line(step, Verb::ColliderSet, indexText(collider) + " " + std::string(key) + "=" + std::string(value));
}
InputAction rewind(long long step, std::uint64_t moment) { return line(step, Verb::Rewind, std::to_string(moment)); }
InputAction end(long long step) { return line(step, Verb::End); }
} // namespace actions

} // namespace cs
