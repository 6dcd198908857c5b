#include "app_context.hpp"

#include "session/replay.hpp"
#include "scene/scene.hpp"
#include "sim/collision/collider_fields.hpp"

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
    ctx.sim.emplace(makeWorld(ctx.scene));
    ctx.settingsAtReset = ctx.scene.settings;
    ctx.sceneError.clear();
    ctx.recoveryMessage.clear();
    ctx.stats.crossings.reset();  // the largest count belongs to the scene
    ctx.inputs.sceneOpened(path, overrides, ctx.sim->world().settings);
    return true;
}

void resetSimulation(AppContext& ctx) {
    ctx.inputs.action(ctx.sim->world().settings, actions::reset(ctx.inputs.steps()));
    ctx.tools.cancel();  // a reset lets go of everything (resetWorld clears `held`)
    ctx.sim->reset();
    ctx.settingsAtReset = ctx.sim->world().settings;
    ctx.stats.crossings.reset();
}

StepStats stepSimulation(AppContext& ctx) {
    World& world = ctx.sim->world();
    ctx.inputs.beforeStep(world.settings);
    ctx.tools.beforeStep(world, world.settings.sim.dt);  // held things move with the step
    const StepStats stats = ctx.sim->step();
    stepCompanions(ctx, stats.totalMs);  // compare mode: the other copies take the same step
    ctx.inputs.stepTaken();
    return stats;
}

bool commitToolEdits(AppContext& ctx) {
    const std::optional<TopologyEdit> edit = ctx.tools.cut.takeTopologyEdit();
    if (!edit) return false;
    ctx.sim->topologyEdited(*edit);
    return true;
}

bool undoLastCut(AppContext& ctx) {
    if (!ctx.tools.cut.undo(ctx.sim->world())) return false;
    ctx.inputs.action(ctx.sim->world().settings, actions::undoCut(ctx.inputs.steps()));
    return commitToolEdits(ctx);
}

bool redoLastCut(AppContext& ctx) {
    if (!ctx.tools.cut.redo(ctx.sim->world())) return false;
    ctx.inputs.action(ctx.sim->world().settings, actions::redoCut(ctx.inputs.steps()));
    return commitToolEdits(ctx);
}

void applyPins(AppContext& ctx, PinPreset preset) {
    World& world = ctx.sim->world();
    applyPinPreset(world.cloth, preset);
    ctx.inputs.action(world.settings, actions::pinPreset(ctx.inputs.steps(), preset));
}

void toggleCorner(AppContext& ctx, int corner) {
    if (!ctx.sim) return;
    World& world = ctx.sim->world();
    toggleCornerPin(world.cloth, corner);
    ctx.inputs.action(world.settings, actions::pinCorner(ctx.inputs.steps(), corner));
}

void addCollider(AppContext& ctx, ShapeKind shape, glm::vec3 center) {
    World& world = ctx.sim->world();
    world.colliders.push_back(defaultCollider(shape, center));
    ctx.inputs.action(world.settings, actions::colliderAdd(ctx.inputs.steps(), shape, center));
}

bool setColliderField(AppContext& ctx, std::size_t index, const ColliderField& field, const ColliderValue& value) {
    World& world = ctx.sim->world();
    if (index >= world.colliders.size()) return false;
    if (const std::string error = editCollider(world.colliders[index], field, value); !error.empty()) {
        ctx.paramError = "collider " + std::to_string(index) + ": " + error;
        std::cerr << "clothsim: " << ctx.paramError << '\n';
        return false;
    }
    ctx.inputs.action(world.settings,
                      actions::colliderSet(ctx.inputs.steps(), index, field.key, tomlColliderValue(value)));
    return true;
}

void deleteCollider(AppContext& ctx, std::size_t index) {
    World& world = ctx.sim->world();
    if (index >= world.colliders.size()) return;
    ctx.tools.colliderRemoved(world, index);  // a held collider is let go before it goes
    world.colliders.erase(world.colliders.begin() + static_cast<std::ptrdiff_t>(index));
    ctx.inputs.action(world.settings, actions::colliderDelete(ctx.inputs.steps(), index));
}

} // namespace cs
