#pragma once
// Pin: Ctrl + left-click on the cloth toggles the pin of the particle nearest
// the hit (Cloth::setPinned). The keys 0-3 and the panel's presets pin corners
// and rows; this pins anything.
#include "tool.hpp"

namespace cs {

class PinTool final : public Tool {
public:
    std::string_view name() const override { return "pin"; }
    PressResult press(const ToolContext& ctx, const ScenePick& pick) override;
};

} // namespace cs
