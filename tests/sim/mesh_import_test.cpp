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

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

namespace cs {
namespace {

const std::filesystem::path kSource = CLOTHSIM_SOURCE_DIR;

// Writes `text` to a file of its own under the temporary directory; returns its path.
std::filesystem::path writeObj(const std::string& name, const std::string& text) {
    const std::filesystem::path folder = std::filesystem::temp_directory_path() / "clothsim_mesh_import_test";
    std::filesystem::create_directories(folder);
    const std::filesystem::path file = folder / name;
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
    const auto file = writeObj("quads.obj", kQuads);
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
    const auto file = writeObj("quads.obj", kQuads);
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
    // a regular hexagon and an L-shaped (concave) hexagon as single faces, side by side
    std::string text;
    for (int k = 0; k < 6; ++k)
        text += "v " + std::to_string(std::cos(k * 3.14159265f / 3.0f)) + " 0 " + std::to_string(-std::sin(k * 3.14159265f / 3.0f)) + "\n";
    text += "v 3 0 0\nv 5 0 0\nv 5 0 -1\nv 4 0 -1\nv 4 0 -2\nv 3 0 -2\n";
    text += "f 1 2 3 4 5 6\nf 7 8 9 10 11 12\n";
    const MeshImport mesh = importObj(writeObj("polygons.obj", text), {}, true);
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
    const std::string uvs = "vt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\nvt 0.5 0.5\n";
    const std::string quad = "v 0 0 0\nv 2 0 0\nv 2 1 0\nv 0 1 0\n";
    const MeshImport mesh = importObj(writeObj("uv.obj", quad + uvs + "f 1/1 2/2 3/3\nf 1/1 3/3 4/4\n"), {}, false);
    ASSERT_TRUE(mesh.shape) << mesh.error;
    EXPECT_TRUE(mesh.restUVFromFile);
    EXPECT_EQ(mesh.shape->restUV[2], glm::vec2(1.0f, 1.0f));
    EXPECT_EQ(mesh.shape->restUV[3], glm::vec2(0.0f, 1.0f));

    // vertex 0 gets two different vt (a seam): the file's coordinates cannot be per vertex
    const MeshImport seam = importObj(writeObj("seam.obj", quad + uvs + "f 1/1 2/2 3/3\nf 1/5 3/3 4/4\n"), {}, false);
    ASSERT_TRUE(seam.shape) << seam.error;
    EXPECT_FALSE(seam.restUVFromFile);
    // the projection: the 2 m x 1 m rectangle in [0,1]^2 with its aspect kept, y pointing down v
    EXPECT_NEAR(seam.shape->restUV[0].x, 0.0f, 1e-6f);
    EXPECT_NEAR(seam.shape->restUV[0].y, 0.5f, 1e-6f);
    EXPECT_NEAR(seam.shape->restUV[2].x, 1.0f, 1e-6f);
    EXPECT_NEAR(seam.shape->restUV[2].y, 0.0f, 1e-6f);

    const MeshImport none = importObj(writeObj("nouv.obj", quad + "f 1 2 3\nf 1 3 4\n"), {}, false);
    ASSERT_TRUE(none.shape) << none.error;
    EXPECT_FALSE(none.restUVFromFile);
    for (const glm::vec2& uv : none.shape->restUV) {
        EXPECT_GE(std::min(uv.x, uv.y), 0.0f);
        EXPECT_LE(std::max(uv.x, uv.y), 1.0f);
    }
}

// The message names the file, the line and what is wrong.
void expectRefused(const std::string& name, const std::string& text, int line, const std::vector<std::string>& says,
                   bool allowPieces = false) {
    const auto file = writeObj(name, text);
    const MeshImport mesh = importObj(file, {}, allowPieces);
    EXPECT_FALSE(mesh.shape) << name;
    const std::string where = file.string() + (line > 0 ? ":" + std::to_string(line) + ": " : ": ");
    EXPECT_EQ(mesh.error.rfind(where, 0), 0u) << "expected '" << where << "' first in: " << mesh.error;
    for (const std::string& piece : says) EXPECT_NE(mesh.error.find(piece), std::string::npos) << mesh.error;
}

TEST(MeshImport, RefusesANonManifoldEdge) {
    expectRefused("fin.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nv 0 -1 0\nf 1 2 3\nf 1 2 4\nf 2 1 5\n", 8,
                  {"not a manifold", "edge between vertices 0 and 1", "3 faces", "line 6", "line 7", "line 8"});
}

TEST(MeshImport, RefusesDegenerateTriangles) {
    expectRefused("repeated.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\nf 1 2 2\n", 5,
                  {"face 1 is degenerate", "uses vertex 1 (line 2) twice"});
    expectRefused("collinear.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 2 0 0\nf 1 2 3\n\nf 1 2 4\n", 7,
                  {"face 1 is degenerate", "vertices 0, 1, 3", "lie on one line"});
}

TEST(MeshImport, RefusesSeveralPiecesUnlessAllowed) {
    const std::string twoPieces = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 5 0 0\nv 6 0 0\nv 5 1 0\nf 1 2 3\nf 4 5 6\n";
    expectRefused("pieces.obj", twoPieces, 4, {"2 unconnected pieces", "vertex 3", "allow_pieces"});
    const MeshImport allowed = importObj(writeObj("pieces.obj", twoPieces), {}, true);
    ASSERT_TRUE(allowed.shape) << allowed.error;
    ClothSettings s = meshSettings(writeObj("pieces.obj", twoPieces));
    s.allowPieces = true;
    EXPECT_EQ(findPieces(buildClothFromSettings(s).cloth).count, 2u);
}

TEST(MeshImport, RefusesMissingAndEmptyFiles) {
    const std::filesystem::path missing = std::filesystem::temp_directory_path() / "clothsim_no_such_mesh.obj";
    const MeshImport mesh = importObj(missing, {}, false);
    EXPECT_FALSE(mesh.shape);
    EXPECT_EQ(mesh.error, missing.string() + ": cannot open the mesh file (missing or unreadable)");
    expectRefused("points.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\n", 0, {"no triangles", "3 vertices"});
    expectRefused("short_face.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2\n", 4, {"face 0 has 2 corners"});
    expectRefused("far_vertex.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n", 4, {"refers to vertex 8", "3 vertices"});
    expectRefused("unused.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 7 7 7\nf 1 2 3\n", 4, {"vertex 3 belongs to no face"});
}

TEST(MeshImport, ARewrittenFileIsReadAgain) {
    const auto file = writeObj("rewritten.obj", kQuads);
    ASSERT_TRUE(importObj(file, {}, false).shape);
    // the cache keys on size and write time: a different file under the same name is read anew
    writeObj("rewritten.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
    std::filesystem::last_write_time(file, std::filesystem::last_write_time(file) + std::chrono::seconds(2));
    const MeshImport again = importObj(file, {}, false);
    ASSERT_TRUE(again.shape) << again.error;
    EXPECT_EQ(again.shape->positions.size(), 3u);
}

TEST(MeshPins, ByVertexNumberAndByBoxOnTopOfThePreset) {
    ClothSettings s = meshSettings(writeObj("quads.obj", kQuads));
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
    Settings s = defaultSettings();
    s.cloth.mesh = (std::filesystem::temp_directory_path() / "clothsim_no_such_mesh.obj").string();
    World world = makeWorld(s, {});
    EXPECT_EQ(world.cloth.particleCount(), static_cast<std::size_t>(s.cloth.resolution.x * s.cloth.resolution.y));
    EXPECT_EQ(world.clothErrorKey, "cloth.mesh");
    EXPECT_NE(world.clothError.find("cannot open the mesh file"), std::string::npos) << world.clothError;
    EXPECT_NE(world.clothError.find("the grid stands in"), std::string::npos) << world.clothError;

    world.settings.cloth.mesh = writeObj("quads.obj", kQuads).string();
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
