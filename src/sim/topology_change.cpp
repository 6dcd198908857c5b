#include "topology_change.hpp"

#include <algorithm>

namespace cs {
namespace {

// Notes index i in `slots`; whether it is new.
bool firstNote(std::unordered_map<std::uint32_t, std::uint32_t>& slots, std::size_t count, std::uint32_t i,
               std::size_t listSize) {
    if (i >= count) return false;  // appended by this edit: nothing to keep
    return slots.try_emplace(i, static_cast<std::uint32_t>(listSize + 1)).second;
}

} // namespace

TopologyEdit TopologyEdit::of(const Cloth& cloth) {
    TopologyEdit edit;
    edit.whole = false;
    edit.particlesBefore = cloth.particleCount();
    edit.trianglesBefore = cloth.triangles.size();
    edit.spanLinksBefore = cloth.spanLinks.size();
    edit.topologyVersion = cloth.topologyVersion;
    return edit;
}

void TopologyEdit::noteTriangle(const Cloth& cloth, std::uint32_t t) {
    if (!firstNote(m_triangleSlot, trianglesBefore, t, triangles.size())) return;
    triangles.push_back(t);
    oldCorners.push_back(cloth.triangles[t]);
    oldFlags.push_back(t < cloth.edgeFlags.size() ? cloth.edgeFlags[t] : std::uint8_t{0});
}

void TopologyEdit::noteRest(const Cloth& cloth, std::uint32_t v) {
    if (!firstNote(m_restSlot, particlesBefore, v, restMoved.size())) return;
    restMoved.push_back(v);
    oldRest.push_back(cloth.restPositions[v]);
}

void TopologyEdit::noteSpan(const Cloth& cloth, std::uint32_t i) {
    if (!firstNote(m_spanSlot, spanLinksBefore, i, spans.size())) return;
    spans.push_back(i);
    oldSpans.push_back(cloth.spanLinks[i]);
}

void TopologyEdit::absorb(const TopologyEdit& later) {
    if (later.whole) whole = true;
    regionJoined = regionJoined && later.regionJoined;  // neither parted a piece: both together part none
    if (whole) {
        particlesChanged.clear();
        return;
    }
    // the later edit's old particles between the two counts are new to this one
    std::vector<std::uint32_t> merged;
    merged.reserve(particlesChanged.size() + later.particlesChanged.size());
    for (std::uint32_t v : later.particlesChanged)
        if (v < particlesBefore) merged.push_back(v);
    const std::size_t middle = merged.size();
    merged.insert(merged.end(), particlesChanged.begin(), particlesChanged.end());
    std::inplace_merge(merged.begin(), merged.begin() + static_cast<std::ptrdiff_t>(middle), merged.end());
    merged.erase(std::unique(merged.begin(), merged.end()), merged.end());
    particlesChanged = std::move(merged);
}

} // namespace cs
