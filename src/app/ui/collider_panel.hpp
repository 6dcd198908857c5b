#pragma once
// The colliders section of the main panel's Tools tab: add a shape beside the
// cloth, one entry per collider with its controls generated from colliderFields()
// (sim/collision/collider_fields.hpp), delete, and the overlaps while they last.
#include "app/app_context.hpp"

namespace cs {

void colliderSection(AppContext& ctx);

} // namespace cs
