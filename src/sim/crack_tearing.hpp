#pragma once
// Tearing across the pull: a triangle stretched past the limit splits across the
// direction it is stretched most in, through the triangle rather than along one of
// its edges, so the crack runs across the weave wherever it is pulled from.
//
// A triangle's stretch is its largest principal stretch: with F the deformation
// gradient from its rest shape (3 x 2, in an orthonormal frame of the rest triangle),
// the square root of the largest eigenvalue of F^T F; the eigenvector is the rest
// direction pulled hardest, and the crack runs perpendicular to it.
//
// A crack grows from a tip: a border particle whose triangles' rest angles add up to
// more than 1.5 pi (the end of a slit, a cut or a crack; a notch), when a triangle
// within two rings of it is past the limit. When no tip can grow, a crack starts anew
// from a particle of the outline that has no copy, at a triangle past the limit (never
// from a crack's faces: beside a free face the pull runs along it and would branch the
// crack off at right angles). The torn triangle is cut from
// that corner along the crack line to where it leaves the triangle, by the blade cut
// (blade_cut.hpp): a vertex is inserted there (or an end of that edge slides onto it,
// node snapping), the triangle is split through the corner, and the corner is split
// so the two sides part; the new vertex is the crack's new tip. From a tip the crack
// keeps the direction it arrived in while the stretch ahead turns less than
// kTurnDegrees from it: at the tip of an opening crack the stretch is too disturbed
// (and, on a grid, leans towards the grid's axes) to steer it triangle by triangle (so
// a crack that arrives less than kTurnDegrees off the pull's perpendicular runs on
// straight where a real one would turn towards it). A
// triangle with no corner on the border tears only when no crack has a tip and no
// triangle past the limit has a corner on the outline: the most stretched one away from
// the border starts a crack inside, a blade across the pull through one of its corners
// to the far edges of the two triangles on either side (the corner, cut twice, splits
// and the crack opens; a slit across one triangle, with both its ends inside, could not).
// A triangle at a held particle on the border (the mouse, a pin group's particle) may
// start one so too, through a free corner inside: the line across its pull at the held
// particle runs along the border, and the held particle itself is never split.
//
// Pinned and held particles are never a crack's corner. The tearing keeps no state of
// its own besides caches of the rest shape: a restored cloth tears as it did.
//
// Cost: one pass over the triangles per step, without allocation while no triangle
// is past the limit; what the topology decides (the border, the tips' angles, the
// copies) is kept, and after a tear updated where the triangles or rest positions
// changed (a few linear passes; derived anew, O(n log n), only when the cloth shrank or
// was replaced); each tear updates the links where it cut (link_update.hpp).
#include "cloth.hpp"
#include "tearing.hpp"
#include "topology.hpp"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <string>
#include <vector>

namespace cs {

// A triangle's largest principal stretch and the rest direction it acts along.
struct PrincipalStretch {
    float stretch = 1.0f;      // length / rest length along `direction`
    glm::vec2 direction{1, 0};  // unit, in the frame of RestFrame
};

// An orthonormal frame of a rest triangle (corner 0 at its origin, edge 0-1 along
// its first axis) and the inverse of the matrix of its edges in that frame.
struct RestFrame {
    glm::vec3 axisU{1, 0, 0}, axisV{0, 1, 0};  // unit, in rest space
    glm::vec2 corner1{1, 0}, corner2{0, 1};    // metres, in the frame
    float inverse[2][2]{{1, 0}, {0, 1}};       // of [corner1 corner2]
    bool valid = false;                        // false for a degenerate rest triangle
};

RestFrame restFrameOf(const glm::vec3& r0, const glm::vec3& r1, const glm::vec3& r2);
PrincipalStretch principalStretch(const RestFrame& frame, const glm::vec3& x0, const glm::vec3& x1,
                                  const glm::vec3& x2);

class CrackTearing {
public:
    static constexpr int kTearsPerStep = 8;  // a crack grows at most this many triangles a step

    // Tears the triangles stretched past maxStretch (see the top of the file).
    TearResult apply(Cloth& cloth, float maxStretch);

    // A crack keeps the direction it arrived at its tip in while the stretch ahead of the
    // tip turns less than this from it.
    static constexpr float kTurnDegrees = 45.0f;

    // For the tests: brings the kept shape up to date with `cloth` (updated where it
    // changed) and says where it differs from one derived anew; empty when it does not.
    std::string shapeDifference(const Cloth& cloth);

private:
    // What the rest shape and the triangles decide, again when the topology changes:
    // updated where it changed when the cloth only grew (a tear or a cut), else anew.
    void refreshShape(const Cloth& cloth);
    void deriveShape(const Cloth& cloth);
    bool updateShape(const Cloth& cloth);
    void borderNeighbours(const Cloth& cloth, std::uint32_t p);

    std::uint64_t m_topologyVersion = ~0ull;
    std::vector<RestFrame> m_frames;  // per triangle
    TriangleFans m_fans;
    std::vector<EdgeKey> m_borderEdges;           // sorted
    std::vector<std::uint8_t> m_onBorder;         // per particle
    std::vector<glm::uvec2> m_alongBorder;        // per particle, its first two neighbours along the border
    std::vector<float> m_angles;                  // per particle, its triangles' rest angles added, radians
    std::vector<std::uint8_t> m_copied;           // per particle: another shares its rest position
    std::vector<glm::uvec3> m_shapeTriangles;     // the triangles and rest positions the above
    std::vector<glm::vec3> m_shapeRest;           // were derived from, to see what changed
    std::vector<std::uint32_t> m_byRest;          // particles sorted by rest position
    std::vector<PrincipalStretch> m_stretch;
    std::vector<std::uint32_t> m_over;  // triangles past the limit
};

} // namespace cs
