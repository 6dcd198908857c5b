// Any triangle mesh is a cloth: OBJ files become cloths with the counts, masses and
// rest parameterisation they describe; meshes that cannot be a cloth are refused
// with the file, the line and what is wrong; pins by vertex number and by box; the
// shipped assets hang and fall stably.
#include "sim/mesh_import.hpp"
#include "sim/params.hpp"
#include "sim/simulation.hpp"
#include "sim/solver.hpp"
#include "sim/stats.hpp"
#include "sim/topology.hpp"
#include "support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

namespace cs {
namespace {

const std::filesystem::path kSource = CLOTHSIM_SOURCE_DIR;

// Writes `text` to `name` in the test's own folder; returns its path.
std::filesystem::path writeObj(const test::TempDir& dir, const std::string& name, const std::string& text) {
    const std::filesystem::path file = dir / name;
    std::ofstream(file, std::ios::binary) << text;
    return file;
}

// A 1 m square of 3 x 3 vertices in the x-z plane: four quads.
const char* kQuads = R"(# four quads
v -0.5 0 -0.5
v  0.0 0 -0.5
v  0.5 0 -0.5
v -0.5 0  0.0
v  0.0 0  0.0
v  0.5 0  0.0
v -0.5 0  0.5
v  0.0 0  0.5
v  0.5 0  0.5
f 1 4 5 2
f 2 5 6 3
f 4 7 8 5
f 5 8 9 6
)";

float shapeArea(const ClothShape& shape) {
    float area = 0.0f;
    for (const glm::uvec3& t : shape.triangles)
        area += 0.5f * glm::length(glm::cross(shape.positions[t.y] - shape.positions[t.x],
                                              shape.positions[t.z] - shape.positions[t.x]));
    return area;
}

std::size_t uniqueEdges(const std::vector<glm::uvec3>& triangles) {
    std::set<EdgeKey> edges;
    for (const glm::uvec3& t : triangles)
        for (int k = 0; k < 3; ++k) edges.insert(triangleEdge(t, k));
    return edges.size();
}

ClothSettings meshSettings(const std::filesystem::path& file) {
    ClothSettings s = defaultSettings().cloth;
    s.mesh = file.string();
    s.origin = glm::vec3(0.0f);
    s.massMode = MassMode::Density;
    s.density = 0.3f;
    s.pins = PinPreset::None;
    return s;
}

TEST(MeshImport, ParticlesAreTheObjVerticesAndLinksTheEdgesPlusHinges) {
    const test::TempDir dir("mesh_particles");
    const auto file = writeObj(dir, "quads.obj", kQuads);
    const MeshImport mesh = importObj(file, {}, false);
    ASSERT_TRUE(mesh.shape) << mesh.error;
    const ClothShape& shape = *mesh.shape;
    EXPECT_EQ(shape.positions.size(), 9u);
    EXPECT_EQ(shape.triangles.size(), 8u) << "four quads, two triangles each";
    EXPECT_EQ(shape.positions[4], glm::vec3(0.0f)) << "vertex k of the file is particle k";
    EXPECT_EQ(shape.positions[8], glm::vec3(0.5f, 0.0f, 0.5f));
    EXPECT_EQ(validateShape(shape, false), "");

    const Cloth cloth = buildCloth(shape, meshSettings(file));
    EXPECT_EQ(checkTopology(cloth), "");
    EXPECT_EQ(cloth.columns, 0) << "a mesh is not a grid";
    // 16 edges: 12 along the grid lines and 4 diagonals; 8 of them are shared by two triangles
    EXPECT_EQ(uniqueEdges(cloth.triangles), 16u);
    EXPECT_EQ(cloth.bendElements.size(), 8u);
    EXPECT_EQ(cloth.links.size(), 16u + 8u) << "every edge, and one bending link across every hinge";
    EXPECT_EQ(std::count_if(cloth.links.begin(), cloth.links.end(), [](const Link& l) { return l.kind == LinkKind::Bend; }), 8);
    EXPECT_NEAR(totalMass(cloth), 0.3f * 1.0f, 1e-6f) << "density x area";
}

TEST(MeshImport, TransformScalesTurnsAndPlacesTheMesh) {
    const test::TempDir dir("mesh_transform");
    const auto file = writeObj(dir, "quads.obj", kQuads);
    // turned 90 degrees about x: the square stands up in the x-y plane
    const MeshImport mesh = importObj(file, {2.0f, glm::vec3(90.0f, 0.0f, 0.0f), glm::vec3(0.0f, 3.0f, 0.0f)}, false);
    ASSERT_TRUE(mesh.shape) << mesh.error;
    EXPECT_NEAR(shapeArea(*mesh.shape), 4.0f, 1e-5f) << "scale 2: four times the area";
    const glm::vec3 corner = mesh.shape->positions[8];  // (0.5, 0, 0.5) x 2, turned, lifted
    EXPECT_NEAR(corner.x, 1.0f, 1e-5f);
    EXPECT_NEAR(corner.y, 3.0f - 1.0f, 1e-5f);
    EXPECT_NEAR(corner.z, 0.0f, 1e-5f);
    ClothSettings s = meshSettings(file);
    s.meshScale = 2.0f;
    EXPECT_NEAR(totalMass(buildClothFromSettings(s).cloth), 0.3f * 4.0f, 1e-5f);
}

TEST(MeshImport, PolygonsAreTriangulatedKeepingTheirArea) {
    const test::TempDir dir("mesh_polygons");
    // a regular hexagon and an L-shaped (concave) hexagon as single faces, side by side
    std::string text;
    for (int k = 0; k < 6; ++k)
        text += "v " + std::to_string(std::cos(k * 3.14159265f / 3.0f)) + " 0 " + std::to_string(-std::sin(k * 3.14159265f / 3.0f)) + "\n";
    text += "v 3 0 0\nv 5 0 0\nv 5 0 -1\nv 4 0 -1\nv 4 0 -2\nv 3 0 -2\n";
    text += "f 1 2 3 4 5 6\nf 7 8 9 10 11 12\n";
    const MeshImport mesh = importObj(writeObj(dir, "polygons.obj", text), {}, true);
    ASSERT_TRUE(mesh.shape) << mesh.error;
    EXPECT_EQ(mesh.shape->triangles.size(), 8u) << "n - 2 triangles per n-gon";
    EXPECT_NEAR(shapeArea(*mesh.shape), 1.5f * std::sqrt(3.0f) + 3.0f, 1e-4f) << "no triangle outside the outline";
    for (const glm::uvec3& t : mesh.shape->triangles) {
        const glm::vec3 n = glm::cross(mesh.shape->positions[t.y] - mesh.shape->positions[t.x],
                                       mesh.shape->positions[t.z] - mesh.shape->positions[t.x]);
        EXPECT_GT(n.y, 0.0f) << "the faces' winding (counter-clockwise seen from +y) is kept";
    }
}

TEST(MeshImport, TextureCoordinatesBecomeTheRestUV) {
    const test::TempDir dir("mesh_uv");
    const std::string uvs = "vt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\nvt 0.5 0.5\n";
    const std::string quad = "v 0 0 0\nv 2 0 0\nv 2 1 0\nv 0 1 0\n";
    const MeshImport mesh = importObj(writeObj(dir, "uv.obj", quad + uvs + "f 1/1 2/2 3/3\nf 1/1 3/3 4/4\n"), {}, false);
    ASSERT_TRUE(mesh.shape) << mesh.error;
    EXPECT_TRUE(mesh.restUVFromFile);
    EXPECT_EQ(mesh.shape->restUV[2], glm::vec2(1.0f, 1.0f));
    EXPECT_EQ(mesh.shape->restUV[3], glm::vec2(0.0f, 1.0f));

    // vertex 0 gets two different vt (a seam): the file's coordinates cannot be per vertex
    const MeshImport seam = importObj(writeObj(dir, "seam.obj", quad + uvs + "f 1/1 2/2 3/3\nf 1/5 3/3 4/4\n"), {}, false);
    ASSERT_TRUE(seam.shape) << seam.error;
    EXPECT_FALSE(seam.restUVFromFile);
    // the projection: the 2 m x 1 m rectangle in [0,1]^2 with its aspect kept, y pointing down v
    EXPECT_NEAR(seam.shape->restUV[0].x, 0.0f, 1e-6f);
    EXPECT_NEAR(seam.shape->restUV[0].y, 0.5f, 1e-6f);
    EXPECT_NEAR(seam.shape->restUV[2].x, 1.0f, 1e-6f);
    EXPECT_NEAR(seam.shape->restUV[2].y, 0.0f, 1e-6f);

    const MeshImport none = importObj(writeObj(dir, "nouv.obj", quad + "f 1 2 3\nf 1 3 4\n"), {}, false);
    ASSERT_TRUE(none.shape) << none.error;
    EXPECT_FALSE(none.restUVFromFile);
    for (const glm::vec2& uv : none.shape->restUV) {
        EXPECT_GE(std::min(uv.x, uv.y), 0.0f);
        EXPECT_LE(std::max(uv.x, uv.y), 1.0f);
    }
}

// The message names the file, the line and what is wrong.
void expectRefused(const test::TempDir& dir, const std::string& name, const std::string& text, int line,
                   const std::vector<std::string>& says, bool allowPieces = false) {
    const auto file = writeObj(dir, name, text);
    const MeshImport mesh = importObj(file, {}, allowPieces);
    EXPECT_FALSE(mesh.shape) << name;
    const std::string where = file.string() + (line > 0 ? ":" + std::to_string(line) + ": " : ": ");
    EXPECT_EQ(mesh.error.rfind(where, 0), 0u) << "expected '" << where << "' first in: " << mesh.error;
    for (const std::string& piece : says) EXPECT_NE(mesh.error.find(piece), std::string::npos) << mesh.error;
}

TEST(MeshImport, RefusesANonManifoldEdge) {
    const test::TempDir dir("mesh_fin");
    expectRefused(dir, "fin.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nv 0 -1 0\nf 1 2 3\nf 1 2 4\nf 2 1 5\n", 8,
                  {"not a manifold", "edge between vertices 0 and 1", "3 faces", "line 6", "line 7", "line 8"});
}

TEST(MeshImport, RefusesDegenerateTriangles) {
    const test::TempDir dir("mesh_degenerate");
    expectRefused(dir, "repeated.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\nf 1 2 2\n", 5,
                  {"face 1 is degenerate", "uses vertex 1 (line 2) twice"});
    expectRefused(dir, "collinear.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 2 0 0\nf 1 2 3\n\nf 1 2 4\n", 7,
                  {"face 1 is degenerate", "vertices 0, 1, 3", "lie on one line"});
}

TEST(MeshImport, RefusesSeveralPiecesUnlessAllowed) {
    const test::TempDir dir("mesh_pieces");
    const std::string twoPieces = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 5 0 0\nv 6 0 0\nv 5 1 0\nf 1 2 3\nf 4 5 6\n";
    expectRefused(dir, "pieces.obj", twoPieces, 4, {"2 unconnected pieces", "vertex 3", "allow_pieces"});
    const MeshImport allowed = importObj(writeObj(dir, "pieces.obj", twoPieces), {}, true);
    ASSERT_TRUE(allowed.shape) << allowed.error;
    ClothSettings s = meshSettings(writeObj(dir, "pieces.obj", twoPieces));
    s.allowPieces = true;
    EXPECT_EQ(findPieces(buildClothFromSettings(s).cloth).count, 2u);
}

TEST(MeshImport, RefusesMissingAndEmptyFiles) {
    const test::TempDir dir("mesh_missing");
    const std::filesystem::path missing = dir / "no_such_mesh.obj";
    const MeshImport mesh = importObj(missing, {}, false);
    EXPECT_FALSE(mesh.shape);
    EXPECT_EQ(mesh.error, missing.string() + ": cannot open the mesh file (missing or unreadable)");
    expectRefused(dir, "points.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\n", 0, {"no triangles", "3 vertices"});
    expectRefused(dir, "short_face.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2\n", 4, {"face 0 has 2 corners"});
    expectRefused(dir, "far_vertex.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n", 4, {"refers to vertex 8", "3 vertices"});
    expectRefused(dir, "unused.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 7 7 7\nf 1 2 3\n", 4, {"vertex 3 belongs to no face"});
}

// Meshes are input too: a coordinate is a finite number a float holds, whatever
// tinyobjloader would make of it (nan, inf and words read as 0 there, 1e400 as inf).
TEST(MeshImport, RefusesCoordinatesThatAreNotFiniteNumbers) {
    const test::TempDir dir("mesh_nonfinite");
    const std::string range = "coordinates are finite decimal numbers of magnitude at most 3.4e38";
    const std::string before = "v 0 0 0\nv 1 0 0\n";
    for (const std::string bad : {"nan", "-nan", "NaN", "inf", "-inf", "+inf", "infinity", "-Infinity", "nan(0x1)"}) {
        SCOPED_TRACE(bad);
        expectRefused(dir, "bad_x.obj", before + "v " + bad + " 1 0\nf 1 2 3\n", 3,
                      {"vertex 2: its x coordinate '" + bad + "' is not a finite number", range});
        expectRefused(dir, "bad_z.obj", before + "v 0 1 " + bad + "\nf 1 2 3\n", 3,
                      {"vertex 2: its z coordinate '" + bad + "' is not a finite number", range});
    }
    // overflow: past a double (1e400, and an exponent too long for tinyobjloader), or past a float (1e39)
    for (const std::string& big : std::vector<std::string>{"1e400", "-1e400", "1e39", "-3.5e38", "1e9999999999", "0.5e+400",
                                  "1" + std::string(400, '0')}) {
        SCOPED_TRACE(big);
        expectRefused(dir, "big.obj", before + "v 0 " + big + " 0\nf 1 2 3\n", 3,
                      {"vertex 2: its y coordinate '" + big.substr(0, 40), "' is too large", range});
    }
    for (const std::string word : {"abc", "1x", "0x1p3", "1e", "--1", "1,5", "."}) {
        SCOPED_TRACE(word);
        expectRefused(dir, "word.obj", before + "v 0 " + word + " 0\nf 1 2 3\n", 3,
                      {"its y coordinate '" + word + "' is not a number", range});
    }
    // a long word is quoted cut short
    expectRefused(dir, "long.obj", before + "v 0 0 " + std::string(100000, 'x') + "\nf 1 2 3\n", 3,
                  {"its z coordinate '" + std::string(40, 'x') + "...' is not a number"});
    expectRefused(dir, "two.obj", before + "v 0 1\nf 1 2 3\n", 3, {"vertex 2 has 2 coordinates", "x, y and z", range});
    expectRefused(dir, "none.obj", "v \n" + before + "f 1 2 3\n", 1, {"vertex 0 has 0 coordinates"});
    // texture coordinates too, and a CRLF file counts its lines the same
    expectRefused(dir, "uv.obj", "v 0 0 0\r\nv 1 0 0\r\nv 0 1 0\r\nvt 0 0\r\nvt nan 1\r\nf 1/1 2/2 3/1\r\n", 5,
                  {"texture coordinate 1: its u coordinate 'nan' is not a finite number", range});
    expectRefused(dir, "uv_big.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 1e400\nf 1/1 2/1 3/1\n", 4,
                  {"texture coordinate 0: its v coordinate '1e400' is too large"});

    // finite numbers in other spellings are read as written; below a double's range is 0
    const MeshImport fine = importObj(writeObj(dir, "fine.obj", "v +0.5 1e-400 -0\nv 1.5E0 0 0\nv .5 1 0\nf 1 2 3\n"), {}, false);
    ASSERT_TRUE(fine.shape) << fine.error;
    EXPECT_EQ(fine.shape->positions[0], glm::vec3(0.5f, 0.0f, 0.0f));
    EXPECT_EQ(fine.shape->positions[1], glm::vec3(1.5f, 0.0f, 0.0f));
    // finite in the file, but not once scaled: the placed mesh must be finite too
    const auto huge = writeObj(dir, "huge.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 3e38 0 0\nf 1 2 3\n");
    const MeshImport scaled = importObj(huge, {2.0f, glm::vec3(0.0f), glm::vec3(0.0f)}, false);
    EXPECT_FALSE(scaled.shape);
    EXPECT_EQ(scaled.error.rfind(huge.string() + ":4: vertex 3 is not a finite point once placed", 0), 0u) << scaled.error;
    EXPECT_NE(scaled.error.find("mesh_scale must stay within 3.4e38"), std::string::npos) << scaled.error;
}

// tinyobjloader reads corners with atoi: 4294967297 would wrap round to vertex 1.
TEST(MeshImport, RefusesFaceCornersThatNameNoVertex) {
    const test::TempDir dir("mesh_corners");
    const std::string tri = "v 0 0 0\nv 1 0 0\nv 0 1 0\n";
    const std::string range = "(allowed 1 to 2147483647, or -1 to -2147483647)";
    expectRefused(dir, "wrap.obj", tri + "f 1 2 4294967297\n", 4,
                  {"face 0, corner 3: vertex number '4294967297' is out of range", range});
    expectRefused(dir, "huge.obj", tri + "f 99999999999999999999999 2 3\n", 4, {"face 0, corner 1", "is out of range", range});
    expectRefused(dir, "huge_negative.obj", tri + "f 1 -99999999999 3\n", 4, {"face 0, corner 2", "is out of range", range});
    expectRefused(dir, "zero.obj", tri + "f 1 2 3\nf 0 2 3\n", 5, {"face 1, corner 1: vertex number 0 names no vertex", "counts from 1"});
    expectRefused(dir, "back.obj", tri + "f -1 -2 -4\n", 4,
                  {"face 0, corner 3: vertex number -4 counts back past the first vertex", "(allowed -1 to -3, or 1 up)"});
    expectRefused(dir, "far.obj", tri + "f 1 2 2147483647\n", 4, {"refers to vertex 2147483646 (from 0), but the file has 3 vertices"});
    expectRefused(dir, "before.obj", "f -1 -2 -3\n" + tri, 1, {"no vertex comes before this face"});
    expectRefused(dir, "word.obj", tri + "f 1 2 3x\n", 4, {"corner 3: vertex number '3x' is not a whole number"});
    expectRefused(dir, "uv_word.obj", tri + "f 1/a 2 3\n", 4, {"corner 1: texture coordinate number 'a' is not a whole number"});
    expectRefused(dir, "uv_zero.obj", tri + "f 1/0 2 3\n", 4, {"corner 1: texture coordinate number 0 names no vertex"});
    expectRefused(dir, "slashes.obj", tri + "f 1/1/1/1 2 3\n", 4, {"'1/1/1/1' is not a face corner", "v//vn"});
    expectRefused(dir, "empty.obj", tri + "f 1/ 2 3\n", 4, {"'1/' is not a face corner"});
    expectRefused(dir, "comment.obj", tri + "f 1 2 3 # note\n", 4, {"corner 4: vertex number '#' is not a whole number"});

    // the forms OBJ allows: backward numbers, v//vn, v/vt/vn
    const MeshImport back = importObj(writeObj(dir, "ok.obj", tri + "vt 0 0\nvn 0 0 1\nf -3//1 -2/1/1 +3/1\n"), {}, false);
    ASSERT_TRUE(back.shape) << back.error;
    EXPECT_EQ(back.shape->triangles.front(), glm::uvec3(0, 1, 2));
}

// importObjText is importObj on text in memory: the same mesh, the given name in errors.
TEST(MeshImport, TextInMemoryIsReadAsTheFileWouldBe) {
    const test::TempDir dir("mesh_text");
    const MeshImport fromFile = importObj(writeObj(dir, "quads.obj", kQuads), {}, false);
    const MeshImport fromText = importObjText(kQuads, "quads.obj", {}, false);
    ASSERT_TRUE(fromFile.shape && fromText.shape) << fromText.error;
    EXPECT_EQ(fromText.shape->positions, fromFile.shape->positions);
    EXPECT_EQ(fromText.shape->triangles, fromFile.shape->triangles);
    EXPECT_EQ(importObjText("v 0 0 0\nv 1 nan 0\n", "memory.obj", {}, false).error.rfind("memory.obj:2: vertex 1", 0), 0u);
    EXPECT_EQ(importObjText(std::string("v 0 0 0\0\n", 10), "nul.obj", {}, false).error,
              "nul.obj: is not a text OBJ file (contains NUL bytes)");
}

// 500 000 vertices (a 1000 x 500 grid of quads, ~27 MB of text, made here rather
// than kept in the repository): a finite cloth, in seconds, without quadratic work.
TEST(MeshImport, HalfAMillionVerticesAreReadInSeconds) {
    constexpr int kColumns = 1000, kRows = 500;
    std::string text;
    text.reserve(30'000'000);
    char buffer[96];
    for (int r = 0; r < kRows; ++r)
        for (int c = 0; c < kColumns; ++c) {
            const int n = std::snprintf(buffer, sizeof buffer, "v %.4f 0 %.4f\n", 0.002 * c, 0.002 * r);
            text.append(buffer, static_cast<std::size_t>(n));
        }
    for (int r = 0; r + 1 < kRows; ++r)
        for (int c = 0; c + 1 < kColumns; ++c) {
            const int a = r * kColumns + c + 1;  // OBJ counts from 1
            const int n = std::snprintf(buffer, sizeof buffer, "f %d %d %d %d\n", a, a + kColumns, a + kColumns + 1, a + 1);
            text.append(buffer, static_cast<std::size_t>(n));
        }
    const auto start = std::chrono::steady_clock::now();
    const MeshImport mesh = importObjText(text, "big.obj", {}, false);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_TRUE(mesh.shape) << mesh.error;
    EXPECT_EQ(mesh.shape->positions.size(), 500'000u);
    EXPECT_EQ(mesh.shape->triangles.size(), 2u * (kColumns - 1) * (kRows - 1));
    for (const glm::vec3& p : mesh.shape->positions) ASSERT_TRUE(std::isfinite(p.x + p.y + p.z));
    EXPECT_EQ(mesh.shape->positions.back(), glm::vec3(1.998f, 0.0f, 0.998f)) << "the last v line, as written";
    // release build: about 3 s on 2 shared cores; the bound leaves room for a loaded machine and debug builds
    EXPECT_LT(seconds, 60.0) << "the import took " << seconds << " s";
    RecordProperty("import_seconds", std::to_string(seconds));

    // the same text with one bad number deep inside: the line of it, not a crash or a NaN
    const std::size_t at = text.find("v 0.0000 0 0.8000\n");
    ASSERT_NE(at, std::string::npos);
    text.replace(at, 18, "v 0.0000 0 nan   \n");
    const MeshImport broken = importObjText(text, "big.obj", {}, false);
    EXPECT_EQ(broken.error.rfind("big.obj:400001: vertex 400000: its z coordinate 'nan'", 0), 0u) << broken.error;
}

TEST(MeshImport, ARewrittenFileIsReadAgain) {
    const test::TempDir dir("mesh_rewritten");
    const auto file = writeObj(dir, "rewritten.obj", kQuads);
    ASSERT_TRUE(importObj(file, {}, false).shape);
    // the cache keys on size and write time: a different file under the same name is read anew
    writeObj(dir, "rewritten.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
    std::filesystem::last_write_time(file, std::filesystem::last_write_time(file) + std::chrono::seconds(2));
    const MeshImport again = importObj(file, {}, false);
    ASSERT_TRUE(again.shape) << again.error;
    EXPECT_EQ(again.shape->positions.size(), 3u);
}

TEST(MeshPins, ByVertexNumberAndByBoxOnTopOfThePreset) {
    const test::TempDir dir("mesh_pins");
    ClothSettings s = meshSettings(writeObj(dir, "quads.obj", kQuads));
    s.pinVertices = {0, 8};
    s.pinRegionMin = {-0.1f, -0.1f, -0.6f};  // the column x = 0: vertices 1, 4, 7
    s.pinRegionMax = {0.1f, 0.1f, 0.6f};
    const ClothBuild build = buildClothFromSettings(s);
    EXPECT_EQ(build.error, "");
    for (std::size_t i = 0; i < 9; ++i) {
        const bool expected = i == 0 || i == 8 || i == 1 || i == 4 || i == 7;
        EXPECT_EQ(build.cloth.pinned[i] != 0, expected) << "particle " << i;
        EXPECT_EQ(build.cloth.inverseMasses[i] == 0.0f, expected) << "particle " << i;
    }

    // the preset still applies: the mesh's top row is its highest particles (all of them here)
    s.pins = PinPreset::TopRow;
    s.pinVertices.clear();
    s.pinRegionMin = glm::vec3(1.0f), s.pinRegionMax = glm::vec3(-1.0f);  // min > max: no box
    EXPECT_FALSE(pinRegionEnabled(s));
    const Cloth all = buildClothFromSettings(s).cloth;
    EXPECT_EQ(std::count(all.pinned.begin(), all.pinned.end(), 1), 9);
}

TEST(MeshPins, WorkOnTheGridAndNameWhatIsWrong) {
    ClothSettings s = defaultSettings().cloth;
    s.resolution = {4, 3};
    s.pins = PinPreset::None;
    s.pinVertices = {5};  // row 1, column 1
    ClothBuild build = buildClothFromSettings(s);
    EXPECT_EQ(build.error, "");
    EXPECT_EQ(std::count(build.cloth.pinned.begin(), build.cloth.pinned.end(), 1), 1);
    EXPECT_TRUE(build.cloth.pinned[5]);

    s.pinVertices = {5, 12};
    build = buildClothFromSettings(s);
    EXPECT_EQ(build.errorKey, "cloth.pin_vertices");
    EXPECT_NE(build.error.find("particle 12 does not exist: the cloth has 12 particles"), std::string::npos) << build.error;
    EXPECT_TRUE(build.cloth.pinned[5]) << "the pins that exist still hold";
    EXPECT_EQ(checkClothSettings(s).key, "cloth.pin_vertices");

    s.pinVertices.clear();
    s.pinRegionMin = {5.0f, 5.0f, 5.0f};
    s.pinRegionMax = {6.0f, 6.0f, 6.0f};
    build = buildClothFromSettings(s);
    EXPECT_EQ(build.errorKey, "cloth.pin_region_min");
    EXPECT_NE(build.error.find("holds no particle"), std::string::npos) << build.error;
}

TEST(MeshWorld, AMeshThatFailsLeavesTheGridWithTheMessage) {
    const test::TempDir dir("mesh_world");
    Settings s = defaultSettings();
    s.cloth.mesh = (dir / "no_such_mesh.obj").string();
    World world = makeWorld(s, {});
    EXPECT_EQ(world.cloth.particleCount(), static_cast<std::size_t>(s.cloth.resolution.x * s.cloth.resolution.y));
    EXPECT_EQ(world.clothErrorKey, "cloth.mesh");
    EXPECT_NE(world.clothError.find("cannot open the mesh file"), std::string::npos) << world.clothError;
    EXPECT_NE(world.clothError.find("the grid stands in"), std::string::npos) << world.clothError;

    world.settings.cloth.mesh = writeObj(dir, "quads.obj", kQuads).string();
    EXPECT_EQ(resetWorld(world), "");
    EXPECT_EQ(world.cloth.particleCount(), 9u);
    EXPECT_EQ(world.clothError, "");
}

// The shipped assets: sound meshes that hang (the T-shirt, by its shoulder seams) and
// fall (the tablecloth) for 200 steps of XPBD without a NaN, keeping their mass.
struct Asset {
    const char* file;
    std::vector<int> pins;
};

void PrintTo(const Asset& asset, std::ostream* out) { *out << asset.file; }

class ShippedAsset : public ::testing::TestWithParam<Asset> {};

TEST_P(ShippedAsset, IsASoundMeshThatSimulatesStably) {
    const std::filesystem::path file = kSource / "assets" / GetParam().file;
    const MeshImport mesh = importObj(file, {}, false);
    ASSERT_TRUE(mesh.shape) << mesh.error;
    EXPECT_EQ(validateShape(*mesh.shape, false), "");

    // as many particles as the file has v lines
    std::ifstream in(file);
    std::size_t vLines = 0;
    for (std::string line; std::getline(in, line);) vLines += line.rfind("v ", 0) == 0 ? 1 : 0;
    EXPECT_EQ(mesh.shape->positions.size(), vLines);

    // One pass per substep, as the position-based solvers default to: a single
    // Gauss-Seidel sweep in particle order let in-plane ripples grow on these
    // irregular meshes until the links were coloured (orderLinksByColour).
    for (std::string_view solver : solverIds(SolverFamily::PositionBased)) {
        Settings s = defaultSettings();
        s.cloth = meshSettings(file);
        s.cloth.origin = {0.0f, 1.5f, 0.0f};
        s.cloth.pinVertices = GetParam().pins;
        s.wind.strength = 0.0f;
        s.solver.id = solver;
        s.solver.iterations = 1;
        Simulation sim(makeWorld(s, {}));
        ASSERT_EQ(sim.world().clothError, "");
        const Cloth& cloth = sim.world().cloth;
        EXPECT_EQ(checkTopology(cloth), "");
        EXPECT_NEAR(totalMass(cloth), s.cloth.density * shapeArea(*mesh.shape), 1e-4f);
        const float mass = totalMass(cloth);
        for (int i = 0; i < 200; ++i) sim.step();
        const ClothStats stats = measureCloth(sim.world());
        EXPECT_EQ(stats.nanCount, 0u) << solver;
        EXPECT_EQ(sim.recoveries(), 0) << solver;
        EXPECT_EQ(checkTopology(cloth), "") << solver;
        EXPECT_FLOAT_EQ(totalMass(cloth), mass) << solver;
        EXPECT_LT(stats.maxStretchRatio, 1.2f) << solver;
        if (GetParam().pins.empty()) EXPECT_LT(stats.minY, 0.05f) << solver << ": it fell to the ground";
        else EXPECT_GT(stats.minY, 0.5f) << solver << ": it hangs from its pins";
    }
}

INSTANTIATE_TEST_SUITE_P(Assets, ShippedAsset,
                         ::testing::Values(Asset{"round_tablecloth.obj", {}},
                                           Asset{"tshirt.obj", {55, 56, 57, 58, 59, 60, 61, 73, 74, 75, 76, 77, 78, 79}}),
                         [](const ::testing::TestParamInfo<Asset>& param) {
                             const std::string file = param.param.file;
                             return file.substr(0, file.find('.'));
                         });

} // namespace
} // namespace cs
