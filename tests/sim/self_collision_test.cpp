// Self-collision: a folded cloth comes apart into two layers, rest neighbours are
// left to their links, momentum is kept, friction stops layers sliding, and the
// spatial hash finds exactly what a brute-force search finds.
#include "sim/cloth.hpp"
#include "sim/collision/self_collision.hpp"

#include <gtest/gtest.h>
#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

namespace cs {
namespace {

constexpr float kInfinity = std::numeric_limits<float>::infinity();

ClothSettings gridSettings(int columns, int rows, float spacing) {
    ClothSettings s;
    s.resolution = {columns, rows};
    s.spacing = spacing;
    s.orientation = Orientation::Horizontal;
    s.origin = glm::vec3(0.0f);
    s.linkPattern = LinkPattern::Level;
    s.linkLevel = 2;
    s.massMode = MassMode::PerParticle;
    s.particleMass = 0.01f;
    s.pins = PinPreset::None;
    return s;
}

// A horizontal grid of 2m x m particles folded in half across its columns: the right
// half lies upside down over the left half, `gap` metres above it, each particle
// nudged sideways by up to `jitter` metres (seeded) so that no pair is symmetric.
Cloth foldedCloth(int m, float spacing, float gap, float jitter) {
    Cloth cloth = buildGridCloth(gridSettings(2 * m, m, spacing));
    std::mt19937 random(7);
    std::uniform_real_distribution<float> nudge(-jitter, jitter);
    const int columns = 2 * m;
    for (int y = 0; y < m; ++y) {
        for (int x = m; x < columns; ++x) {
            const auto top = static_cast<std::size_t>(y * columns + x);
            const auto below = static_cast<std::size_t>(y * columns + (columns - 1 - x));
            cloth.positions[top] = cloth.positions[below] + glm::vec3(nudge(random), gap, nudge(random));
        }
    }
    cloth.previousPositions = cloth.positions;
    return cloth;
}

bool isUpperLayer(const Cloth& cloth, std::size_t i) {
    return static_cast<int>(i) % cloth.columns >= cloth.columns / 2;
}

// A cloth of loose particles: no links, no triangles, unit masses.
Cloth looseParticles(std::vector<glm::vec3> positions, std::vector<glm::vec3> restPositions) {
    Cloth cloth;
    cloth.positions = std::move(positions);
    cloth.restPositions = std::move(restPositions);
    cloth.previousPositions = cloth.positions;
    cloth.velocities.assign(cloth.positions.size(), glm::vec3(0.0f));
    cloth.inverseMasses.assign(cloth.positions.size(), 1.0f);
    return cloth;
}

// The truth the hash must match: every pair, squared distances, the same rules.
float bruteForceMinDistance(const Cloth& cloth, float thickness, float range) {
    float best = range * range;
    bool found = false;
    for (std::size_t i = 0; i < cloth.particleCount(); ++i) {
        for (std::size_t j = i + 1; j < cloth.particleCount(); ++j) {
            const glm::vec3 d = cloth.positions[i] - cloth.positions[j];
            const glm::vec3 r = cloth.restPositions[i] - cloth.restPositions[j];
            if (glm::dot(r, r) < thickness * thickness) continue;
            if (glm::dot(d, d) < best) {
                best = glm::dot(d, d);
                found = true;
            }
        }
    }
    return found ? std::sqrt(best) : kInfinity;
}

// Closest pair that self-collision should keep apart, brute force.
float closestNonNeighbours(const Cloth& cloth, float thickness) {
    return bruteForceMinDistance(cloth, thickness, kInfinity);
}

glm::vec3 totalDisplacement(const Cloth& cloth, const std::vector<glm::vec3>& before) {
    glm::vec3 sum(0.0f);
    for (std::size_t i = 0; i < cloth.particleCount(); ++i) sum += cloth.positions[i] - before[i];
    return sum;
}

TEST(SelfCollision, PushesAPairApartSplitByInverseMass) {
    const float h = 0.1f;
    Cloth cloth = looseParticles({{0.0f, 0.0f, 0.0f}, {0.04f, 0.0f, 0.0f}}, {{0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}});
    SelfCollision self;
    EXPECT_EQ(self.project(cloth, {}, h, Friction{}), 1);
    EXPECT_NEAR(cloth.positions[0].x, -0.03f, 1e-7f) << "equal masses: each moves half the depth";
    EXPECT_NEAR(cloth.positions[1].x, 0.07f, 1e-7f);
    EXPECT_EQ(self.project(cloth, {}, h, Friction{}), 0) << "already thickness apart";

    // the first particle three times as heavy moves a quarter of the depth
    cloth = looseParticles({{0.0f, 0.0f, 0.0f}, {0.04f, 0.0f, 0.0f}}, {{0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}});
    cloth.inverseMasses = {1.0f, 3.0f};
    self.project(cloth, {}, h, Friction{});
    EXPECT_NEAR(cloth.positions[0].x, -0.015f, 1e-7f);
    EXPECT_NEAR(cloth.positions[1].x, 0.085f, 1e-7f);
}

TEST(SelfCollision, CorrectsEachOverlappingPairOnce) {
    // isolated pairs, random directions, depths and masses: one pass corrects each pair
    // exactly once and leaves it thickness apart. Few particles make a small hash table,
    // where the 27 cells around a particle often share buckets.
    const float h = 0.1f;
    std::mt19937 random(11);
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f), fraction(0.1f, 0.9f), inverseMass(0.5f, 2.0f);
    SelfCollision self;
    for (int pairs : {1, 3, 200}) {
        for (int trial = 0; trial < 50; ++trial) {
            std::vector<glm::vec3> x, rest;
            for (int p = 0; p < pairs; ++p) {
                const glm::vec3 centre = 5.0f * h * glm::vec3(p % 6, (p / 6) % 6, p / 36);
                glm::vec3 direction(unit(random), unit(random), unit(random));
                direction = glm::length(direction) > 1e-3f ? glm::normalize(direction) : glm::vec3(1.0f, 0.0f, 0.0f);
                const float distance = fraction(random) * h;
                x.push_back(centre);
                x.push_back(centre + distance * direction);
                rest.push_back({0.0f, 0.0f, 3.0f * h * static_cast<float>(2 * p)});
                rest.push_back({0.0f, 0.0f, 3.0f * h * static_cast<float>(2 * p + 1)});
            }
            Cloth cloth = looseParticles(x, rest);
            for (float& w : cloth.inverseMasses) w = inverseMass(random);
            ASSERT_EQ(self.project(cloth, {}, h, Friction{}), pairs) << pairs << " pairs, trial " << trial;
            for (int p = 0; p < pairs; ++p) {
                const auto a = static_cast<std::size_t>(2 * p);
                ASSERT_NEAR(glm::distance(cloth.positions[a], cloth.positions[a + 1]), h, 2e-6f);
            }
        }
    }
}

TEST(SelfCollision, PinnedParticlesDoNotMove) {
    const float h = 0.1f;
    Cloth cloth = looseParticles({{0.0f, 0.0f, 0.0f}, {0.0f, 0.03f, 0.0f}}, {{0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}});
    cloth.inverseMasses = {0.0f, 1.0f};
    SelfCollision self;
    EXPECT_EQ(self.project(cloth, {}, h, Friction{}), 1);
    EXPECT_EQ(cloth.positions[0], glm::vec3(0.0f));
    EXPECT_NEAR(cloth.positions[1].y, h, 1e-7f) << "the free particle moves all the way";
    cloth.positions[1] = {0.0f, 0.03f, 0.0f};
    cloth.inverseMasses = {0.0f, 0.0f};
    EXPECT_EQ(self.project(cloth, {}, h, Friction{}), 0) << "two pinned particles are not a correction";

    // in a folded cloth with friction: pinned particles of the upper layer stay put
    const float spacing = 0.05f;
    Cloth folded = foldedCloth(6, spacing, 0.3f * spacing, 0.1f * spacing);
    std::vector<std::size_t> pins;
    for (std::size_t i = 0; i < folded.particleCount(); i += 5)
        if (isUpperLayer(folded, i)) pins.push_back(i);
    for (std::size_t i : pins) folded.setPinned(i, true);
    const std::vector<glm::vec3> start = folded.positions;
    for (int pass = 0; pass < 5; ++pass) self.project(folded, start, spacing, Friction{0.5f, 0.5f});
    for (std::size_t i : pins) EXPECT_EQ(folded.positions[i], start[i]) << "pinned particle " << i;
}

TEST(SelfCollision, SeparatesTheLayersOfAFoldedCloth) {
    // thickness under the spacing: each particle faces one particle of the other layer;
    // thickness over it: several, and the in-layer rest neighbours must be ignored
    const float spacing = 0.05f;
    for (float thickness : {0.8f * spacing, 1.5f * spacing}) {
        Cloth cloth = foldedCloth(8, spacing, 0.3f * thickness, 0.1f * spacing);
        ASSERT_LT(closestNonNeighbours(cloth, thickness), 0.5f * thickness);
        SelfCollision self;
        for (int pass = 0; pass < 30; ++pass) self.project(cloth, cloth.previousPositions, thickness, Friction{});
        EXPECT_GE(closestNonNeighbours(cloth, thickness), 0.99f * thickness) << "thickness " << thickness;
        // the layers came apart vertically: their mean heights differ by about the thickness
        float upper = 0.0f, lower = 0.0f;
        for (std::size_t i = 0; i < cloth.particleCount(); ++i)
            (isUpperLayer(cloth, i) ? upper : lower) += cloth.positions[i].y;
        const float half = 0.5f * static_cast<float>(cloth.particleCount());
        EXPECT_GT((upper - lower) / half, 0.8f * thickness) << "thickness " << thickness;
    }
}

TEST(SelfCollision, LeavesRestNeighboursToTheirLinks) {
    // a flat cloth at rest: every pair closer than thickness is a rest neighbour
    const float spacing = 0.05f;
    Cloth cloth = buildGridCloth(gridSettings(16, 16, spacing));
    const std::vector<glm::vec3> start = cloth.positions;
    SelfCollision self;
    EXPECT_EQ(self.project(cloth, start, 1.5f * spacing, Friction{1.0f, 1.0f}), 0);
    EXPECT_EQ(cloth.positions, start);

    // a pair squeezed together that was close at rest too is not touched ...
    const float h = 0.1f;
    Cloth pair = looseParticles({{0.0f, 0.0f, 0.0f}, {0.01f, 0.0f, 0.0f}}, {{0.0f, 0.0f, 0.0f}, {0.05f, 0.0f, 0.0f}});
    EXPECT_EQ(self.project(pair, {}, h, Friction{}), 0);
    EXPECT_EQ(pair.positions[1], glm::vec3(0.01f, 0.0f, 0.0f));
    // ... unless the rest shape is unknown: then every pair may collide
    pair.restPositions.clear();
    EXPECT_EQ(self.project(pair, {}, h, Friction{}), 1);
    EXPECT_NEAR(glm::distance(pair.positions[0], pair.positions[1]), h, 1e-6f);
}

TEST(SelfCollision, KeepsMomentumWithEqualMasses) {
    const float spacing = 0.05f;
    Cloth cloth = foldedCloth(8, spacing, 0.3f * spacing, 0.2f * spacing);
    // a sideways slide since the substep began, so that friction has work to do
    std::vector<glm::vec3> previous = cloth.positions;
    for (std::size_t i = 0; i < cloth.particleCount(); ++i)
        if (isUpperLayer(cloth, i)) previous[i].x -= 0.2f * spacing;
    const std::vector<glm::vec3> start = cloth.positions;
    SelfCollision self;
    int corrected = 0;
    for (int pass = 0; pass < 3; ++pass) corrected += self.project(cloth, previous, spacing, Friction{0.5f, 0.5f});
    ASSERT_GT(corrected, 0);
    float moved = 0.0f;
    for (std::size_t i = 0; i < cloth.particleCount(); ++i) moved += glm::distance(cloth.positions[i], start[i]);
    EXPECT_GT(moved, 0.1f * spacing);
    EXPECT_LT(glm::length(totalDisplacement(cloth, start)), 1e-5f * moved) << "sum of m dx must be zero";
}

TEST(SelfCollision, CoincidentParticlesPartWithoutNaN) {
    const float h = 0.1f;
    Cloth cloth = looseParticles({{0.2f, 0.3f, 0.4f}, {0.2f, 0.3f, 0.4f}}, {{0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}});
    SelfCollision self;
    EXPECT_EQ(self.project(cloth, cloth.positions, h, Friction{1.0f, 1.0f}), 1);
    for (const glm::vec3& x : cloth.positions) EXPECT_TRUE(std::isfinite(x.x + x.y + x.z));
    EXPECT_NEAR(glm::distance(cloth.positions[0], cloth.positions[1]), h, 1e-6f);
}

TEST(SelfCollision, FrictionRemovesSlidingBelowItsLimitAndShortensItAbove) {
    // two particles h/2 apart vertically (depth h/2) whose relative sideways slide since
    // the substep began is 2s: friction mu removes up to mu h/2 of it
    const float h = 0.1f;
    auto slidingPair = [&](float s) {
        Cloth c = looseParticles({{0.0f, 0.0f, 0.0f}, {0.0f, 0.5f * h, 0.0f}}, {{0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}});
        c.previousPositions = {{-s, 0.0f, 0.0f}, {s, 0.5f * h, 0.0f}};
        return c;
    };
    auto relativeSlide = [](const Cloth& c) {
        return ((c.positions[0] - c.previousPositions[0]) - (c.positions[1] - c.previousPositions[1])).x;
    };
    SelfCollision self;
    Cloth cloth = slidingPair(0.01f);  // slide 0.02 < 0.4 * 0.05: stuck
    self.project(cloth, cloth.previousPositions, h, Friction{0.4f, 0.4f});
    EXPECT_NEAR(relativeSlide(cloth), 0.0f, 1e-7f);
    cloth = slidingPair(0.02f);  // slide 0.04 > 0.02: shortened by 0.02
    self.project(cloth, cloth.previousPositions, h, Friction{0.4f, 0.4f});
    EXPECT_NEAR(relativeSlide(cloth), 0.02f, 1e-7f);
    EXPECT_NEAR(cloth.positions[1].y - cloth.positions[0].y, h, 1e-6f) << "friction does not undo the push";
    cloth = slidingPair(0.01f);  // without friction the slide stays
    self.project(cloth, cloth.previousPositions, h, Friction{});
    EXPECT_NEAR(relativeSlide(cloth), 0.02f, 1e-7f);
}

TEST(SelfCollision, FrictionHoldsLayersThatSlideOverEachOther) {
    // the upper layer of a folded cloth slid sideways since the substep began
    const float spacing = 0.05f;
    const float thickness = 0.8f * spacing;
    const float slide = 0.1f * spacing;
    auto layerSlideAfter = [&](float friction) {
        Cloth cloth = foldedCloth(8, spacing, 0.3f * thickness, 0.0f);
        std::vector<glm::vec3> previous = cloth.positions;
        for (std::size_t i = 0; i < cloth.particleCount(); ++i)
            if (isUpperLayer(cloth, i)) previous[i].x -= slide;
        SelfCollision self;
        for (int pass = 0; pass < 3; ++pass) self.project(cloth, previous, thickness, Friction{friction, friction});
        // mean sideways displacement of the upper layer relative to the lower one
        float upper = 0.0f, lower = 0.0f;
        for (std::size_t i = 0; i < cloth.particleCount(); ++i) {
            const float dx = cloth.positions[i].x - previous[i].x;
            (isUpperLayer(cloth, i) ? upper : lower) += dx;
        }
        return (upper - lower) / (0.5f * static_cast<float>(cloth.particleCount()));
    };
    EXPECT_NEAR(layerSlideAfter(0.0f), slide, 1e-3f * slide) << "no friction: the layers keep sliding";
    EXPECT_LT(std::abs(layerSlideAfter(1.0f)), 0.05f * slide) << "friction: the layers stick";
}

TEST(SelfCollision, MinDistanceOfAConstructedConfiguration) {
    const float h = 0.1f;
    // 0-1 are rest neighbours 0.03 apart; 0-2 are 0.25 apart; 3 is far away
    Cloth cloth = looseParticles({{0.0f, 0.0f, 0.0f}, {0.03f, 0.0f, 0.0f}, {0.0f, 0.25f, 0.0f}, {10.0f, 0.0f, 0.0f}},
                                 {{0.0f, 0.0f, 0.0f}, {0.05f, 0.0f, 0.0f}, {0.0f, 1.0f, 0.0f}, {0.0f, 2.0f, 0.0f}});
    SelfCollision self;
    EXPECT_FLOAT_EQ(self.minDistance(cloth, h, 0.5f), 0.25f);
    EXPECT_EQ(self.minDistance(cloth, h, 0.2f), kInfinity) << "nothing closer than the range";
    EXPECT_FLOAT_EQ(self.minDistance(cloth, 0.01f, 0.5f), 0.03f) << "thinner: 0-1 are no longer neighbours";
    EXPECT_EQ(self.minDistance(cloth, 0.0f, 0.5f), kInfinity);
    EXPECT_EQ(self.project(cloth, {}, 0.0f, Friction{0.5f, 0.5f}), 0);

    Cloth isolated = looseParticles({{0.0f, 0.0f, 0.0f}, {5.0f, 0.0f, 0.0f}}, {{0.0f, 0.0f, 0.0f}, {5.0f, 0.0f, 0.0f}});
    EXPECT_EQ(self.minDistance(isolated, h, 1.0f), kInfinity);
    Cloth single = looseParticles({{0.0f, 0.0f, 0.0f}}, {{0.0f, 0.0f, 0.0f}});
    EXPECT_EQ(self.minDistance(single, h, 1.0f), kInfinity);
}

TEST(SelfCollision, MinDistanceMatchesBruteForceOnARandomCloud) {
    // 500 points in a unit box, rest positions a small random offset away, so that some
    // close pairs are rest neighbours and some are not
    for (unsigned seed : {1u, 2u, 3u}) {
        std::mt19937 random(seed);
        std::uniform_real_distribution<float> inBox(-0.5f, 0.5f), offset(-0.05f, 0.05f);
        std::vector<glm::vec3> positions(500), rest(500);
        for (std::size_t i = 0; i < positions.size(); ++i) {
            positions[i] = {inBox(random), inBox(random), inBox(random)};
            rest[i] = positions[i] + glm::vec3(offset(random), offset(random), offset(random));
        }
        const Cloth cloth = looseParticles(positions, rest);
        SelfCollision self;
        for (float thickness : {0.02f, 0.05f, 0.1f}) {
            for (float range : {0.03f, 0.1f, 0.3f}) {
                const float expected = bruteForceMinDistance(cloth, thickness, range);
                EXPECT_EQ(self.minDistance(cloth, thickness, range), expected)
                    << "seed " << seed << " thickness " << thickness << " range " << range;
            }
        }
    }
}

} // namespace
} // namespace cs
