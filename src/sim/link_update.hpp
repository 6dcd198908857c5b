#pragma once
// The links and hinges of an edited cloth, updated where the edit was instead of
// derived again from every triangle (rebuildLinks, topology.hpp).
//
// Why: a cut or a tear changes a few hundred triangles, and deriving ~100 k links
// again means sorting and colouring all of them (a blade cut across a 128² cloth
// spent 33 ms there). Kept before the edit, a LinkBasis says what the links were
// derived from; after it, updateLinks finds what changed (triangles whose corners
// or edge flags differ, particles whose rest position moved, new particles, span
// links whose support changed) and replaces only the links and hinges that touch
// it. The result holds the same links and hinges as a rebuild, in an order that
// may differ inside a colour: the link list stays sorted by kind, then colour (no
// two links of one colour share a particle), then lower particle, and the hinges
// by edge, so the solvers' sweeps keep their long parallel runs.
#include "cloth.hpp"

#include <cstddef>
#include <vector>

namespace cs {

// What a cloth's links and hinges were derived from.
struct LinkBasis {
    std::size_t particles = 0;
    std::vector<glm::uvec3> triangles;
    std::vector<std::uint8_t> edgeFlags;
    std::vector<glm::vec3> restPositions;
    std::vector<SpanLink> spanLinks;
    std::uint64_t topologyVersion = 0;
};

// Kept before an edit; the cloth's links must be up to date (they are after every edit).
LinkBasis linkBasisOf(const Cloth& cloth);

// Brings cloth.links, cloth.bendElements and cloth.spanLinks (the broken ones are
// dropped for good and counted in tornLinks) up to date after an edit that only
// appended particles and triangles, re-pointed or re-flagged triangles, moved rest
// positions and broke span links in place (SpanLink::supportCount = 0) — and starts
// a new topology version, as rebuildLinks does. Anything else (fewer particles or
// triangles, span links removed or added, links changed since the basis was kept)
// falls back to rebuildLinks.
void updateLinks(Cloth& cloth, const LinkBasis& before);

} // namespace cs
