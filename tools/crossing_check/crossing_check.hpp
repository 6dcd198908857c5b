#pragma once
// crossing_check: an independent, brute-force count of the pairs of triangles of
// an OBJ mesh that cross. It shares no code with the simulator (src/) on purpose:
// it is the second opinion that confirms the simulator's own crossing counter.
//
// The rule (the simulator's counter uses the same one):
//   triangles i < j cross when
//     - they share no vertex index and no vertex position (no corner of one has
//       exactly the same x, y, z floats as a corner of the other: the two sides of
//       a fresh cut touch without crossing; a shared index implies a shared
//       position), and
//     - their CLOSED point sets intersect: touching counts (a corner on the other's
//       face, an edge touching an edge, coplanar overlap). A zero-area triangle is
//       the segment (or point) it covers.
//
// Method: every float is m * 2^e with an integer m, so after scaling by a power of
// two the orientation determinants are integer polynomials, evaluated exactly
// (__int128 when the numbers are small enough, otherwise a fixed-size big integer of
// our own). No epsilon anywhere. Two closed triangles intersect iff some edge of one
// meets the other closed triangle; a segment and a triangle in one plane are tested
// on the three axis-aligned projections (sets in one plane intersect iff all three
// projections do). O(n^2) over all pairs with an exact bounding-box reject: simple,
// obviously right, not fast.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace crossing_check {

using Vec3 = std::array<float, 3>;   // a position (m), as the simulator stores it
using Triangle = std::array<Vec3, 3>;  // three corners

struct Mesh {
    std::vector<std::array<float, 3>> positions;            // m
    std::vector<std::array<std::uint32_t, 3>> triangles;    // 0-based indices into positions
};

// Reads 'v x y z' and 'f a b c' lines of a Wavefront OBJ file. Coordinates are
// parsed as double and cast to float; a coordinate that is not a finite float is
// an error. Face corners may be written 'i', 'i/t', 'i/t/n' or 'i//n'; negative
// indices count back from the last vertex read so far; an index must name a
// vertex defined above it. Faces with more than 3 corners are REFUSED (not
// triangulated: the triangle numbering would depend on how they were split). A 'v'
// line may carry w = 1 (4 values) or an RGB colour (6 values, ignored). Every other
// line kind (vt, vn, o, g, s, usemtl, l, ...) and '#' comments are ignored.
// On failure returns nullopt and sets `error` (e.g. "line 7: face index 9 names no
// vertex (4 defined so far)").
std::optional<Mesh> readObj(const std::string& path, std::string& error);

// The closed triangles a and b have a point in common (touching counts). Either may
// be degenerate (collinear corners: a segment; equal corners: a point). Exact.
bool closedTrianglesIntersect(const Triangle& a, const Triangle& b);

// The whole rule for one pair: no corner of a equals a corner of b (all three
// floats ==; -0 equals +0) and the closed triangles intersect.
bool trianglesCross(const Triangle& a, const Triangle& b);

// The pairs (i, j), i < j, of triangles of `mesh` that cross, sorted. Coordinates
// must be finite (readObj guarantees it); an index out of range throws
// std::invalid_argument.
std::vector<std::pair<std::uint32_t, std::uint32_t>> crossingPairs(const Mesh& mesh);
std::uint64_t countCrossingPairs(const Mesh& mesh);

// The exact predicates, exposed for the tests.
namespace detail {

enum class Arithmetic {
    Automatic,  // __int128 when the scaled numbers fit, the big integer otherwise
    BigOnly,    // always the big integer (tests compare the two paths)
};

// Sign of det[b - a, c - a, d - a]: +1, 0 or -1. Positive when d lies on the side
// that (b - a) x (c - a) points to.
int orient3d(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d, Arithmetic arithmetic = Arithmetic::Automatic);

// Sign of det[b - a, c - a] of the points projected along axis `drop` (0, 1, 2):
// the two other axes, in cyclic order, are the 2D x and y.
int orient2d(const Vec3& a, const Vec3& b, const Vec3& c, int drop, Arithmetic arithmetic = Arithmetic::Automatic);

} // namespace detail

} // namespace crossing_check
