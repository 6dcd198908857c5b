// Cuts that follow the blade (sim/blade_cut.hpp): the border a cut leaves lies on
// the stroke, the mesh stays sound with no sliver, mass and momentum are kept, a
// slit continued is one cut, and every solver runs on afterwards without crossing.
#include "../support/sim_fixture.hpp"
#include "sim/blade_cut.hpp"
#include "sim/topology.hpp"
#include "sim/topology_edit.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <gtest/gtest.h>
#include <iostream>
#include <map>
#include <set>

namespace cs::test {
namespace {

const std::filesystem::path kSource = CLOTHSIM_SOURCE_DIR;

ClothSettings gridSettings(int n) {
    ClothSettings c = defaultSettings().cloth;
    c.resolution = {n, n};
    c.spacing = 0.05f;
    c.linkLevel = 2;
    c.pins = PinPreset::None;
    return c;
}

ClothSettings tableclothSettings() {
    ClothSettings s = defaultSettings().cloth;
    s.mesh = (kSource / "assets" / "round_tablecloth.obj").string();
    s.origin = glm::vec3(0.0f);
    s.massMode = MassMode::Density;
    s.density = 0.3f;
    s.pins = PinPreset::None;
    return s;
}

Cloth buildFrom(const ClothSettings& settings) {
    Settings s = defaultSettings();
    s.cloth = settings;
    Simulation sim(makeWorld(s, {}));
    EXPECT_EQ(sim.world().clothError, "");
    return sim.world().cloth;
}

float meanRestEdgeUV(const Cloth& cloth) {
    double sum = 0.0;
    for (const glm::uvec3& t : cloth.triangles)
        for (int k = 0; k < 3; ++k) sum += glm::distance(cloth.restUV[t[k]], cloth.restUV[t[(k + 1) % 3]]);
    return static_cast<float>(sum / (3.0 * static_cast<double>(cloth.triangles.size())));
}

// Distance from p to the segment a-b.
float distanceToSegment(glm::vec2 p, glm::vec2 a, glm::vec2 b) {
    const glm::vec2 ab = b - a;
    const float s = std::clamp(glm::dot(p - a, ab) / glm::dot(ab, ab), 0.0f, 1.0f);
    return glm::distance(p, a + s * ab);
}

std::set<std::uint32_t> borderParticles(const Cloth& cloth) {
    std::set<std::uint32_t> out;
    for (const EdgeKey& e : findBorderEdges(cloth.triangles)) {
        out.insert(e.a);
        out.insert(e.b);
    }
    return out;
}

struct CutCase {
    const char* name;
    bool mesh;   // the irregular round tablecloth, else a 25 x 25 grid
    float degrees;
};

class StraightCut : public ::testing::TestWithParam<CutCase> {};

// Every particle that is on the border after the cut and was not before lies on
// the stroke, the mesh is sound, the cloth is in two pieces, and no triangle is a
// sliver: at least 2 % of the mean rest area.
TEST_P(StraightCut, LeavesABorderOnTheStrokeAndNoSliver) {
    Cloth cloth = buildFrom(GetParam().mesh ? tableclothSettings() : gridSettings(25));
    const std::set<std::uint32_t> borderBefore = borderParticles(cloth);
    const std::size_t before = cloth.particleCount();
    const float spacing = meanRestEdgeUV(cloth);
    const float angle = glm::radians(GetParam().degrees);
    const glm::vec2 centre(0.5f, 0.47f), dir(std::cos(angle), std::sin(angle));
    const glm::vec2 from = centre - 0.9f * dir, to = centre + 0.9f * dir;

    const CutResult cut = cutAlongRestSegment(cloth, from, to);
    EXPECT_TRUE(cut.changed());
    EXPECT_EQ(checkTopology(cloth), "");
    EXPECT_EQ(checkInvariants(cloth), "");
    EXPECT_EQ(findPieces(cloth).count, 2u);

    std::size_t onBorder = 0;
    float worst = 0.0f;
    for (std::uint32_t v : borderParticles(cloth)) {
        if (v < before && borderBefore.count(v)) continue;
        worst = std::max(worst, distanceToSegment(cloth.restUV[v], from, to) / spacing);
        ++onBorder;
    }
    EXPECT_GT(onBorder, 10u);
    EXPECT_LT(worst, 1e-3f) << "a border particle " << worst << " spacings off the stroke";

    double area = 0.0;
    float smallest = 1e30f;
    for (const glm::uvec3& t : cloth.triangles) {
        const float a = triangleArea(cloth.restPositions, t);
        area += a;
        smallest = std::min(smallest, a);
        EXPECT_FALSE(isDegenerate(cloth.restPositions, t));
    }
    EXPECT_GE(smallest, 0.02 * area / static_cast<double>(cloth.triangles.size()));
}

INSTANTIATE_TEST_SUITE_P(Angles, StraightCut,
                         ::testing::Values(CutCase{"grid0", false, 0.0f}, CutCase{"grid15", false, 15.0f},
                                           CutCase{"grid30", false, 30.0f}, CutCase{"grid45", false, 45.0f},
                                           CutCase{"grid60", false, 60.0f}, CutCase{"grid90", false, 90.0f},
                                           CutCase{"mesh0", true, 0.0f}, CutCase{"mesh15", true, 15.0f},
                                           CutCase{"mesh30", true, 30.0f}, CutCase{"mesh45", true, 45.0f},
                                           CutCase{"mesh60", true, 60.0f}, CutCase{"mesh90", true, 90.0f}),
                         [](const ::testing::TestParamInfo<CutCase>& param) { return std::string(param.param.name); });

glm::dvec3 momentumOf(const Cloth& cloth) {
    glm::dvec3 p(0.0);
    for (std::size_t i = 0; i < cloth.particleCount(); ++i)
        p += static_cast<double>(cloth.masses[i]) * glm::dvec3(cloth.velocities[i]);
    return p;
}

TEST(BladeCut, KeepsMassAndMomentum) {
    for (const bool mesh : {false, true}) {
        Cloth cloth = buildFrom(mesh ? tableclothSettings() : gridSettings(25));
        for (std::size_t i = 0; i < cloth.particleCount(); ++i) {
            const glm::vec3 x = cloth.restPositions[i];
            cloth.velocities[i] = {std::sin(7.0f * x.x) + 0.3f, std::cos(5.0f * x.y + x.z), 2.0f * x.x * x.z - 0.4f};
        }
        const double mass = totalMass(cloth);
        const glm::dvec3 p = momentumOf(cloth);
        const CutResult cut = cutAlongRestSegment(cloth, {-0.1f, 0.21f}, {1.1f, 0.83f});
        ASSERT_GT(cut.trianglesSplit, 0u);
        EXPECT_NEAR(totalMass(cloth), mass, 1e-5 * mass) << (mesh ? "mesh" : "grid");
        const glm::dvec3 q = momentumOf(cloth);
        EXPECT_LT(glm::length(q - p), 1e-5 * glm::length(p)) << (mesh ? "mesh" : "grid");
    }
}

// A flat cloth at rest, no gravity: the cut changes what the cloth is, not where.
// With triangle contact on, the corners the blade passes close to are nearer the
// other side than the contact radius: contact must let them be, not push them off.
TEST(BladeCut, ACutClothAtRestStaysAtRest) {
    for (const std::string& id : registeredSolverIds()) {
        Settings settings = settingsWith([&](Settings& s) {
            s.cloth = gridSettings(20);
            s.sim.gravity = glm::vec3(0.0f);
            s.wind.strength = 0.0f;
            s.solver.id = id;
            s.collision.selfCollision = true;
            s.collision.selfRadius = 0.012f;  // a quarter of the 5 cm spacing
        });
        settings.cloth.pins = PinPreset::TopRow;
        Simulation sim = makeSimulation(settings);
        cutAlongRestSegment(sim.world().cloth, {0.0f, 0.33f}, {1.0f, 0.61f});
        sim.topologyEdited();
        const std::vector<glm::vec3> start = sim.world().cloth.positions;
        sim.step();
        float moved = 0.0f;
        for (std::size_t i = 0; i < start.size(); ++i)
            moved = std::max(moved, glm::distance(start[i], sim.world().cloth.positions[i]));
        EXPECT_LT(moved, 1e-4f) << id;
    }
}

// Where self-contact runs, a node snap keeps to the contact's room (World::contactRoom:
// each particle's bound less its move since the last detection), so a cut cannot move a
// particle through a layer; a snap that would go farther is an insertion, which moves
// nothing. Without the room the same cut snaps particles farther than it.
TEST(BladeCut, ASnapKeepsToSelfContactsRoom) {
    Settings settings = settingsWith([](Settings& s) {
        s.cloth = gridSettings(20);
        s.collision.selfCollision = true;
    });
    settings.cloth.pins = PinPreset::TopRow;
    Simulation sim = makeSimulation(settings);
    for (int step = 0; step < 10; ++step) sim.step();  // swinging: the room is less than the bounds
    const World& world = sim.world();
    ASSERT_EQ(world.contactRoom.size(), world.cloth.particleCount());
    const std::vector<float> room = world.contactRoom;
    const std::vector<glm::vec3> before = world.cloth.positions;
    const glm::vec2 uv0{0.0f, 0.33f}, uv1{1.0f, 0.61f};

    Cloth free = world.cloth;
    const CutResult unlimited = cutAlongBlade(free, bladeAlongRestSegment(free, uv0, uv1));
    float beyond = 0.0f;  // the farthest a snap moved a particle past its room, metres
    for (std::size_t i = 0; i < before.size(); ++i)
        beyond = std::max(beyond, glm::distance(before[i], free.positions[i]) - room[i]);
    ASSERT_GT(unlimited.particlesSnapped, 0u);
    ASSERT_GT(beyond, 1e-3f) << "the snaps must reach past the room, or the test proves nothing";

    Cloth held = world.cloth;
    std::vector<float> left = room;
    const CutResult kept = cutAlongBlade(held, bladeAlongRestSegment(held, uv0, uv1), left);
    EXPECT_GT(kept.snapsRefused, 0u);
    EXPECT_EQ(kept.edgesCut > 0, unlimited.edgesCut > 0);
    std::cout << "without the room " << unlimited.particlesSnapped << " snaps, up to " << 1000.0f * beyond
              << " mm past it; with it " << kept.particlesSnapped << " snaps, " << kept.snapsRefused << " refused\n";

    ASSERT_TRUE(sim.cut(uv0, uv1));  // --cut: the simulation gives the cut its room
    for (std::size_t i = 0; i < before.size(); ++i)
        EXPECT_LE(glm::distance(before[i], sim.world().cloth.positions[i]), room[i]) << "particle " << i;
    EXPECT_EQ(sim.world().cloth.positions, held.positions);
    // the stage detected again at once: a room for the cut cloth
    EXPECT_EQ(sim.world().contactRoom.size(), sim.world().cloth.particleCount());
}

// Whether the two meshes have the same triangles, by the rest uv of their corners
// (within `tolerance`: a blade continued from a slit's end runs on the same line but
// for rounding), whatever the particles' numbers and the triangles' order.
bool sameTriangles(const Cloth& a, const Cloth& b, float tolerance) {
    if (a.triangles.size() != b.triangles.size()) return false;
    auto corners = [](const Cloth& c, const glm::uvec3& t) {
        return std::array<glm::vec2, 3>{c.restUV[t.x], c.restUV[t.y], c.restUV[t.z]};
    };
    std::vector<std::uint8_t> used(b.triangles.size(), 0);
    for (const glm::uvec3& ta : a.triangles) {
        const auto ca = corners(a, ta);
        bool found = false;
        for (std::size_t j = 0; j < b.triangles.size() && !found; ++j) {
            if (used[j]) continue;
            const auto cb = corners(b, b.triangles[j]);
            for (int turn = 0; turn < 3 && !found; ++turn) {
                bool same = true;
                for (int k = 0; k < 3; ++k)
                    same = same && glm::distance(ca[static_cast<std::size_t>(k)], cb[static_cast<std::size_t>((k + turn) % 3)]) < tolerance;
                if (same) found = true, used[j] = 1;
            }
        }
        if (!found) return false;
    }
    return true;
}

TEST(BladeCut, ASlitContinuedIsOneCut) {
    const glm::vec2 from(-0.1f, 0.23f), to(1.1f, 0.71f);
    for (const bool mesh : {false, true}) {
        Cloth whole = buildFrom(mesh ? tableclothSettings() : gridSettings(25));
        Cloth slit = whole;
        cutAlongRestSegment(whole, from, to);
        
        const glm::vec2 middle = from + 0.52f * (to - from);
        cutAlongRestSegment(slit, from, middle);
                EXPECT_EQ(findPieces(slit).count, 1u) << "a slit does not part the cloth";
        // the slit's end: the furthest particle on the stroke before the middle
        const glm::vec2 dir = glm::normalize(to - from);
        const float spacing = meanRestEdgeUV(slit);
        std::uint32_t end = 0;
        float furthest = -1.0f;
        for (std::uint32_t v = 0; v < slit.particleCount(); ++v) {
            const glm::vec2 uv = slit.restUV[v];
            const float s = glm::dot(uv - from, dir);
            if (distanceToSegment(uv, from, middle) < 1e-4f * spacing && s > furthest) {
                furthest = s;
                end = v;
            }
        }
        ASSERT_GE(furthest, 0.0f);
        EXPECT_LT(glm::length(middle - from) - furthest, 1.5f * spacing) << "the slit ends at the last crossed edge";
        cutAlongRestSegment(slit, slit.restUV[end], to);
        
        EXPECT_EQ(findPieces(slit).count, 2u);
        EXPECT_EQ(slit.particleCount(), whole.particleCount()) << (mesh ? "mesh" : "grid");
        EXPECT_EQ(countBorderEdges(slit), countBorderEdges(whole));
        EXPECT_TRUE(sameTriangles(slit, whole, 1e-5f)) << (mesh ? "mesh" : "grid");
    }
}

TEST(BladeCut, UndoPutsBackTheClothBitForBit) {
    Cloth cloth = buildFrom(gridSettings(25));
    const Cloth before = cloth;
    CutUndo undo;
    undo.remember(cloth);
    ASSERT_TRUE(cutAlongRestSegment(cloth, {0.0f, 0.3f}, {1.0f, 0.62f}).changed());
    ASSERT_TRUE(undo.restore(cloth));
    EXPECT_EQ(cloth.positions, before.positions);
    EXPECT_EQ(cloth.velocities, before.velocities);
    EXPECT_EQ(cloth.masses, before.masses);
    EXPECT_EQ(cloth.restPositions, before.restPositions);
    EXPECT_EQ(cloth.triangles, before.triangles);
    EXPECT_EQ(cloth.edgeFlags, before.edgeFlags);
    EXPECT_EQ(cloth.links.size(), before.links.size());
}

// Several cuts taken back one by one and made again: each state comes back bit for bit.
TEST(BladeCut, UndoAndRedoWalkThroughSeveralCuts) {
    Cloth cloth = buildFrom(gridSettings(20));
    std::vector<Cloth> states{cloth};
    CutUndo undo;
    const glm::vec2 strokes[3][2] = {{{0.0f, 0.3f}, {1.0f, 0.62f}}, {{0.2f, 0.0f}, {0.7f, 1.0f}}, {{0.1f, 0.9f}, {0.9f, 0.8f}}};
    for (const auto& stroke : strokes) {
        undo.remember(cloth);
        ASSERT_TRUE(cutAlongRestSegment(cloth, stroke[0], stroke[1]).changed());
        states.push_back(cloth);
    }
    auto same = [](const Cloth& a, const Cloth& b) {
        return a.positions == b.positions && a.triangles == b.triangles && a.masses == b.masses &&
               a.edgeFlags == b.edgeFlags && a.restUV == b.restUV && a.links.size() == b.links.size();
    };
    for (int k = 2; k >= 0; --k) {
        ASSERT_TRUE(undo.restore(cloth));
        EXPECT_TRUE(same(cloth, states[static_cast<std::size_t>(k)])) << "undo to " << k;
    }
    EXPECT_FALSE(undo.appliesTo(cloth));
    for (int k = 1; k <= 3; ++k) {
        ASSERT_TRUE(undo.redo(cloth));
        EXPECT_TRUE(same(cloth, states[static_cast<std::size_t>(k)])) << "redo to " << k;
    }
    EXPECT_FALSE(undo.canRedo(cloth));
    // a new cut after an undo forgets the redo
    ASSERT_TRUE(undo.restore(cloth));
    undo.remember(cloth);
    cutAlongRestSegment(cloth, {0.0f, 0.5f}, {0.4f, 0.45f});
    EXPECT_FALSE(undo.canRedo(cloth));
}

// A particle held by a pin group or the mouse (no inverse mass, not pinned) does
// not slide onto the blade and keeps its zero inverse mass.
TEST(BladeCut, AHeldParticleStaysWhereItIsHeld) {
    Cloth cloth = buildFrom(gridSettings(11));  // rows and columns at multiples of 0.1 in u and v
    const std::uint32_t held = 5 * 11 + 5;       // (0.5, 0.5)
    cloth.inverseMasses[held] = 0.0f;
    const glm::vec3 rest = cloth.restPositions[held];
    // 5 % of a spacing below it: every crossing around it is within the snap fraction
    const CutResult cut = cutAlongRestSegment(cloth, {0.0f, 0.505f}, {1.0f, 0.505f});
    EXPECT_GT(cut.particlesSnapped, 0u);
    EXPECT_EQ(cloth.restPositions[held], rest);
    EXPECT_EQ(cloth.inverseMasses[held], 0.0f);
    EXPECT_EQ(checkTopology(cloth), "");
}

// The same edge twice in a hand-written path inserts one vertex, not an orphan.
TEST(BladeCut, AnEdgeCrossedTwiceInsertsOneVertex) {
    Cloth cloth = buildFrom(gridSettings(8));
    const glm::uvec3 t = cloth.triangles[10];
    BladePath path;
    path.crossings.push_back({triangleEdge(t, 0), 0.5f, 0.0f});
    path.crossings.push_back({triangleEdge(t, 0), 0.3f, 1.0f});
    const CutResult cut = cutAlongBlade(cloth, path);
    EXPECT_EQ(cut.particlesInserted, 1u);
    std::vector<int> corners(cloth.particleCount(), 0);
    for (const glm::uvec3& tri : cloth.triangles)
        for (int k = 0; k < 3; ++k) ++corners[tri[k]];
    EXPECT_EQ(std::count(corners.begin(), corners.end(), 0), 0) << "a particle of no triangle";
}

// A path that names edges which do not exist (a replay on another cloth) does nothing.
TEST(BladeCut, CrossingsOfMissingEdgesAreSkipped) {
    Cloth cloth = buildFrom(gridSettings(8));
    BladePath path;
    path.crossings.push_back({edgeKey(0, 50), 0.5f, 0.0f});
    path.crossings.push_back({edgeKey(3, 100000), 0.5f, 1.0f});
    path.onVertices.push_back(999999);
    const std::vector<glm::uvec3> triangles = cloth.triangles;
    EXPECT_FALSE(cutAlongBlade(cloth, path).changed());
    EXPECT_EQ(cloth.triangles, triangles);
}

} // namespace
} // namespace cs::test
