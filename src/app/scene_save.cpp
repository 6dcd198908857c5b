#include "scene_save.hpp"

#include "app_context.hpp"
#include "session/write_whole.hpp"

#include <system_error>

namespace cs {

namespace {
constexpr std::string_view kSavedSuffix = "_saved";
constexpr std::string_view kSavedName = " (saved)";

bool endsWith(std::string_view text, std::string_view end) {
    return text.size() >= end.size() && text.substr(text.size() - end.size()) == end;
}
} // namespace

std::string defaultSaveName(const std::string& scenePath) {
    std::string stem = scenePath.empty() ? "scene" : std::filesystem::path(scenePath).stem().string();
    if (!endsWith(stem, kSavedSuffix)) stem += kSavedSuffix;
    return "scenes/" + stem + ".toml";
}

std::filesystem::path savePath(const std::string& fileName, const std::filesystem::path& base) {
    std::filesystem::path path(fileName);
    if (path.extension() != ".toml") path += ".toml";
    if (path.is_relative()) path = base / path;
    return path.lexically_normal();
}

SceneDesc sceneOfWorld(const World& world, const SceneDesc& loaded) {
    SceneDesc scene;
    scene.name = endsWith(loaded.name, kSavedName) || loaded.name.empty() ? loaded.name : loaded.name + std::string(kSavedName);
    scene.description = loaded.description;
    scene.category = loaded.category;
    scene.settings = world.settings;
    // the writer reads each collider's home pose and definition, not where it is in its motion;
    // a dropped collider's home is where it was dropped (ColliderGrab::release), and a static
    // one still held saves where the mouse holds it now
    scene.colliders = world.colliders;
    for (Collider& c : scene.colliders)
        if (c.held && c.motion == MotionKind::Static) c.home.position = c.pose.position;
    scene.pinGroups = world.pinGroups;  // the writer reads their rectangles and scripts only
    return scene;
}

SaveResult saveSceneFile(const SceneDesc& scene, const std::filesystem::path& path, bool overwrite) {
    SaveResult result;
    result.path = path;
    std::error_code ec;
    if (path.filename().empty() || path.stem().empty()) {
        result.message = "cannot save to '" + path.string() + "': give a file name";
        return result;
    }
    if (std::filesystem::is_directory(path, ec)) {
        result.message = "cannot save to '" + path.string() + "': it is a folder";
        return result;
    }
    const std::filesystem::path folder = path.parent_path();
    if (!folder.empty() && !std::filesystem::is_directory(folder, ec)) {
        result.message = "cannot save to '" + path.string() + "': the folder '" + folder.string() + "' does not exist";
        return result;
    }
    if (std::filesystem::exists(path, ec) && !overwrite) {
        result.outcome = SaveOutcome::AskToOverwrite;
        result.message = "'" + path.string() + "' exists. Overwrite?";
        return result;
    }
    const std::string text = writeSceneToml(scene, folder.empty() ? std::filesystem::path(".") : folder);
    // written beside the target, then renamed over it: a failed write leaves the old file whole
    if (std::string error = writeFileWhole(path, text); !error.empty()) {
        result.message = std::move(error);
        return result;
    }
    result.outcome = SaveOutcome::Saved;
    result.message = "saved " + path.string();
    return result;
}

SaveResult saveRunningScene(AppContext& ctx, const std::filesystem::path& base) {
    SceneSaveState& state = ctx.sceneSave;
    if (state.fileNameFor != ctx.scene.path || state.fileName.empty()) {
        state.fileName = defaultSaveName(ctx.scene.path);
        state.fileNameFor = ctx.scene.path;
    }
    const std::filesystem::path path = savePath(state.fileName, base);
    const bool confirmed = !state.confirmPath.empty() && state.confirmPath == path;
    const SaveResult result = saveSceneFile(sceneOfWorld(ctx.sim->world(), ctx.scene), path, confirmed);
    state.confirmPath = result.outcome == SaveOutcome::AskToOverwrite ? path : std::filesystem::path();
    state.status = result.outcome == SaveOutcome::Failed ? "" : result.message;
    state.error = result.outcome == SaveOutcome::Failed ? result.message : "";
    return result;
}

} // namespace cs
