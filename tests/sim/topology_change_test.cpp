// What an edit records and tells the solvers (topology_change.hpp): the region it
// names holds every old particle whose links, hinges, mass or velocity it changed, so
// a solver that takes again only that region (and the new particles) misses nothing;
// and Verlet, which does so, carries the cloth away from a cut on exactly as if there
// had been no cut.
#include "../support/sim_fixture.hpp"
#include "sim/blade_cut.hpp"
#include "sim/solvers/position_based.hpp"
#include "sim/topology.hpp"
#include "sim/topology_edit.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

namespace cs::test {
namespace {

using Incident = std::tuple<std::uint32_t, int, float>;  // other end, kind, rest length

// Per particle, its links and hinges (as the other particles and rest values), sorted.
struct Around {
    std::vector<std::vector<Incident>> links;
    std::vector<std::vector<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t, float>>> hinges;
};

Around aroundOf(const Cloth& c) {
    Around out;
    out.links.resize(c.particleCount());
    out.hinges.resize(c.particleCount());
    for (const Link& l : c.links) {
        out.links[l.a].emplace_back(l.b, static_cast<int>(l.kind), l.restLength);
        out.links[l.b].emplace_back(l.a, static_cast<int>(l.kind), l.restLength);
    }
    for (const BendElement& e : c.bendElements)
        for (std::uint32_t p : {e.a, e.b, e.c, e.d}) out.hinges[p].emplace_back(e.a, e.b, e.c, e.d, e.restAngle);
    for (auto& l : out.links) std::sort(l.begin(), l.end());
    for (auto& h : out.hinges) std::sort(h.begin(), h.end());
    return out;
}

// Empty when every old particle outside edit.particlesChanged kept its links, hinges,
// rest position, mass and velocity; else the first that did not.
std::string missedByTheRegion(const Cloth& before, const Cloth& after, const TopologyEdit& edit) {
    if (edit.whole) return "the edit says: the whole cloth";
    if (edit.particlesBefore != before.particleCount()) return "particlesBefore is wrong";
    if (!std::is_sorted(edit.particlesChanged.begin(), edit.particlesChanged.end()) ||
        std::adjacent_find(edit.particlesChanged.begin(), edit.particlesChanged.end()) != edit.particlesChanged.end())
        return "the region is not sorted and unique";
    std::vector<std::uint8_t> inRegion(before.particleCount(), 0);
    for (std::uint32_t v : edit.particlesChanged) {
        if (v >= before.particleCount()) return "the region names a new particle";
        inRegion[v] = 1;
    }
    const Around was = aroundOf(before), now = aroundOf(after);
    for (std::uint32_t v = 0; v < before.particleCount(); ++v) {
        if (inRegion[v]) continue;
        const std::string p = "particle " + std::to_string(v) + " outside the region: ";
        if (was.links[v] != now.links[v]) return p + "its links changed";
        if (was.hinges[v] != now.hinges[v]) return p + "its hinges changed";
        if (before.restPositions[v] != after.restPositions[v]) return p + "its rest position moved";
        if (before.masses[v] != after.masses[v]) return p + "its mass changed";
        if (before.velocities[v] != after.velocities[v]) return p + "its velocity changed";
    }
    return {};
}

Settings hangingSettings(const std::string& solver) {
    return settingsWith([&](Settings& x) {
        x.cloth.resolution = {24, 24};
        x.cloth.spacing = 0.05f;
        x.cloth.pins = PinPreset::TopRow;
        x.cloth.origin = {0.0f, 2.0f, 0.0f};
        x.solver.id = solver;
        x.solver.substeps = 4;
        x.collision.ground = false;
        x.collision.selfCollision = false;
        x.wind.strength = 0.0f;
    });
}

TEST(TopologyEdit, TheRegionHoldsEveryOldParticleABladeCutChanged) {
    for (const float degrees : {0.0f, 30.0f, 60.0f, 112.5f}) {
        Simulation sim = makeSimulation(hangingSettings("xpbd"));
        for (int i = 0; i < 10; ++i) sim.step();  // moving: the momentum shift shows
        Cloth& cloth = sim.world().cloth;
        const Cloth before = cloth;
        const float a = glm::radians(degrees);
        const glm::vec2 centre(0.5f, 0.47f), half = 0.3f * glm::vec2(std::cos(a), std::sin(a));
        TopologyEdit edit;
        ASSERT_TRUE(cutAlongRestSegment(cloth, centre - half, centre + half, true, {}, &edit).changed());
        EXPECT_EQ(missedByTheRegion(before, cloth, edit), "") << degrees << " degrees";
        // local: a slit across a quarter of the cloth touches a few rows of particles
        EXPECT_GT(edit.particlesChanged.size(), 10u) << degrees;
        EXPECT_LT(edit.particlesChanged.size(), before.particleCount() / 4) << degrees;
    }
}

TEST(TopologyEdit, TheRegionHoldsEveryOldParticleAnEdgeCutOrATearChanged) {
    Simulation sim = makeSimulation(hangingSettings("xpbd"));
    for (int i = 0; i < 10; ++i) sim.step();
    Cloth& cloth = sim.world().cloth;
    const Cloth before = cloth;
    TopologyEdit edit;
    ASSERT_TRUE(cutAlongRestSegment(cloth, {0.2f, 0.41f}, {0.7f, 0.63f}, false, {}, &edit).changed());
    EXPECT_EQ(missedByTheRegion(before, cloth, edit), "");
    EXPECT_GT(edit.particlesChanged.size(), 10u);
}

// The step after a cut: Verlet takes again the last acceleration of the particles the
// cut touched and keeps the others', so that far from the cut the cloth is where it
// would have been without it, to the bit. Soft springs and heavy particles, stable at 6
// substeps: in one step the cut's news travels 6 substeps x 2 links (the bending links
// span two), 12 spacings.
TEST(TopologyEdit, VerletCarriesTheClothAwayFromACutOnAsIfUncut) {
    Settings s = hangingSettings("verlet");
    s.cloth.resolution = {40, 40};
    s.cloth.spacing = 0.035f;
    s.cloth.massMode = MassMode::PerParticle;
    s.cloth.particleMass = 0.01f;
    s.solver.substeps = 6;
    s.solver.damping = 0.2f;
    s.springs.stretchStiffness = 500.0f;
    s.springs.shearStiffness = 100.0f;
    s.springs.bendStiffness = 10.0f;
    s.springs.damping = 0.005f;
    Simulation cut = makeSimulation(s);
    Simulation uncut = makeSimulation(s);
    for (int i = 0; i < 30; ++i) {
        cut.step();
        uncut.step();
    }
    ASSERT_FALSE(cut.halted()) << cut.lastRecoveryMessage();
    ASSERT_EQ(cut.world().cloth.positions, uncut.world().cloth.positions);
    const std::size_t n0 = cut.world().cloth.particleCount();
    const glm::vec2 uv0(0.05f, 0.7f), uv1(0.2f, 0.7f);
    ASSERT_TRUE(cut.cut(uv0, uv1));
    cut.step();
    uncut.step();
    ASSERT_FALSE(cut.halted());
    const Cloth &c = cut.world().cloth, &u = uncut.world().cloth;
    std::size_t far = 0, moved = 0, movedNear = 0;
    float largest = 0.0f;
    for (std::size_t v = 0; v < n0; ++v) {
        // rest (u, v) distance to the cut: more than 16 spacings
        const glm::vec2 p = u.restUV[v];
        const float t = std::clamp(glm::dot(p - uv0, uv1 - uv0) / glm::dot(uv1 - uv0, uv1 - uv0), 0.0f, 1.0f);
        if (glm::distance(p, uv0 + t * (uv1 - uv0)) < 16.0f / 39.0f) {
            movedNear += c.positions[v] != u.positions[v];
            continue;
        }
        ++far;
        if (c.positions[v] != u.positions[v]) ++moved;
        largest = std::max(largest, glm::distance(c.positions[v], u.positions[v]));
    }
    EXPECT_GT(movedNear, 50u);  // the cut did change the cloth around it
    EXPECT_GT(far, 400u);
    EXPECT_EQ(moved, 0u) << "largest difference " << largest << " m";
}

// The tethers of the position-based solvers after a cut: taken again only for the
// particles it changed where it parts no piece and makes no anchor, and in every case
// the list a derivation from scratch gives, in its order.
TEST(TopologyEdit, TethersAfterACutAreThoseDerivedFromScratch) {
    struct Case {
        const char* what;
        PinPreset pins;
        glm::vec2 uv0, uv1;
        bool split;  // the blade; else the edges the segment crosses are cut
        bool local;  // taken again only near the cut
    };
    const Case cases[] = {
        {"a slit in the middle", PinPreset::TopCorners, {0.25f, 0.4f}, {0.7f, 0.55f}, true, true},
        {"a slit under the pinned row", PinPreset::TopRow, {0.3f, 0.5f}, {0.6f, 0.6f}, true, true},
        {"a slit of cut edges", PinPreset::TopRow, {0.3f, 0.5f}, {0.6f, 0.6f}, false, true},
        {"a cut across: two pieces", PinPreset::TopCorners, {-0.1f, 0.52f}, {1.1f, 0.43f}, true, false},
        // the blade goes between pinned particles (it moves no pin); cut edges part them
        {"cut edges from the pinned row down: new anchors", PinPreset::TopRow, {0.52f, -0.1f}, {0.47f, 0.5f}, false, false},
    };
    for (const Case& k : cases) {
        Settings s = hangingSettings("xpbd");
        s.cloth.pins = k.pins;
        s.cloth.resolution = {40, 40};  // the region is some 9 rows along the cut: local at this size
        s.cloth.spacing = 0.03f;
        Simulation sim = makeSimulation(s);
        for (int i = 0; i < 5; ++i) sim.step();
        Cloth& cloth = sim.world().cloth;
        TetherCache cache;
        cache.get(cloth, 1.1f);
        const std::size_t piecesBefore = findPieces(cloth).count;
        TopologyEdit edit;
        ASSERT_TRUE(cutAlongRestSegment(cloth, k.uv0, k.uv1, k.split, {}, &edit).changed()) << k.what;
        // the record says whether the cut parted a piece (these cuts all part one, or
        // join their region through the triangles around it), so the cache need not look
        EXPECT_EQ(edit.regionJoined, findPieces(cloth).count == piecesBefore) << k.what;
        cache.edited(cloth, edit);
        const std::vector<Tether> updated(cache.get(cloth, 1.1f).begin(), cache.get(cloth, 1.1f).end());
        TetherCache fresh;
        const std::span<const Tether> scratch = fresh.get(cloth, 1.1f);
        ASSERT_EQ(updated.size(), scratch.size()) << k.what;
        for (std::size_t i = 0; i < scratch.size(); ++i) {
            ASSERT_EQ(updated[i].particle, scratch[i].particle) << k.what << ", tether " << i;
            ASSERT_EQ(updated[i].anchor, scratch[i].anchor) << k.what << ", tether " << i;
            ASSERT_EQ(updated[i].maxLength, scratch[i].maxLength) << k.what << ", tether " << i;
        }
        if (k.local)
            EXPECT_LT(cache.particlesTetheredLast(), cloth.particleCount() / 4) << k.what;
        else
            EXPECT_EQ(cache.particlesTetheredLast(), cloth.particleCount()) << k.what;
    }
}

// The index of span links by support triangle (Cloth::supported, spanLinksOn) answers
// as reading every span link's support does, also after cuts dropped some of them.
TEST(SpanIndex, TheSpanLinksOnSomeTrianglesAreThoseTheySupport) {
    Settings s = settingsWith([](Settings& x) {
        x.cloth.resolution = {20, 20};
        x.cloth.spacing = 0.05f;
        x.cloth.linkLevel = 2;  // long bending links and second diagonals: span links
    });
    Cloth cloth = buildGridCloth(s.cloth);
    const std::size_t spansBuilt = cloth.spanLinks.size();
    ASSERT_GT(spansBuilt, 500u);
    ASSERT_TRUE(cutAlongRestSegment(cloth, {0.1f, 0.3f}, {0.9f, 0.6f}).changed());
    ASSERT_TRUE(cutAlongRestSegment(cloth, {0.4f, 0.95f}, {0.45f, 0.05f}, false).changed());
    ASSERT_LT(cloth.spanLinks.size(), spansBuilt);  // some were dropped: the indices moved
    for (const std::uint32_t every : {1u, 7u, 31u}) {
        std::vector<std::uint32_t> some, expected;
        for (std::uint32_t t = 0; t < cloth.triangles.size(); t += every) some.push_back(t);
        for (std::uint32_t i = 0; i < cloth.spanLinks.size(); ++i) {
            const SpanLink& span = cloth.spanLinks[i];
            bool on = false;
            for (std::uint32_t k = 0; k < span.supportCount; ++k)
                on = on || cloth.spanSupport[span.firstSupport + k] % every == 0;
            if (on) expected.push_back(i);
        }
        EXPECT_EQ(spanLinksOn(cloth, some), expected) << "every " << every << "th triangle";
    }
    // without the index: every span link (a superset callers check one by one)
    cloth.supportedStart.clear();
    EXPECT_EQ(spanLinksOn(cloth, std::vector<std::uint32_t>{0}).size(), cloth.spanLinks.size());
}

} // namespace
} // namespace cs::test
