// Debug geometry: each debug switch emits what it promises — one point per particle,
// one line per link in its kind's colour or its strain's, exactly the pins, normals
// of the stated length, collider outlines on the collider surfaces, and the
// self-contacts of two layers that touch (none when they are apart).
#include "sim/debug_draw.hpp"
#include "sim/params.hpp"

#include <gtest/gtest.h>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

namespace cs {
namespace {

struct RecordedPoint {
    glm::vec3 position, color;
    float diameter;
};
struct RecordedLine {
    glm::vec3 a, b, color;
};

class RecordingSink final : public DebugSink {
public:
    void point(glm::vec3 position, glm::vec3 color, float diameter) override {
        points.push_back({position, color, diameter});
    }
    void line(glm::vec3 a, glm::vec3 b, glm::vec3 color) override { lines.push_back({a, b, color}); }
    std::vector<RecordedPoint> points;
    std::vector<RecordedLine> lines;
};

// A small horizontal grid cloth at y = 1, no colliders, every debug switch off.
World smallWorld(int columns, int rows, PinPreset pins = PinPreset::TopCorners) {
    Settings s = defaultSettings();
    s.cloth.resolution = {columns, rows};
    s.cloth.spacing = 0.05f;
    s.cloth.orientation = Orientation::Horizontal;
    s.cloth.origin = glm::vec3(0.0f, 1.0f, 0.0f);
    s.cloth.linkLevel = 2;
    s.cloth.pins = pins;
    s.render = RenderSettings{};
    return makeWorld(s, {});
}

RecordingSink describe(const World& world, const RenderSettings& render) {
    RecordingSink sink;
    describeDebugGeometry(world, render, sink);
    return sink;
}

bool sameColor(glm::vec3 a, glm::vec3 b) { return glm::length(a - b) < 1e-6f; }

float redness(glm::vec3 color) { return color.x - color.z; }

TEST(DebugDraw, NothingWhenEveryViewIsOff) {
    const World world = smallWorld(5, 4);
    const RecordingSink sink = describe(world, RenderSettings{});
    EXPECT_TRUE(sink.points.empty());
    EXPECT_TRUE(sink.lines.empty());
}

TEST(DebugDraw, PointsOnePerParticle) {
    const World world = smallWorld(5, 4);
    RenderSettings render;
    render.debugPoints = true;
    const RecordingSink sink = describe(world, render);
    ASSERT_EQ(sink.points.size(), world.cloth.particleCount());
    EXPECT_TRUE(sink.lines.empty());
    for (std::size_t i = 0; i < sink.points.size(); ++i) {
        EXPECT_EQ(sink.points[i].position, world.cloth.positions[i]);
        EXPECT_TRUE(sameColor(sink.points[i].color, kDebugParticleColor));
    }
}

TEST(DebugDraw, LinksByTypeOneLinePerLinkInItsKindsColour) {
    const World world = smallWorld(5, 4);
    RenderSettings render;
    render.debugLinks = DebugLinkColoring::ByType;
    const RecordingSink sink = describe(world, render);
    const std::vector<Link>& links = world.cloth.links;
    ASSERT_EQ(sink.lines.size(), links.size());
    int kindsSeen[kLinkKindCount] = {};
    for (std::size_t k = 0; k < links.size(); ++k) {
        const RecordedLine& line = sink.lines[links.size() - 1 - k];  // drawn bend first, stretch last
        EXPECT_EQ(line.a, world.cloth.positions[links[k].a]);
        EXPECT_EQ(line.b, world.cloth.positions[links[k].b]);
        EXPECT_TRUE(sameColor(line.color, linkKindColor(links[k].kind))) << "link " << k;
        ++kindsSeen[static_cast<int>(links[k].kind)];
    }
    for (int kind = 0; kind < kLinkKindCount; ++kind) EXPECT_GT(kindsSeen[kind], 0) << "kind " << kind;
    // the three kinds can be told apart
    EXPECT_GT(glm::length(linkKindColor(LinkKind::Stretch) - linkKindColor(LinkKind::Shear)), 0.3f);
    EXPECT_GT(glm::length(linkKindColor(LinkKind::Shear) - linkKindColor(LinkKind::Bend)), 0.3f);
    EXPECT_GT(glm::length(linkKindColor(LinkKind::Bend) - linkKindColor(LinkKind::Stretch)), 0.3f);
}

TEST(DebugDraw, LinksByStrainRedWhenStretchedBlueWhenCompressed) {
    World world = smallWorld(4, 4);
    RenderSettings render;
    render.debugLinks = DebugLinkColoring::ByStrain;
    const RecordingSink atRest = describe(world, render);
    ASSERT_EQ(atRest.lines.size(), world.cloth.links.size());
    for (const RecordedLine& line : atRest.lines) EXPECT_TRUE(sameColor(line.color, kStrainRestColor));

    // scaling the whole cloth about its centre strains every link by the same ratio
    const std::vector<glm::vec3> rest = world.cloth.positions;
    const auto scaled = [&](float ratio) {
        for (std::size_t i = 0; i < rest.size(); ++i) world.cloth.positions[i] = ratio * rest[i];
        return describe(world, render);
    };
    const RecordingSink stretched = scaled(1.2f);
    const RecordingSink compressed = scaled(0.8f);
    ASSERT_EQ(stretched.lines.size(), atRest.lines.size());
    ASSERT_EQ(compressed.lines.size(), atRest.lines.size());
    for (std::size_t k = 0; k < atRest.lines.size(); ++k) {
        EXPECT_GT(redness(stretched.lines[k].color), redness(atRest.lines[k].color) + 0.5f) << "link " << k;
        EXPECT_GT(compressed.lines[k].color.z, compressed.lines[k].color.x + 0.5f) << "link " << k;
    }
    // the ramp is monotonic in between
    EXPECT_GT(redness(strainColor(0.05f)), redness(strainColor(0.0f)));
    EXPECT_GT(redness(strainColor(0.2f)), redness(strainColor(0.05f)) - 1e-6f);
    EXPECT_LT(redness(strainColor(-0.05f)), redness(strainColor(0.0f)));
}

TEST(DebugDraw, PinsAreExactlyThePinnedParticles) {
    World world = smallWorld(5, 4, PinPreset::TopRow);
    world.cloth.setPinned(12, true);  // and one in the middle
    RenderSettings render;
    render.debugPins = true;
    const RecordingSink sink = describe(world, render);
    std::vector<glm::vec3> expected;
    for (std::size_t i = 0; i < world.cloth.particleCount(); ++i)
        if (world.cloth.pinned[i]) expected.push_back(world.cloth.positions[i]);
    ASSERT_EQ(expected.size(), 6u);
    ASSERT_EQ(sink.points.size(), expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k) {
        EXPECT_EQ(sink.points[k].position, expected[k]);
        EXPECT_TRUE(sameColor(sink.points[k].color, kDebugPinColor));
        EXPECT_GT(sink.points[k].diameter, kDebugParticleDiameter);  // a pin stands out from a particle
    }
}

TEST(DebugDraw, NormalsOneLinePerParticleOfTheStatedLengthAlongTheNormal) {
    World world = smallWorld(5, 4);
    // bend the sheet so that the normals are not all the same
    for (glm::vec3& x : world.cloth.positions) x.y += 0.3f * x.x * x.x;
    RenderSettings render;
    render.debugNormals = true;
    const RecordingSink sink = describe(world, render);
    const Cloth& cloth = world.cloth;
    ASSERT_EQ(sink.lines.size(), cloth.particleCount());
    const float length = debugNormalLength(cloth);
    EXPECT_NEAR(length, kNormalLengthPerLink * 0.05f, 1e-6f);  // half the grid spacing
    std::vector<glm::vec3> normals(cloth.particleCount());
    computeVertexNormals(cloth, normals);
    for (std::size_t i = 0; i < cloth.particleCount(); ++i) {
        const RecordedLine& line = sink.lines[i];
        EXPECT_EQ(line.a, cloth.positions[i]);
        EXPECT_NEAR(glm::length(line.b - line.a), length, 1e-6f);
        EXPECT_GT(glm::dot(glm::normalize(line.b - line.a), normals[i]), 0.9999f) << "particle " << i;
    }
}

TEST(DebugDraw, ColliderOutlinesLieOnTheSurface) {
    World world = smallWorld(3, 3);
    const glm::quat tilt = glm::angleAxis(0.7f, glm::normalize(glm::vec3(1.0f, 2.0f, -0.5f)));
    const glm::vec3 sphereCentre(0.3f, 1.0f, -0.2f);
    world.colliders = {makeSphere(sphereCentre, 0.4f), makeCapsule({-1.0f, 0.5f, 0.0f}, 0.2f, 0.3f, tilt),
                       makeBox({1.0f, 0.5f, 1.0f}, {0.2f, 0.3f, 0.4f}, tilt)};
    RenderSettings render;
    render.debugColliders = true;

    for (std::size_t c = 0; c < world.colliders.size(); ++c) {
        RecordingSink sink;
        describeColliderOutline(world.colliders[c], kDebugColliderColor, sink);
        ASSERT_GE(sink.lines.size(), 12u) << "collider " << c;
        const Collider& collider = world.colliders[c];
        for (const RecordedLine& line : sink.lines) {
            for (const glm::vec3 end : {line.a, line.b}) {
                const glm::vec3 local = collider.pose.toLocal(end);
                switch (collider.shape.kind) {
                case ShapeKind::Sphere: EXPECT_NEAR(glm::length(end - sphereCentre), 0.4f, 1e-4f); break;
                case ShapeKind::Capsule: {
                    const float along = std::clamp(local.y, -0.3f, 0.3f);
                    EXPECT_NEAR(glm::length(local - glm::vec3(0.0f, along, 0.0f)), 0.2f, 1e-4f);
                    break;
                }
                case ShapeKind::Box: {
                    const glm::vec3 ratio = glm::abs(local) / glm::vec3(0.2f, 0.3f, 0.4f);
                    EXPECT_NEAR(std::max({ratio.x, ratio.y, ratio.z}), 1.0f, 1e-4f);
                    break;
                }
                case ShapeKind::Plane: break;
                }
            }
        }
    }
    // the whole view draws every collider, in the collider colour
    const RecordingSink all = describe(world, render);
    EXPECT_GE(all.lines.size(), 3u * 12u);
    for (const RecordedLine& line : all.lines) EXPECT_TRUE(sameColor(line.color, kDebugColliderColor));
}

// Columns [m, 2m) of a horizontal 2m x m grid laid upside down over columns [0, m),
// `gap` metres above them.
World twoLayers(float gap) {
    constexpr int kM = 3;
    World world = smallWorld(2 * kM, kM, PinPreset::None);
    Cloth& cloth = world.cloth;
    for (int y = 0; y < kM; ++y) {
        for (int x = kM; x < 2 * kM; ++x) {
            const auto top = static_cast<std::size_t>(y * 2 * kM + x);
            const auto below = static_cast<std::size_t>(y * 2 * kM + (2 * kM - 1 - x));
            cloth.positions[top] = cloth.positions[below] + glm::vec3(0.0f, gap, 0.0f);
        }
    }
    return world;
}

// The contacts view draws triangle contact's vertex-triangle and edge-edge pairs closer
// than collision.self_radius, across the layers.
TEST(DebugDraw, TriangleContactPairsCloserThanTheRadius) {
    RenderSettings render;
    render.debugContacts = true;
    World close = twoLayers(0.005f);
    close.settings.solver.id = "xpbd";
    close.settings.collision.selfCollision = true;
    ASSERT_LT(0.005f, close.settings.collision.selfRadius);
    const RecordingSink touching = describe(close, render);
    ASSERT_FALSE(touching.lines.empty());
    for (const RecordedLine& line : touching.lines) {
        const float length = glm::length(line.b - line.a);
        EXPECT_NEAR(length, 0.005f, 1e-4f);  // closest points of features, not always of vertices
        EXPECT_GT(std::abs(line.b.y - line.a.y), 0.95f * length);  // across the layers
        EXPECT_TRUE(sameColor(line.color, kDebugContactColor));
    }
    // the same layers 1.5 cm apart do not touch (radius 8 mm)
    World apart = twoLayers(0.015f);
    apart.settings.solver.id = "xpbd";
    apart.settings.collision.selfCollision = true;
    ASSERT_GT(0.015f, apart.settings.collision.selfRadius);
    EXPECT_TRUE(describe(apart, render).lines.empty());
    // a flat cloth: its triangles' neighbours share vertices and never count
    World flat = smallWorld(6, 3, PinPreset::None);
    EXPECT_TRUE(describe(flat, render).lines.empty());
}

TEST(DebugDraw, ScratchIsReusedBetweenFrames) {
    World world = twoLayers(0.005f);
    RenderSettings render;
    render.debugContacts = render.debugNormals = true;
    DebugDrawScratch scratch;
    RecordingSink first, second;
    describeDebugGeometry(world, render, first, scratch);
    const glm::vec3* normalsData = scratch.normals.data();
    const auto* pairsData = scratch.triangles.vertexFacePairs().data();
    ASSERT_FALSE(scratch.triangles.vertexFacePairs().empty());
    describeDebugGeometry(world, render, second, scratch);
    EXPECT_EQ(scratch.normals.data(), normalsData);
    EXPECT_EQ(scratch.triangles.vertexFacePairs().data(), pairsData);
    EXPECT_EQ(first.lines.size(), second.lines.size());
}

TEST(DebugDraw, DKeyTogglesParticlesAndLinksTogether) {
    Settings s = defaultSettings();
    EXPECT_FALSE(s.render.debugPoints);
    EXPECT_EQ(s.render.debugLinks, DebugLinkColoring::Off);
    EXPECT_TRUE(s.render.toolMarkers);
    toggleDebugView(s);
    EXPECT_TRUE(s.render.debugPoints);
    EXPECT_EQ(s.render.debugLinks, DebugLinkColoring::ByType);
    toggleDebugView(s);
    EXPECT_FALSE(s.render.debugPoints);
    EXPECT_EQ(s.render.debugLinks, DebugLinkColoring::Off);
    // either one on counts as on
    s.render.debugLinks = DebugLinkColoring::ByStrain;
    toggleDebugView(s);
    EXPECT_FALSE(s.render.debugPoints);
    EXPECT_EQ(s.render.debugLinks, DebugLinkColoring::Off);
}

TEST(DebugDraw, SwitchesAreParametersOfTheRenderGroup) {
    for (const char* key : {"render.debug_points", "render.debug_links", "render.debug_normals",
                            "render.debug_colliders", "render.debug_pins", "render.tool_markers",
                            "render.debug_contacts", "render.debug_buffers"}) {
        const ParamDef* def = findParam(key);
        ASSERT_NE(def, nullptr) << key;
        EXPECT_EQ(def->group, ParamGroup::Render) << key;
        EXPECT_EQ(def->apply, ParamApply::Live) << key;
    }
    Settings s = defaultSettings();
    EXPECT_EQ(setParam(s, *findParam("render.debug_links"), ParamValue(std::string("strain"))), "");
    EXPECT_EQ(s.render.debugLinks, DebugLinkColoring::ByStrain);
    EXPECT_NE(setParam(s, *findParam("render.debug_links"), ParamValue(std::string("rainbow"))), "");
}

} // namespace
} // namespace cs
