// The mouse tools without a window: a click through a pixel of a known camera
// grabs, pins or moves what a user would expect, and the loop's order (press,
// drag, beforeStep + step, release) moves it.
#include "app/tools/mouse_tools.hpp"
#include "render/renderer.hpp"
#include "sim/params.hpp"
#include "sim/simulation.hpp"

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

namespace cs {
namespace {

constexpr glm::vec2 kViewport{1280.0f, 800.0f};

// A camera 3 m in front of a vertical 11 x 11 cloth (x in [-0.5, 0.5], y in [1, 2], z = 0).
struct ViewedCloth {
    Simulation sim;
    CameraView camera;

    explicit ViewedCloth(Colliders colliders = {}) : sim(makeWorld(settings(), std::move(colliders))) {
        CameraSettings c = sim.world().settings.camera;
        c.target = {0.0f, 1.5f, 0.0f};
        c.yaw = 0.0f;
        c.pitch = 0.0f;
        c.distance = 3.0f;
        camera = makeCameraView(c, kViewport.x / kViewport.y);
    }
    static Settings settings() {
        Settings s = defaultSettings();
        s.wind.strength = 0.0f;
        // With self-contact on, as shipped: the drag below (in the plane of this flat,
        // windless cloth, before its first step) keeps to the contact bounds, and the
        // wheel's push then moves the held particle out of the plane. When a fresh
        // contact stage took the first jump as it was, the held particle lay on its own
        // layer with a zero bound, and the push did not move it (z stayed -9e-8 m).
        s.collision.selfCollision = true;
        s.solver.id = "xpbd";
        s.cloth.resolution = {11, 11};
        s.cloth.spacing = 0.1f;
        s.cloth.orientation = Orientation::Vertical;
        s.cloth.origin = {0.0f, 2.0f, 0.0f};
        s.cloth.pins = PinPreset::TopRow;
        return s;
    }
    glm::vec2 pixelOf(glm::vec3 p) const { return *projectToPixel(camera.view, camera.projection, p, kViewport); }
    ToolContext at(glm::vec2 pixel, bool ctrl = false) {
        return {sim.world(), camera, rayThroughPixel(camera.view, camera.projection, pixel, kViewport), ctrl, false};
    }
    void step(MouseTools& tools, int steps) {
        for (int k = 0; k < steps; ++k) {
            tools.beforeStep(sim.world(), sim.world().settings.sim.dt);
            sim.step();
        }
    }
};

constexpr std::size_t kCentre = 5 * 11 + 5;  // at (0, 1.5, 0)

TEST(MouseTools, DragTheClothInTheCameraPlane) {
    ViewedCloth s;
    MouseTools tools;
    const glm::vec3 start = s.sim.world().cloth.positions[kCentre];
    // hover first: the particle a click would take is highlighted
    tools.hover(s.at(s.pixelOf(start + glm::vec3(0.01f, 0.01f, 0.0f))));
    EXPECT_EQ(tools.grab.hovered(), kCentre);
    std::vector<Marker> markers;
    tools.markers(s.sim.world(), markers);
    ASSERT_EQ(markers.size(), 1u);
    EXPECT_EQ(markers[0].position, start);

    tools.press(s.at(s.pixelOf(start + glm::vec3(0.01f, 0.01f, 0.0f))));
    ASSERT_TRUE(tools.dragging());
    EXPECT_EQ(tools.activeTool(), &tools.grab);
    EXPECT_EQ(tools.grab.grab().particle(), kCentre);
    EXPECT_FALSE(tools.grab.hovered());

    // the cursor moves to where (0.2, 1.7, 0) shows: the particle follows in the plane z = 0
    const glm::vec3 goal(0.2f, 1.7f, 0.0f);
    tools.drag(s.at(s.pixelOf(goal)));
    s.step(tools, 30);
    EXPECT_LT(glm::distance(s.sim.world().cloth.positions[kCentre], goal), 1e-3f);
    markers.clear();
    tools.markers(s.sim.world(), markers);
    ASSERT_FALSE(markers.empty());
    EXPECT_LT(glm::distance(markers[0].position, goal), 1e-3f);

    // the wheel pushes it farther from the camera, along the cursor's ray
    EXPECT_TRUE(tools.scroll(s.at(s.pixelOf(goal)), 2.0f));
    s.step(tools, 30);
    const glm::vec3 pushed = s.sim.world().cloth.positions[kCentre];
    EXPECT_LT(pushed.z, -0.5f);
    EXPECT_LT(glm::distance(s.pixelOf(pushed), s.pixelOf(goal)), 0.5f);  // still under the cursor

    tools.release(s.at(s.pixelOf(goal)));
    EXPECT_FALSE(tools.dragging());
    EXPECT_GT(s.sim.world().cloth.inverseMasses[kCentre], 0.0f);
    EXPECT_FALSE(tools.scroll(s.at(s.pixelOf(goal)), 1.0f));  // the camera zooms again
}

TEST(MouseTools, CtrlClickTogglesThePin) {
    ViewedCloth s;
    MouseTools tools;
    const glm::vec2 pixel = s.pixelOf(s.sim.world().cloth.positions[kCentre] + glm::vec3(0.01f, 0.01f, 0.0f));
    tools.press(s.at(pixel, true));
    EXPECT_FALSE(tools.dragging());  // a click, not a gesture
    EXPECT_EQ(s.sim.world().cloth.pinned[kCentre], 1);
    tools.release(s.at(pixel, true));
    tools.press(s.at(pixel, true));
    EXPECT_EQ(s.sim.world().cloth.pinned[kCentre], 0);
}

TEST(MouseTools, TheNearerOfColliderAndClothIsTaken) {
    // a sphere in front of the cloth's centre, another behind it
    ViewedCloth s({makeSphere({0.0f, 1.5f, 0.5f}, 0.1f), makeSphere({0.3f, 1.3f, -0.5f}, 0.3f)});
    MouseTools tools;
    const glm::vec2 front = s.pixelOf({0.0f, 1.5f, 0.6f});
    const ScenePick pick = pickScene(s.sim.world(), s.at(front).ray);
    ASSERT_TRUE(pick.collider);
    EXPECT_FALSE(pick.cloth);
    EXPECT_EQ(pick.collider->collider, 0u);

    tools.press(s.at(front));
    ASSERT_EQ(tools.activeTool(), &tools.collider);
    EXPECT_TRUE(s.sim.world().colliders[0].held);
    const glm::vec2 moved = s.pixelOf({0.3f, 1.8f, 0.6f});
    tools.drag(s.at(moved));
    s.step(tools, 30);
    EXPECT_LT(glm::distance(s.sim.world().colliders[0].pose.position, glm::vec3(0.3f, 1.8f, 0.5f)), 1e-3f);
    tools.release(s.at(moved));
    EXPECT_FALSE(s.sim.world().colliders[0].held);
    EXPECT_LT(glm::distance(s.sim.world().colliders[0].home.position, glm::vec3(0.3f, 1.8f, 0.5f)), 1e-3f);

    // the sphere behind the cloth is hidden by it: a click there grabs the cloth
    tools.press(s.at(s.pixelOf({0.3f, 1.3f, 0.0f})));
    EXPECT_EQ(tools.activeTool(), &tools.grab);
    tools.release(s.at(s.pixelOf({0.3f, 1.3f, 0.0f})));
}

TEST(MouseTools, ResetsAndDeletionsNeverLeaveADanglingHold) {
    ViewedCloth s({makeSphere({0.0f, 1.5f, 0.5f}, 0.1f)});
    MouseTools tools;
    // holding the cloth (beside the sphere) through a reset
    tools.press(s.at(s.pixelOf({0.31f, 1.29f, 0.0f})));
    ASSERT_EQ(tools.activeTool(), &tools.grab);
    s.sim.world().settings.cloth.resolution = {3, 3};
    s.sim.reset();
    tools.drag(s.at(kViewport * 0.5f));
    s.step(tools, 3);
    std::vector<Marker> markers;
    tools.markers(s.sim.world(), markers);
    tools.release(s.at(kViewport * 0.5f));
    EXPECT_EQ(s.sim.recoveries(), 0);

    // holding a collider that the panel deletes
    tools.press(s.at(s.pixelOf({0.0f, 1.5f, 0.6f})));
    ASSERT_EQ(tools.activeTool(), &tools.collider);
    tools.colliderRemoved(s.sim.world(), 0);
    s.sim.world().colliders.clear();
    tools.drag(s.at(kViewport * 0.25f));
    s.step(tools, 3);
    markers.clear();
    tools.markers(s.sim.world(), markers);
    EXPECT_TRUE(markers.empty());
    tools.release(s.at(kViewport * 0.25f));
    EXPECT_FALSE(tools.dragging());

    // a new scene: cancel forgets everything
    tools.press(s.at(kViewport * 0.5f));
    tools.cancel();
    EXPECT_FALSE(tools.dragging());
}

} // namespace
} // namespace cs
