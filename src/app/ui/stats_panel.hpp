#pragma once
// The Stats tab of the main panel: time per phase, the frame and physics plots,
// the cloth's counts and measures (topology measured again only when it changed), the
// crossing triangle pairs (counted every 10th frame, their cost apart from the step's),
// the solver's residual and iterations, and the guard's recoveries.
#include "app/app_context.hpp"

namespace cs {

void statsSection(AppContext& ctx);

} // namespace cs
