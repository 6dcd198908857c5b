// Triangle self-contact (Offset Geometric Contact): detection finds the pairs and
// the bounds it should, and the bound stops a vertex driven straight at a triangle
// short of it, however fast.
#include "sim/collision/contact.hpp"
#include "sim/collision/crossing_count.hpp"
#include "sim/collision/triangle_contact.hpp"
#include "sim/params.hpp"
#include "sim/stats.hpp"
#include "../support/sim_fixture.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <cmath>

namespace cs {
namespace {

CollisionSettings triangleSettings() {
    CollisionSettings s = defaultSettings().collision;
    s.selfCollision = true;
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

// Self-contact runs with collision.self_collision and a CPU solver; a GPU id has none,
// also while its CPU twin stands in for it (no GL 4.3 context), as its registry row says.
TEST(TriangleContact, RunsWithSelfCollisionOnAndNotForTheGpuSolvers) {
    World world;
    world.settings = defaultSettings();
    ASSERT_TRUE(world.settings.collision.selfCollision) << "on in the parameter table";
    world.settings.solver.id = "xpbd";
    EXPECT_TRUE(usesTriangleContact(world));
    world.settings.solver.id = "implicit_euler";
    EXPECT_TRUE(usesTriangleContact(world));
    world.settings.solver.id = "xpbd_gpu";
    EXPECT_FALSE(usesTriangleContact(world));
    world.settings.solver.id = "verlet_gpu";
    EXPECT_FALSE(usesTriangleContact(world));
    world.settings.solver.id = "xpbd";
    world.settings.collision.selfCollision = false;
    EXPECT_FALSE(usesTriangleContact(world));
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

// Beside a fresh cut, a vertex less than the contact radius from the other side in the
// rest shape is its neighbour: they bound each other no more than the two copies of a
// vertex do, so that the sides part without a push. Such a pair is watched instead: a
// corner of a sliver beside the cut (p, 2.8 mm from the copy at the cut's end) pushed
// 4.5 mm across the cut into the other side's triangle, within its bound of 6.7 mm,
// would make the two triangles overlap; contact puts them back where the detection
// found them.
TEST(TriangleContact, ANeighbourBesideAFreshCutIsNotPushedThroughTheOtherSide) {
    ClothShape shape;
    // in the plane y = 0: the other side T (its corner 0 a copy at the cut's end), the copy
    // 3 with a triangle of its own, and the sliver S = (6, 7, 8) beside them
    shape.positions = {{1, 0, 0},          {0.5f, 0, -1},      {1.5f, 0, -1},       // T
                       {1, 0, 0},          {2, 0, 0},          {2, 0, 1},           // the copy's triangle
                       {0.998f, 0, 0.002f}, {0.5f, 0, 1},      {0, 0, 0.002f}};     // S
    shape.restUV = {{0.5f, 0.5f}, {0.25f, 0}, {0.75f, 0}, {0.5f, 0.5f}, {1, 0.5f}, {1, 1}, {0.5f, 0.5f}, {0.25f, 1}, {0, 0.5f}};
    shape.triangles = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}};
    Cloth cloth = looseCloth(shape);
    cloth.restPositions = shape.positions;  // 0 and 3 share theirs: copies a cut made
    const CollisionSettings settings = triangleSettings();  // r = 0.01, r_q = 0.015, bound at most 6.7 mm
    CrossingCounter counter;
    ASSERT_EQ(counter.count(cloth, 1), 0u);
    const std::vector<glm::vec3> start = cloth.positions;
    const glm::vec3 into(1.0f, 0.0f, -0.002f);  // inside T
    cloth.positions[6] = into;
    ASSERT_EQ(counter.count(cloth, 1), 1u) << "where the push would take it, S overlaps T";
    TriangleContact contact;
    contact.beginStep();
    contact.step(cloth, start, 1.0f / 1200.0f, settings, 1, 20);
    EXPECT_EQ(counter.count(cloth, 1), 0u);
    EXPECT_GT(contact.bounds()[6], glm::distance(start[6], into)) << "the bound alone would have let it through";
    EXPECT_EQ(contact.stats().neighboursPutBack, 6) << "the corners of S and T";
    EXPECT_EQ(contact.stats().clothPutBack, 0);
    EXPECT_EQ(cloth.positions[6], start[6]) << "back where the detection found it";
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

// Two square grids of `side` x `side` vertices 5 cm apart (wide enough for the tests'
// skin: the gathering radius stays below 0.6 mean edge lengths), in planes y = 0 and y = gap,
// the upper one shifted half a cell in x and z so that its vertices lie over the lower
// one's faces and its edges cross the lower one's.
Cloth twoLayers(float gap, int side = 8) {
    constexpr float spacing = 0.05f;
    ClothShape shape;
    for (int layer = 0; layer < 2; ++layer) {
        const std::uint32_t first = static_cast<std::uint32_t>(shape.positions.size());
        const float shift = layer == 0 ? 0.0f : 0.5f * spacing;
        for (int j = 0; j < side; ++j)
            for (int i = 0; i < side; ++i) {
                shape.positions.push_back({shift + spacing * static_cast<float>(i), layer == 0 ? 0.0f : gap,
                                           shift + spacing * static_cast<float>(j)});
                shape.restUV.push_back({static_cast<float>(i) / static_cast<float>(side - 1),
                                        static_cast<float>(j + layer * side) / static_cast<float>(2 * side - 1)});
            }
        for (int j = 0; j + 1 < side; ++j)
            for (int i = 0; i + 1 < side; ++i) {
                const std::uint32_t a = first + static_cast<std::uint32_t>(j * side + i);
                const std::uint32_t b = a + 1, c = a + static_cast<std::uint32_t>(side), d = c + 1;
                shape.triangles.push_back({a, c, b});
                shape.triangles.push_back({b, c, d});
            }
    }
    return looseCloth(shape);
}

// Moves the upper layer of twoLayers down and the lower one up, each by `move` metres.
void closeLayers(Cloth& cloth, float move) {
    const std::size_t half = cloth.particleCount() / 2;
    for (std::size_t i = 0; i < cloth.particleCount(); ++i) cloth.positions[i].y += i < half ? move : -move;
}

// What a detection found, in an order that does not depend on how it was searched.
struct Found {
    std::vector<std::pair<std::uint32_t, float>> vertexFace;  // (vertex, distance), sorted
    std::vector<std::tuple<std::uint32_t, std::uint32_t, float>> edgeEdge;
    std::vector<float> bounds;
};
Found found(const TriangleContact& contact) {
    Found out;
    for (const auto& pair : contact.vertexFacePairs()) out.vertexFace.emplace_back(pair.vertex, pair.distance);
    std::sort(out.vertexFace.begin(), out.vertexFace.end());
    // (a pair's two edges come in either order: the trees' leaves as they were built)
    for (const auto& pair : contact.edgeEdgePairs())
        out.edgeEdge.emplace_back(std::min(pair.a, pair.b), std::max(pair.a, pair.b), pair.distance);
    std::sort(out.edgeEdge.begin(), out.edgeEdge.end());
    out.bounds.assign(contact.bounds().begin(), contact.bounds().end());
    return out;
}

// Expects `reusing`'s last detection to have found the pairs, distances and bounds that
// a search of the trees (no skin) finds at the cloth's positions; returns those.
Found expectWhatAFreshSearchFinds(const TriangleContact& reusing, const Cloth& cloth, CollisionSettings settings,
                               const std::string& label) {
    settings.selfSkin = 0.0f;
    TriangleContact searching;
    searching.detect(cloth, cloth.positions, settings);
    const Found expected = found(searching), got = found(reusing);
    EXPECT_EQ(got.vertexFace, expected.vertexFace) << label;
    EXPECT_EQ(got.edgeEdge, expected.edgeEdge) << label;
    EXPECT_EQ(got.bounds, expected.bounds) << label;
    return expected;
}

// Candidates gathered within r_q + skin hold every pair within r_q while no vertex has
// moved half the skin: the layers 0.4 skin beyond the query radius close by 0.96 skin
// (each moves 0.48 skin), and the reused candidates give the pairs, distances and
// bounds of a search of the trees at the new positions.
TEST(TriangleContact, ReusedCandidatesFindWhatAFreshSearchFinds) {
    CollisionSettings settings = triangleSettings();  // r_q = 0.015
    settings.selfSkin = 0.01f;
    Cloth cloth = twoLayers(settings.selfQueryRadius + 0.4f * settings.selfSkin);
    TriangleContact reusing;
    reusing.beginStep();
    reusing.detect(cloth, cloth.positions, settings);
    EXPECT_EQ(reusing.stats().gathers, 1);
    EXPECT_EQ(reusing.vertexFacePairs().size(), 0u) << "the layers start beyond the query radius";
    closeLayers(cloth, 0.48f * settings.selfSkin);
    reusing.detect(cloth, cloth.positions, settings);
    EXPECT_EQ(reusing.stats().detections, 2);
    EXPECT_EQ(reusing.stats().gathers, 1) << "no vertex moved half the skin: the candidates are reused";

    const Found expected = expectWhatAFreshSearchFinds(reusing, cloth, settings, "");
    EXPECT_GT(expected.vertexFace.size(), 40u);
    EXPECT_GT(expected.edgeEdge.size(), 40u);
}

// Between searches each candidate pair carries a lower bound of its distance, and a
// detection skips a pair whose bound, less what its points moved since (beside their
// common translation), is still beyond r_q. The upper layer is tilted (0.019 m above the
// lower one at one side, 0.026 m at the other) and the layers close in four moves of
// 2.4 mm while both slide 3 mm sideways, all within half the skin: the first detection
// after the search skips every pair, the second skips the far side's and finds the near
// side's, and each finds the pairs, distances and bounds of a fresh search.
TEST(TriangleContact, CarriedDistanceBoundsSkipOnlyPairsStillBeyondTheQueryRadius) {
    CollisionSettings settings = triangleSettings();  // r_q = 0.015
    settings.selfSkin = 0.01f;
    Cloth cloth = twoLayers(settings.selfQueryRadius + 0.4f * settings.selfSkin);
    const std::size_t half = cloth.particleCount() / 2;
    for (std::size_t i = half; i < cloth.particleCount(); ++i) cloth.positions[i].y += 0.02f * cloth.positions[i].x;
    TriangleContact reusing;
    reusing.beginStep();
    reusing.detect(cloth, cloth.positions, settings);
    ASSERT_EQ(reusing.stats().pairsCarried, 0u) << "a search knows no distances yet";
    for (int move = 1; move <= 4; ++move) {
        closeLayers(cloth, 0.12f * settings.selfSkin);
        for (glm::vec3& x : cloth.positions) x += glm::vec3(0.003f, 0.0f, 0.001f);
        reusing.beginStep();
        reusing.detect(cloth, cloth.positions, settings);
        ASSERT_EQ(reusing.stats().gathers, 0) << "move " << move << ": the candidates are reused";
        const Found expected = expectWhatAFreshSearchFinds(reusing, cloth, settings, "move " + std::to_string(move));
        if (move == 1) {
            EXPECT_GT(reusing.stats().pairsCarried, 100u) << "every pair is still beyond r_q";
            EXPECT_EQ(expected.vertexFace.size(), 0u);
        }
        if (move == 2) {
            EXPECT_GT(reusing.stats().pairsCarried, 20u) << "the far side is still beyond r_q";
            EXPECT_GT(expected.vertexFace.size(), 10u) << "the near side came within r_q";
        }
    }
}

// A vertex that moved more than half the skin since the candidates were gathered may
// have come within r_q of a feature that was not among them: the trees are searched
// again. Here the layers start beyond r_q + skin and each moves 0.6 skin.
TEST(TriangleContact, AMoveOfMoreThanHalfTheSkinSearchesAgain) {
    CollisionSettings settings = triangleSettings();
    settings.selfSkin = 0.01f;
    Cloth cloth = twoLayers(settings.selfQueryRadius + 1.1f * settings.selfSkin);
    TriangleContact contact;
    contact.beginStep();
    contact.detect(cloth, cloth.positions, settings);
    EXPECT_EQ(contact.vertexFacePairs().size(), 0u);
    closeLayers(cloth, 0.6f * settings.selfSkin);
    contact.detect(cloth, cloth.positions, settings);
    EXPECT_EQ(contact.stats().gathers, 2);
    EXPECT_GT(contact.vertexFacePairs().size(), 40u) << "the layers are 0.014 m apart now";
    EXPECT_GT(contact.edgeEdgePairs().size(), 40u);
}

// The report's self_min_distance is triangle contact's where it runs, and absent for
// a GPU id (no self-contact there) with self-collision on.
TEST(TriangleContact, TheNearestDistanceIsReportedWhereContactRuns) {
    const Settings settings = test::settingsWith([](Settings& s) {
        s.cloth.resolution = {6, 6};
        s.collision.selfCollision = true;
    });
    World world = makeWorld(settings, {});
    const std::optional<float> cpu = triangleContactMinDistance(world);
    ASSERT_TRUE(cpu.has_value());
    EXPECT_EQ(*cpu, std::numeric_limits<float>::infinity()) << "a flat sheet: nothing within the query radius";
    world.settings.solver.id = "xpbd_gpu";
    EXPECT_FALSE(triangleContactMinDistance(world).has_value());
}

// A flat cloth falling freely moves as one: self-contact must not slow it. Its
// vertices are a fraction of a grid spacing from their own layer's next triangles,
// so bounds measured from where the last detection left them (no common drift)
// would let it fall no more than gamma_p r_q a detection: 4.2 m/s at one substep a
// step. Each CPU solver at its compare scene's substeps, 0.75 s from rest, no pins,
// no ground: the drop with contact on is the drop with it off.
class FreeFallWithContact : public ::testing::TestWithParam<std::string> {};

float heightAfterFall(const std::string& id, bool selfContact) {
    const Settings settings = test::settingsWith([&](Settings& s) {
        s.solver.id = id;
        test::tuneForSprings(s);
        s.solver.substeps = test::solverInfo(id).substeps;  // as its compare scene: 1 for the implicit solves
        s.cloth.resolution = {16, 16};
        s.cloth.spacing = 0.04f;
        s.cloth.orientation = Orientation::Horizontal;
        s.cloth.origin = {0.0f, 2.0f, 0.0f};
        s.cloth.pins = PinPreset::None;
        s.collision.ground = false;
        s.solver.damping = 0.0f;  // no air drag: it would stop the fall below the cap
        s.wind.dragCoefficient = 0.0f;
        s.collision.selfCollision = selfContact;
    });
    Simulation sim = test::makeSimulation(settings);
    test::simulate(sim, 0.75);
    return measureCloth(sim.world()).centroid.y;
}

TEST_P(FreeFallWithContact, SelfContactDoesNotSlowAFlatClothFalling) {
    const float off = 2.0f - heightAfterFall(GetParam(), false);
    const float on = 2.0f - heightAfterFall(GetParam(), true);
    ASSERT_NEAR(off, 2.76f, 0.08f) << "the cloth falls g t^2 / 2 (backward Euler at 1/60 s: 2.82)";
    EXPECT_NEAR(on, off, 0.01f * off) << "metres fallen with self-contact on and off";
}

INSTANTIATE_TEST_SUITE_P(EverySolver, FreeFallWithContact, ::testing::ValuesIn(test::triangleContactSolverIds()),
                         [](const auto& param) { return param.param; });

} // namespace
} // namespace cs
