#pragma once
// The ImGui windows: the main "clothsim" panel (scene selector, run controls,
// then tabs: every parameter of the table, the mouse tools, stats) and the help
// overlay. The parameter controls are drawn from the panel model (panel_model.hpp)
// and the help from the key table (key_bindings.hpp); nothing here knows a
// parameter or a key by name.
#include "app/app_context.hpp"

namespace cs {

void drawMainPanel(AppContext& ctx);
void drawHelpWindow(AppContext& ctx);

} // namespace cs
