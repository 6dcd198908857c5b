#pragma once
// The force views' colour legend (render.shader = blinn_phong_force or ggx_force):
// the colour map as a bar with the newtons at its ends and middle, as the renderer
// scaled the last frame (sim/particle_forces.hpp, ForceColourScale), under the Render
// parameters. Nothing while another view shows.
#include "app/app_context.hpp"

namespace cs {

void forceLegend(const AppContext& ctx);

} // namespace cs
