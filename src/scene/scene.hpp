#pragma once
// Scene files: TOML descriptions of a World. Every key is checked against the
// parameter table; problems come back as FILE:LINE errors, never as exceptions
// and never silently ignored.
#include "sim/collision/collider_fields.hpp"
#include "sim/collision/colliders.hpp"
#include "sim/params.hpp"
#include "sim/settings.hpp"
#include "sim/world.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace cs {

struct SceneError {
    std::string file;
    int line = 0;       // 1-based; 0 when the problem has no line (missing file)
    int column = 0;
    std::string message;

    std::string str() const;  // "FILE:LINE: message"
};

struct SceneDesc {
    std::string path;         // where it was loaded from ("" when built in code)
    std::string name;         // shown in the selector
    std::string description;  // one or two sentences
    std::string category;     // groups scenes in the selector
    Settings settings;
    Colliders colliders;
    PinGroups pinGroups;      // [[pin_group]] tables, not yet bound to a cloth
};

struct SceneLoad {
    std::optional<SceneDesc> scene;   // set only when there are no errors
    std::vector<SceneError> errors;
    // Said to the user but not wrong: an empty file (every parameter at its default).
    std::vector<SceneError> notes;

    bool ok() const { return scene.has_value(); }
    std::string errorText() const;    // all errors, one per line
};

// The world a scene starts: its settings' cloth, its colliders, its pin groups.
World makeWorld(const SceneDesc& scene);

// Parses a scene from a file, or from text that claims to come from `fileName`.
SceneLoad loadSceneFile(const std::filesystem::path& path);
SceneLoad parseScene(std::string_view text, const std::string& fileName);

// Applies one `KEY=VALUE` override (command line `--set`) with the scene
// reader's parsing and validation. VALUE is a TOML value; bare words are
// accepted for choices, solver ids and paths, and "0,5,12" for lists of whole
// numbers. A relative path is looked for in the working directory, then in the
// project root. Returns an error message or "".
std::string applyOverride(Settings& settings, std::string_view assignment);

// One collider field as `KEY=VALUE` (the replay's collider_set lines), read and
// validated as a scene file's [[collider]] value: the field and the value, or why not.
struct ColliderAssignment {
    const ColliderField* field = nullptr;  // null when `error` says why
    ColliderValue value;
    std::string error;
};
ColliderAssignment parseColliderAssignment(std::string_view assignment);

// Values as TOML text that the reader gives back bit for bit: floats in the
// shortest spelling that reads back to the same float (0.2, not 0.200000003).
std::string tomlFloat(float f);
std::string tomlValue(const ParamValue& value);
std::string tomlColliderValue(const ColliderValue& value);

// Loads a scene file, then applies `--set` overrides in order. Override errors
// come back as errors of the load, named "--set KEY=VALUE"; so does a cloth the
// overrides make unusable (a mesh that cannot be imported, a pin that names no
// particle: checkClothSettings).
SceneLoad loadSceneFile(const std::filesystem::path& path, const std::vector<std::string>& overrides);

// Each method's recommended settings: what its scenes/compare_<id>.toml sets for it.
// The method's tables are the parameter table's solver group (methodSections():
// [solver], [springs], [implicit], [provot], [pbd], [jakobsen]); of those, only the
// keys the compare file gives are put onto `settings` (not the tables' defaults),
// validated through the table, and solver.id becomes `solverId`. Everything else
// (cloth, colliders, collision, wind, sim, camera) stays as it was. `sceneFolder`
// holds the compare scenes; empty: projectRoot()/scenes. Returns "" or why not (an
// unknown or GPU id, no compare scene for it, a compare scene that does not load);
// on failure `settings` is untouched.
std::string applyRecommendedSettings(Settings& settings, std::string_view solverId,
                                     const std::filesystem::path& sceneFolder = {});
std::vector<std::string> methodSections();  // in the table's order
std::filesystem::path compareScenePath(std::string_view solverId, const std::filesystem::path& sceneFolder = {});

// How a scene file is loaded: the file, then (recommended) the recommended settings
// of the method the overrides name (the last --set solver=ID), else of the scene's
// own, then the overrides, so that an explicit --set wins. An error of the
// recommended settings is named "--recommended".
struct SceneLoadOptions {
    std::vector<std::string> overrides = {};   // --set KEY=VALUE, in order
    bool recommended = false;                  // --recommended
    std::filesystem::path compareFolder = {};  // where compare_<id>.toml are; empty: projectRoot()/scenes
};
SceneLoad loadSceneFile(const std::filesystem::path& path, const SceneLoadOptions& options);

// Writes a scene as TOML that parseScene reads back to the same values: every
// parameter of the table (render and camera too), every collider and every pin
// group through the collider/pin key table, each with its help line as a comment. Colliders come back
// bit for bit (an orientation is written in the spelling that rebuilds it exactly
// when one of a few roundings does). Path parameters are written relative to
// `folder`, the folder the text will be saved in, when that is given.
std::string writeSceneToml(const SceneDesc& scene, const std::filesystem::path& folder = {});

// Files that scenes name (path parameters such as cloth.mesh): an absolute path is
// taken as it is; a relative one is looked for in `folder` (the scene file's folder;
// empty: the working directory), then in the project root.
struct FoundFile {
    std::optional<std::filesystem::path> path;  // where it is, when found
    std::string looked;                          // where it was looked for, for the error
};
FoundFile findSceneFile(const std::string& name, const std::filesystem::path& folder);

// The project root (the data folder with scenes/ and assets/): the app sets it at start
// (runCommandLine: dataDir()); until then $CLOTHSIM_DATA_DIR, or nothing.
void setProjectRoot(std::filesystem::path root);
std::filesystem::path projectRoot();

// The *.toml files of a folder, sorted by name.
std::vector<std::filesystem::path> listSceneFiles(const std::filesystem::path& folder);

// What the selector and --list-scenes show of a scene file: its [scene] table
// only, read without building the cloth or checking the other tables.
struct SceneSummary {
    std::filesystem::path path;
    std::string name;         // "" when the file gives none
    std::string description;  // one line
    std::string category;     // "" when the file gives none
    std::string error;        // FILE:LINE: why the [scene] table could not be read; "" when it could
};
SceneSummary readSceneSummary(const std::filesystem::path& path);

// The summaries of a folder's scene files, grouped by category (categories in
// alphabetical order, scenes by file name within each, uncategorised last).
std::vector<SceneSummary> readSceneCatalogue(const std::filesystem::path& folder);

} // namespace cs
