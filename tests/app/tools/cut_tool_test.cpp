// The cut tool without a window: strokes through pixels of a known camera, fed
// to the tools as the app's loop feeds them (press, drag every frame, release,
// then commitToolEdits), cut exactly the edges the stroke crosses on screen, and
// only on the surface the camera sees; Ctrl + Z takes a cut back. Which edges a
// stroke crosses (edgesUnderStroke, sim/stroke_cut.hpp) is tested on its own in
// tests/sim/stroke_cut_test.cpp.
#include "../../support/stroke_reference.hpp"
#include "app/app_context.hpp"
#include "sim/params.hpp"
#include "sim/topology.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <gtest/gtest.h>

namespace cs {
namespace {

using test::corrugate;
using test::edgesAcrossScreenLine;
using test::foldLowerHalfBehind;
using test::frontEdges;
using test::horizontalStroke;
using test::zigzagStroke;

constexpr glm::vec2 kViewport{1280.0f, 800.0f};
constexpr int kSide = 16;
constexpr float kSpacing = 0.1f;
// rows y = 2 - 0.1 r; between rows 3 (y 1.7) and 4 (y 1.6), away from every particle
constexpr float kCutHeight = 1.65f;

// A camera 3 m in front of a vertical 16 x 16 cloth (x in [-0.75, 0.75], y in [0.5, 2], z = 0),
// with the app's context around it, as the loop sees it.
struct ViewedCloth {
    AppContext ctx;
    CameraView camera;

    // splitTriangles: tearing.cut_splits_triangles (the blade); off, the tests below
    // count the edges a stroke parts
    explicit ViewedCloth(int side = kSide, float spacing = kSpacing, bool splitTriangles = false) {
        Settings s = defaultSettings();
        s.tearing.cutSplitsTriangles = splitTriangles;
        s.wind.strength = 0.0f;
        s.solver.id = "xpbd";
        s.cloth.resolution = {side, side};
        s.cloth.spacing = spacing;
        s.cloth.orientation = Orientation::Vertical;
        s.cloth.origin = {0.0f, 2.0f, 0.0f};
        s.cloth.pins = PinPreset::TopRow;
        ctx.sim.emplace(makeWorld(s, {}));
        CameraSettings c = s.camera;
        c.target = {0.0f, 1.25f, 0.0f};
        c.yaw = 0.0f;
        c.pitch = 0.0f;
        c.distance = 3.0f;
        camera = makeCameraView(c, kViewport.x / kViewport.y);
    }
    Cloth& cloth() { return ctx.sim->world().cloth; }
    glm::vec2 pixelOf(glm::vec3 p) const { return *projectToPixel(camera.view, camera.projection, p, kViewport); }
    ToolContext at(glm::vec2 pixel, bool ctrl = false) {
        return {ctx.sim->world(), camera, rayThroughPixel(camera.view, camera.projection, pixel, kViewport),
                ctrl, false, pixel, kViewport};
    }
    // A stroke as the user draws it: Ctrl + right press (or a left press in cut
    // mode), the cursor's positions one frame at a time, release; then the loop
    // hands the edit to the simulation. Returns whether the cloth was edited.
    bool stroke(std::span<const glm::vec2> pixels, bool ctrlRight = true) {
        if (ctrlRight) ctx.tools.pressCut(at(pixels.front(), true));
        else ctx.tools.press(at(pixels.front()));
        EXPECT_EQ(ctx.tools.activeTool(), &ctx.tools.cut);
        for (const glm::vec2 p : pixels.subspan(1)) {
            ctx.tools.drag(at(p, ctrlRight));
            EXPECT_EQ(ctx.tools.cut.stroke().back(), p) << "every frame's cursor is on the stroke";
        }
        ctx.tools.release(at(pixels.back(), ctrlRight));
        EXPECT_FALSE(ctx.tools.dragging());
        EXPECT_TRUE(ctx.tools.cut.stroke().empty());
        return commitToolEdits(ctx);
    }
};

TEST(CutTool, AFullWidthStrokeCutsTheClothInTwoAndCtrlZUndoesIt) {
    ViewedCloth s;
    const std::size_t particles = s.cloth().particleCount();
    ASSERT_EQ(findPieces(s.cloth()).count, 1u);
    const std::uint64_t version = s.cloth().topologyVersion;
    EXPECT_FALSE(s.ctx.tools.cut.canUndo(s.cloth()));

    const std::vector<glm::vec2> stroke = horizontalStroke(s, kCutHeight, -1.0f, 1.0f);
    const std::vector<glm::vec3> beforeCut = s.cloth().positions;
    ASSERT_TRUE(s.stroke(stroke));
    EXPECT_EQ(findPieces(s.cloth()).count, 2u);
    EXPECT_GT(s.cloth().particleCount(), particles);  // the particles along the cut were split
    EXPECT_NE(s.cloth().topologyVersion, version);
    EXPECT_EQ(checkTopology(s.cloth()), "");
    EXPECT_EQ(s.ctx.tools.cut.lastCut().result.edgesCut, 29u);
    EXPECT_TRUE(s.ctx.tools.cut.canUndo(s.cloth()));
    EXPECT_FALSE(commitToolEdits(s.ctx)) << "one edit is handed over once";

    // the simulation steps on with the cut cloth: the lower piece falls away
    const std::size_t below = 15 * kSide;  // a particle of the bottom row
    for (int k = 0; k < 120; ++k) EXPECT_FALSE(s.ctx.sim->step().diverged);
    EXPECT_EQ(findPieces(s.cloth()).count, 2u);
    EXPECT_LT(s.cloth().positions[below].y, beforeCut[below].y - 0.3f);  // onto the ground, 0.5 m down

    // Ctrl + Z: one cloth again, as it was before the cut, and it steps on calmly
    ASSERT_TRUE(undoLastCut(s.ctx));
    EXPECT_EQ(s.cloth().particleCount(), particles);
    EXPECT_EQ(findPieces(s.cloth()).count, 1u);
    EXPECT_EQ(s.cloth().positions, beforeCut);
    EXPECT_EQ(countBorderEdges(s.cloth()), static_cast<std::size_t>(4 * (kSide - 1)));
    EXPECT_EQ(checkTopology(s.cloth()), "");
    EXPECT_FALSE(s.ctx.tools.cut.canUndo(s.cloth()));
    EXPECT_FALSE(undoLastCut(s.ctx)) << "only the last cut is remembered";
    for (int k = 0; k < 60; ++k) EXPECT_FALSE(s.ctx.sim->step().diverged);
    EXPECT_EQ(s.ctx.sim->recoveries(), 0);
}

TEST(CutTool, AHalfWidthStrokeInCutModeLeavesOnePiece) {
    ViewedCloth s;
    // in cut mode a left press starts a stroke wherever it lands, and nothing is highlighted
    s.ctx.tools.cut.setMode(true);
    s.ctx.tools.hover(s.at(s.pixelOf({0.0f, 1.25f, 0.0f})));
    EXPECT_FALSE(s.ctx.tools.grab.hovered());

    const std::vector<glm::vec2> stroke = horizontalStroke(s, kCutHeight, -1.0f, 0.02f);
    const std::vector<EdgeKey> expected = edgesAcrossScreenLine(s, s.cloth(), stroke.front().y, stroke.back().x);
    EXPECT_EQ(edgesUnderStroke(s.cloth(), s.camera.view, s.camera.projection, kViewport, stroke), expected);
    const std::size_t borders = countBorderEdges(s.cloth());
    ASSERT_TRUE(s.stroke(stroke, false));
    EXPECT_EQ(s.ctx.tools.cut.lastCut().result.edgesCut, expected.size());
    EXPECT_EQ(countBorderEdges(s.cloth()), borders + 2 * expected.size());  // each cut edge is a border twice
    EXPECT_EQ(findPieces(s.cloth()).count, 1u);
    EXPECT_EQ(checkTopology(s.cloth()), "");

    // out of cut mode a left press grabs again
    s.ctx.tools.cut.setMode(false);
    s.ctx.tools.press(s.at(s.pixelOf({0.0f, 1.25f, 0.0f})));
    EXPECT_EQ(s.ctx.tools.activeTool(), &s.ctx.tools.grab);
    s.ctx.tools.release(s.at(s.pixelOf({0.0f, 1.25f, 0.0f})));
}

TEST(CutTool, TheLayerBehindAFoldIsNotCut) {
    ViewedCloth s;
    Cloth& cloth = s.cloth();
    const std::vector<bool> behind = foldLowerHalfBehind(cloth);  // rows 8-15 folded up behind, 5 cm back
    s.ctx.sim->topologyEdited();

    const std::vector<glm::vec2> stroke = horizontalStroke(s, kCutHeight, -1.0f, 1.0f);
    // on the screen the stroke crosses both layers...
    const std::vector<EdgeKey> across = edgesAcrossScreenLine(s, cloth, stroke.front().y);
    const std::vector<EdgeKey> front = frontEdges(across, behind);
    ASSERT_EQ(front.size(), 29u);
    ASSERT_EQ(across.size(), 2 * front.size()) << "the back layer lies under the stroke too";
    Cloth both = cloth;
    cutEdges(both, across);
    ASSERT_EQ(findPieces(both).count, 3u) << "cutting both layers would leave three pieces";

    // ...but only the front one is seen there
    EXPECT_EQ(edgesUnderStroke(cloth, s.camera.view, s.camera.projection, kViewport, stroke), front);
    ASSERT_TRUE(s.stroke(stroke));
    EXPECT_EQ(findPieces(cloth).count, 2u);  // the top strip; the rest hangs together through the back layer
    EXPECT_EQ(s.ctx.tools.cut.lastCut().result.edgesCut, 29u);

    ASSERT_TRUE(undoLastCut(s.ctx));
    EXPECT_EQ(cloth.particleCount(), static_cast<std::size_t>(kSide * kSide));
    EXPECT_EQ(findPieces(cloth).count, 1u);
}

TEST(CutTool, AScribbleOverACorrugatedClothCutsWhatIsSeen) {
    // a cloth in folds (ridges 30 cm apart, 10 cm deep) seen from 65 degrees to the
    // side, so that each ridge hides part of the trough behind it
    ViewedCloth s(24, 0.06f);
    Cloth& cloth = s.cloth();
    corrugate(cloth);
    s.ctx.sim->topologyEdited();
    CameraSettings c = s.ctx.sim->world().settings.camera;
    c.target = {0.0f, 1.3f, 0.0f};
    c.yaw = 65.0f;
    c.pitch = 10.0f;
    c.distance = 2.5f;
    s.camera = makeCameraView(c, kViewport.x / kViewport.y);

    // a zigzag across the whole cloth on the screen
    const std::vector<glm::vec2> stroke = zigzagStroke(s);
    // what is seen there (against pickCloth: tests/sim/stroke_cut_test.cpp) is what the tool cuts
    const std::vector<EdgeKey> seen = edgesUnderStroke(cloth, s.camera.view, s.camera.projection, kViewport, stroke);
    ASSERT_GT(seen.size(), 50u);

    ASSERT_TRUE(s.stroke(stroke));
    EXPECT_EQ(s.ctx.tools.cut.lastCut().result.edgesCut, seen.size());
    EXPECT_EQ(checkTopology(cloth), "");
    ASSERT_TRUE(undoLastCut(s.ctx));
    EXPECT_EQ(cloth.particleCount(), 24u * 24u);
    EXPECT_EQ(findPieces(cloth).count, 1u);
}

// The blade (the default): the stroke splits the triangles it crosses, the new
// border lies on the stroke on the screen, and Ctrl + Z puts back the cloth bit for bit.
TEST(CutTool, AFullWidthBladeLeavesABorderOnTheStroke) {
    ViewedCloth s(kSide, kSpacing, true);
    const Cloth before = s.cloth();
    const std::vector<glm::vec2> stroke = horizontalStroke(s, kCutHeight, -1.0f, 1.0f);
    ASSERT_TRUE(s.stroke(stroke));
    const CutResult& cut = s.ctx.tools.cut.lastCut().result;
    EXPECT_EQ(cut.trianglesSplit, 2u * (kSide - 1));  // the strip between rows 3 and 4
    EXPECT_EQ(cut.particlesInserted, 2u * (kSide - 1) + 1);  // its columns and diagonals, half-way
    EXPECT_EQ(findPieces(s.cloth()).count, 2u);
    EXPECT_EQ(checkTopology(s.cloth()), "");
    std::size_t onBorder = 0;
    for (const EdgeKey& e : findBorderEdges(s.cloth().triangles))
        for (const std::uint32_t v : {e.a, e.b}) {
            if (v < before.particleCount()) continue;  // the outline
            EXPECT_NEAR(s.pixelOf(s.cloth().positions[v]).y, stroke.front().y, 0.01f);
            ++onBorder;
        }
    EXPECT_GT(onBorder, 4u * (kSide - 1));

    ASSERT_TRUE(undoLastCut(s.ctx));
    EXPECT_EQ(s.cloth().positions, before.positions);
    EXPECT_EQ(s.cloth().triangles, before.triangles);
    EXPECT_EQ(s.cloth().masses, before.masses);
    EXPECT_EQ(s.cloth().restUV, before.restUV);
}

// A stroke that ends inside the cloth leaves a slit; one started where the slit ends
// continues it (the stroke's first point is on the slit's last particle): the same
// triangles as one stroke across, and the cloth in two.
TEST(CutTool, AStrokeStartedAtASlitsEndContinuesIt) {
    ViewedCloth whole(kSide, kSpacing, true), slit(kSide, kSpacing, true);
    ASSERT_TRUE(whole.stroke(horizontalStroke(whole, kCutHeight, -1.0f, 1.0f)));

    const std::size_t particles = slit.cloth().particleCount();
    ASSERT_TRUE(slit.stroke(horizontalStroke(slit, kCutHeight, -1.0f, 0.02f)));
    EXPECT_EQ(findPieces(slit.cloth()).count, 1u);
    // the slit's end: the particle it added furthest to the right
    glm::vec2 end(-1e9f);
    for (std::size_t v = particles; v < slit.cloth().particleCount(); ++v) {
        const glm::vec2 pixel = slit.pixelOf(slit.cloth().positions[v]);
        if (pixel.x > end.x) end = pixel;
    }
    ASSERT_GT(end.x, 0.0f);
    // as a hand would: 3 pixels past it, inside the triangle beyond (a triangle is ~30 pixels wide)
    const glm::vec2 right = slit.pixelOf({1.0f, kCutHeight, 0.0f});
    const glm::vec2 start = end + glm::vec2(3.0f, 0.0f);
    std::vector<glm::vec2> onward;
    for (int k = 0; k < 9; ++k) onward.push_back(start + (static_cast<float>(k) / 8.0f) * (right - start));
    ASSERT_TRUE(slit.stroke(onward));
    EXPECT_EQ(slit.ctx.tools.cut.lastCut().result.edgesCut > 0, true);
    EXPECT_EQ(findPieces(slit.cloth()).count, 2u) << "the second stroke carried the slit through";
    EXPECT_EQ(slit.cloth().particleCount(), whole.cloth().particleCount());
    EXPECT_EQ(slit.cloth().triangles.size(), whole.cloth().triangles.size());
    EXPECT_EQ(countBorderEdges(slit.cloth()), countBorderEdges(whole.cloth()));
    EXPECT_EQ(checkTopology(slit.cloth()), "");
}

// The blade cuts only the layer the camera sees, as the edge cut does.
TEST(CutTool, TheBladeLeavesTheLayerBehindAFoldWhole) {
    ViewedCloth s(kSide, kSpacing, true);
    Cloth& cloth = s.cloth();
    foldLowerHalfBehind(cloth);
    s.ctx.sim->topologyEdited();
    ASSERT_TRUE(s.stroke(horizontalStroke(s, kCutHeight, -1.0f, 1.0f)));
    EXPECT_EQ(findPieces(cloth).count, 2u);  // the top strip; the rest hangs together through the back layer
    EXPECT_EQ(s.ctx.tools.cut.lastCut().result.trianglesSplit, 2u * (kSide - 1));
    EXPECT_EQ(checkTopology(cloth), "");
}

TEST(CutTool, AResetOrANewSceneForgetsTheUndo) {
    ViewedCloth s;
    ASSERT_TRUE(s.stroke(horizontalStroke(s, kCutHeight, -1.0f, 1.0f)));
    ASSERT_TRUE(s.ctx.tools.cut.canUndo(s.cloth()));
    // a rebuilt cloth is another cloth: the undo does not apply to it
    s.ctx.sim->reset();
    EXPECT_FALSE(s.ctx.tools.cut.canUndo(s.cloth()));
    EXPECT_FALSE(undoLastCut(s.ctx));
    EXPECT_EQ(s.cloth().particleCount(), static_cast<std::size_t>(kSide * kSide));

    // the app cancels the tools on a reset or a scene switch: that forgets it too
    ASSERT_TRUE(s.stroke(horizontalStroke(s, kCutHeight, -1.0f, 1.0f)));
    s.ctx.tools.cancel();
    EXPECT_FALSE(s.ctx.tools.cut.canUndo(s.cloth()));
}

TEST(CutTool, AFullWidthCutOfA128ClothIsQuick) {
    ViewedCloth s(128, 0.012f);  // 1.5 m wide, as the 16 x 16 one
    const std::vector<glm::vec2> stroke = horizontalStroke(s, 1.6537f, -1.0f, 1.0f, 60);  // between rows 28 and 29
    using Clock = std::chrono::steady_clock;
    auto ms = [](Clock::time_point from) { return std::chrono::duration<double, std::milli>(Clock::now() - from).count(); };
    const Clock::time_point findStart = Clock::now();
    const std::vector<EdgeKey> edges = edgesUnderStroke(s.cloth(), s.camera.view, s.camera.projection, kViewport, stroke);
    const double findMs = ms(findStart);
    EXPECT_EQ(edges.size(), 127u + 126u);  // diagonals and inner columns between two rows
    const Clock::time_point cutStart = Clock::now();
    ASSERT_TRUE(s.stroke(stroke));
    const double cutMs = ms(cutStart);
    EXPECT_EQ(findPieces(s.cloth()).count, 2u);
    EXPECT_EQ(checkTopology(s.cloth()), "");
    std::printf("128 x 128 cloth, full-width stroke: %zu edges found in %.1f ms; the whole cut %.1f ms\n",
                edges.size(), findMs, cutMs);
    RecordProperty("find_ms", std::to_string(findMs));
    RecordProperty("cut_ms", std::to_string(cutMs));

    // the same stroke as a blade: it runs 14 % of a spacing above row 29, so every
    // particle of that row slides up onto it (the snap rule) and the cut runs along
    // the row's edges, splitting no triangle
    ViewedCloth b(128, 0.012f, true);
    const Clock::time_point bladeStart = Clock::now();
    ASSERT_TRUE(b.stroke(stroke));
    const double bladeMs = ms(bladeStart);
    EXPECT_EQ(b.ctx.tools.cut.lastCut().result.particlesSnapped, 128u);
    EXPECT_EQ(b.ctx.tools.cut.lastCut().result.trianglesSplit, 0u);
    EXPECT_EQ(findPieces(b.cloth()).count, 2u);
    std::printf("the same stroke as a blade: %zu particles snapped, %.1f ms\n",
                b.ctx.tools.cut.lastCut().result.particlesSnapped, bladeMs);
    RecordProperty("blade_ms", std::to_string(bladeMs));
}

} // namespace
} // namespace cs
