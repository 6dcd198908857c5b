// What an edit updates where it was instead of deriving it all again is what deriving
// it all again gives: the links and hinges (link_update.hpp: the same links by ends,
// kind and rest length, the same hinges by corners and rest angle, the link list still
// in colours that share no particle) and tearing across the pull's shape data (rest
// frames, fans, border, tips' angles, copies: crack_tearing.hpp) — after blade cuts at
// many angles, slits and their continuation, cuts along edges, link tearing (span links
// breaking on their own) and tearing across the pull, on the grid and on an irregular mesh.
#include "../support/sim_fixture.hpp"
#include "sim/blade_cut.hpp"
#include "sim/crack_tearing.hpp"
#include "sim/grab.hpp"
#include "sim/link_update.hpp"
#include "sim/topology.hpp"
#include "sim/topology_edit.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

namespace cs::test {
namespace {

using LinkTuple = std::tuple<std::uint32_t, std::uint32_t, int, float>;

std::vector<LinkTuple> linkSet(const Cloth& c) {
    std::vector<LinkTuple> out;
    for (const Link& l : c.links) {
        const EdgeKey k = edgeKey(l.a, l.b);
        out.emplace_back(k.a, k.b, static_cast<int>(l.kind), l.restLength);
    }
    std::sort(out.begin(), out.end());
    return out;
}

// Empty when `c` holds what rebuildLinks derives from its mesh; else the first difference.
std::string differenceFromRebuild(const Cloth& c) {
    Cloth rebuilt = c;
    rebuildLinks(rebuilt);
    if (linkSet(c) != linkSet(rebuilt))
        return "links differ: " + std::to_string(c.links.size()) + " against " + std::to_string(rebuilt.links.size());
    if (c.bendElements.size() != rebuilt.bendElements.size())
        return "hinges: " + std::to_string(c.bendElements.size()) + " against " + std::to_string(rebuilt.bendElements.size());
    for (std::size_t i = 0; i < c.bendElements.size(); ++i) {
        const BendElement &e = c.bendElements[i], &r = rebuilt.bendElements[i];
        if (e.a != r.a || e.b != r.b || e.c != r.c || e.d != r.d || e.restAngle != r.restAngle)
            return "hinge " + std::to_string(i) + " differs";
    }
    if (c.spanLinks.size() != rebuilt.spanLinks.size() || c.tornLinks != rebuilt.tornLinks)
        return "a broken span link was kept";
    // the order: kind, colour, lower particle; no two links of a colour share a particle
    for (std::size_t i = 1; i < c.links.size(); ++i) {
        const Link &p = c.links[i - 1], &l = c.links[i];
        const auto key = [](const Link& x) { return std::make_tuple(x.kind, x.colour, std::min(x.a, x.b)); };
        if (key(l) < key(p)) return "links out of order at " + std::to_string(i);
    }
    std::vector<int> lastUse(c.particleCount(), -1);
    int group = -1;
    for (std::size_t i = 0; i < c.links.size(); ++i) {
        const Link& l = c.links[i];
        if (i == 0 || l.kind != c.links[i - 1].kind || l.colour != c.links[i - 1].colour) ++group;
        if (lastUse[l.a] == group || lastUse[l.b] == group)
            return "two links of colour " + std::to_string(l.colour) + " share a particle at link " + std::to_string(i);
        lastUse[l.a] = lastUse[l.b] = group;
    }
    return {};
}

Cloth gridCloth(int n) {
    Settings s = settingsWith([n](Settings& x) {
        x.cloth.resolution = {n, n};
        x.cloth.spacing = 1.0f / static_cast<float>(n - 1);
        x.cloth.linkLevel = 2;  // long bending links and second diagonals: span links
        x.cloth.pins = PinPreset::None;
    });
    return buildGridCloth(s.cloth);
}

TEST(LinkUpdate, BladeCutsAtManyAnglesGiveTheRebuildsLinks) {
    for (const float degrees : {0.0f, 15.0f, 30.0f, 45.0f, 60.0f, 90.0f, 112.5f}) {
        Cloth cloth = gridCloth(25);
        ASSERT_FALSE(cloth.spanLinks.empty());
        CrackTearing shape;
        ASSERT_EQ(shape.shapeDifference(cloth), "");
        const float a = glm::radians(degrees);
        const glm::vec2 centre(0.5f, 0.47f), half = 0.7f * glm::vec2(std::cos(a), std::sin(a));
        const std::uint64_t version = cloth.topologyVersion;
        const CutResult cut = cutAlongRestSegment(cloth, centre - half, centre + half);
        ASSERT_TRUE(cut.changed()) << degrees;
        EXPECT_GT(cut.particlesSnapped + cut.particlesInserted + cut.edgesCut, 10u) << degrees;
        EXPECT_GT(cloth.topologyVersion, version);
        EXPECT_EQ(differenceFromRebuild(cloth), "") << degrees << " degrees";
        EXPECT_EQ(shape.shapeDifference(cloth), "") << degrees << " degrees";
        // a second cut across the first, on the updated links
        const float b = a + glm::radians(70.0f);
        const glm::vec2 other = 0.6f * glm::vec2(std::cos(b), std::sin(b));
        ASSERT_TRUE(cutAlongRestSegment(cloth, centre - other, centre + other).changed());
        EXPECT_EQ(differenceFromRebuild(cloth), "") << degrees << " degrees, then across";
        EXPECT_EQ(shape.shapeDifference(cloth), "") << degrees << " degrees, then across";
    }
}

TEST(LinkUpdate, ASlitAndItsContinuationGiveTheRebuildsLinks) {
    Cloth cloth = gridCloth(21);
    ASSERT_TRUE(cutAlongRestSegment(cloth, {0.0f, 0.33f}, {0.52f, 0.61f}).changed());
    EXPECT_EQ(differenceFromRebuild(cloth), "");
    ASSERT_TRUE(cutAlongRestSegment(cloth, {0.52f, 0.61f}, {1.0f, 0.87f}).changed());
    EXPECT_EQ(differenceFromRebuild(cloth), "");
}

TEST(LinkUpdate, CutsAlongEdgesGiveTheRebuildsLinks) {
    Cloth cloth = gridCloth(16);
    ASSERT_TRUE(cutAlongRestSegment(cloth, {0.0f, 0.41f}, {1.0f, 0.73f}, false).changed());
    EXPECT_EQ(differenceFromRebuild(cloth), "");
}

TEST(LinkUpdate, AnIrregularMeshCutGivesTheRebuildsLinks) {
    Settings s = defaultSettings();
    s.cloth.mesh = std::string(CLOTHSIM_SOURCE_DIR) + "/assets/round_tablecloth.obj";
    s.cloth.origin = glm::vec3(0.0f);
    s.cloth.pins = PinPreset::None;
    Simulation sim(makeWorld(s, {}));
    ASSERT_EQ(sim.world().clothError, "");
    Cloth cloth = sim.world().cloth;
    ASSERT_FALSE(cloth.spanLinks.empty());
    CrackTearing shape;
    ASSERT_EQ(shape.shapeDifference(cloth), "");
    ASSERT_TRUE(cutAlongRestSegment(cloth, {0.1f, 0.2f}, {0.9f, 0.65f}).changed());
    EXPECT_EQ(differenceFromRebuild(cloth), "");
    EXPECT_EQ(shape.shapeDifference(cloth), "");
    ASSERT_TRUE(cutAlongRestSegment(cloth, {0.3f, 0.95f}, {0.6f, 0.05f}).changed());
    EXPECT_EQ(differenceFromRebuild(cloth), "");
    EXPECT_EQ(shape.shapeDifference(cloth), "");
}

// A record that no longer matches the cloth (links derived again since) is not trusted.
TEST(LinkUpdate, AStaleRecordFallsBackToARebuild) {
    Cloth cloth = gridCloth(12);
    TopologyEdit edit = TopologyEdit::of(cloth);
    rebuildLinks(cloth);
    edit.noteTriangle(cloth, 5);
    cloth.triangles[5] = {cloth.triangles[5].x, cloth.triangles[5].z, cloth.triangles[5].y};
    updateLinks(cloth, edit);
    EXPECT_EQ(differenceFromRebuild(cloth), "");
    EXPECT_TRUE(edit.whole);
}

// Tearing on a dragged cloth, both ways, every step: link tearing breaks span links on
// their own and splits particles; tearing across the pull splits triangles.
void dragAndCompare(bool acrossTriangles, const std::string& solver) {
    Settings s = settingsWith([&](Settings& x) {
        x.cloth.resolution = {20, 20};
        x.cloth.spacing = 0.05f;
        x.cloth.pins = PinPreset::TopRow;
        x.cloth.origin = {0.0f, 2.0f, 0.0f};
        x.solver.id = solver;
        x.solver.substeps = 20;
        x.collision.ground = false;
        x.tearing.enabled = true;
        x.tearing.maxStretch = 1.4f;
        x.tearing.splitsTriangles = acrossTriangles;
    });
    Simulation sim = makeSimulation(s);
    World& world = sim.world();
    ParticleGrab grab;
    const std::size_t particle = 19u * 20u + 10u;
    ASSERT_TRUE(grab.begin(world, particle));
    const glm::vec3 start = world.cloth.positions[particle];
    std::uint64_t versions = 0;
    CrackTearing shape;  // kept beside the simulation's own, updated after every step
    ASSERT_EQ(shape.shapeDifference(world.cloth), "");
    for (int step = 0; step < 90; ++step) {
        const std::uint64_t before = world.cloth.topologyVersion;
        grab.setTarget(start - glm::vec3(0.0f, 1.2f * std::min(1.0f, (step + 1) / 60.0f), 0.0f));
        grab.apply(world, world.settings.sim.dt);
        sim.step();
        if (world.cloth.topologyVersion == before) continue;
        ++versions;
        ASSERT_EQ(differenceFromRebuild(world.cloth), "") << "step " << step;
        ASSERT_EQ(shape.shapeDifference(world.cloth), "") << "step " << step;
    }
    EXPECT_GT(versions, 3u);
    EXPECT_GT(world.cloth.tornLinks, 3u);
}

TEST(LinkUpdate, LinkTearingGivesTheRebuildsLinks) { dragAndCompare(false, "xpbd"); }
TEST(LinkUpdate, TearingAcrossThePullGivesTheRebuildsLinks) { dragAndCompare(true, "xpbd"); }

} // namespace
} // namespace cs::test
