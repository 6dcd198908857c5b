#pragma once
// Cutting the cloth: every edit that changes which triangles hang together.
//
// Two primitives, both from Müller et al. 2007's tearing: an edge can be cut
// (the triangles on either side stop being joined across it), and a particle
// whose ring of triangles has fallen into several groups is split — one copy
// per group, each copy at the same place with the same velocity and pin, the
// particle's mass shared by the groups' rest areas so the total is unchanged.
// Triangles are never created or destroyed, only re-pointed at copies, so no
// degenerate triangle can appear and every edge keeps at most two triangles.
// New particles are appended: existing indices (grid corners, a held particle)
// stay valid.
#include "cloth.hpp"
#include "link_update.hpp"
#include "topology_change.hpp"
#include "topology.hpp"

#include <span>
#include <unordered_map>
#include <vector>

namespace cs {

struct CutResult {
    std::size_t edgesCut = 0;        // edges that were joined and now are not
    std::size_t particlesAdded = 0;  // copies made by splits
    std::size_t particlesInserted = 0;  // vertices a blade inserted on the edges it crossed (blade_cut.hpp)
    std::size_t particlesSnapped = 0;   // vertices a blade slid along an edge onto itself
    std::size_t snapsRefused = 0;       // ... that it left in place: the move would leave self-contact's room
    std::size_t trianglesSplit = 0;     // triangles a blade split
    bool changed() const {
        return edgesCut > 0 || particlesAdded > 0 || particlesInserted > 0 || particlesSnapped > 0 || trianglesSplit > 0;
    }
};

// Edits one cloth; its links and hinges are updated where it changed when it is
// finished (or on finish()). `record`: the record of an edit this one continues (a
// blade's splits before it), which it notes its own writes in; by default its own,
// begun on the cloth as it is now. `fans`: with a record, the triangles around each
// particle when that record began (what the blade had; the fans now follow from them
// and the record's triangles), so that they are not taken again from every triangle.
class TopologyEditor {
public:
    explicit TopologyEditor(Cloth& cloth, TopologyEdit* record = nullptr, const TriangleFans* fans = nullptr);
    ~TopologyEditor() { finish(); }
    TopologyEditor(const TopologyEditor&) = delete;
    TopologyEditor& operator=(const TopologyEditor&) = delete;

    // Cuts the edge (a, b) in every triangle that has it; false when no triangle does.
    bool cutEdge(std::uint32_t a, std::uint32_t b);

    // Splits particle v into one copy per group of its triangles that are still
    // joined to each other through v's edges. With `splitNormal`, triangles on
    // opposite sides of the plane through v with that normal (by their centroids)
    // count as not joined: Müller's split plane. Returns the copies made.
    std::size_t separate(std::uint32_t v, const glm::vec3* splitNormal = nullptr);

    // The triangles around particle v.
    const std::vector<std::uint32_t>& fan(std::uint32_t v) const { return fanOf(v); }
    bool isEdge(std::uint32_t a, std::uint32_t b) const;

    // Breaks span link i in place (SpanLink::supportCount = 0): the link update drops
    // it and counts it torn.
    void breakSpan(std::uint32_t i);

    // Updates the links if anything changed (also done by the destructor).
    void finish();
    const CutResult& result() const { return m_result; }
    // What was edited (after finish: with the region whose links were derived again).
    const TopologyEdit& edit() const { return *m_edit; }

private:
    std::uint32_t copyParticle(std::uint32_t v);
    // v's fan, taken from m_start the first time it is asked for: an edit touches a
    // few hundred particles, and a list per particle for all of them cost more than it
    std::vector<std::uint32_t>& fanOf(std::uint32_t v) const;

    Cloth& m_cloth;
    TopologyEdit m_ownEdit;
    TopologyEdit* m_edit;
    TriangleFans m_ownStart;
    const TriangleFans* m_start;                             // the fans when the record began (or this editor)
    // the record's triangles and those added since, by corner: (particle, triangle), sorted
    std::vector<std::pair<std::uint32_t, std::uint32_t>> m_startExtra;
    // per particle that fanOf took from m_start (or made), the triangles that use it now:
    // by hash, as an edit touches a few hundred of ~16 k (a list per particle, made and
    // freed per edit, cost a 128² blade cut 0.3 ms); node-based, so a fan stays put
    mutable std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> m_fans;
    CutResult m_result;
    bool m_spanLinksBroken = false;
    bool m_finished = false;
};

// Room in the cloth's arrays for `particles` particles and `triangles` triangles, with an
// eighth more for the edits after: a fresh cloth's arrays are exactly full, and moving
// all of them for the first copy cost a 128² cut more than the cut itself.
void reserveForEdits(Cloth& cloth, std::size_t particles, std::size_t triangles);
// An eighth more room than the cloth uses now in every array an edit grows (links and
// hinges too): done where a simulation takes its cloth, so that the first cut does not
// move them all (a copied cloth's arrays are exactly full).
void makeRoomForEdits(Cloth& cloth);

// Cuts the given edges and splits their ends where the cloth falls apart. `record`,
// where given: as for TopologyEditor, and afterwards it holds what was edited; `fans`
// as there.
CutResult cutEdges(Cloth& cloth, std::span<const EdgeKey> edges, TopologyEdit* record = nullptr,
                   const TriangleFans* fans = nullptr);

// The edges whose rest (u, v) segment crosses the segment uv0 -> uv1. The cut line
// is nudged a hair off any particle it would run through, so a cut along a row
// of particles takes the strip of triangles beside it.
std::vector<EdgeKey> edgesCrossingRestSegment(const Cloth& cloth, glm::vec2 uv0, glm::vec2 uv1);

// --cut: cuts along a segment of the rest parameterisation, both ends in [0,1]^2.
// With splitTriangles (tearing.cut_splits_triangles) the triangles it crosses are
// split along it (blade_cut.hpp; `room` as there); without, it cuts the edges it crosses.
// `edit`, where given, receives what was edited (for the solvers: Solver::topologyChanged).
CutResult cutAlongRestSegment(Cloth& cloth, glm::vec2 uv0, glm::vec2 uv1, bool splitTriangles = true,
                              std::span<float> room = {}, TopologyEdit* edit = nullptr);

// What the cloth was before each of the last edits, so that they can be taken back
// one by one and made again: an undo puts the cloth back as it was before the last
// edit, positions and velocities included (keeping the current positions instead
// would rejoin pieces that have fallen apart with links stretched by metres, which
// no solver survives), and keeps the cloth it leaves for a redo; a new edit forgets
// the redos. Pins set since stay set. kLevels edits are kept; older ones are forgotten.
class CutUndo {
public:
    static constexpr std::size_t kLevels = 8;

    void remember(Cloth before);
    bool available() const { return !m_undo.empty(); }
    // Whether restore (redo) would work on this cloth: something is kept and the
    // cloth was not rebuilt (reset, new scene) since.
    bool appliesTo(const Cloth& cloth) const;
    bool canRedo(const Cloth& cloth) const;
    // false, changing nothing, when it does not apply.
    bool restore(Cloth& cloth);
    bool redo(Cloth& cloth);
    void clear() {
        m_undo.clear();
        m_redo.clear();
    }

private:
    std::vector<Cloth> m_undo;  // oldest first
    std::vector<Cloth> m_redo;  // the most recently undone last
};

} // namespace cs
