#include "pin_tool.hpp"

namespace cs {

PressResult PinTool::press(const ToolContext& ctx, const ScenePick& pick) {
    if (!ctx.ctrl || !pick.cloth) return PressResult::Ignored;
    Cloth& cloth = ctx.world.cloth;
    const std::size_t i = pick.cloth->particle;
    if (i >= cloth.particleCount()) return PressResult::Ignored;
    cloth.setPinned(i, !cloth.pinned[i]);
    recordInput(ctx, actions::pin(recordingStep(ctx), i));
    return PressResult::Done;
}

} // namespace cs
