#include "camera.hpp"

#include "sim/params.hpp"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/trigonometric.hpp>

namespace cs {
namespace {

constexpr float kOrbitDegreesPerPixel = 0.3f;
constexpr float kZoomPerWheelStep = 0.88f;  // distance factor per wheel notch

float wrapDegrees(float degrees) {
    // into [-180, 180): the table allows [-360, 360], and wrapping keeps long drags inside it
    float wrapped = std::fmod(degrees + 180.0f, 360.0f);
    if (wrapped < 0.0f) wrapped += 360.0f;
    return wrapped - 180.0f;
}

void clampCamera(CameraSettings& camera) {
    camera.yaw = wrapDegrees(camera.yaw);
    // the ranges are the camera rows of the parameter table
    camera.pitch = clampToRange("camera.pitch", camera.pitch);
    camera.distance = clampToRange("camera.distance", camera.distance);
    camera.target = clampToRange("camera.target", camera.target);
}

// Unit vector from the target towards the eye.
glm::vec3 backward(const CameraSettings& camera) {
    const float yaw = glm::radians(camera.yaw);
    const float pitch = glm::radians(camera.pitch);
    return {std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw)};
}

} // namespace

glm::vec3 cameraEye(const CameraSettings& camera) {
    return camera.target + camera.distance * backward(camera);
}

CameraView makeCameraView(const CameraSettings& camera, float aspect) {
    CameraView v;
    v.eye = cameraEye(camera);
    v.forward = -backward(camera);
    // pitch is limited to ±89°, so world up is never parallel to forward
    v.right = glm::normalize(glm::cross(v.forward, glm::vec3(0.0f, 1.0f, 0.0f)));
    v.up = glm::cross(v.right, v.forward);
    v.view = glm::lookAt(v.eye, camera.target, glm::vec3(0.0f, 1.0f, 0.0f));
    // near plane scales with the distance so that close-ups and overviews both keep depth precision
    v.nearPlane = std::clamp(camera.distance * 0.01f, 0.005f, 0.5f);
    v.farPlane = 1000.0f;
    const float fov = glm::radians(std::clamp(camera.fov, 1.0f, 170.0f));
    v.projection = glm::perspective(fov, std::max(aspect, 1e-3f), v.nearPlane, v.farPlane);
    v.viewProjection = v.projection * v.view;
    return v;
}

void orbitCamera(CameraSettings& camera, float dxPixels, float dyPixels) {
    // drag right: the scene turns right with the mouse; drag down: look from higher up
    camera.yaw -= dxPixels * kOrbitDegreesPerPixel;
    camera.pitch += dyPixels * kOrbitDegreesPerPixel;
    clampCamera(camera);
}

void panCamera(CameraSettings& camera, float dxPixels, float dyPixels, float viewportHeightPixels) {
    if (viewportHeightPixels <= 0.0f) return;
    const CameraView v = makeCameraView(camera, 1.0f);
    // metres per pixel at the target's depth, so the point under the cursor follows it
    const float metresPerPixel =
        2.0f * camera.distance * std::tan(glm::radians(camera.fov) * 0.5f) / viewportHeightPixels;
    camera.target += (-dxPixels * v.right + dyPixels * v.up) * metresPerPixel;
    clampCamera(camera);
}

void zoomCamera(CameraSettings& camera, float wheelSteps) {
    camera.distance *= std::pow(kZoomPerWheelStep, wheelSteps);
    clampCamera(camera);
}

void frameBox(CameraSettings& camera, glm::vec3 boxMin, glm::vec3 boxMax, float aspect) {
    camera.target = 0.5f * (boxMin + boxMax);
    const float radius = std::max(0.5f * glm::length(boxMax - boxMin), 0.05f);
    // fit the bounding sphere into the narrower of the two fields of view, with a margin
    const float halfFovY = glm::radians(camera.fov) * 0.5f;
    const float halfFovX = std::atan(std::tan(halfFovY) * std::max(aspect, 1e-3f));
    const float halfFov = std::min(halfFovY, halfFovX);
    camera.distance = 1.1f * radius / std::sin(halfFov);
    clampCamera(camera);
}

} // namespace cs
