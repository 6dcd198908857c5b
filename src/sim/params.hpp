#pragma once
// The parameter table: every tunable value declared once, with its key, type,
// default, range, when it applies and a line of help. The ImGui panels, the TOML
// scene reader/writer, `--set` and `--list-params` are all generated from it.
#include "settings.hpp"
#include "solver.hpp"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace cs {

// Path: a file name (text; the scene reader resolves it next to the scene file, then in
// the project root). IntList: whole numbers, each in the row's range.
enum class ParamType { Bool, Int, Float, Int2, Vec3, Choice, Solver, Path, IntList };
enum class ParamApply { Live, OnReset };
enum class ParamGroup { Scene, Solver, Cloth, Collision, Wind, Tearing, Render, Camera };

// A value as it travels between the table and the outside world. Choice and Solver
// parameters travel as their name, Path as its text, IntList as a vector.
using ParamValue = std::variant<bool, int, float, glm::ivec2, glm::vec3, std::string, std::vector<int>>;

// What the soak (src/app/soak.cpp) does with a row: draw random values for it, or
// leave it alone, and why.
enum class ParamSoak {
    Edits,       // live physics: the soak draws values in the row's range
    OwnAction,   // changed by an action of its own (solver switch, tear): not a random value
    AppPacing,   // the app's frame pacing or history: no physics to test
    KeepsCores,  // the thread count: the soak stays deterministic and leaves the machine's cores alone
    NotPhysics,  // rendering and camera: they do not change the step
};

struct ParamDef {
    std::string_view key;        // "solver.substeps" — scene files, --set, --list-params
    std::string_view label;      // short UI label
    ParamType type;
    ParamGroup group;
    ParamApply apply;            // OnReset: the cloth is rebuilt from it at the next reset
    double minValue = 0.0;       // inclusive; per component for vectors
    double maxValue = 0.0;
    ParamValue defaultValue;
    std::string_view unit = {};  // "m", "s", "kg/m^2", "" when none
    std::string_view help;       // what it does and what raising it changes
    std::vector<std::string_view> choices = {};  // names for Choice (index = stored int)
    bool logarithmic = false;    // UI hint for values spanning decades (compliances)
    void* (*field)(Settings&) = nullptr;
    // The capability of the solver registry this row belongs to (the solvers whose
    // SolverInfo::reads has it read the row); None: every solver reads it.
    SolverReads reads = SolverReads::None;
    // What a change does, beyond `apply`:
    bool restartsSolver = false; // a new solver is made (its caches start from the cloth)
    bool checksCloth = false;    // decides whether the cloth can be built (checkClothSettings):
                                 // an edit or --set is tried on a copy of the cloth settings first
    bool scalesWork = false;     // a step's cost grows with it (the soak caps it: an integer at its
                                 // work cap, a float at the cap times its default)
    ParamSoak soak = ParamSoak::Edits;
    // Computed from the registry by paramTable(), never written in a row: the ids of the
    // solvers that read it (reads); empty: every solver.
    std::vector<std::string_view> solvers = {};
};

// Whether a parameter matters while `solverId` runs (the panel shows only those).
bool paramAppliesTo(const ParamDef& def, std::string_view solverId);

// Whether the soak draws random values for it: a live physics row it may edit.
bool soakEdits(const ParamDef& def);

std::span<const ParamDef> paramTable();

// Looks a key up; accepts "solver" as the short form of "solver.id".
const ParamDef* findParam(std::string_view key);

// For a key that is no longer in the table: the key or keys that replaced it, quoted
// ("'a' and 'b'"); empty for any other key.
std::string_view retiredParamReplacement(std::string_view key);
// Retired keys a scene file may still carry that are read with a note and otherwise
// ignored, not refused (the particle model's: scenes saved by older builds name them).
// Overrides (--set) still refuse them.
bool retiredParamIsIgnored(std::string_view key);

Settings defaultSettings();

ParamValue getParam(const Settings& settings, const ParamDef& def);

// Empty when the value has the right type, is finite and inside the range;
// otherwise a message naming the problem and the allowed range.
std::string validateParam(const ParamDef& def, const ParamValue& value);

// Validates, then stores. Returns the validation message on failure (settings untouched).
std::string setParam(Settings& settings, const ParamDef& def, const ParamValue& value);

// Clamps a value into the range of the parameter `key` (a Float or Vec3 row), for
// code that moves a parameter continuously (the camera under the mouse).
float clampToRange(std::string_view key, float value);
glm::vec3 clampToRange(std::string_view key, glm::vec3 value);

std::string_view typeName(ParamType type);
std::string_view groupName(ParamGroup group);
std::string formatValue(const ParamValue& value);
std::string describeRange(const ParamDef& def);   // "[1, 200]" or "one of: a, b"

// Whole numbers separated by commas and/or spaces ("0, 5, 12", "0,5,12", "[0 5 12]",
// ""): how an IntList is typed on the command line and in the panel. Empty when the
// text is not such a list.
std::optional<std::vector<int>> parseIntList(std::string_view text);

// One line per parameter: key, type, default, range, apply, help.
std::string listParams();

} // namespace cs
