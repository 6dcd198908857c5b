// Picking: a ray through a pixel of a known camera finds the triangle, the
// particle and the collider a user would expect under the cursor.
#include "../support/sim_fixture.hpp"
#include "sim/picking.hpp"

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

namespace cs::test {
namespace {

constexpr glm::vec2 kViewport{1280.0f, 800.0f};

// A camera 3 m in front of the cloth's centre (+z), looking at it.
struct Camera {
    glm::vec3 eye{0.0f, 1.5f, 3.0f};
    glm::mat4 view = glm::lookAt(eye, glm::vec3(0.0f, 1.5f, 0.0f), glm::vec3(0.0f, 1.0f, 0.0f));
    glm::mat4 projection = glm::perspective(glm::radians(45.0f), kViewport.x / kViewport.y, 0.05f, 100.0f);

    // Where a point lands in window pixels (y down), computed here by hand.
    glm::vec2 pixelOf(glm::vec3 p) const {
        const glm::vec4 clip = projection * view * glm::vec4(p, 1.0f);
        const glm::vec2 ndc = glm::vec2(clip) / clip.w;
        return {(ndc.x + 1.0f) * 0.5f * kViewport.x, (1.0f - ndc.y) * 0.5f * kViewport.y};
    }
    Ray rayAt(glm::vec2 pixel) const { return rayThroughPixel(view, projection, pixel, kViewport); }
};

// An 11 x 11 vertical cloth, 0.1 m spacing, in the plane z = 0: x in [-0.5, 0.5], y in [1, 2].
Cloth squareCloth() {
    ClothSettings c = defaultSettings().cloth;
    c.resolution = {11, 11};
    c.spacing = 0.1f;
    c.orientation = Orientation::Vertical;
    c.origin = {0.0f, 2.0f, 0.0f};
    return buildGridCloth(c);
}

glm::vec3 pointIn(const Cloth& cloth, std::size_t triangle, glm::vec3 weights) {
    const glm::uvec3 t = cloth.triangles[triangle];
    return weights.x * cloth.positions[t.x] + weights.y * cloth.positions[t.y] + weights.z * cloth.positions[t.z];
}

TEST(RayThroughPixel, CentrePixelLooksAlongTheViewDirection) {
    const Camera cam;
    const Ray ray = cam.rayAt(kViewport * 0.5f);
    EXPECT_NEAR(glm::length(ray.direction), 1.0f, 1e-6f);
    EXPECT_NEAR(ray.direction.x, 0.0f, 1e-5f);
    EXPECT_NEAR(ray.direction.y, 0.0f, 1e-5f);
    EXPECT_NEAR(ray.direction.z, -1.0f, 1e-5f);
    // starts on the near plane, in front of the eye
    EXPECT_NEAR(glm::distance(ray.origin, cam.eye), 0.05f, 1e-4f);
}

TEST(RayThroughPixel, PassesThroughThePointThatProjectsThere) {
    const Camera cam;
    for (const glm::vec3 p : {glm::vec3(0.3f, 1.2f, -0.4f), glm::vec3(-1.0f, 2.5f, 1.0f), glm::vec3(0.0f, 0.0f, 0.0f)}) {
        const glm::vec2 pixel = cam.pixelOf(p);
        const Ray ray = cam.rayAt(pixel);
        // distance from p to the line
        const glm::vec3 toP = p - ray.origin;
        const glm::vec3 off = toP - glm::dot(toP, ray.direction) * ray.direction;
        EXPECT_LT(glm::length(off), 1e-4f) << p.x << ", " << p.y << ", " << p.z;
        EXPECT_GT(glm::dot(toP, ray.direction), 0.0f);
        // and the inverse gives the pixel back, y down from the top
        const auto back = projectToPixel(cam.view, cam.projection, p, kViewport);
        ASSERT_TRUE(back);
        EXPECT_NEAR(back->x, pixel.x, 1e-2f);
        EXPECT_NEAR(back->y, pixel.y, 1e-2f);
    }
    // a point above the view centre is in the upper half: smaller y
    EXPECT_LT(cam.pixelOf({0.0f, 1.8f, 0.0f}).y, kViewport.y * 0.5f);
}

TEST(PickCloth, HitsTheTriangleAndParticleUnderThePixel) {
    const Camera cam;
    const Cloth cloth = squareCloth();
    // inside triangle 37, much nearer its first corner
    const std::size_t triangle = 37;
    const glm::vec3 weights(0.7f, 0.2f, 0.1f);
    const glm::vec3 target = pointIn(cloth, triangle, weights);
    const auto hit = pickCloth(cloth, cam.rayAt(cam.pixelOf(target)));
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->triangle, triangle);
    EXPECT_EQ(hit->particle, cloth.triangles[triangle].x);
    EXPECT_NEAR(hit->barycentric.x, weights.x, 1e-3f);
    EXPECT_NEAR(hit->barycentric.y, weights.y, 1e-3f);
    EXPECT_NEAR(hit->barycentric.z, weights.z, 1e-3f);
    EXPECT_LT(glm::distance(hit->point, target), 1e-4f);
    EXPECT_NEAR(hit->distance, glm::distance(cam.rayAt(cam.pixelOf(target)).origin, target), 1e-4f);
}

TEST(PickCloth, PicksTheParticleThatProjectsToThePixel) {
    const Camera cam;
    const Cloth cloth = squareCloth();
    for (const std::size_t particle : {std::size_t(0), std::size_t(60), std::size_t(73), std::size_t(120)}) {
        // a hair inside the cloth from the particle, so that edge particles are hit too
        const glm::vec3 p = cloth.positions[particle];
        const glm::vec3 toCentre = glm::vec3(0.0f, 1.5f, 0.0f) - p;
        const glm::vec3 inside =
            p + (glm::length(toCentre) > 0.0f ? 0.02f * glm::normalize(toCentre) : glm::vec3(0.01f, 0.005f, 0.0f));
        const auto hit = pickCloth(cloth, cam.rayAt(cam.pixelOf(inside)));
        ASSERT_TRUE(hit) << "particle " << particle;
        EXPECT_EQ(hit->particle, particle);
    }
}

TEST(PickCloth, CentrePixelHitsTheCentreParticleFromEitherSide) {
    Camera front;
    const Cloth cloth = squareCloth();
    auto hit = pickCloth(cloth, front.rayAt(kViewport * 0.5f + glm::vec2(2.0f, 1.0f)));
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->particle, 60u);  // (5, 5): the centre at (0, 1.5, 0)
    EXPECT_NEAR(hit->point.z, 0.0f, 1e-5f);

    Camera back;  // two-sided: from behind as well
    back.eye = {0.0f, 1.5f, -3.0f};
    back.view = glm::lookAt(back.eye, glm::vec3(0.0f, 1.5f, 0.0f), glm::vec3(0.0f, 1.0f, 0.0f));
    hit = pickCloth(cloth, back.rayAt(kViewport * 0.5f + glm::vec2(2.0f, 1.0f)));
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->particle, 60u);
}

TEST(PickCloth, NearestOfTwoLayersWins) {
    const Camera cam;
    Cloth cloth = squareCloth();
    // a second sheet 0.5 m nearer the camera, in the same mesh
    const Cloth other = squareCloth();
    const std::size_t n = cloth.particleCount();
    for (glm::vec3 p : other.positions) cloth.positions.push_back(p + glm::vec3(0.0f, 0.0f, 0.5f));
    for (glm::uvec3 t : other.triangles) cloth.triangles.push_back(t + glm::uvec3(static_cast<std::uint32_t>(n)));
    const auto hit = pickCloth(cloth, cam.rayAt(kViewport * 0.5f + glm::vec2(2.0f, 1.0f)));
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->particle, n + 60);
    EXPECT_NEAR(hit->point.z, 0.5f, 1e-5f);
}

TEST(PickCloth, MissesReturnNothing) {
    const Camera cam;
    const Cloth cloth = squareCloth();
    EXPECT_FALSE(pickCloth(cloth, cam.rayAt({5.0f, 5.0f})));  // top-left corner: sky
    EXPECT_FALSE(pickCloth(cloth, cam.rayAt(cam.pixelOf({0.6f, 1.5f, 0.0f}))));  // just right of the edge
    // the cloth is behind the ray
    EXPECT_FALSE(pickCloth(cloth, Ray{{0.0f, 1.5f, 3.0f}, {0.0f, 0.0f, 1.0f}}));
    // a ray in the cloth's plane
    EXPECT_FALSE(pickCloth(cloth, Ray{{-2.0f, 1.55f, 0.0f}, {1.0f, 0.0f, 0.0f}}));
    EXPECT_FALSE(pickCloth(Cloth{}, cam.rayAt(kViewport * 0.5f)));
}

TEST(PickCollider, ReturnsTheNearerOfTwo) {
    const Camera cam;
    // listed far first, so that the nearer one is not simply the first
    const Colliders colliders = {makeSphere({0.0f, 1.5f, -1.0f}, 0.5f), makeSphere({0.0f, 1.5f, 1.0f}, 0.2f)};
    const auto hit = pickCollider(colliders, cam.rayAt(kViewport * 0.5f));
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->collider, 1u);
    EXPECT_NEAR(hit->point.z, 1.2f, 1e-3f);
    EXPECT_NEAR(glm::distance(cam.eye, hit->point), 1.8f, 1e-3f);

    // beside the near one, only the far (larger) one is hit: this ray passes the
    // near sphere's plane at x = 0.225 m, outside its 0.2 m radius
    const auto side = pickCollider(colliders, cam.rayAt(cam.pixelOf({0.45f, 1.5f, -1.0f})));
    ASSERT_TRUE(side);
    EXPECT_EQ(side->collider, 0u);

    EXPECT_FALSE(pickCollider(colliders, cam.rayAt({5.0f, 5.0f})));
    EXPECT_FALSE(pickCollider({}, cam.rayAt(kViewport * 0.5f)));
}

TEST(IntersectPlane, CameraFacingPlaneThroughAPoint) {
    const Camera cam;
    const glm::vec3 through(0.2f, 1.4f, 0.5f);
    const glm::vec3 forward(0.0f, 0.0f, -1.0f);
    const auto p = intersectPlane(cam.rayAt(cam.pixelOf({0.4f, 1.7f, 0.5f})), through, forward);
    ASSERT_TRUE(p);
    EXPECT_NEAR(p->z, 0.5f, 1e-5f);
    EXPECT_NEAR(p->x, 0.4f, 1e-4f);
    EXPECT_NEAR(p->y, 1.7f, 1e-4f);
    // parallel: nothing
    EXPECT_FALSE(intersectPlane(Ray{{0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}}, through, forward));
}

} // namespace
} // namespace cs::test
