// The cloth as an editable mesh: cuts part it cleanly, splits conserve mass, and
// hundreds of random cuts and splits under every kind of solver leave a sound mesh.
#include "../support/sim_fixture.hpp"
#include "sim/topology.hpp"
#include "sim/topology_edit.hpp"

#include <gtest/gtest.h>
#include <limits>
#include <random>
#include <set>

namespace cs::test {
namespace {

ClothSettings grid(int n, float spacing = 0.05f) {
    ClothSettings c = defaultSettings().cloth;
    c.resolution = {n, n};
    c.spacing = spacing;
    c.linkLevel = 2;
    c.pins = PinPreset::TopRow;
    return c;
}

// The two ends of every link are in the same piece: nothing holds pieces together.
void expectLinksWithinPieces(const Cloth& cloth) {
    const Pieces pieces = findPieces(cloth);
    for (const Link& link : cloth.links)
        ASSERT_EQ(pieces.of[link.a], pieces.of[link.b]) << "link " << link.a << "-" << link.b << " joins two pieces";
    for (const BendElement& h : cloth.bendElements) {
        ASSERT_EQ(pieces.of[h.a], pieces.of[h.c]);
        ASSERT_EQ(pieces.of[h.b], pieces.of[h.d]);
    }
}

// Every triangle edge has its link, once.
void expectEveryEdgeLinked(const Cloth& cloth) {
    std::set<EdgeKey> links;
    for (const Link& link : cloth.links) links.insert(edgeKey(link.a, link.b));
    for (const glm::uvec3& t : cloth.triangles)
        for (int k = 0; k < 3; ++k) ASSERT_TRUE(links.count(triangleEdge(t, k))) << "edge without a link";
}

TEST(ClothTopology, GridIsOneSoundPieceWithItsOutline) {
    const Cloth cloth = buildGridCloth(grid(12));
    EXPECT_EQ(checkTopology(cloth), "");
    EXPECT_EQ(findPieces(cloth).count, 1u);
    EXPECT_EQ(countBorderEdges(cloth), 4u * 11u);
    expectEveryEdgeLinked(cloth);
    EXPECT_EQ(cloth.tornLinks, 0u);
}

TEST(ClothTopology, CutAcrossThePartsTheClothIntoTwoAndConservesMass) {
    Cloth cloth = buildGridCloth(grid(16));
    const float mass = totalMass(cloth);
    const std::size_t triangles = cloth.triangles.size();
    // along existing edges (tearing.cut_splits_triangles off; blade_cut_test splits triangles)
    const CutResult cut = cutAlongRestSegment(cloth, {0.0f, 0.5f}, {1.0f, 0.5f}, false);
    EXPECT_GT(cut.edgesCut, 15u);
    EXPECT_EQ(cut.particlesAdded, 2u * 15u);  // each triangle of the cut strip keeps its far corner to itself
    EXPECT_EQ(checkTopology(cloth), "");
    EXPECT_EQ(findPieces(cloth).count, 2u);
    EXPECT_EQ(cloth.triangles.size(), triangles);
    EXPECT_NEAR(totalMass(cloth), mass, 1e-5f * mass);
    expectLinksWithinPieces(cloth);
    expectEveryEdgeLinked(cloth);
    EXPECT_GT(cloth.tornLinks, 0u);
}

TEST(ClothTopology, CutHalfWayOpensASlitButKeepsOnePiece) {
    Cloth cloth = buildGridCloth(grid(16));
    const std::size_t border = countBorderEdges(cloth);
    const std::size_t links = cloth.links.size();
    cutAlongRestSegment(cloth, {0.0f, 0.5f}, {0.5f, 0.5f});
    EXPECT_EQ(checkTopology(cloth), "");
    EXPECT_EQ(findPieces(cloth).count, 1u);
    EXPECT_GT(countBorderEdges(cloth), border + 8u);
    EXPECT_LT(cloth.links.size(), links + 40u);  // the slit's border links, less the links across it
}

TEST(ClothTopology, ASpanLinkFollowsItsParticleThroughASplitAndBreaksWithItsSupport) {
    Cloth cloth = buildGridCloth(grid(8));
    // the distance-2 links across row 4 are gone after the cut; those above it remain
    cutAlongRestSegment(cloth, {0.0f, 0.5f}, {1.0f, 0.5f});
    const Pieces pieces = findPieces(cloth);
    std::size_t bendLinks = 0;
    for (const Link& link : cloth.links) {
        if (link.kind != LinkKind::Bend) continue;
        ++bendLinks;
        EXPECT_EQ(pieces.of[link.a], pieces.of[link.b]);
        EXPECT_NEAR(glm::distance(cloth.restPositions[link.a], cloth.restPositions[link.b]), link.restLength, 1e-6f);
    }
    EXPECT_GT(bendLinks, 0u);
}

TEST(ClothTopology, UndoPutsTheCutBack) {
    Cloth cloth = buildGridCloth(grid(10));
    const std::size_t particles = cloth.particleCount(), links = cloth.links.size();
    CutUndo undo;
    undo.remember(cloth);
    const glm::vec3 before = cloth.positions[0];
    cutAlongRestSegment(cloth, {0.0f, 0.5f}, {1.0f, 0.5f});
    cloth.positions[0] += glm::vec3(0.1f, 0.0f, 0.0f);  // moved after the cut: back to where it was
    cloth.setPinned(3, true);                           // pinned after the cut: stays pinned
    const std::uint64_t version = cloth.topologyVersion;
    ASSERT_TRUE(undo.appliesTo(cloth));
    ASSERT_TRUE(undo.restore(cloth));
    EXPECT_EQ(cloth.particleCount(), particles);
    EXPECT_EQ(cloth.links.size(), links);
    EXPECT_EQ(findPieces(cloth).count, 1u);
    EXPECT_EQ(cloth.positions[0], before);
    EXPECT_TRUE(cloth.pinned[3]);
    EXPECT_NE(cloth.topologyVersion, version);
    EXPECT_FALSE(undo.restore(cloth));  // once
}

TEST(ClothTopology, UndoRefusesARebuiltCloth) {
    Cloth cloth = buildGridCloth(grid(6));
    CutUndo undo;
    undo.remember(cloth);
    cloth = buildGridCloth(grid(6));
    EXPECT_FALSE(undo.appliesTo(cloth));
    EXPECT_FALSE(undo.restore(cloth));
}

TEST(ClothTopology, SplitSharesMassByRestArea) {
    Cloth cloth = buildGridCloth(grid(5));
    const std::uint32_t centre = 2 * 5 + 2;
    const float mass = cloth.masses[centre];
    TopologyEditor editor(cloth);
    const glm::vec3 normal(1.0f, 0.0f, 0.0f);  // split across x: left and right halves of the ring
    EXPECT_EQ(editor.separate(centre, &normal), 1u);
    editor.finish();
    const std::uint32_t copy = static_cast<std::uint32_t>(cloth.particleCount() - 1);
    EXPECT_NEAR(cloth.masses[centre] + cloth.masses[copy], mass, 1e-7f);
    EXPECT_NEAR(cloth.masses[centre], 0.5f * mass, 1e-6f);  // the ring is symmetric about x
    EXPECT_EQ(cloth.positions[copy], cloth.positions[centre]);
    EXPECT_EQ(checkTopology(cloth), "");
    EXPECT_EQ(findPieces(cloth).count, 1u);  // a diamond-shaped hole, still one piece
}

TEST(ClothTopology, RejectsShapesThatAreNotManifoldsWithBorder) {
    ClothShape shape;
    shape.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}};
    shape.triangles = {{0, 1, 2}, {1, 0, 3}, {0, 1, 4}};  // edge 0-1 in three triangles
    EXPECT_NE(validateShape(shape, false).find("not a manifold"), std::string::npos);
    shape.triangles = {{0, 1, 1}};
    EXPECT_NE(validateShape(shape, false).find("degenerate"), std::string::npos);
    shape.positions = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
    shape.triangles = {{0, 1, 2}};
    EXPECT_NE(validateShape(shape, false).find("in a line"), std::string::npos);
    shape.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {5, 0, 0}, {6, 0, 0}, {5, 1, 0}};
    shape.triangles = {{0, 1, 2}, {3, 4, 5}};
    EXPECT_NE(validateShape(shape, false).find("more than one piece"), std::string::npos);
    EXPECT_EQ(validateShape(shape, true), "");
}

// The invariants after hundreds of random cuts and splits, stepping in between, for
// several solvers (the test list).
class RandomEdits : public ::testing::TestWithParam<std::string> {};

TEST_P(RandomEdits, KeepTheMeshSound) {
    const Settings settings = settingsWith([&](Settings& s) {
        s.cloth = grid(32, 0.03f);
        s.cloth.pins = PinPreset::TopCorners;
        s.solver.id = GetParam();
        const std::string& id = GetParam();
        const SolverInfo& info = solverInfo(id);
        const bool positionBased = info.family == SolverFamily::PositionBased;
        s.solver.substeps = positionBased ? 10 : (implicitMethod(info) ? 4 : 60);  // implicit: stable at any step
        s.springs.stretchStiffness = 500.0f;  // soft enough for 60 substeps of the explicit family
        s.springs.shearStiffness = 200.0f;
        s.springs.bendStiffness = 20.0f;
        s.collision.ground = true;
        s.collision.groundHeight = 1.0f;
    });
    Simulation sim = makeSimulation(settings);
    const float mass = totalMass(sim.world().cloth);
    const std::size_t triangles = sim.world().cloth.triangles.size();
    std::mt19937 random(1234);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    std::size_t cuts = 0, splits = 0;
    for (int round = 0; round < 120; ++round) {
        Cloth& cloth = sim.world().cloth;
        // a short random cut somewhere on the rest square
        const glm::vec2 from(unit(random), unit(random));
        const glm::vec2 to = glm::clamp(from + 0.15f * glm::vec2(unit(random) - 0.5f, unit(random) - 0.5f),
                                        glm::vec2(0.0f), glm::vec2(1.0f));
        if (from != to) cuts += cutAlongRestSegment(cloth, from, to).edgesCut;
        // and a few forced tears: Müller splits with random planes at random particles
        {
            TopologyEditor editor(cloth);
            for (int k = 0; k < 3; ++k) {
                const auto v = static_cast<std::uint32_t>(unit(random) * static_cast<float>(cloth.particleCount() - 1));
                const glm::vec3 normal = glm::normalize(glm::vec3(unit(random) - 0.5f, unit(random) - 0.5f, 0.1f));
                splits += editor.separate(v, &normal);
            }
        }
        sim.topologyEdited();
        sim.step();
        ASSERT_EQ(checkTopology(sim.world().cloth), "") << "after round " << round;
        ASSERT_GE(sim.world().cloth.triangles.size(), triangles);  // cuts split triangles, never remove one
        expectLinksWithinPieces(sim.world().cloth);
    }
    const Cloth& cloth = sim.world().cloth;
    EXPECT_GT(cuts, 200u);
    EXPECT_GT(splits, 100u);
    EXPECT_GT(findPieces(cloth).count, 5u);
    EXPECT_NEAR(totalMass(cloth), mass, 1e-4f * mass);
    expectEveryEdgeLinked(cloth);
    EXPECT_EQ(measureCloth(sim.world()).nanCount, 0u);
}

INSTANTIATE_TEST_SUITE_P(Solvers, RandomEdits,
                         ::testing::Values("xpbd", "pbd", "jakobsen", "symplectic_euler", "implicit_euler", "desbrun"),
                         [](const auto& p) { return p.param; });

// Every solver runs on after a cut and a switch of solver.
TEST(ClothTopology, EverySolverRunsOnACutCloth) {
    for (const std::string& id : registeredSolverIds()) {
        Settings settings = settingsWith([&](Settings& s) {
            s.cloth = grid(16, 0.05f);
            s.solver.substeps = 40;
            s.springs.stretchStiffness = 300.0f;
            s.springs.shearStiffness = 100.0f;
            s.springs.bendStiffness = 10.0f;
        });
        Simulation sim = makeSimulation(settings);
        simulate(sim, 0.2);
        cutAlongRestSegment(sim.world().cloth, {0.0f, 0.5f}, {1.0f, 0.5f});
        sim.topologyEdited();
        sim.world().settings.solver.id = id;  // switch after the cut
        const float mass = totalMass(sim.world().cloth);
        simulate(sim, 0.5);
        const ClothStats stats = measureCloth(sim.world());
        EXPECT_EQ(stats.nanCount, 0u) << id;
        EXPECT_EQ(measureTopology(sim.world()).pieces.size(), 2u) << id;
        EXPECT_NEAR(totalMass(sim.world().cloth), mass, 1e-5f * mass) << id;
        EXPECT_EQ(checkTopology(sim.world().cloth), "") << id;
    }
}

// Copies made by a split count as one vertex to triangle contact (neighbours) until they
// are a contact radius apart: a cut cloth lying still stays still.
TEST(ClothTopology, SelfCollisionLeavesTheCopiesOfACutAlone) {
    Settings settings = settingsWith([](Settings& s) {
        s.cloth = grid(24, 0.03f);
        s.cloth.orientation = Orientation::Horizontal;
        s.cloth.pins = PinPreset::None;
        s.cloth.origin = {0.0f, 0.0101f, 0.0f};  // resting on the ground, at the contact thickness
        s.collision.ground = true;
        s.collision.thickness = 0.01f;
        s.collision.selfCollision = true;
        s.solver.id = "xpbd";
        s.solver.substeps = 10;
    });
    Simulation sim = makeSimulation(settings);
    simulate(sim, 0.25);
    cutAlongRestSegment(sim.world().cloth, {0.0f, 0.5f}, {1.0f, 0.5f});
    cutAlongRestSegment(sim.world().cloth, {0.5f, 0.0f}, {0.5f, 1.0f});
    sim.topologyEdited();
    ASSERT_GE(findPieces(sim.world().cloth).count, 4u);  // and a triangle or two where the cuts cross
    float fastest = 0.0f;
    for (int i = 0; i < 30; ++i) {
        sim.step();
        for (const glm::vec3& v : sim.world().cloth.velocities) fastest = std::max(fastest, glm::length(v));
    }
    EXPECT_LT(fastest, 0.05f) << "the cut kicked the cloth";
    EXPECT_EQ(checkTopology(sim.world().cloth), "");
}

// --- checkInvariants: what the soak checks after every action ----------------------

// A small hanging cloth, as the soak's scenes build one.
Cloth smallCloth() {
    return makeSimulation(settingsWith([](Settings& s) { s.cloth.resolution = {6, 6}; })).world().cloth;
}

TEST(ClothInvariants, ASoundClothPasses) { EXPECT_EQ(checkInvariants(smallCloth()), ""); }

TEST(ClothInvariants, APlantedNanIsFound) {
    Cloth cloth = smallCloth();
    cloth.positions[7].y = std::numeric_limits<float>::quiet_NaN();
    EXPECT_NE(checkInvariants(cloth).find("particle 7"), std::string::npos) << checkInvariants(cloth);
}

TEST(ClothInvariants, AnInfiniteVelocityIsFound) {
    Cloth cloth = smallCloth();
    cloth.velocities[3].x = std::numeric_limits<float>::infinity();
    EXPECT_NE(checkInvariants(cloth).find("velocity"), std::string::npos);
}

TEST(ClothInvariants, ATriangleCornerOutOfRangeIsFound) {
    Cloth cloth = smallCloth();
    cloth.triangles[2].z = static_cast<std::uint32_t>(cloth.particleCount());
    EXPECT_NE(checkInvariants(cloth).find("triangle 2"), std::string::npos);
}

TEST(ClothInvariants, ALinkEndOutOfRangeIsFound) {
    Cloth cloth = smallCloth();
    cloth.links[0].b = static_cast<std::uint32_t>(cloth.particleCount() + 5);
    EXPECT_NE(checkInvariants(cloth).find("link 0"), std::string::npos);
}

TEST(ClothInvariants, ArraysOfDifferentSizesAreFound) {
    Cloth cloth = smallCloth();
    cloth.velocities.pop_back();
    EXPECT_NE(checkInvariants(cloth), "");
}

} // namespace
} // namespace cs::test
