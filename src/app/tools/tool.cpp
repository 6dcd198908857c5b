#include "tool.hpp"

#include "session/input_recorder.hpp"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>

namespace cs {
namespace {
constexpr float kDepthPerNotch = 1.1f;  // depth factor per wheel notch
} // namespace

void recordInput(const ToolContext& ctx, const InputAction& action) {
    if (ctx.inputs) ctx.inputs->action(ctx.world.settings, action);
}

long long recordingStep(const ToolContext& ctx) { return ctx.inputs ? ctx.inputs->steps() : 0; }

float viewDepth(const CameraView& camera, glm::vec3 point) { return glm::dot(point - camera.eye, camera.forward); }

glm::vec3 pointOnViewPlane(const ToolContext& ctx, float depth) {
    const CameraView& camera = ctx.camera;
    if (const auto p = intersectPlane(ctx.ray, camera.eye + depth * camera.forward, camera.forward)) return *p;
    return ctx.ray.at(depth);
}

float scrolledDepth(const CameraView& camera, float depth, float notches) {
    const float scaled = depth * std::pow(kDepthPerNotch, notches);
    return std::clamp(scaled, 2.0f * camera.nearPlane, std::max(camera.farPlane * 0.5f, 2.0f * camera.nearPlane));
}

float markerRadius(const Cloth& cloth) {
    // links are sorted by kind: the first is a stretch link, one grid spacing long
    const float spacing = cloth.links.empty() ? 0.02f : cloth.links.front().restLength;
    return std::clamp(0.5f * spacing, 0.004f, 0.05f);
}

} // namespace cs
