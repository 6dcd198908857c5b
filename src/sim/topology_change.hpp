#pragma once
// What one topology edit (a cut, a tear) changed: recorded while it edits, so that
// the links, hinges, tearing's shape data and the solvers' caches are updated where
// the edit was instead of derived again from the whole cloth.
//
// An edit only appends particles and triangles, re-points or re-flags triangles,
// moves rest positions (a node snap) and breaks span links in place
// (SpanLink::supportCount = 0). The code that edits notes each triangle, rest
// position or span link just before it writes it for the first time; the record
// keeps what it was, so "before" can be read back for those and the rest is as it is
// now. Why a record and not a copy of the cloth taken before: at 128² that copy
// (triangles, flags, rest positions, span links: ~2 MB) and the comparison after it
// cost a blade cut more than the cut itself.
#include "cloth.hpp"

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace cs {

struct TopologyEdit {
    // Everything may have changed (a load, a restore, a new solver): the lists are
    // empty and every cache derives again. A default TopologyEdit says so.
    bool whole = true;
    std::size_t particlesBefore = 0;  // those at or past this index are new
    std::size_t trianglesBefore = 0;
    std::size_t spanLinksBefore = 0;
    std::uint64_t topologyVersion = 0;  // the cloth's when the record began

    // Written, each once, with what it was: triangles (corners, edge flags), rest
    // positions, span links. Indices below the counts above.
    std::vector<std::uint32_t> triangles;
    std::vector<glm::uvec3> oldCorners;
    std::vector<std::uint8_t> oldFlags;
    std::vector<std::uint32_t> restMoved;
    std::vector<glm::vec3> oldRest;
    std::vector<std::uint32_t> spans;
    std::vector<SpanLink> oldSpans;

    // Filled when the links are brought up to date (updateLinks): the old particles
    // whose links or hinges were taken out or put in — the corners of changed
    // triangles, the moved ones, and the other ends of every link and hinge replaced —
    // sorted. With the new particles, the region a solver's per-particle caches must
    // take again.
    std::vector<std::uint32_t> particlesChanged;
    // Also set there: every particle the edit touched (the corners of the triangles it
    // wrote, before and after, those it moved, the new ones) is joined to all the
    // others through the triangles around them now. Then the edit parted no piece: a
    // particle it did not touch reaches a touched one of its piece through triangles it
    // did not write. So a cache kept per piece need not find the pieces again (a pass
    // over every triangle). False where not known.
    bool regionJoined = false;

    // Begins a record of an edit of `cloth` as it is now.
    static TopologyEdit of(const Cloth& cloth);

    // Before writing triangle t's corners or flags, rest position v, span link i.
    void noteTriangle(const Cloth& cloth, std::uint32_t t);
    void noteRest(const Cloth& cloth, std::uint32_t v);
    void noteSpan(const Cloth& cloth, std::uint32_t i);

    // What they were when the record began (as now where not noted).
    glm::uvec3 cornersBefore(const Cloth& cloth, std::uint32_t t) const {
        const std::uint32_t slot = slotOf(m_triangleSlot, t);
        return slot ? oldCorners[slot - 1] : cloth.triangles[t];
    }
    glm::vec3 restBefore(const Cloth& cloth, std::uint32_t v) const {
        const std::uint32_t slot = slotOf(m_restSlot, v);
        return slot ? oldRest[slot - 1] : cloth.restPositions[v];
    }
    const SpanLink& spanBefore(const Cloth& cloth, std::uint32_t i) const {
        const std::uint32_t slot = slotOf(m_spanSlot, i);
        return slot ? oldSpans[slot - 1] : cloth.spanLinks[i];
    }

    // For the solvers: `later` happened after this one (tearing makes several edits in
    // a step). The region (particlesChanged) becomes the union of both, counted from
    // this one's start; the notes stay this one's.
    void absorb(const TopologyEdit& later);

private:
    using Slots = std::unordered_map<std::uint32_t, std::uint32_t>;
    static std::uint32_t slotOf(const Slots& slots, std::uint32_t i) {
        if (slots.empty()) return 0;
        const auto it = slots.find(i);
        return it == slots.end() ? 0 : it->second;
    }
    // index + 1 into the lists above, for what was noted: a few hundred entries (an
    // array over every triangle, zeroed per edit, cost a tear front's many small edits)
    Slots m_triangleSlot, m_restSlot, m_spanSlot;
};

} // namespace cs
