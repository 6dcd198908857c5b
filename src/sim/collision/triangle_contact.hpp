#pragma once
// Triangle self-contact that cannot cross: Offset Geometric Contact (ogc: Chen,
// Hsu, Liu, Macklin, Yang, Yuksel 2025; ../shared/CONTACT.md has the formulas).
//
// Detection, at positions X where no two triangles cross: every vertex-triangle
// (VF) and edge-edge (EE) pair of features that share no vertex and lie within
// the query radius r_q is found among candidate pairs: those within r_q + a skin,
// gathered from two bounding-volume hierarchies (part 1's BoxTree: triangles inflated
// by the gathering radius, edges by half of it) and reused by later detections while
// no vertex has moved half the skin (a Verlet list). Each distance feeds the
// minima of its features; a vertex's bound is
//     b_v = gamma_p * min(r_q, d(v, faces), d(faces of v, vertices), d(edges of v, edges)),
// and the pairs whose point lies in the feature's own region of the offset
// surface (the feasible-region filter) are kept for the response.
//
// The guarantee: between two detections no vertex moves farther than b_v from X_v + U,
// U one translation common to every vertex (no distance changes under it, so X + U is
// as crossing-free as X). Two features at distance D both enter each other's minima,
// so together they close by at most 2 gamma_p D < D (gamma_p < 1/2): they cannot meet,
// and two triangles that share no vertex cannot come to cross without some VF or EE
// distance reaching 0 first. So crossing-free X stays crossing-free. U may change at a
// truncation: the states around X + U1 and around X + U2 are joined through the
// translations between (each set convex, each crossing-free), so the guarantee holds.
//
// U is 0 after a detection. When it would hold back more than gamma_e N vertices (which
// makes contact detect again), no vertex is kinematic (pinned, in a pin group, grabbed)
// and the vertices' mean move since X would hold none back, U becomes that mean move: a
// flat cloth falling freely keeps its shape and moves as one, and its vertices, each a
// fraction of a grid spacing from its own layer's next triangles, would otherwise fall
// no more than gamma_p r_q a detection (5.4 mm; 4.2 m/s at 13 detections a 1/60 s
// step). Otherwise U stays what it was at the last truncation, where the substep
// started: holding the vertices back then takes back only the substep's own motion,
// never what the cloth moved as one since the detection (a strip landing on a ramp,
// its frame dropped to 0, would be pulled back centimetres: a 60 m/s throw).
//
// Response (position-based): each kept pair closer than the contact radius r is a
// one-sided XPBD constraint C = d - r >= 0 with compliance, on the closest points
// recomputed at the current positions, then positional Coulomb friction on the
// pair's relative tangential motion over the substep. After the response every
// vertex is truncated into its ball around X + U; when more than gamma_e N vertices
// were truncated, contact is detected again at the truncated (safe) positions and
// they advance again towards where the solver put them (up to advanceRounds
// detections in a substep). Detection also runs every `self_detect_every`
// substeps and whenever the stage was invalidated (a reset, a restore, a solver
// switch, a topology edit).
//
// Neighbours: pairs that share a vertex are never contacts. Copies of one vertex
// made by a cut or a tear (the same rest position) count as one vertex here, so the
// two sides of a fresh cut are neighbours and do not lock each other (they touch at
// distance 0, which would make both bounds 0) — until a detection finds a copy more
// than the contact radius from the others: from then on it is a vertex of its own,
// and the two sides of the cut are contact pairs like any other, so the pieces of a
// torn cloth cannot pass through each other once they have parted. A cut that splits
// triangles (blade_cut.hpp) leaves corners that are not copies closer to the other
// side than the contact radius; a pair with a copy not yet released among its
// vertices and less than the contact radius apart in the rest shape is a neighbour
// too, so that the two sides part without a push.
//
// Welds: neighbours are not held apart, and the two borders of a fresh cut, pressed
// together (a cut through folds), overlap by a fraction of a millimetre beside their
// copies: triangles hinged at copies cross. So after each truncation, a group of
// copies not yet parted two of whose triangles cross (the crossing counter's exact
// test) is welded: all its copies go to one point, where their masses put the centre,
// moved into every copy's ball around its anchor + U (no copy goes beyond its bound,
// so nothing else can cross). Two triangles that share a position do not cross by the
// counter's rule, as two that share a vertex do not: where the borders are pushed
// together the copies act as the one vertex they were; where the cloth pulls them
// apart nothing crosses, nothing is welded, and the cut opens. When no common point
// is found in the balls (copies apart at the last detection), the copies and the
// corners of their triangles go back to their anchors + U: where the detection found
// them, moved by the translation the balls have moved by. The other neighbours (a
// vertex beside the cut, less than the contact radius from the other side at rest, not
// a copy) no weld sees: each detection keeps those it skipped within r_q (only they can
// meet before the next one), and after the welds any whose triangles cross goes back to
// its anchors + U (keepNeighboursApart).
//
// Kinematic vertices (pins, pin groups, the grabbed particle) are placed by their
// scripts and then truncated like any other: a held edge driven into another layer
// stops at its bound and catches up once the way is free (its script puts it back
// on the path at every substep). A held-back kinematic vertex asks for a detection
// at the next substep, however few vertices were held back.
#include "../cloth.hpp"
#include "../settings.hpp"
#include "box_tree.hpp"
#include "friction.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <glm/vec3.hpp>
#include <span>
#include <vector>

namespace cs {

struct TriangleContactStats {
    int detections = 0;      // in the last step
    int welds = 0;           // groups of copies whose triangles crossed, welded or put back, in the last step
    int weldMisses = 0;      // ... of those, put back at their anchors (no common point within their bounds)
    int neighboursPutBack = 0;  // vertices of watched neighbour pairs found crossing and put back at their anchors
    int clothPutBack = 0;       // times the whole cloth went back to X + U (welds and put-backs left a crossing)
    int gathers = 0;         // of those, how many searched the trees for candidates (the rest reused them)
    int truncated = 0;       // vertices held back by their bound at the last substep's end
    std::size_t vertexFacePairs = 0;  // kept at the last detection
    std::size_t edgeEdgePairs = 0;
    std::size_t pairsCarried = 0;  // candidate pairs the detections of the last step skipped by their carried bounds
    float detectMs = 0.0f;   // time of the detections in the last step, milliseconds
};

class TriangleContact {
public:
    static constexpr int kAdvanceRounds = 3;  // detections a substep may add for vertices held back
    // ... and at least this many over a step of few substeps: one implicit step of 1/60 s
    // must let a vertex (a scripted edge, say, at 1.6 m/s) move more than four bounds.
    static constexpr int kAdvanceRoundsPerStep = 12;
    // The detections a substep may add, with `substeps` substeps a step.
    static int advanceRounds(int substeps) {
        const int perSubstep = (kAdvanceRoundsPerStep + std::max(substeps, 1) - 1) / std::max(substeps, 1);
        return std::max(kAdvanceRounds, perSubstep);
    }
    static constexpr int kRebuildEvery = 8;  // gatherings between rebuilds of the hierarchies (refits between)
    static constexpr std::size_t kChunks = 16;  // pieces of the detection, whatever the thread count
    // Metres taken off every distance before the bound: two features at D > kDistanceFloor
    // then stay more than kDistanceFloor apart (D' - floor >= (1 - 2 gamma_p)(D - floor)),
    // however many detections a jam takes (wringing: 80 a step), instead of closing by
    // 1 - 2 gamma_p at each until float rounding (1e-7 m at 1 m) can put them through.
    static constexpr float kDistanceFloor = 1e-5f;
    // The gathering radius r_q + skin is kept below this many mean rest edge lengths:
    // about 0.68 spacings on a grid whose cells have one diagonal (the mean edge is then
    // 1.14 spacings), below the 0.71 spacings to the nearest triangle a vertex does not
    // belong to, so that a flat layer gives its own vertices no candidates.
    static constexpr float kSkinReach = 0.6f;

    // Copies of a vertex that have been a contact radius apart at a detection stop
    // counting as one vertex (until this is called: a reset, a restore, a cut).
    void forgetSeparations();

    // The next call detects first: the cloth changed outside the step.
    void invalidate() {
        m_dirty = true;
        m_candidatesValid = false;
    }

    // The next call detects first, where the bounds let the vertices be (a step's start:
    // only kinematic vertices moved since the last substep).
    void detectSoon() { m_detectSoon = true; }

    // Position-based family, once per substep after the constraint passes. `start`:
    // positions at the substep's start (crossing-free); cloth.positions: where the
    // solver put the particles. Moves them to where contact lets them be.
    // `substeps`: how many a step has (advanceRounds).
    void step(Cloth& cloth, std::span<const glm::vec3> start, float h, const CollisionSettings& settings,
              int threads, int substeps);

    // Force-based family: keep every pair that touched in the next step() calls, for
    // limitSeparation.
    void recordTouching(bool on) { m_recordTouching = on; }

    // Force-based family, after step() and after the velocities followed its position
    // changes: each pair that touched in the last step() call moves apart along its
    // normal no faster than before contact (`velocitiesBefore`, the integrator's; 0 if it
    // was closing) plus its push spread over the physics step `dt` (seconds): a push
    // corrects the position, and it throws the pair no harder with more substeps.
    void limitSeparation(Cloth& cloth, std::span<const glm::vec3> velocitiesBefore, float dt) const;

    // Call when a physics step begins: the per-step counters restart.
    void beginStep();

    const TriangleContactStats& stats() const { return m_stats; }
    // Per vertex of x, metres it may still move and stay in its ball around X + U (its
    // bound less its move since the last detection, a hair kept back for rounding);
    // empty when there are no bounds for x (none detected yet, or another topology).
    void roomLeft(std::span<const glm::vec3> x, std::vector<float>& room) const;
    std::span<const float> bounds() const { return m_bound; }  // b_v, metres, of the last detection
    // The smallest vertex-triangle or edge-edge distance between features that share no
    // vertex at the last detection, metres; infinity when none was within the query radius.
    float nearestDistance() const;

    // Pairs kept for the response: only those that can come within the contact radius
    // before the next detection (their distance at detection less both features' bounds).
    // The closest points' coordinates are those of the detection (the features move
    // at most their bounds until the next one, so the pair stays near them): the
    // response reads each pair's distance from them without a closest-point search.
    struct VertexFacePair {
        std::uint32_t vertex;
        std::uint32_t triangle;
        glm::vec3 normal;       // unit, from the triangle to the vertex at detection
        glm::vec3 barycentric;  // of the triangle's closest point
        float distance;         // at detection, metres
    };
    struct EdgeEdgePair {
        std::uint32_t a, b;  // edges
        glm::vec3 normal;    // unit, from edge b to edge a at detection
        float s, t;          // the closest points' parameters along a and b
        float distance;      // at detection, metres
    };
    // A pair closer than the contact radius in the response: its four points (a vertex
    // and a triangle's corners, or two edges' ends), their weights along the normal.
    struct TouchingPair {
        std::array<std::uint32_t, 4> ids;
        std::array<float, 4> weights;
        glm::vec3 normal;  // unit, the way the first point must move
        float pushed;      // metres its own push moved its points apart
    };

    std::span<const VertexFacePair> vertexFacePairs() const { return m_vf; }
    std::span<const glm::uvec2> edges() const { return m_edges; }  // what EdgeEdgePair's a and b index
    std::span<const EdgeEdgePair> edgeEdgePairs() const { return m_ee; }

    // Detection alone, for tests and the bench: the pairs and bounds at `positions`.
    // Detection on `threads` threads gives the same pairs, in the same order, as on one.
    void detect(const Cloth& cloth, std::span<const glm::vec3> positions, const CollisionSettings& settings,
                int threads = 1);

private:
    void ensureTopology(const Cloth& cloth, std::span<const glm::vec3> positions, float queryRadius);
    void reserveFound(std::size_t count);
    void reserveCandidates(std::size_t count);
    // The skin used: the setting's, cut to keep the gathering radius below kSkinReach edges.
    float skinOf(const CollisionSettings& settings, float queryRadius) const;
    // Whether the candidates gathered last still hold every pair within `queryRadius` at x.
    bool candidatesCover(std::span<const glm::vec3> x, float queryRadius) const;
    // The trees searched for every pair within `radius` at x that shares no vertex index.
    void gatherCandidates(const Cloth& cloth, std::span<const glm::vec3> x, float radius, int threads);
    void respond(Cloth& cloth, std::span<const glm::vec3> start, float h, const CollisionSettings& settings,
                 bool firstPass);
    // Moves each vertex of x into its ball around X + U (U: the drift chooseDrift picks
    // for x, kept in m_drift for the welds): how many moved, and whether a kinematic one
    // (inverse mass 0) was among them.
    struct Truncation {
        int vertices = 0;
        bool kinematic = false;
    };
    Truncation truncate(std::span<glm::vec3> x, std::span<const float> inverseMasses, int allowed);
    // The translation the balls move with, metres: the last one (0 since the detection)
    // unless it holds back more than `allowed` vertices (contact would detect again), no
    // vertex is kinematic, and x's mean move from X holds none back (a cloth falling as
    // one): then that.
    glm::vec3 chooseDrift(std::span<const glm::vec3> x, std::span<const float> inverseMasses, int allowed) const;
    // How many vertices of x are outside their balls around X + drift (counting stops past limit).
    int heldBack(std::span<const glm::vec3> x, glm::vec3 drift, int limit) const;
    static glm::vec3 meanMove(std::span<const glm::vec3> x, std::span<const glm::vec3> from);
    bool sameVertex(const Cloth& cloth, std::uint32_t i, std::uint32_t j) const;
    void releaseSeparatedCopies(std::span<const glm::vec3> x, float radius);
    // Why a pair is never a contact: its features share a vertex (or copies of one not yet
    // parted: the welds watch those), or they lie within the contact radius of each other in
    // the rest shape beside a fresh cut (watched: keepNeighboursApart).
    enum class Neighbour : std::uint8_t { No, SharesAVertex, ByRestShape };
    Neighbour triangleTouches(const Cloth& cloth, std::uint32_t t, std::uint32_t v) const;
    Neighbour edgesTouch(const Cloth& cloth, std::uint32_t e, std::uint32_t f) const;
    bool unreleasedCopy(std::uint32_t v) const { return m_hasTwin[v] && !m_released[v]; }
    // The copies of each group that have not parted yet, welded (one position) where two
    // of their triangles cross: how many groups it welded or put back, and whether its last
    // look found no group crossing (it gives up after a few rounds).
    struct Welds {
        int groups = 0;
        bool uncrossed = false;
    };
    Welds weldCrossingCopies(Cloth& cloth);
    bool groupCrosses(const Cloth& cloth, std::span<const glm::vec3> x, std::uint32_t begin, std::uint32_t end) const;
    bool weldGroup(Cloth& cloth, std::uint32_t begin, std::uint32_t end);
    // Whether two triangles of a watched neighbour pair cross at x; with `mark`, every
    // crossing pair's corners are marked for putBackMarked.
    bool watchedPairsCross(const Cloth& cloth, std::span<const glm::vec3> x, bool mark);
    // ... or two triangles of a group's copies not yet parted.
    bool neighboursCross(const Cloth& cloth, std::span<const glm::vec3> x);
    // Every vertex of x back at its anchor + U (X + U: crossing-free); counted.
    void putClothBack(std::span<glm::vec3> x);
    // The marked vertices back at their anchors + U (marks cleared): how many.
    int putBackMarked(std::span<glm::vec3> x);
    // Welds the copies and keeps the watched neighbours uncrossed; true when it had to put
    // the whole cloth back at X + U.
    bool keepNeighboursApart(Cloth& cloth);

    // topology, rebuilt when the cloth's topology changes
    std::uint64_t m_topologyVersion = ~0ull;
    std::size_t m_particles = 0;
    std::vector<glm::uvec2> m_edges;               // unique triangle edges, a < b
    std::vector<glm::uvec2> m_edgeOpposite;        // the corners opposite each edge (~0u: none)
    std::vector<glm::uvec3> m_triangleEdges;       // edge k of triangle t runs from corner k to k + 1
    std::vector<std::uint32_t> m_ringStart, m_ring;            // 1-ring neighbours, CSR
    std::vector<std::uint32_t> m_vertexTriStart, m_vertexTris; // triangles of each vertex, CSR
    std::vector<std::uint32_t> m_vertexEdgeStart, m_vertexEdges;
    std::vector<std::uint8_t> m_hasTwin;           // a cut made a copy of this vertex (shares its rest position)
    std::vector<std::uint32_t> m_twinGroupStart, m_twinGroups;  // the copies of each vertex that has some, CSR
    std::vector<std::uint8_t> m_released;          // these copies were a contact radius from the others: own vertices now
    std::vector<std::uint8_t> m_putBack;           // watchedPairsCross's marks: corners of crossing watched pairs
    float m_neighbourRadius = 0.0f;                // metres: pairs beside a fresh cut this close at rest are neighbours
    std::vector<std::uint32_t> m_releasing;        // scratch of releaseSeparatedCopies
    BoxTree m_triangleTree, m_edgeTree;
    int m_gathersSinceBuild = 0;
    std::vector<Box> m_triangleBoxes, m_edgeBoxes;

    // Candidates (a Verlet list): every pair within a gathering radius r_q + skin, found
    // by the trees; later detections test only these while no vertex has moved more
    // than half the skin since (candidatesCover), and search the trees again after.
    struct Candidates {
        std::vector<std::uint32_t> triangles;  // a chunk's vertices' triangles, vertex by vertex
        std::vector<glm::uvec2> edgePairs;     // a task's edge pairs
        // Beside each: a lower bound of the pair's distance at the last detection, metres
        // (0 from the gathering). A pair whose bound, less all its points moved since,
        // still exceeds r_q is farther than r_q: no contact, no part in a bound, and
        // detection skips it (in a jam most candidates, unmoved, are such pairs).
        std::vector<float> triangleBounds;
        std::vector<float> edgeBounds;
        void clear() {
            triangles.clear();
            edgePairs.clear();
            triangleBounds.clear();
            edgeBounds.clear();
        }
    };
    std::vector<Candidates> m_candidates;
    std::vector<std::uint32_t> m_vertexCandidateCounts;  // how many triangles each vertex has in its chunk's list
    std::size_t m_edgeLists = 0;                    // lists holding edge pairs (the tasks of the gathering)
    std::vector<glm::vec3> m_candidateAnchor;       // positions at the gathering, metres
    float m_candidateRadius = 0.0f;                 // the gathering radius, metres
    float m_meanRestEdge = 0.0f;                    // metres, over the triangle edges
    bool m_candidatesValid = false;
    static constexpr int kSkinRest = 8;             // searches without the skin after one that no detection reused
    int m_skinRest = 0;                             // such searches still to come
    int m_reusesSinceGather = 0;                    // detections that reused the last search's candidates
    bool m_lastGatherSkinned = false;               // the last search had a skin

    // the last detection
    std::vector<glm::vec3> m_anchor;   // X, metres
    std::vector<float> m_bound;        // b_v, metres
    glm::vec3 m_drift{0.0f};           // the balls' common translation at the last truncation, metres
    std::vector<float> m_vertexMin, m_faceMin, m_edgeMin;  // dV, dF, dE, metres
    std::vector<VertexFacePair> m_vf;
    std::vector<EdgeEdgePair> m_ee;
    // what each chunk of vertices (vertex-face) and each task of the edge tree (edge-edge) found
    // and the pairs near enough to meet before the next detection (the early-outs at r_q
    // did not reject them) that it skipped as neighbours by the rest shape alone beside a
    // fresh cut (watched: keepNeighboursApart keeps them from crossing; copies' pairs the welds see)
    struct Found {
        std::vector<VertexFacePair> vf;
        std::vector<EdgeEdgePair> ee;
        std::vector<glm::uvec2> watchedVf;  // (vertex, triangle)
        std::vector<glm::uvec2> watchedEe;  // (edge, edge)
        std::size_t carried = 0;            // candidate pairs skipped by their carried bounds
        void clear() {
            carried = 0;
            vf.clear();
            ee.clear();
            watchedVf.clear();
            watchedEe.clear();
        }
    };
    std::vector<Found> m_found;
    std::vector<glm::vec3> m_target;   // where the solver put the particles this substep
    std::vector<glm::vec3> m_safe;     // a substep's start with kinematic vertices held to their bounds
    std::vector<glm::vec3> m_beforeRespond;  // positions before a pass's pushes (friction weighs against them)
    std::vector<TouchingPair> m_touching;    // the pass's pairs closer than r, for friction after the pushes
    std::vector<TouchingPair> m_stepTouching;  // every pass's, in a step() call (recordTouching)
    bool m_recordTouching = false;
    std::vector<float> m_moved;              // metres each vertex is from its anchor (respond's scratch)
    std::vector<std::uint32_t> m_touchedVf, m_touchedEe;  // pairs that touched in a substep's first pass
    bool m_detectSoon = false;         // vertices were held back: detect at the next substep's start

    bool m_dirty = true;
    int m_sinceDetect = 0;
    float m_queryRadius = 0.0f;  // r_q of the last detection, metres
    TriangleContactStats m_stats;
};

} // namespace cs
