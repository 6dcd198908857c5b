#pragma once
// The Compare tab of the main panel (compare_mode.hpp): pick 2 to 4 methods and start
// or stop; while it runs, each copy's figures and one plot per quantity every method
// has (max stretch, kinetic energy, ms per step, the stretch links' largest relative
// length error), a line per method in its colour, with a legend.
#include "app/app_context.hpp"

namespace cs {

void compareSection(AppContext& ctx);

// Copy k's colour (ImGui's packed RGBA), the same in the labels, legend and plots.
unsigned int compareColour(std::size_t k);

} // namespace cs
