#pragma once
// The orbit camera. Its state is CameraSettings (yaw, pitch, distance, target,
// fov) so that the panel, the scene file and the mouse all move the same
// numbers; these functions turn it into matrices and apply mouse gestures to it.
// No OpenGL here.
#include "sim/settings.hpp"

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

namespace cs {

struct CameraView {
    glm::mat4 view{1.0f};
    glm::mat4 projection{1.0f};
    glm::mat4 viewProjection{1.0f};
    glm::vec3 eye{0.0f};      // metres, world space
    glm::vec3 forward{0.0f};  // unit, from the eye towards the target
    glm::vec3 right{0.0f};    // unit
    glm::vec3 up{0.0f};       // unit, the camera's up (not world up)
    float nearPlane = 0.0f;   // metres
    float farPlane = 0.0f;    // metres
};

// Eye position: target + distance along the direction given by yaw and pitch
// (yaw 0, pitch 0 looks along -z from +z).
glm::vec3 cameraEye(const CameraSettings& camera);

// Matrices for a viewport of the given aspect ratio (width / height).
CameraView makeCameraView(const CameraSettings& camera, float aspect);

// Mouse gestures. Pixel deltas are in window coordinates (x right, y down).
// Every function keeps the values inside the parameter table's ranges.
void orbitCamera(CameraSettings& camera, float dxPixels, float dyPixels);
void panCamera(CameraSettings& camera, float dxPixels, float dyPixels, float viewportHeightPixels);
void zoomCamera(CameraSettings& camera, float wheelSteps);  // > 0 moves closer

// Points the camera at the box centre and backs off until the box fits the view.
void frameBox(CameraSettings& camera, glm::vec3 boxMin, glm::vec3 boxMax, float aspect);

} // namespace cs
