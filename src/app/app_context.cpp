#include "app_context.hpp"

#include <iostream>

namespace cs {

bool openScene(AppContext& ctx, const std::filesystem::path& path, const std::vector<std::string>& overrides) {
    SceneLoad load = loadSceneFile(path, overrides);
    if (!load.ok()) {
        ctx.sceneError = load.errorText();
        return false;
    }
    for (const SceneError& note : load.notes) std::cerr << "clothsim: " << note.str() << "\n";
    ctx.scene = std::move(*load.scene);
    ctx.sim.emplace(makeWorld(ctx.scene.settings, ctx.scene.colliders));
    ctx.settingsAtReset = ctx.scene.settings;
    ctx.sceneError.clear();
    ctx.recoveryMessage.clear();
    return true;
}

bool commitToolEdits(AppContext& ctx) {
    if (!ctx.tools.cut.takeTopologyEdit()) return false;
    ctx.sim->topologyEdited();
    return true;
}

bool undoLastCut(AppContext& ctx) {
    if (!ctx.tools.cut.undo(ctx.sim->world())) return false;
    return commitToolEdits(ctx);
}

} // namespace cs
