#pragma once
// Save scene (the Save row under the scene selector, and Ctrl + S): the running
// world's settings and colliders written back to a TOML scene file that loads
// into the same world. An existing file is replaced only after a second,
// explicit request for it ("Overwrite?"); a failure is a message, never a throw.
#include "scene/scene.hpp"
#include "sim/world.hpp"

#include <filesystem>
#include <string>

namespace cs {

struct AppContext;

// What the Save row keeps between frames.
struct SceneSaveState {
    std::string fileName;                 // where the next save goes, as typed; relative: from the data folder
    std::string fileNameFor;              // the scene path the name was proposed for (a new scene proposes anew)
    std::filesystem::path confirmPath;    // exists: the next request for this same file overwrites it
    std::string status;                   // what the last save did
    std::string error;                    // why the last save failed
};

// "scenes/<stem>_saved.toml" for a scene read from <stem>.toml; a saved scene
// proposes its own file (which then asks before it is overwritten).
std::string defaultSaveName(const std::string& scenePath);

// The file a typed name means: a relative name starts in `base` (the data folder,
// so that "scenes/x.toml" lands in the selector's folder); ".toml" is added when missing.
std::filesystem::path savePath(const std::string& fileName, const std::filesystem::path& base);

// The running world as a scene: its settings as they are now (render and camera
// included, and on-reset edits not applied yet) and its colliders at their home
// poses, which is where a drag leaves a static or kinematic collider. Name,
// description and category come from the scene it was loaded from; the name says "(saved)".
SceneDesc sceneOfWorld(const World& world, const SceneDesc& loaded);

enum class SaveOutcome { Saved, AskToOverwrite, Failed };

struct SaveResult {
    SaveOutcome outcome = SaveOutcome::Failed;
    std::filesystem::path path;
    std::string message;  // for the panel: what was written, what to confirm, or why it failed
};

// Writes `scene` to `path` (its folder must exist). An existing file is left alone
// unless `overwrite`: the result then asks. Path parameters are written relative to the file.
SaveResult saveSceneFile(const SceneDesc& scene, const std::filesystem::path& path, bool overwrite);

// Ctrl + S and the Save button: the running scene to ctx.sceneSave.fileName
// (relative to `base`). The first request for an existing file only asks; a
// second request for the same file overwrites it. Fills ctx.sceneSave's status or error.
SaveResult saveRunningScene(AppContext& ctx, const std::filesystem::path& base);

} // namespace cs
