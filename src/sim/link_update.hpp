#pragma once
// The links and hinges of an edited cloth, updated where the edit was instead of
// derived again from every triangle (rebuildLinks, topology.hpp).
//
// Why: a cut or a tear changes a few hundred triangles, and deriving ~100 k links
// again means sorting and colouring all of them (a blade cut across a 128² cloth
// spent 33 ms there). After the edit, updateLinks finds what changed (triangles whose corners
// or edge flags differ, particles whose rest position moved, new particles, span
// links whose support changed) from the edit's record (topology_change.hpp) and
// replaces only the links and hinges that touch it. The result holds the same links and hinges as a rebuild, in an order that
// may differ inside a colour: the link list stays sorted by kind, then colour (no
// two links of one colour share a particle), then lower particle, and the hinges
// by edge, so the solvers' sweeps keep their long parallel runs.
#include "cloth.hpp"
#include "topology.hpp"
#include "topology_change.hpp"

#include <cstddef>
#include <vector>

namespace cs {

// Brings cloth.links, cloth.bendElements and cloth.spanLinks (the broken ones are
// dropped for good and counted in tornLinks) up to date after the edit `edit`
// recorded, and starts a new topology version, as rebuildLinks does; fills
// edit.particlesChanged. The cloth's links must have been up to date when the record
// began. A record that cannot be trusted (whole, fewer particles or triangles, span
// links removed or added, the links derived again since it began) falls back to
// rebuildLinks, with the edit marked whole. `fansSinceStart`, where given: the
// triangles around each particle (TriangleFans), taken at any time since the record
// began — a triangle the edit did not write is in the fans of its corners whenever
// they were taken — so that the triangles near the edit are found from them instead
// of by a pass over all; where not given they are taken now.
void updateLinks(Cloth& cloth, TopologyEdit& edit, const TriangleFans* fansSinceStart = nullptr);

} // namespace cs
