// The self-contact primitives (sim/collision/proximity.hpp) on hand-worked cases: the
// closest point of a triangle in each of its seven regions and on it, degenerate
// triangles, segment pairs (skew, parallel, zero-length, touching), the feasible-region
// tests on either side of their boundaries; then random cases against sampled points.
#include "sim/collision/proximity.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <glm/geometric.hpp>
#include <random>

namespace cs {
namespace {

using glm::dvec3;

constexpr double kTight = 1e-15;

// The triangle most cases use: a right triangle with legs of 2 m in the plane z = 0.
const dvec3 kA{0.0, 0.0, 0.0};
const dvec3 kB{2.0, 0.0, 0.0};
const dvec3 kC{0.0, 2.0, 0.0};

void expectVec(dvec3 actual, dvec3 expected, double tolerance = kTight) {
    EXPECT_NEAR(actual.x, expected.x, tolerance);
    EXPECT_NEAR(actual.y, expected.y, tolerance);
    EXPECT_NEAR(actual.z, expected.z, tolerance);
}

void expectPointTriangle(dvec3 p, dvec3 closest, dvec3 barycentric, TriangleFeature feature, double distance,
                         dvec3 a = kA, dvec3 b = kB, dvec3 c = kC) {
    const PointTriangleProximity result = pointTriangleProximity(p, a, b, c);
    EXPECT_EQ(result.feature, feature);
    EXPECT_NEAR(result.distance, distance, kTight);
    expectVec(result.closest, closest);
    expectVec(result.barycentric, barycentric);
}

TEST(ProximityPointTriangle, OverTheFaceInterior) {
    // projection (0.5, 0.5, 0): weights 0.5 on a, 0.25 on b and c; 1 m above
    expectPointTriangle({0.5, 0.5, 1.0}, {0.5, 0.5, 0.0}, {0.5, 0.25, 0.25}, TriangleFeature::Face, 1.0);
    expectPointTriangle({0.5, 0.5, -3.0}, {0.5, 0.5, 0.0}, {0.5, 0.25, 0.25}, TriangleFeature::Face, 3.0);
}

TEST(ProximityPointTriangle, InEachEdgeRegion) {
    // edge 0 (a to b), midpoint (1, 0, 0): off by (0, -1, 1)
    expectPointTriangle({1.0, -1.0, 1.0}, {1.0, 0.0, 0.0}, {0.5, 0.5, 0.0}, TriangleFeature::Edge0, std::sqrt(2.0));
    // edge 1 (b to c), midpoint (1, 1, 0): off by (0.5, 0.5, 1)
    expectPointTriangle({1.5, 1.5, 1.0}, {1.0, 1.0, 0.0}, {0.0, 0.5, 0.5}, TriangleFeature::Edge1, std::sqrt(1.5));
    // edge 2 (c to a), t = 0.75 from c: (0, 0.5, 0); off by (-1, 0, -2)
    expectPointTriangle({-1.0, 0.5, -2.0}, {0.0, 0.5, 0.0}, {0.75, 0.0, 0.25}, TriangleFeature::Edge2,
                        std::sqrt(5.0));
}

TEST(ProximityPointTriangle, InEachVertexRegion) {
    expectPointTriangle({-1.0, -1.0, 0.5}, kA, {1.0, 0.0, 0.0}, TriangleFeature::Vertex0, 1.5);
    expectPointTriangle({3.0, -1.0, 0.0}, kB, {0.0, 1.0, 0.0}, TriangleFeature::Vertex1, std::sqrt(2.0));
    // (p - c) = (-0.5, 1, 2): positive along c - a and c - b, so in c's cone
    expectPointTriangle({-0.5, 3.0, 2.0}, kC, {0.0, 0.0, 1.0}, TriangleFeature::Vertex2, std::sqrt(5.25));
}

TEST(ProximityPointTriangle, OnTheTriangleIsDistanceZero) {
    expectPointTriangle({0.5, 0.5, 0.0}, {0.5, 0.5, 0.0}, {0.5, 0.25, 0.25}, TriangleFeature::Face, 0.0);
    EXPECT_EQ(pointTriangleProximity({0.5, 0.5, 0.0}, kA, kB, kC).distance, 0.0);
    // the edge-1 midpoint: on the face region's boundary, weights (0, 0.5, 0.5) either way
    const PointTriangleProximity onEdge = pointTriangleProximity({1.0, 1.0, 0.0}, kA, kB, kC);
    EXPECT_EQ(onEdge.distance, 0.0);
    expectVec(onEdge.barycentric, {0.0, 0.5, 0.5});
    for (const auto& [corner, feature] : {std::pair{kA, TriangleFeature::Vertex0}, std::pair{kB, TriangleFeature::Vertex1},
                                          std::pair{kC, TriangleFeature::Vertex2}}) {
        const PointTriangleProximity result = pointTriangleProximity(corner, kA, kB, kC);
        EXPECT_EQ(result.distance, 0.0);
        EXPECT_EQ(result.closest, corner);
    }
}

TEST(ProximityPointTriangle, CollinearTriangleIsItsLongestEdge) {
    // corners on the x axis at 0, 1 and 3: the longest edge is edge 2, from c (3) to a (0)
    const dvec3 a{0.0, 0.0, 0.0}, b{1.0, 0.0, 0.0}, c{3.0, 0.0, 0.0};
    // (2, 1, 0): t = 1/3 from c, so weights 1/3 on a, 2/3 on c
    expectPointTriangle({2.0, 1.0, 0.0}, {2.0, 0.0, 0.0}, {1.0 / 3.0, 0.0, 2.0 / 3.0}, TriangleFeature::Edge2, 1.0, a,
                        b, c);
    // beyond c: the corner c at sqrt(2² + 1²)
    expectPointTriangle({5.0, 0.0, 1.0}, c, {0.0, 0.0, 1.0}, TriangleFeature::Vertex2, std::sqrt(5.0), a, b, c);
    // on it: exactly 0 where the arithmetic is exact (t = 0.5), within rounding elsewhere
    EXPECT_EQ(pointTriangleProximity({1.5, 0.0, 0.0}, a, b, c).distance, 0.0);
    EXPECT_NEAR(pointTriangleProximity({0.5, 0.0, 0.0}, a, b, c).distance, 0.0, kTight);
}

TEST(ProximityPointTriangle, AllCornersEqualIsThatPoint) {
    const dvec3 corner{1.0, 2.0, 3.0};
    expectPointTriangle({1.0, 2.0, 4.0}, corner, {1.0, 0.0, 0.0}, TriangleFeature::Vertex0, 1.0, corner, corner,
                        corner);
    expectPointTriangle(corner, corner, {1.0, 0.0, 0.0}, TriangleFeature::Vertex0, 0.0, corner, corner, corner);
}

TEST(ProximityPointTriangle, TwoEqualCornersIsTheSegment) {
    // a == b: edges 1 and 2 both run between a and c, edge 1 first
    const dvec3 a{0.0, 0.0, 0.0}, c{0.0, 4.0, 0.0};
    expectPointTriangle({1.0, 1.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.75, 0.25}, TriangleFeature::Edge1, 1.0, a, a, c);
}

// ---- segment pairs

void expectEdgeEdge(const EdgeEdgeProximity& result, double s, double t, double distance, bool parallel) {
    EXPECT_NEAR(result.s, s, kTight);
    EXPECT_NEAR(result.t, t, kTight);
    EXPECT_NEAR(result.distance, distance, kTight);
    EXPECT_EQ(result.parallel, parallel);
}

TEST(ProximityEdgeEdge, CrossingSkewSegments) {
    // x axis from 0 to 4 under a segment along y at x = 1, z = 2 from y = -1 to 3
    const EdgeEdgeProximity result = edgeEdgeProximity({0, 0, 0}, {4, 0, 0}, {1, -1, 2}, {1, 3, 2});
    expectEdgeEdge(result, 0.25, 0.25, 2.0, false);
    expectVec(result.c1, {1, 0, 0});
    expectVec(result.c2, {1, 0, 2});
    // the same crossing at distance 0
    expectEdgeEdge(edgeEdgeProximity({0, 0, 0}, {4, 0, 0}, {1, -1, 0}, {1, 3, 0}), 0.25, 0.25, 0.0, false);
}

TEST(ProximityEdgeEdge, ClampedToAnEndpoint) {
    // the lines meet at x = 5, beyond p2: s clamps to 1, t to the foot of p2 (y = 0 at t = 0.25)
    const EdgeEdgeProximity result = edgeEdgeProximity({0, 0, 0}, {4, 0, 0}, {5, -1, 1}, {5, 3, 1});
    expectEdgeEdge(result, 1.0, 0.25, std::sqrt(2.0), false);
}

TEST(ProximityEdgeEdge, ParallelOverlapping) {
    // (0..2, 0) and (1..3, 1): every x in [1, 2] is a closest pair at 1 m; the first
    // endpoint pair is p2 = (2, 0, 0) with (2, 1, 0) on q, t = 0.5
    const EdgeEdgeProximity result = edgeEdgeProximity({0, 0, 0}, {2, 0, 0}, {1, 1, 0}, {3, 1, 0});
    expectEdgeEdge(result, 1.0, 0.5, 1.0, true);
    expectVec(result.c1, {2, 0, 0});
    expectVec(result.c2, {2, 1, 0});
}

TEST(ProximityEdgeEdge, ParallelDisjoint) {
    // (0..1, 0) and (2..3, 1): p2 to q1, sqrt(2)
    expectEdgeEdge(edgeEdgeProximity({0, 0, 0}, {1, 0, 0}, {2, 1, 0}, {3, 1, 0}), 1.0, 0.0, std::sqrt(2.0), true);
    // q reversed: p2 to q2
    expectEdgeEdge(edgeEdgeProximity({0, 0, 0}, {1, 0, 0}, {3, 1, 0}, {2, 1, 0}), 1.0, 1.0, std::sqrt(2.0), true);
    // collinear, 1 m apart end to end
    expectEdgeEdge(edgeEdgeProximity({0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}), 1.0, 0.0, 1.0, true);
}

TEST(ProximityEdgeEdge, NearParallelIsFlagged) {
    // 1e-8 rad apart: below kParallelSine
    const EdgeEdgeProximity result = edgeEdgeProximity({0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1 + 1e-8, 0});
    EXPECT_TRUE(result.parallel);
    EXPECT_NEAR(result.distance, 1.0, 1e-12);
    // 1e-3 rad apart: not
    EXPECT_FALSE(edgeEdgeProximity({0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1 + 1e-3, 1e-3}).parallel);
}

TEST(ProximityEdgeEdge, ZeroLengthSegment) {
    // p is the point (1, 1, 1) over the segment (0..2, 0, 0): foot at t = 0.5, sqrt(2) away
    const EdgeEdgeProximity result = edgeEdgeProximity({1, 1, 1}, {1, 1, 1}, {0, 0, 0}, {2, 0, 0});
    expectEdgeEdge(result, 0.0, 0.5, std::sqrt(2.0), true);
    expectVec(result.c1, {1, 1, 1});
    expectVec(result.c2, {1, 0, 0});
    // both points: 3-4-5
    expectEdgeEdge(edgeEdgeProximity({0, 0, 0}, {0, 0, 0}, {0, 3, 4}, {0, 3, 4}), 0.0, 0.0, 5.0, true);
}

TEST(ProximityEdgeEdge, TouchingEndpoints) {
    const EdgeEdgeProximity result = edgeEdgeProximity({0, 0, 0}, {1, 0, 0}, {1, 0, 0}, {1, 1, 0});
    expectEdgeEdge(result, 1.0, 0.0, 0.0, false);
    EXPECT_EQ(result.distance, 0.0);
}

// ---- feasible regions

constexpr double kEps = 1e-9;  // metres²

TEST(ProximityFeasibleRegion, EdgeWithOneOppositeVertex) {
    // edge (0,0,0)-(1,0,0), its one face on the +y side (opposite corner (0.5, 1, 0)):
    // the region is y <= eps (the half-space away from the face), 0 <= x <= 1 within eps
    const dvec3 A{0, 0, 0}, B{1, 0, 0};
    const std::array<dvec3, 1> opposite{dvec3{0.5, 1, 0}};
    EXPECT_TRUE(inEdgeRegion({0.5, -0.1, 0.3}, A, B, opposite, kEps));
    EXPECT_FALSE(inEdgeRegion({0.5, 0.1, 0.3}, A, B, opposite, kEps));
    EXPECT_TRUE(inEdgeRegion({0.5, 5e-10, 0.3}, A, B, opposite, kEps));   // inside eps of the boundary
    EXPECT_FALSE(inEdgeRegion({0.5, 2e-9, 0.3}, A, B, opposite, kEps));   // just outside it
    // the end caps: the planes x = 0 and x = 1
    EXPECT_TRUE(inEdgeRegion({0.9, -1, 0}, A, B, opposite, kEps));
    EXPECT_FALSE(inEdgeRegion({1.1, -1, 0}, A, B, opposite, kEps));
    EXPECT_TRUE(inEdgeRegion({0.1, -1, 0}, A, B, opposite, kEps));
    EXPECT_FALSE(inEdgeRegion({-0.1, -1, 0}, A, B, opposite, kEps));
}

TEST(ProximityFeasibleRegion, EdgeWithTwoOppositeVertices) {
    // a fold along the x axis: one face toward +y, the other toward -z; the region is
    // y <= 0 and z >= 0 (the wedge outside both faces)
    const dvec3 A{0, 0, 0}, B{1, 0, 0};
    const std::array<dvec3, 2> opposite{dvec3{0.5, 1, 0}, dvec3{0.3, 0, -1}};
    EXPECT_TRUE(inEdgeRegion({0.5, -1, 1}, A, B, opposite, kEps));
    EXPECT_FALSE(inEdgeRegion({0.5, 0.01, 1}, A, B, opposite, kEps));   // on the first face's side
    EXPECT_FALSE(inEdgeRegion({0.5, -1, -0.01}, A, B, opposite, kEps)); // on the second face's side
    EXPECT_TRUE(inEdgeRegion({0.5, -1, -5e-10}, A, B, opposite, kEps));
    EXPECT_FALSE(inEdgeRegion({0.5, -1, -2e-9}, A, B, opposite, kEps));
}

TEST(ProximityFeasibleRegion, VertexPolarCone) {
    // vertex at the origin with neighbours along +x and +y: the cone is x <= eps, y <= eps
    const dvec3 A{0, 0, 0};
    const std::array<dvec3, 2> ring{dvec3{1, 0, 0}, dvec3{0, 1, 0}};
    EXPECT_TRUE(inVertexRegion({-1, -1, 5}, A, ring, kEps));
    EXPECT_TRUE(inVertexRegion({0, 0, 3}, A, ring, kEps));
    EXPECT_FALSE(inVertexRegion({0.01, -1, 0}, A, ring, kEps));
    EXPECT_FALSE(inVertexRegion({-1, 0.01, 0}, A, ring, kEps));
    EXPECT_TRUE(inVertexRegion({5e-10, -1, 0}, A, ring, kEps));
    EXPECT_FALSE(inVertexRegion({2e-9, -1, 0}, A, ring, kEps));
}

TEST(ProximityFeasibleRegion, EdgeEdgeInteriorPairCounts) {
    const dvec3 p1{0, 0, 0}, p2{4, 0, 0}, q1{1, -1, 2}, q2{1, 3, 2};
    EXPECT_TRUE(edgeEdgeFeasible(edgeEdgeProximity(p1, p2, q1, q2), p1, p2, q1, q2));
}

TEST(ProximityFeasibleRegion, EdgeEdgeEndpointPairFails) {
    // p2 = (1, 0, 0) nearest q1 = (2, 1, 0): q1 lies beyond p2 along e1, p2 before q1 along e2
    const dvec3 p1{0, 0, 0}, p2{1, 0, 0}, q1{2, 1, 0}, q2{2, 2, 0};
    const EdgeEdgeProximity pair = edgeEdgeProximity(p1, p2, q1, q2);
    EXPECT_EQ(pair.s, 1.0);
    EXPECT_EQ(pair.t, 0.0);
    EXPECT_FALSE(edgeEdgeFeasible(pair, p1, p2, q1, q2));
}

TEST(ProximityFeasibleRegion, EdgeEdgeEndpointOverInteriorCounts) {
    // a T: q1 = (1, 1, 0) is nearest the middle of (0..2, 0, 0); c2 = q1 projects into e1
    const dvec3 p1{0, 0, 0}, p2{2, 0, 0}, q1{1, 1, 0}, q2{1, 3, 0};
    const EdgeEdgeProximity pair = edgeEdgeProximity(p1, p2, q1, q2);
    EXPECT_EQ(pair.t, 0.0);
    EXPECT_TRUE(edgeEdgeFeasible(pair, p1, p2, q1, q2));
}

// ---- random cases against sampled points

dvec3 randomPoint(std::mt19937_64& rng, double half) {
    std::uniform_real_distribution<double> u(-half, half);
    return {u(rng), u(rng), u(rng)};
}

TEST(ProximityRandom, PointTriangleIsNoFartherThanAnySample) {
    std::mt19937_64 rng(28);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (int trial = 0; trial < 2000; ++trial) {
        const dvec3 a = randomPoint(rng, 1.0), b = randomPoint(rng, 1.0);
        // every 10th triangle collinear (c on the line ab), every 50th a point
        dvec3 c = randomPoint(rng, 1.0);
        if (trial % 10 == 0) c = a + (3.0 * unit(rng) - 1.0) * (b - a);
        const bool point = trial % 50 == 0;
        const dvec3 b2 = point ? a : b, c2 = point ? a : c;
        const dvec3 p = randomPoint(rng, 2.0);
        const PointTriangleProximity result = pointTriangleProximity(p, a, b2, c2);
        SCOPED_TRACE(trial);
        ASSERT_TRUE(std::isfinite(result.distance));
        const dvec3 w = result.barycentric;
        EXPECT_GE(w.x, -1e-12);
        EXPECT_GE(w.y, -1e-12);
        EXPECT_GE(w.z, -1e-12);
        EXPECT_NEAR(w.x + w.y + w.z, 1.0, 1e-12);
        expectVec(result.closest, w.x * a + w.y * b2 + w.z * c2, 1e-12);
        EXPECT_NEAR(result.distance, glm::length(p - result.closest), 1e-12);
        double nearest = std::min({glm::length(p - a), glm::length(p - b2), glm::length(p - c2)});
        for (int k = 0; k < 200; ++k) {
            double u = unit(rng), v = unit(rng);
            if (u + v > 1.0) u = 1.0 - u, v = 1.0 - v;
            nearest = std::min(nearest, glm::length(p - ((1.0 - u - v) * a + u * b2 + v * c2)));
        }
        EXPECT_LE(result.distance, nearest + 1e-12);
    }
}

TEST(ProximityRandom, EdgeEdgeIsNoFartherThanAnySamplePair) {
    std::mt19937_64 rng(2828);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (int trial = 0; trial < 2000; ++trial) {
        const dvec3 p1 = randomPoint(rng, 1.0), p2 = randomPoint(rng, 1.0);
        dvec3 q1 = randomPoint(rng, 1.0), q2 = randomPoint(rng, 1.0);
        // every 10th pair parallel (q = p scaled and shifted), every 50th q a point
        if (trial % 10 == 0) {
            const dvec3 shift = randomPoint(rng, 0.5);
            const double scale = 2.0 * unit(rng) - 1.0;
            q1 = p1 + shift;
            q2 = q1 + scale * (p2 - p1);
        }
        if (trial % 50 == 0) q2 = q1;
        const EdgeEdgeProximity result = edgeEdgeProximity(p1, p2, q1, q2);
        SCOPED_TRACE(trial);
        ASSERT_TRUE(std::isfinite(result.distance));
        EXPECT_GE(result.s, 0.0);
        EXPECT_LE(result.s, 1.0);
        EXPECT_GE(result.t, 0.0);
        EXPECT_LE(result.t, 1.0);
        if (trial % 10 == 0) {
            EXPECT_TRUE(result.parallel);
        }
        expectVec(result.c1, (1.0 - result.s) * p1 + result.s * p2, 1e-12);
        expectVec(result.c2, (1.0 - result.t) * q1 + result.t * q2, 1e-12);
        EXPECT_NEAR(result.distance, glm::length(result.c1 - result.c2), 1e-12);
        double nearest = std::min({glm::length(p1 - q1), glm::length(p1 - q2), glm::length(p2 - q1),
                                   glm::length(p2 - q2)});
        for (int k = 0; k < 200; ++k) {
            const double s = unit(rng), t = unit(rng);
            nearest = std::min(nearest, glm::length(((1.0 - s) * p1 + s * p2) - ((1.0 - t) * q1 + t * q2)));
        }
        EXPECT_LE(result.distance, nearest + 1e-12);
    }
}

// The separating-axis rejections: hand-worked cases on either side of the distance, then
// never a rejection of a pair nearer than the distance asked (random cases against the
// exact distances in double precision).
TEST(ProximitySeparation, PointOverTheFaceAndBesideAnEdge) {
    const glm::vec3 a(0.0f), b(2.0f, 0.0f, 0.0f), c(0.0f, 2.0f, 0.0f);
    // 1 cm over the face: the normal separates it by 1 cm
    EXPECT_TRUE(separatedFromTriangle({0.5f, 0.5f, 0.01f}, a, b, c, 0.009f));
    EXPECT_FALSE(separatedFromTriangle({0.5f, 0.5f, 0.01f}, a, b, c, 0.011f));
    // in the plane, 1 cm beyond the hypotenuse (x + y = 2): its outward normal separates it
    const float out = 0.01f / std::sqrt(2.0f);
    EXPECT_TRUE(separatedFromTriangle({1.0f + out, 1.0f + out, 0.0f}, a, b, c, 0.009f));
    EXPECT_FALSE(separatedFromTriangle({1.0f + out, 1.0f + out, 0.0f}, a, b, c, 0.011f));
    // 1 cm beyond the edge on y = 0, the corners in either order
    EXPECT_TRUE(separatedFromTriangle({1.0f, -0.01f, 0.0f}, a, c, b, 0.009f));
    // on the triangle: never
    EXPECT_FALSE(separatedFromTriangle({0.5f, 0.5f, 0.0f}, a, b, c, 1e-6f));
    // a degenerate triangle is never rejected here
    EXPECT_FALSE(separatedFromTriangle({0.0f, 5.0f, 0.0f}, a, b, 2.0f * b, 0.001f));
}

TEST(ProximitySeparation, SegmentsInParallelPlanesAndSideBySide) {
    // skew: x axis at z = 0 and y axis at z = 1 cm
    EXPECT_TRUE(segmentsSeparated({-1, 0, 0}, {1, 0, 0}, {0, -1, 0.01f}, {0, 1, 0.01f}, 0.009f));
    EXPECT_FALSE(segmentsSeparated({-1, 0, 0}, {1, 0, 0}, {0, -1, 0.01f}, {0, 1, 0.01f}, 0.011f));
    // in one plane, the second 1 cm beyond the first's end (a T): the first's normal in the plane misses,
    // the second's separates
    EXPECT_TRUE(segmentsSeparated({-1, 0, 0}, {1, 0, 0}, {1.01f, -1, 0}, {1.01f, 1, 0}, 0.009f));
    EXPECT_FALSE(segmentsSeparated({-1, 0, 0}, {1, 0, 0}, {1.01f, -1, 0}, {1.01f, 1, 0}, 0.011f));
    // crossing: never
    EXPECT_FALSE(segmentsSeparated({-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}, 1e-6f));
    // parallel: no common normal, never rejected here
    EXPECT_FALSE(segmentsSeparated({-1, 0, 0}, {1, 0, 0}, {-1, 1, 0}, {1, 1, 0}, 0.5f));
}

TEST(ProximityRandom, SeparationNeverRejectsANearerPair) {
    std::mt19937 rng(20261127);
    std::uniform_real_distribution<float> coordinate(-0.05f, 0.05f);
    const auto point = [&] { return glm::vec3(coordinate(rng), coordinate(rng), coordinate(rng)) + glm::vec3(1.5f, 0.8f, -2.0f); };
    const auto d3 = [](glm::vec3 v) { return glm::dvec3(v); };
    int rejectedTriangles = 0, rejectedSegments = 0;
    for (int trial = 0; trial < 200000; ++trial) {
        const glm::vec3 p = point(), a = point(), b = point(), c = point(), q = point();
        const float radius = 0.002f + 0.02f * static_cast<float>(trial % 10) / 10.0f;
        const double vf = pointTriangleProximity(d3(p), d3(a), d3(b), d3(c)).distance;
        if (separatedFromTriangle(p, a, b, c, radius)) {
            ++rejectedTriangles;
            ASSERT_GE(vf, radius - 1e-6) << trial;
        }
        const double ee = edgeEdgeProximity(d3(p), d3(a), d3(q), d3(b)).distance;
        if (segmentsSeparated(p, a, q, b, radius)) {
            ++rejectedSegments;
            ASSERT_GE(ee, radius - 1e-6) << trial;
        }
    }
    // and the tests do reject: most far pairs are found apart
    EXPECT_GT(rejectedTriangles, 20000);
    EXPECT_GT(rejectedSegments, 20000);
}

// What the separation forms measure is kept as a lower bound of the distance (triangle
// contact carries it between detections), so it must not exceed the distance even where
// the normal's rounding is large: nearly parallel 1 cm segments (angles 1e-3 to 1e-6) and
// slivers (a corner a micrometre or less off the line of the other two), turned every
// way, up to 10 m from the origin, 2 to 3 mm apart. Projecting one point per feature on
// the normal measured up to 3.4e-5 m too far; the projections' own rounding is about
// 1e-7 of the coordinates.
TEST(ProximityRandom, WhatIsMeasuredIsNoFartherThanTheDistanceForNearlyFlatFeatures) {
    std::mt19937 rng(20261206);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    const auto d3 = [](glm::vec3 v) { return glm::dvec3(v); };
    double worstSegments = 0.0, worstSlivers = 0.0;
    int measured = 0;
    for (int trial = 0; trial < 100000; ++trial) {
        const glm::dvec3 origin(10.0 * unit(rng), 10.0 * unit(rng), 10.0 * unit(rng));
        const glm::dvec3 along = glm::normalize(glm::dvec3(unit(rng), unit(rng), unit(rng)));
        const glm::dvec3 side = glm::normalize(glm::cross(along, glm::dvec3(unit(rng), unit(rng), unit(rng))));
        const glm::dvec3 up = glm::cross(along, side);
        const double angle = std::pow(10.0, -3.0 - 3.0 * std::abs(unit(rng))), gap = 0.0025 + 0.0005 * unit(rng);
        const glm::vec3 p1(origin), p2(origin + 0.01 * along);
        const glm::dvec3 start = origin + gap * up + 0.003 * unit(rng) * along;
        const glm::vec3 q1(start), q2(start + 0.01 * (std::cos(angle) * along + std::sin(angle) * side));
        if (const float apart = segmentsSeparation(p1, p2, q1, q2, 0.002f); apart > 0.0f) {
            ++measured;
            worstSegments = std::max(worstSegments, apart - edgeEdgeProximity(d3(p1), d3(p2), d3(q1), d3(q2)).distance);
        }
        const glm::vec3 c(origin + 0.005 * along + 1e-6 * angle * 1e3 * side);
        const glm::vec3 p(origin + 0.002 * along + gap * up);
        if (const float apart = separationFromTriangle(p, p1, p2, c, 0.002f); apart > 0.0f) {
            ++measured;
            worstSlivers = std::max(worstSlivers, apart - pointTriangleProximity(d3(p), d3(p1), d3(p2), d3(c)).distance);
        }
    }
    EXPECT_LT(worstSegments, 3e-6) << "metres measured beyond the segments' distance";
    EXPECT_LT(worstSlivers, 3e-6) << "metres measured beyond the slivers' distance";
    EXPECT_GT(measured, 100000);
}

} // namespace
} // namespace cs
