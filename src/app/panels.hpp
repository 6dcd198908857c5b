#pragma once
// The ImGui windows: the main "clothsim" panel (scene selector, run controls,
// every parameter of the table, stats) and the help overlay. The parameter
// controls are generated from paramTable(); nothing here knows a parameter by name.
#include "app_context.hpp"

#include <span>

namespace cs {

void drawMainPanel(AppContext& ctx);
void drawHelpWindow(AppContext& ctx);

// The key list, shared by the help window and anything else that wants it.
struct KeyHelp {
    const char* keys;
    const char* action;
};
std::span<const KeyHelp> keyHelp();

} // namespace cs
