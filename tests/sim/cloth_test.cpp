// The grid builder: counts, rest lengths, masses, winding and pins.
#include "../support/sim_fixture.hpp"

#include <gtest/gtest.h>
#include <set>

namespace cs::test {
namespace {

ClothSettings grid(int nx, int ny, int level) {
    ClothSettings c = defaultSettings().cloth;
    c.resolution = {nx, ny};
    c.linkLevel = level;
    c.spacing = 0.1f;
    return c;
}

// Links a level-L grid must have: for every distance d <= L, the row and column
// neighbours and both diagonals that fall inside the grid.
std::size_t expectedLinks(int nx, int ny, int level) {
    std::size_t n = 0;
    for (int d = 1; d <= level; ++d) {
        n += static_cast<std::size_t>(std::max(nx - d, 0) * ny + nx * std::max(ny - d, 0));
        n += 2u * static_cast<std::size_t>(std::max(nx - d, 0) * std::max(ny - d, 0));
    }
    return n;
}

TEST(GridCloth, CountsParticlesTrianglesAndLinks) {
    for (int level = 1; level <= 4; ++level) {
        const Cloth cloth = buildGridCloth(grid(7, 5, level));
        EXPECT_EQ(cloth.particleCount(), 35u);
        EXPECT_EQ(cloth.triangles.size(), 2u * 6u * 4u);
        EXPECT_EQ(cloth.links.size(), expectedLinks(7, 5, level)) << "level " << level;
    }
}

TEST(GridCloth, LinksAreUniqueAndAtRestLength) {
    const Cloth cloth = buildGridCloth(grid(6, 6, 3));
    std::set<std::pair<std::uint32_t, std::uint32_t>> seen;
    for (const Link& link : cloth.links) {
        auto key = std::minmax(link.a, link.b);
        EXPECT_TRUE(seen.insert(key).second) << "duplicate link " << link.a << "-" << link.b;
        EXPECT_NEAR(glm::distance(cloth.positions[link.a], cloth.positions[link.b]), link.restLength, 1e-6f);
        if (link.kind == LinkKind::Stretch) {
            EXPECT_NEAR(link.restLength, 0.1f, 1e-6f);
        } else if (link.kind == LinkKind::Shear) {
            EXPECT_NEAR(link.restLength, 0.1f * std::sqrt(2.0f), 1e-6f);
        } else {
            EXPECT_GE(link.restLength, 0.2f - 1e-6f);
        }
    }
    EXPECT_TRUE(std::is_sorted(cloth.links.begin(), cloth.links.end(),
                               [](const Link& a, const Link& b) { return a.kind < b.kind; }));
}

TEST(GridCloth, DensityMassEqualsAreaTimesDensity) {
    ClothSettings c = grid(11, 21, 2);
    c.massMode = MassMode::Density;
    c.density = 0.3f;
    const Cloth cloth = buildGridCloth(c);
    const float area = (10 * 0.1f) * (20 * 0.1f);
    EXPECT_NEAR(totalMass(cloth), area * 0.3f, 1e-5f);

    c.massMode = MassMode::PerParticle;
    c.particleMass = 0.002f;
    EXPECT_NEAR(totalMass(buildGridCloth(c)), 11 * 21 * 0.002f, 1e-6f);
}

TEST(GridCloth, FrontFacesTheViewerOrTheSky) {
    ClothSettings c = grid(5, 5, 1);
    std::vector<glm::vec3> normals(25);
    c.orientation = Orientation::Vertical;
    Cloth vertical = buildGridCloth(c);
    computeVertexNormals(vertical, normals);
    for (const glm::vec3& n : normals) EXPECT_NEAR(n.z, 1.0f, 1e-6f);

    c.orientation = Orientation::Horizontal;
    Cloth horizontal = buildGridCloth(c);
    computeVertexNormals(horizontal, normals);
    for (const glm::vec3& n : normals) EXPECT_NEAR(n.y, 1.0f, 1e-6f);
}

TEST(GridCloth, OriginIsTopMiddleOrCentre) {
    ClothSettings c = grid(5, 3, 1);
    c.origin = {1.0f, 2.0f, 3.0f};
    c.orientation = Orientation::Vertical;
    Cloth v = buildGridCloth(c);
    EXPECT_EQ(v.positions[2], glm::vec3(1.0f, 2.0f, 3.0f));  // middle of the top row
    c.orientation = Orientation::Horizontal;
    Cloth h = buildGridCloth(c);
    EXPECT_EQ(h.positions[7], glm::vec3(1.0f, 2.0f, 3.0f));  // centre particle
}

TEST(GridCloth, PinPresetsHoldTheRightParticles) {
    ClothSettings c = grid(4, 3, 1);
    auto pinnedSet = [&](PinPreset preset) {
        c.pins = preset;
        const Cloth cloth = buildGridCloth(c);
        std::set<std::size_t> out;
        for (std::size_t i = 0; i < cloth.particleCount(); ++i) {
            EXPECT_EQ(cloth.pinned[i] != 0, cloth.inverseMasses[i] == 0.0f);
            if (cloth.pinned[i]) out.insert(i);
        }
        return out;
    };
    EXPECT_EQ(pinnedSet(PinPreset::None), (std::set<std::size_t>{}));
    EXPECT_EQ(pinnedSet(PinPreset::TopCorners), (std::set<std::size_t>{0, 3}));
    EXPECT_EQ(pinnedSet(PinPreset::TopRow), (std::set<std::size_t>{0, 1, 2, 3}));
    EXPECT_EQ(pinnedSet(PinPreset::AllCorners), (std::set<std::size_t>{0, 3, 8, 11}));
}

TEST(GridCloth, UnpinningRestoresTheMass) {
    Cloth cloth = buildGridCloth(grid(3, 3, 1));
    const float w = cloth.inverseMasses[4];
    cloth.setPinned(4, true);
    EXPECT_EQ(cloth.inverseMasses[4], 0.0f);
    cloth.setPinned(4, false);
    EXPECT_FLOAT_EQ(cloth.inverseMasses[4], w);
}

} // namespace
} // namespace cs::test
