// Triangle self-contact (Offset Geometric Contact): detection finds the pairs and
// the bounds it should, and the bound stops a vertex driven straight at a triangle
// short of it, however fast.
#include "sim/collision/crossing_count.hpp"
#include "sim/collision/triangle_contact.hpp"
#include "sim/params.hpp"

#include <gtest/gtest.h>

#include <limits>

#include <cmath>

namespace cs {
namespace {

CollisionSettings triangleSettings() {
    CollisionSettings s = defaultSettings().collision;
    s.selfCollision = true;
    s.selfModel = SelfContactModel::Triangles;
    s.selfRadius = 0.01f;
    s.selfQueryRadius = 0.015f;
    s.selfBoundFraction = 0.45f;
    s.selfCompliance = 0.0f;
    s.selfStaticFriction = s.selfKineticFriction = 0.0f;
    return s;
}

// A cloth of the given triangles, unpinned, its pieces allowed apart.
Cloth looseCloth(const ClothShape& shape) {
    ClothSettings settings = defaultSettings().cloth;
    settings.pins = PinPreset::None;
    settings.allowPieces = true;
    return buildCloth(shape, settings);
}

// Two separate triangles: a fixed one in the plane y = 0 and a free one above it,
// its lowest corner (particle 3) over the fixed one's middle at height `gap`.
Cloth twoTriangles(float gap) {
    ClothShape shape;
    shape.positions = {{-0.5f, 0.0f, -0.5f}, {0.5f, 0.0f, -0.5f}, {0.0f, 0.0f, 0.5f},
                       {0.0f, gap, 0.0f}, {0.3f, gap + 0.3f, 0.0f}, {-0.3f, gap + 0.3f, 0.0f}};
    shape.restUV = {{0, 0}, {1, 0}, {0.5f, 1}, {0.5f, 0.5f}, {1, 1}, {0, 1}};
    shape.triangles = {{0, 2, 1}, {3, 4, 5}};
    Cloth cloth = looseCloth(shape);
    for (std::uint32_t i : {0u, 1u, 2u}) cloth.inverseMasses[i] = 0.0f;  // the lower triangle holds still
    return cloth;
}

TEST(TriangleContact, DetectionFindsTheVertexAboveTheFaceAndBoundsBothSides) {
    const Cloth cloth = twoTriangles(0.005f);
    TriangleContact contact;
    contact.detect(cloth, cloth.positions, triangleSettings());
    ASSERT_EQ(contact.vertexFacePairs().size(), 1u);
    EXPECT_EQ(contact.vertexFacePairs()[0].vertex, 3u);
    EXPECT_EQ(contact.vertexFacePairs()[0].triangle, 0u);
    EXPECT_NEAR(contact.vertexFacePairs()[0].normal.y, 1.0f, 1e-6f);
    // the vertex, and every corner of the face it is near, may move 0.45 x (5 mm - the floor)
    constexpr float floor = TriangleContact::kDistanceFloor;
    for (std::uint32_t v : {0u, 1u, 2u, 3u}) EXPECT_NEAR(contact.bounds()[v], 0.45f * (0.005f - floor), 1e-7f) << v;
    // the free triangle's other corners are 0.3 m up: only the query radius caps them
    EXPECT_NEAR(contact.bounds()[4], 0.45f * (0.015f - floor), 1e-7f);
}

// The stats' self_min_distance with triangles: the nearest pair's distance, or infinity
// when nothing is within the query radius.
TEST(TriangleContact, NearestDistanceIsTheClosestPairOrInfinity) {
    TriangleContact contact;
    const Cloth near = twoTriangles(0.005f);
    contact.detect(near, near.positions, triangleSettings());
    EXPECT_NEAR(contact.nearestDistance(), 0.005f, 1e-7f);
    const Cloth far = twoTriangles(0.2f);
    contact.detect(far, far.positions, triangleSettings());
    EXPECT_EQ(contact.nearestDistance(), std::numeric_limits<float>::infinity());
}

TEST(TriangleContact, AVertexDrivenAtATriangleAt100MetresASecondStopsShortOfIt) {
    Cloth cloth = twoTriangles(0.2f);
    const CollisionSettings settings = triangleSettings();
    TriangleContact contact;
    const float h = 1.0f / 1200.0f;
    const glm::vec3 velocity(0.0f, -100.0f, 0.0f);  // 8.3 cm a substep
    std::vector<glm::vec3> start;
    CrossingCounter counter;
    for (int substep = 0; substep < 200; ++substep) {
        start = cloth.positions;
        for (std::uint32_t i : {3u, 4u, 5u}) cloth.positions[i] += velocity * h;
        contact.beginStep();
        contact.step(cloth, start, h, settings, 1, 20);  // one thread, a 20-substep step
        ASSERT_GT(cloth.positions[3].y, 0.0f) << "substep " << substep;
        ASSERT_EQ(counter.count(cloth, 1), 0u) << "substep " << substep;
    }
    // the whole free triangle came down and lies on the fixed one, one to three contact radii (1 cm) above it
    for (std::uint32_t i : {3u, 4u, 5u}) {
        EXPECT_GT(cloth.positions[i].y, 0.005f) << i;
        EXPECT_LT(cloth.positions[i].y, 0.03f) << i;
    }
}

// Two triangles meeting along a seam made of copies of the same rest vertices (1 and
// 3, 2 and 4), the second raised by `lift` metres.
Cloth cutSeam(float lift) {
    ClothShape shape;
    shape.positions = {{0, 0, 0}, {1, 0, 0}, {0, 0, 1}, {1, lift, 0}, {0, lift, 1}, {1, lift, 1}};
    shape.restUV = {{0, 0}, {1, 0}, {0, 1}, {1, 0}, {0, 1}, {1, 1}};
    shape.triangles = {{0, 2, 1}, {3, 4, 5}};
    Cloth cloth = looseCloth(shape);
    // the rest positions from the (u, v) square: copies share theirs, wherever they are now
    cloth.restPositions = {{0, 0, 0}, {1, 0, 0}, {0, 0, 1}, {1, 0, 0}, {0, 0, 1}, {1, 0, 1}};
    return cloth;
}

TEST(TriangleContact, TheTwoSidesOfACutAreNeighbours) {
    const Cloth cloth = cutSeam(0.0f);
    TriangleContact contact;
    contact.detect(cloth, cloth.positions, triangleSettings());
    EXPECT_EQ(contact.vertexFacePairs().size(), 0u);
    EXPECT_EQ(contact.edgeEdgePairs().size(), 0u);
    for (float b : contact.bounds()) EXPECT_GT(b, 0.0f) << "no side locks the other";
}

// The copies stay one vertex while they are closer than the contact radius r, and
// become vertices of their own once a detection finds them farther apart: the sides
// of the cut then bound each other like any two layers.
TEST(TriangleContact, CopiesAContactRadiusApartAreVerticesOfTheirOwn) {
    const CollisionSettings settings = triangleSettings();  // r = 0.01, r_q = 0.015
    const float cap = settings.selfBoundFraction * (settings.selfQueryRadius - TriangleContact::kDistanceFloor);
    {
        const Cloth close = cutSeam(0.5f * settings.selfRadius);
        TriangleContact contact;
        contact.detect(close, close.positions, settings);
        for (std::uint32_t v = 0; v < 6; ++v) EXPECT_FLOAT_EQ(contact.bounds()[v], cap) << "vertex " << v;
    }
    const float lift = 1.2f * settings.selfRadius;
    const Cloth apart = cutSeam(lift);
    TriangleContact contact;
    contact.detect(apart, apart.positions, settings);
    // the raised copy 3 is `lift` from its twin 1, which is a corner of the lower triangle
    const float bound = settings.selfBoundFraction * (lift - TriangleContact::kDistanceFloor);
    for (std::uint32_t v : {1u, 2u, 3u, 4u}) EXPECT_NEAR(contact.bounds()[v], bound, 1e-6f) << "vertex " << v;
    // and a new cut or tear decides again: copies that are still apart are released at once
    contact.forgetSeparations();
    contact.detect(apart, apart.positions, settings);
    EXPECT_NEAR(contact.bounds()[3], bound, 1e-6f);
}

} // namespace
} // namespace cs
