// The independent crossing checker (tools/crossing_check) alone, on hand-built
// meshes whose answers are known: piercing, touching, coplanar, degenerate and
// near-miss pairs; the exact predicates on both arithmetic paths; the OBJ reader;
// and the executable's output and exit codes.
#include "../support/run_process.hpp"
#include "../support/temp_dir.hpp"
#include "crossing_check.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <random>

namespace crossing_check {
namespace {

using Pairs = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

// A mesh of separate triangles: every corner its own vertex index.
Mesh soup(const std::vector<Triangle>& triangles) {
    Mesh mesh;
    for (const Triangle& t : triangles) {
        const auto base = static_cast<std::uint32_t>(mesh.positions.size());
        for (const Vec3& p : t) mesh.positions.push_back(p);
        mesh.triangles.push_back({base, base + 1, base + 2});
    }
    return mesh;
}

std::uint64_t count(const std::vector<Triangle>& triangles) { return countCrossingPairs(soup(triangles)); }

// The flat sheet z = 0 of 4 x 4 unit quads, vertex (i, j) at (i, j, 0), index j * 5 + i.
// Quad (i, j) is triangles 2 (j * 4 + i) (corners (i,j), (i+1,j), (i+1,j+1): below its
// diagonal y - j = x - i) and 2 (j * 4 + i) + 1 (corners (i,j), (i+1,j+1), (i,j+1): above).
Mesh sheet4x4() {
    Mesh mesh;
    for (int j = 0; j <= 4; ++j)
        for (int i = 0; i <= 4; ++i) mesh.positions.push_back({float(i), float(j), 0.0f});
    for (std::uint32_t j = 0; j < 4; ++j)
        for (std::uint32_t i = 0; i < 4; ++i) {
            const std::uint32_t v00 = j * 5 + i, v10 = v00 + 1, v01 = v00 + 5, v11 = v00 + 6;
            mesh.triangles.push_back({v00, v10, v11});
            mesh.triangles.push_back({v00, v11, v01});
        }
    return mesh;
}

std::uint32_t addTriangle(Mesh& mesh, const Triangle& t) {
    const auto base = static_cast<std::uint32_t>(mesh.positions.size());
    for (const Vec3& p : t) mesh.positions.push_back(p);
    mesh.triangles.push_back({base, base + 1, base + 2});
    return static_cast<std::uint32_t>(mesh.triangles.size() - 1);
}

const Triangle kFloor = {{{0, 0, 0}, {10, 0, 0}, {0, 10, 0}}};  // in z = 0

TEST(CrossingCheck, TwoTrianglesPiercingEachOther) {
    // Each has an edge through the other's interior (a "chain link").
    const Triangle a = {{{0, 0, 0}, {4, 0, 0}, {2, 3, 0}}};
    const Triangle b = {{{2, 1, -1}, {2, 1, 2}, {2, 5, 0.5f}}};
    EXPECT_EQ(count({a, b}), 1u);
    EXPECT_EQ(crossingPairs(soup({a, b})), (Pairs{{0, 1}}));
}

TEST(CrossingCheck, TrianglePushedThroughASheetCrossesTheTrianglesItPierces) {
    Mesh mesh = sheet4x4();
    EXPECT_EQ(countCrossingPairs(mesh), 0u) << "neighbours in a sheet share vertices";
    // Its section with z = 0 runs from (1.2, 1.3) to (2.6, 1.4): over both halves of
    // quad (1, 1) (it crosses y = x at x ~ 1.31) and of quad (2, 1) (y = x - 1 at x ~ 2.39),
    // nowhere near any other triangle.
    const std::uint32_t pusher = addTriangle(mesh, {{{0.5f, 0.9f, -1}, {3.3f, 1.1f, -1}, {1.9f, 1.7f, 1}}});
    EXPECT_EQ(crossingPairs(mesh), (Pairs{{10, pusher}, {11, pusher}, {12, pusher}, {13, pusher}}));
}

TEST(CrossingCheck, SegmentThroughASheetVertexTouchesEveryTriangleAroundIt) {
    Mesh mesh = sheet4x4();
    // A zero-area triangle: the vertical segment through (2, 2, 0). The six triangles
    // with that corner are touched (in quads (1,1): both, (2,1): above, (1,2): below, (2,2): both).
    const std::uint32_t needle = addTriangle(mesh, {{{2, 2, -1}, {2, 2, 1}, {2, 2, 0.25f}}});
    EXPECT_EQ(crossingPairs(mesh), (Pairs{{10, needle}, {11, needle}, {13, needle}, {18, needle}, {20, needle},
                                          {21, needle}}));
}

TEST(CrossingCheck, EdgeThroughAnInteriorWithNoVertexNear) {
    // b's edge (2,2,-5)-(3,3,5) crosses the floor at (2.5, 2.5); every corner of b is
    // 5 m from the floor's plane or far outside the floor.
    const Triangle b = {{{2, 2, -5}, {3, 3, 5}, {-20, 30, 5}}};
    EXPECT_EQ(count({kFloor, b}), 1u);
}

TEST(CrossingCheck, CoplanarOverlappingTrianglesCount) {
    const Triangle b = {{{4, 4, 0}, {-5, 4, 0}, {4, -3, 0}}};  // overlaps the floor, in its plane
    EXPECT_EQ(count({kFloor, b}), 1u);
    // In the tilted plane x + y + z = 1, a triangle strictly inside the other (no edges meet).
    const Triangle big = {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
    const Triangle inner = {{{0.25f, 0.25f, 0.5f}, {0.5f, 0.25f, 0.25f}, {0.25f, 0.5f, 0.25f}}};
    EXPECT_EQ(count({big, inner}), 1u);
}

TEST(CrossingCheck, CoplanarDisjointTrianglesDoNot) {
    const Triangle b = {{{6, 6, 0}, {20, 6, 0}, {6, 20, 0}}};  // beyond the hypotenuse x + y = 10
    EXPECT_EQ(count({kFloor, b}), 0u);
    const Triangle touching = {{{5, 5, 0}, {20, 6, 0}, {6, 20, 0}}};  // its corner on the hypotenuse
    EXPECT_EQ(count({kFloor, touching}), 1u);
}

TEST(CrossingCheck, VertexExactlyOnTheFaceCounts) {
    const Triangle b = {{{1, 1, 0}, {2, 1, 3}, {1, 2, 3}}};
    EXPECT_EQ(count({kFloor, b}), 1u);
}

TEST(CrossingCheck, EdgeTouchingEdgeCounts) {
    // b's edge crosses the floor's edge y = 0 at (5, 0, 0), out of the floor's plane otherwise.
    const Triangle b = {{{5, -1, -1}, {5, 1, 1}, {5, -3, 2}}};
    EXPECT_EQ(count({kFloor, b}), 1u);
}

TEST(CrossingCheck, SharedPositionWithDifferentIndicesDoesNotCount) {
    // The two sides of a fresh cut: a corner at the same floats, separate vertices. b
    // even runs through the floor elsewhere: the rule still says no.
    const Triangle b = {{{0, 0, 0}, {3, 3, -1}, {3, 3, 1}}};
    const Mesh mesh = soup({kFloor, b});
    ASSERT_NE(mesh.triangles[0][0], mesh.triangles[1][0]);
    EXPECT_EQ(countCrossingPairs(mesh), 0u);
    EXPECT_TRUE(closedTrianglesIntersect(kFloor, b));
    EXPECT_FALSE(trianglesCross(kFloor, b));
    // -0 and +0 are the same float value, so the same position.
    const Triangle negativeZero = {{{-0.0f, 0, 0}, {3, 3, -1}, {3, 3, 1}}};
    EXPECT_EQ(count({kFloor, negativeZero}), 0u);
}

TEST(CrossingCheck, SharedIndexDoesNotCount) {
    Mesh mesh;
    mesh.positions = {{0, 0, 0}, {10, 0, 0}, {0, 10, 0}, {3, 3, -1}, {3, 3, 1}};
    mesh.triangles = {{0, 1, 2}, {0, 3, 4}};  // b pierces a, yet shares vertex 0
    EXPECT_EQ(countCrossingPairs(mesh), 0u);
}

TEST(CrossingCheck, ZeroAreaTriangleIsItsSegment) {
    const Triangle piercing = {{{2, 2, -1}, {2, 2, 1}, {2, 2, 0.5f}}};  // collinear corners
    EXPECT_EQ(count({kFloor, piercing}), 1u);
    const Triangle missing = {{{20, 2, -1}, {20, 2, 1}, {20, 2, 0.5f}}};
    EXPECT_EQ(count({kFloor, missing}), 0u);
    const Triangle above = {{{2, 2, 1}, {2, 2, 3}, {2, 2, 2}}};  // over the face, ends short of it
    EXPECT_EQ(count({kFloor, above}), 0u);
    // Collinear corners listed in an order where the longest edge is not the first.
    const Triangle middleFirst = {{{2, 2, 0.5f}, {2, 2, -1}, {2, 2, 1}}};
    EXPECT_EQ(count({kFloor, middleFirst}), 1u);
    // A point-triangle (three equal corners) on the face, and one off it.
    EXPECT_EQ(count({kFloor, {{{1, 1, 0}, {1, 1, 0}, {1, 1, 0}}}}), 1u);
    EXPECT_EQ(count({kFloor, {{{1, 1, 1e-7f}, {1, 1, 1e-7f}, {1, 1, 1e-7f}}}}), 0u);
    // Two zero-area triangles: crossing segments, and parallel ones.
    const Triangle alongX = {{{-1, 0, 0}, {1, 0, 0}, {0, 0, 0.0f}}};
    const Triangle alongY = {{{0.5f, -1, 0}, {0.5f, 1, 0}, {0.5f, 0.5f, 0}}};
    EXPECT_EQ(count({alongX, alongY}), 1u);
    const Triangle parallel = {{{-1, 1e-7f, 0}, {1, 1e-7f, 0}, {0.5f, 1e-7f, 0}}};
    EXPECT_EQ(count({alongX, parallel}), 0u);
}

TEST(CrossingCheck, NearMissByOneTenthOfAMicrometreIsNotACrossing) {
    // A corner 1e-7 m above the floor: any epsilon >= 1e-7 would call it touching.
    const Triangle above = {{{1, 1, 1e-7f}, {2, 1, 3}, {1, 2, 3}}};
    EXPECT_EQ(count({kFloor, above}), 0u);
    const Triangle below = {{{1, 1, -1e-7f}, {2, 1, 3}, {1, 2, 3}}};
    EXPECT_EQ(count({kFloor, below}), 1u);

    // In a tilted plane z = x + y, one float step (6e-8) off the plane, and on it.
    const Triangle tilted = {{{0, 0, 0}, {1, 0, 1}, {0, 1, 1}}};
    const float onPlane = 0.5f;  // (0.25, 0.25, 0.5) lies in it exactly
    const float justAbove = std::nextafter(onPlane, 1.0f);
    const float justBelow = std::nextafter(onPlane, 0.0f);
    auto poking = [](float z) { return Triangle{{{0.25f, 0.25f, z}, {0.25f, 0.3f, 2}, {0.3f, 0.25f, 2}}}; };
    EXPECT_EQ(count({tilted, poking(justAbove)}), 0u);
    EXPECT_EQ(count({tilted, poking(onPlane)}), 1u);
    EXPECT_EQ(count({tilted, poking(justBelow)}), 1u);
    EXPECT_EQ(count({tilted, poking(0.5f + 1e-7f)}), 0u);

    // Edges that pass each other 1e-7 m apart (skew), and that touch.
    const Triangle gapAbove = {{{5, -1, 1e-7f}, {5, 1, 1e-7f}, {5, -3, 2}}};
    EXPECT_EQ(count({kFloor, gapAbove}), 0u);
    const Triangle onEdge = {{{5, -1, 0}, {5, 1, 0}, {5, -3, 2}}};
    EXPECT_EQ(count({kFloor, onEdge}), 1u);
}

TEST(CrossingCheck, AnswersDoNotChangeWhenEverythingIsScaledByAPowerOfTwo) {
    // Scaling by 2^k is exact in floats, so every answer must stay; 2^-100 and 2^100
    // push the predicates onto the big-integer path.
    const std::vector<std::pair<std::vector<Triangle>, std::uint64_t>> cases = {
        {{kFloor, {{{2, 2, -5}, {3, 3, 5}, {-20, 30, 5}}}}, 1},
        {{kFloor, {{{1, 1, 1e-7f}, {2, 1, 3}, {1, 2, 3}}}}, 0},
        {{kFloor, {{{1, 1, 0}, {2, 1, 3}, {1, 2, 3}}}}, 1},
        {{kFloor, {{{6, 6, 0}, {20, 6, 0}, {6, 20, 0}}}}, 0},
        {{kFloor, {{{5, 5, 0}, {-5, 4, 0}, {4, -3, 0}}}}, 1},
        {{kFloor, {{{5, -1, 1e-7f}, {5, 1, 1e-7f}, {5, -3, 2}}}}, 0},
    };
    for (const int power : {-100, -20, 0, 20, 100}) {
        for (const auto& [triangles, expected] : cases) {
            std::vector<Triangle> scaled = triangles;
            for (Triangle& t : scaled)
                for (Vec3& p : t)
                    for (float& x : p) x = std::ldexp(x, power);
            EXPECT_EQ(count(scaled), expected) << "scaled by 2^" << power;
        }
    }
}

TEST(CrossingCheck, ExactPredicatesAgreeOnBothArithmeticPaths) {
    using detail::Arithmetic;
    // Near-coplanar points whose orientation double arithmetic gets wrong, and random
    // points over the whole float range: __int128 and the big integer must agree.
    std::mt19937 random(12345);
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
    std::uniform_int_distribution<int> exponent(-140, 120);
    auto randomPoint = [&](bool wide) {
        Vec3 p;
        for (float& x : p) x = wide ? std::ldexp(unit(random), exponent(random)) : unit(random);
        return p;
    };
    int zeros = 0;
    for (int trial = 0; trial < 20000; ++trial) {
        const bool wide = trial % 2 == 1;
        const Vec3 a = randomPoint(wide), b = randomPoint(wide), c = randomPoint(wide);
        // d on the segment-plane of a, b, c up to rounding: often exactly coplanar
        Vec3 d = trial % 4 == 0 ? a : randomPoint(wide);
        if (trial % 4 == 2) d = {b[0] + (c[0] - b[0]) * 0.5f, b[1] + (c[1] - b[1]) * 0.5f, b[2] + (c[2] - b[2]) * 0.5f};
        const int fast = detail::orient3d(a, b, c, d), big = detail::orient3d(a, b, c, d, Arithmetic::BigOnly);
        ASSERT_EQ(fast, big) << "trial " << trial;
        zeros += fast == 0;
        for (int drop = 0; drop < 3; ++drop)
            ASSERT_EQ(detail::orient2d(a, b, d, drop), detail::orient2d(a, b, d, drop, Arithmetic::BigOnly));
        // swapping two points flips the sign
        ASSERT_EQ(detail::orient3d(b, a, c, d), -fast);
    }
    EXPECT_GT(zeros, 0) << "the coplanar cases were exercised";

    // Known answers: (b - a) x (c - a) points up +z.
    const Vec3 a{0, 0, 0}, b{1, 0, 0}, c{0, 1, 0};
    EXPECT_EQ(detail::orient3d(a, b, c, {0.3f, 0.3f, 1e-30f}), 1);
    EXPECT_EQ(detail::orient3d(a, b, c, {0.3f, 0.3f, -1e-30f}), -1);
    EXPECT_EQ(detail::orient3d(a, b, c, {1e30f, -1e30f, 0}), 0);
    EXPECT_EQ(detail::orient3d(a, b, c, {1e30f, -1e30f, 1e-45f}), 1);  // a subnormal height
    // Dropping x, the 2D points are (y, z). On the line z = y + 2^-22 (every value exact),
    // and the origin one float step to its right.
    const float offset = std::ldexp(1.0f, -22);
    EXPECT_EQ(detail::orient2d({0, 0, offset}, {0, 3.0f, 3.0f + offset}, {0, 1.0f, 1.0f + offset}, 0), 0);
    EXPECT_EQ(detail::orient2d({0, 0, 0}, {0, 3.0f, 3.0f + offset}, {0, 1.0f, 1.0f + offset}, 0), 1);
}

// ---------------------------------------------------------------------------
// OBJ reader

void writeText(const std::filesystem::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
}

TEST(CrossingCheckObj, ReadsIndexFormsAndNegativeIndices) {
    const cs::test::TempDir dir("crossing_check");
    writeText(dir / "forms.obj",
              "# two triangles\n"
              "mtllib none.mtl\n"
              "o thing\n"
              "v 0 0 0\n"
              "v 1.5 0 0   # trailing comment\n"
              "v 0 1 0\r\n"
              "vt 0 0\nvt 1 0\nvt 0 1\n"
              "vn 0 0 1\n"
              "v -1e-7 +2 3.25 1\n"
              "f 1/1/1 2/2/1 3/3/1\n"
              "f 1//1 -3//1 -1\n"
              "f 2/1 3/2 4/3\n"
              "s off\n"
              "l 1 2\n");
    std::string error;
    const std::optional<Mesh> mesh = readObj(dir.str("forms.obj"), error);
    ASSERT_TRUE(mesh) << error;
    ASSERT_EQ(mesh->positions.size(), 4u);
    EXPECT_EQ(mesh->positions[1], (std::array<float, 3>{1.5f, 0, 0}));
    EXPECT_EQ(mesh->positions[3], (std::array<float, 3>{static_cast<float>(-1e-7), 2, 3.25f}));
    using Tri = std::array<std::uint32_t, 3>;
    ASSERT_EQ(mesh->triangles.size(), 3u);
    EXPECT_EQ(mesh->triangles[0], (Tri{0, 1, 2}));
    EXPECT_EQ(mesh->triangles[1], (Tri{0, 1, 3}));  // -3 of 4 is vertex 2 (1-based), -1 the last
    EXPECT_EQ(mesh->triangles[2], (Tri{1, 2, 3}));
}

TEST(CrossingCheckObj, CoordinatesAreReadAsDoubleThenRoundedToFloat) {
    const cs::test::TempDir dir("crossing_check");
    writeText(dir / "round.obj", "v 0.1 0.30000000000000004 1e-50\n");
    std::string error;
    const std::optional<Mesh> mesh = readObj(dir.str("round.obj"), error);
    ASSERT_TRUE(mesh) << error;
    EXPECT_EQ(mesh->positions[0][0], static_cast<float>(0.1));
    EXPECT_EQ(mesh->positions[0][1], static_cast<float>(0.30000000000000004));
    EXPECT_EQ(mesh->positions[0][2], 0.0f);
}

TEST(CrossingCheckObj, MalformedInputIsAnErrorWithItsLine) {
    const cs::test::TempDir dir("crossing_check");
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"v 0 0 0\nv 1 0 0\nv 0 x 0\n", "line 3: 'x' is not a number"},
        {"v 0 0\n", "line 1: expected 'v x y z'"},
        {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 4\n", "line 4: face index 4 names no vertex (3 defined so far)"},
        {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 -4\n", "line 4: face index -4 names no vertex"},
        {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 0\n", "line 4: '0' is not a face corner"},
        {"v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nf 1 2 3 4\n", "line 5: a face with 4 corners: only triangles"},
        {"v 0 0 0\nv 1 0 0\nf 1 2\n", "line 3: a face with 2 corners"},
        {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1/a 2 3\n", "line 4: '1/a' is not a face corner"},
        {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1/1/1/1 2 3\n", "is not a face corner"},
        {"v 0 0 1e39\n", "line 1: '1e39' is not a number that fits a finite float"},
        {"v nan 0 0\n", "line 1: 'nan' is not a number"},
        {"v 0 0 0 2\n", "line 1: a vertex with w = 2"},
    };
    for (const auto& [text, expected] : cases) {
        writeText(dir / "bad.obj", text);
        std::string error;
        EXPECT_FALSE(readObj(dir.str("bad.obj"), error)) << text;
        EXPECT_NE(error.find(expected), std::string::npos) << "got '" << error << "' for:\n" << text;
    }
    std::string error;
    EXPECT_FALSE(readObj(dir.str("missing.obj"), error));
    EXPECT_NE(error.find("cannot open"), std::string::npos) << error;
    EXPECT_FALSE(readObj(dir.str(), error));
    EXPECT_EQ(error, "is a directory");
}

TEST(CrossingCheckObj, IndexOutOfRangeInAHandBuiltMeshThrows) {
    Mesh mesh;
    mesh.positions = {{0, 0, 0}};
    mesh.triangles = {{0, 0, 1}};
    EXPECT_THROW(countCrossingPairs(mesh), std::invalid_argument);
}

// ---------------------------------------------------------------------------
// The executable

std::string quoted(const std::string& s) { return "'" + s + "'"; }

TEST(CrossingCheckExe, PrintsTheCountAndTheListAndFailsWithExitCode2) {
    const cs::test::TempDir dir("crossing_check_exe");
    // Triangle 0 is the floor; 1 pierces it; 2 is far away; 3 touches 2's corner position (no).
    writeText(dir / "mesh.obj",
              "v 0 0 0\nv 10 0 0\nv 0 10 0\n"
              "v 2 2 -5\nv 3 3 5\nv -20 30 5\n"
              "v 100 100 100\nv 101 100 100\nv 100 101 100\n"
              "v 100 100 100\nv 99 100 100\nv 100 99 100\n"
              "f 1 2 3\nf 4/1 5/1 6/1\nf 7//1 8//1 9//1\nf -3 -2 -1\n");
    const std::string exe = CROSSING_CHECK_EXE;

    const cs::test::ProcessResult plain = cs::test::runProcess(quoted(exe) + " " + quoted(dir.str("mesh.obj")));
    EXPECT_EQ(plain.exitCode, 0);
    EXPECT_EQ(plain.out, "crossing_pairs 1\n");

    const cs::test::ProcessResult listed =
        cs::test::runProcess(quoted(exe) + " " + quoted(dir.str("mesh.obj")) + " --list");
    EXPECT_EQ(listed.exitCode, 0);
    EXPECT_EQ(listed.out, "crossing_pairs 1\n0 1\n");

    writeText(dir / "bad.obj", "v 0 0 0\nf 1 2 3\n");
    const cs::test::ProcessResult bad = cs::test::runProcess(quoted(exe) + " " + quoted(dir.str("bad.obj")) + " 2>&1");
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_EQ(bad.out, "clothsim_crossing_check: " + dir.str("bad.obj") +
                           ": line 2: face index 2 names no vertex (1 defined so far)\n");

    const cs::test::ProcessResult missing =
        cs::test::runProcess(quoted(exe) + " " + quoted(dir.str("missing.obj")) + " 2>&1");
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_EQ(missing.out.rfind("clothsim_crossing_check: " + dir.str("missing.obj") + ": cannot open", 0), 0u)
        << missing.out;

    const cs::test::ProcessResult noFile = cs::test::runProcess(quoted(exe) + " 2>&1");
    EXPECT_EQ(noFile.exitCode, 2);

    const cs::test::ProcessResult help = cs::test::runProcess(quoted(exe) + " --help");
    EXPECT_EQ(help.exitCode, 0);
    EXPECT_NE(help.out.find("refused, not triangulated"), std::string::npos) << help.out;
}

} // namespace
} // namespace crossing_check
