#include "collider_panel.hpp"

#include "panel_widgets.hpp"
#include "render/camera.hpp"
#include "sim/collision/collider_fields.hpp"
#include "sim/collision/collider_overlap.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <optional>
#include <string>
#include <vector>

namespace cs {
namespace {
using namespace panel;

void colliderTooltip(const ColliderField& field) {
    if (!ImGui::IsItemHovered()) return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
    ImGui::PushStyleColor(ImGuiCol_Text, kDimColor);
    textView(field.key);
    ImGui::PopStyleColor();
    textView(field.help);
    ImGui::Separator();
    const std::string range = describeRange(field);
    ImGui::Text("range %s%s%.*s", range.c_str(), field.unit.empty() ? "" : "  unit ",
                static_cast<int>(field.unit.size()), field.unit.data());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

// Drag speed per pixel. Angles: half a degree. Signed values (positions,
// directions): a constant pace, 1 cm per pixel at most. Sizes, masses and
// coefficients (ranges from 0 up): also relative to the value, so that a 1 cm
// radius and a 100 kg mass both move at a usable pace.
float dragSpeed(const ColliderField& field, float magnitude) {
    if (field.unit == "deg") return 0.5f;
    const float range = static_cast<float>(field.maxValue - field.minValue);
    const float base = std::clamp(range * 1e-3f, 1e-4f, 0.01f);
    if (field.minValue < 0.0) return base;
    return std::max(base, std::abs(magnitude) * 0.005f);
}

// The widget for one field, chosen by its type; returns a new value when edited.
std::optional<ColliderValue> colliderWidget(const ColliderField& field, const ColliderValue& current,
                                            const Collider& collider) {
    const float lo = static_cast<float>(field.minValue);
    const float hi = static_cast<float>(field.maxValue);
    constexpr ImGuiSliderFlags kClamp = ImGuiSliderFlags_AlwaysClamp;
    switch (field.type) {
    case ColliderFieldType::Float: {
        float v = std::get<float>(current);
        if (ImGui::DragFloat("##value", &v, dragSpeed(field, v), lo, hi, "%.4g", kClamp)) return v;
        break;
    }
    case ColliderFieldType::Vec3: {
        glm::vec3 v = std::get<glm::vec3>(current);
        const float magnitude = std::max({std::abs(v.x), std::abs(v.y), std::abs(v.z)});
        if (ImGui::DragFloat3("##value", &v.x, dragSpeed(field, magnitude), lo, hi, "%.3g", kClamp)) return v;
        break;
    }
    case ColliderFieldType::Choice: {
        const std::string& name = std::get<std::string>(current);
        std::optional<ColliderValue> picked;
        if (ImGui::BeginCombo("##value", name.c_str())) {
            for (std::string_view choice : field.choices) {
                const std::string item(choice);
                if (ImGui::Selectable(item.c_str(), item == name)) picked = item;
            }
            ImGui::EndCombo();
        }
        return picked;
    }
    case ColliderFieldType::Vec3List: {
        std::vector<glm::vec3> points = std::get<std::vector<glm::vec3>>(current);
        bool changed = false;
        std::optional<std::size_t> remove;
        for (std::size_t i = 0; i < points.size(); ++i) {
            ImGui::PushID(static_cast<int>(i));
            glm::vec3& p = points[i];
            const float magnitude = std::max({std::abs(p.x), std::abs(p.y), std::abs(p.z)});
            changed |= ImGui::DragFloat3("##point", &p.x, dragSpeed(field, magnitude), lo, hi, "%.3g", kClamp);
            colliderTooltip(field);
            ImGui::SameLine();
            ImGui::BeginDisabled(points.size() <= 1);  // a path needs a point
            if (ImGui::SmallButton("remove")) remove = i;
            ImGui::EndDisabled();
            ImGui::PopID();
        }
        if (remove) {
            points.erase(points.begin() + static_cast<std::ptrdiff_t>(*remove));
            changed = true;
        }
        if (ImGui::SmallButton("add keyframe")) {
            // a step on from the last point (or from where the collider rests)
            points.push_back(points.empty() ? collider.home.position : points.back() + glm::vec3(0.3f, 0.0f, 0.0f));
            changed = true;
        }
        if (changed) return points;
        break;
    }
    case ColliderFieldType::Bool: {
        bool on = std::get<bool>(current);
        if (ImGui::Checkbox("##value", &on)) return on;
        break;
    }
    case ColliderFieldType::Vec2: {
        glm::vec2 v = std::get<glm::vec2>(current);
        if (ImGui::DragFloat2("##value", &v.x, dragSpeed(field, 1.0f), lo, hi, "%.3g", kClamp)) return v;
        break;
    }
    }
    return std::nullopt;
}

// A value as the read-only pin-group list shows it.
std::string shownValue(const ColliderValue& value) {
    char text[96];
    if (auto f = std::get_if<float>(&value)) std::snprintf(text, sizeof text, "%g", static_cast<double>(*f));
    else if (auto v = std::get_if<glm::vec3>(&value))
        std::snprintf(text, sizeof text, "(%g, %g, %g)", static_cast<double>(v->x), static_cast<double>(v->y),
                      static_cast<double>(v->z));
    else if (auto w = std::get_if<glm::vec2>(&value))
        std::snprintf(text, sizeof text, "(%g, %g)", static_cast<double>(w->x), static_cast<double>(w->y));
    else if (auto b = std::get_if<bool>(&value)) return *b ? "on" : "off";
    else if (auto name = std::get_if<std::string>(&value)) return *name;
    else return std::to_string(std::get<std::vector<glm::vec3>>(value).size()) + " points";
    return text;
}

// The scene's pin groups, read-only: they come from the scene file (save keeps them).
void pinGroupList(const World& world) {
    if (world.pinGroups.empty()) return;
    ImGui::Separator();
    textView("Pin groups (from the scene file; Save scene keeps them)");
    for (std::size_t g = 0; g < world.pinGroups.size(); ++g) {
        const PinGroup& group = world.pinGroups[g];
        ImGui::PushID(static_cast<int>(g));
        const std::string label = "pin group " + std::to_string(g + 1) + " (" +
                                  std::to_string(group.vertices.size()) + " vertices, " +
                                  (group.holding ? "holding" : "let go") + ")###pin";
        if (ImGui::TreeNode(label.c_str())) {
            for (const ColliderField& field : colliderFields()) {
                if (!fieldAppliesTo(field, group)) continue;
                textView(std::string(field.label) + ": " + shownValue(fieldValue(field, group)));
                colliderTooltip(field);
            }
            ImGui::TreePop();
        }
        ImGui::PopID();
    }
}

// Where a new collider appears: beside the cloth, on the camera's side of it.
glm::vec3 spawnPoint(const World& world) {
    const Cloth& cloth = world.cloth;
    glm::vec3 lo(0.0f), hi(0.0f);
    if (cloth.particleCount() > 0) {
        lo = hi = cloth.positions.front();
        for (const glm::vec3& p : cloth.positions) {
            lo = glm::min(lo, p);
            hi = glm::max(hi, p);
        }
    }
    const glm::vec3 centre = 0.5f * (lo + hi);
    glm::vec3 towardsEye = cameraEye(world.settings.camera) - centre;
    towardsEye.y = 0.0f;
    const float length = glm::length(towardsEye);
    towardsEye = length > 1e-6f ? towardsEye / length : glm::vec3(0.0f, 0.0f, 1.0f);
    const float reach = 0.5f * glm::length(glm::vec2(hi.x - lo.x, hi.z - lo.z));
    glm::vec3 point = centre + towardsEye * (reach + 0.5f);
    // clear of the ground, where the cloth has fallen onto it
    const CollisionSettings& collision = world.settings.collision;
    if (collision.ground) point.y = std::max(point.y, collision.groundHeight + 0.5f);
    return point;
}

} // namespace

void colliderSection(AppContext& ctx) {
    World& world = ctx.sim->world();
    const std::string header = "Colliders (" + std::to_string(world.colliders.size()) + ")###Colliders";
    if (!ImGui::CollapsingHeader(header.c_str())) return;
    ImGui::PushID("colliders");

    constexpr std::array kAddable = {ShapeKind::Sphere, ShapeKind::Box, ShapeKind::Capsule, ShapeKind::Plane};
    for (std::size_t k = 0; k < kAddable.size(); ++k) {
        if (k > 0) ImGui::SameLine();
        const std::string label = "Add " + std::string(shapeName(kAddable[k]));
        if (ImGui::Button(label.c_str())) addCollider(ctx, kAddable[k], spawnPoint(world));
    }
    if (world.colliders.empty()) ImGui::TextDisabled("no colliders: add one, then drag it with the left button");

    std::optional<std::size_t> toDelete;
    ImGui::PushItemWidth(-ImGui::GetFontSize() * 9.0f);  // leave room for the labels
    for (std::size_t k = 0; k < world.colliders.size(); ++k) {
        const Collider& c = world.colliders[k];
        ImGui::PushID(static_cast<int>(k));
        const std::string label = std::string(shapeName(c.shape.kind)) + " " + std::to_string(k) + " (" +
                                  std::string(motionName(c.motion)) + (c.held ? ", held" : "") + ")###entry";
        if (ImGui::TreeNode(label.c_str())) {
            for (const ColliderField& field : colliderFields()) {
                // the collider may have changed shape or motion above: ask again for every field
                if (!fieldAppliesTo(field, world.colliders[k])) continue;
                ImGui::PushID(field.key.data(), field.key.data() + field.key.size());
                const ColliderValue current = fieldValue(field, world.colliders[k]);
                if (auto edited = colliderWidget(field, current, world.colliders[k])) setColliderField(ctx, k, field, *edited);
                colliderTooltip(field);
                ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
                textView(field.label);
                colliderTooltip(field);
                ImGui::PopID();
            }
            if (ImGui::Button("Delete")) toDelete = k;
            ImGui::TreePop();
        }
        ImGui::PopID();
    }
    ImGui::PopItemWidth();
    // dragged or typed into each other: said while it lasts
    for (const ColliderOverlap& overlap : findColliderOverlaps(world.colliders))
        ImGui::TextColored(kErrorColor, "%s", overlap.describe(world.colliders).c_str());
    if (toDelete) {
        deleteCollider(ctx, *toDelete);
    }
    pinGroupList(world);
    ImGui::PopID();
}

} // namespace cs
