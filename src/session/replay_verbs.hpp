#pragma once
// The replay verbs: the one table of what a line of recorded inputs can say.
//
// A line of a recording (replay.hpp) is `STEP VERB ARGS...`. Each row of the
// table (replay_verbs.cpp) gives a verb its name as written, the shape of its
// arguments (how they are checked and how the usage reads), one line of help and
// how it applies to an InputPlayer. The parser's check, the player's dispatch and
// the list of verbs in an error all read the table; nothing else lists the verbs.
//
// Code that writes actions (the input recorder, the soak, the mouse tools, the
// app) builds them with the typed constructors in `actions::`, which spell each
// verb once, through its row. Numbers are written with formatFloat (9 significant
// digits, which gives the same float back).
#include "sim/blade_cut.hpp"
#include "sim/collision/colliders.hpp"
#include "sim/settings.hpp"
#include "sim/topology.hpp"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cs {

class InputPlayer;

struct InputAction {
    long long step = 0;      // physics steps taken (since the run began) when it happens
    std::string verb;
    std::string args;        // the rest of the line, as written
};

std::string formatAction(const InputAction& action);
std::string formatFloat(float value);  // 9 significant digits: reads back bit-exact
std::string formatVec3(glm::vec3 value);  // "X Y Z", each as formatFloat

// Which verb a row is: the table's rows are in this order (checked at compile time).
enum class Verb : std::uint8_t {
    Base, BaseClear, Scene, Set, Reset, Cut, CutEdges, CutBlade, UndoCut, RedoCut, Grab, Drag, Release, ColliderGrab, ColliderDrag,
    ColliderRelease, Pin, PinCorner, PinPreset, ColliderAdd, ColliderDelete, ColliderSet, Rewind, End
};
inline constexpr std::size_t kVerbCount = static_cast<std::size_t>(Verb::End) + 1;

// What follows the verb on its line.
enum class ArgShape : std::uint8_t {
    None,             // nothing
    Assignment,       // KEY=VALUE: the rest of the line, with an '='
    Path,             // PATH: the rest of the line, not empty
    Index,            // I: a whole number >= 0
    Corner,           // K: a grid corner, 0-3
    Point,            // X Y Z: finite metres
    RestSegment,      // U0 V0 U1 V1: two points of the rest (u, v) square, each in [0, 1]
    EdgePairs,        // A B [A B]...: particle index pairs, A != B
    EdgeCrossings,    // [on V]... A B T [A B T]...: particles a blade ran through, then edges (A != B) and
                      // where it crossed them, 0 < T < 1 from A
    PinPresetName,    // NAME: a cloth.pins choice
    ShapeAt,          // SHAPE X Y Z: a collider shape name and a point
    IndexAssignment,  // I KEY=VALUE
};
std::string_view argUsage(ArgShape shape);  // "X Y Z", ... ("" for None)

// A line's arguments, parsed by its verb's shape: the fields that shape has.
struct VerbArgs {
    std::string text{};                 // Assignment, Path, IndexAssignment's KEY=VALUE
    std::size_t index = 0;              // Index, Corner, IndexAssignment
    glm::vec3 point{0.0f};              // Point, ShapeAt (metres)
    glm::vec2 from{0.0f}, to{0.0f};     // RestSegment (rest u, v)
    std::vector<EdgeKey> edges{};       // EdgePairs
    BladePath blade{};                  // EdgeCrossings: crossings in order along it (along = 0, 1, ...)
    ShapeKind shape = ShapeKind::Sphere;  // ShapeAt
    PinPreset preset = PinPreset::None;   // PinPresetName
};

// One row of the table.
struct ReplayVerb {
    Verb verb;
    std::string_view name;   // as written in a recording
    ArgShape args;
    std::string_view help;   // one line: what it does
    // false: applies with no simulation loaded (base, base_clear, scene)
    bool needsSimulation = true;
    // Applies the checked arguments; an error message (nothing changed) or "".
    // Null for `end`, which the parser takes as the run's last step.
    std::string (*apply)(InputPlayer& player, const VerbArgs& args) = nullptr;
};

std::span<const ReplayVerb> replayVerbs();
const ReplayVerb& replayVerb(Verb verb);
std::string_view verbName(Verb verb);
const ReplayVerb* findReplayVerb(std::string_view name);  // null when no row has the name
std::string replayVerbNames();  // "base, base_clear, ...", in table order
std::string replayVerbUsage();  // one line a verb: "  grab I   hold cloth particle I"

// Parses `args` by the verb's shape into `out`. Returns "" or what the verb needs
// ("drag needs X Y Z (finite metres)").
std::string parseVerbArgs(const ReplayVerb& verb, const std::string& args, VerbArgs& out);
// The same for a verb named by text; names the known verbs when it is none of them.
std::string checkAction(std::string_view verb, const std::string& args, VerbArgs& out);

// The typed constructors: every verb's line, built from values. `step`: the physics
// steps taken before it (the input recorder writes its own count).
namespace actions {
InputAction base(long long step, std::string_view assignment);  // KEY=VALUE
InputAction baseClear(long long step);
InputAction scene(long long step, std::string_view path);
InputAction set(long long step, std::string_view key, std::string_view value);
InputAction reset(long long step);
InputAction cut(long long step, glm::vec2 from, glm::vec2 to);
InputAction cutEdges(long long step, std::span<const EdgeKey> edges);
InputAction cutBlade(long long step, const BladePath& blade);
InputAction undoCut(long long step);
InputAction redoCut(long long step);
InputAction grab(long long step, std::size_t particle);
InputAction drag(long long step, glm::vec3 target);
InputAction release(long long step);
InputAction colliderGrab(long long step, std::size_t collider);
InputAction colliderDrag(long long step, glm::vec3 target);
InputAction colliderRelease(long long step);
InputAction pin(long long step, std::size_t particle);
InputAction pinCorner(long long step, int corner);
InputAction pinPreset(long long step, PinPreset preset);
InputAction colliderAdd(long long step, ShapeKind shape, glm::vec3 center);
InputAction colliderDelete(long long step, std::size_t collider);
InputAction colliderSet(long long step, std::size_t collider, std::string_view key, std::string_view value);
InputAction rewind(long long step, std::uint64_t moment);
InputAction end(long long step);
} // namespace actions

} // namespace cs
