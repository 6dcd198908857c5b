#include "compare_mode.hpp"

#include "app_context.hpp"
#include "scene/scene.hpp"
#include "sim/params.hpp"

#include <algorithm>

namespace cs {
namespace {

// The room between two copies: the cloth's width and a quarter more, at least 30 cm.
glm::vec3 copySpacing(const World& world) {
    const std::vector<glm::vec3>& x = world.cloth.positions;
    if (x.empty()) return {1.0f, 0.0f, 0.0f};
    float lo = x.front().x, hi = x.front().x;
    for (const glm::vec3& p : x) lo = std::min(lo, p.x), hi = std::max(hi, p.x);
    const float width = hi - lo;
    return {width + std::max(0.25f * width, 0.3f), 0.0f, 0.0f};
}

// A line of the input recorder, for the companions: what the user did, without what
// is each copy's own (its solver's settings, the camera) or what the app does itself
// for all (the --set of the command line, a new scene: compare mode starts again).
void forwardToCompanions(CompareMode& mode, const InputAction& action) {
    const ReplayVerb* verb = findReplayVerb(action.verb);
    if (!verb) return;
    switch (verb->verb) {
    case Verb::Base:
    case Verb::BaseClear:
    case Verb::Scene: return;
    case Verb::Set: {
        const std::string key = action.args.substr(0, action.args.find('='));
        const ParamDef* def = findParam(key);
        if (def && (def->group == ParamGroup::Solver || def->group == ParamGroup::Camera)) return;
        break;
    }
    default: break;
    }
    if (std::string error = mode.companions.apply(action); !error.empty())
        mode.notes.push_back("'" + formatAction(action) + "' did not reach " + error);
}

void pushTrace(CompareTrace& trace, const ClothStats& cloth, double ms) {
    trace.maxStretchPct.push((cloth.maxStretchRatio - 1.0f) * 100.0f);
    trace.kineticEnergy.push(static_cast<float>(cloth.kineticEnergy));
    trace.stepMs.push(static_cast<float>(ms));
    trace.residual.push(cloth.maxLinkError);
}

} // namespace

std::string startCompare(AppContext& ctx, const std::vector<std::string>& methods) {
    if (methods.size() < kMinCompareMethods || methods.size() > kMaxWindowCompareMethods)
        return "compare mode shows 2 to 4 methods";
    if (std::string error = CompareSession::checkMethods(methods); !error.empty()) return error;

    Settings settings = ctx.sim->world().settings;
    if (std::string error = applyRecommendedSettings(settings, methods.front()); !error.empty()) return error;
    // the companions: the scene with the running one's settings, but the solver's own and the camera
    std::vector<std::string> overrides;
    for (const ParamDef& def : paramTable()) {
        if (def.group == ParamGroup::Solver || def.group == ParamGroup::Camera) continue;
        overrides.push_back(std::string(def.key) + "=" + tomlValue(getParam(settings, def)));
    }
    CompareSession companions;
    const std::vector<std::string> others(methods.begin() + 1, methods.end());
    if (std::string error = companions.start(others, ctx.scene.path, overrides, /*headless=*/false); !error.empty())
        return error;

    stopCompare(ctx);
    ctx.sim->world().settings = settings;  // the first method, with its recommended settings
    resetSimulation(ctx);                  // every copy from the scene's start
    CompareMode& mode = ctx.compare;
    mode.methods = methods;
    mode.companions = std::move(companions);
    mode.traces = {};
    mode.notes.clear();
    mode.spacing = copySpacing(ctx.sim->world());
    ctx.inputs.listen([&mode](const InputAction& action) { forwardToCompanions(mode, action); },
                      ctx.sim->world().settings);
    ctx.frameRequested = true;  // all copies in view
    return {};
}

void stopCompare(AppContext& ctx) {
    if (!ctx.compare.active()) return;
    ctx.inputs.listen(nullptr, ctx.sim->world().settings);
    ctx.compare.methods.clear();
    ctx.compare.companions = CompareSession{};
}

void stepCompanions(AppContext& ctx, double mainStepMs) {
    CompareMode& mode = ctx.compare;
    if (!mode.active()) return;
    mode.mainStepMs = mainStepMs;
    mode.companions.step();
    for (std::string& note : mode.companions.takeNotes()) mode.notes.push_back(std::move(note));
}

void recordCompareFrame(AppContext& ctx) {
    CompareMode& mode = ctx.compare;
    if (!mode.active()) return;
    // the timeline's frames, under the same moments, so that its rewind lines move every copy
    if (ctx.stats.stepsLastFrame > 0)
        for (CompareCopy& copy : mode.companions.copies())
            copy.player->keepState(ctx.inputs.moment(), ctx.timeTravel.history.capacity());
    pushTrace(mode.traces[0], ctx.stats.cloth, mode.mainStepMs);
    std::vector<CompareCopy>& copies = mode.companions.copies();
    for (std::size_t k = 0; k < copies.size() && k + 1 < mode.traces.size(); ++k) {
        const CompareCopy& copy = copies[k];
        pushTrace(mode.traces[k + 1], measureCloth(copy.player->simulation()->world()), copy.lastStepMs);
    }
}

} // namespace cs
