#pragma once
// The collider and pin-group key table: every property a collider ([[collider]])
// or a pin group ([[pin_group]], pin_groups.hpp) has in a scene file and in the
// colliders panel, declared once with its key, type, range, which shapes and
// motions it applies to, which of the two it belongs to, and a line of help —
// the per-object counterpart of the parameter table (params.hpp). The script's
// keys are one set of rows that both read. The scene reader and writer and the
// UI are generated from it.
#include "colliders.hpp"
#include "../pin_groups.hpp"

#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace cs {

enum class ColliderFieldType { Float, Vec3, Choice, Vec3List, Bool, Vec2 };

// Choice fields travel as their name; Vec3List is a list of points (path keyframes).
using ColliderValue = std::variant<float, glm::vec3, std::string, std::vector<glm::vec3>, bool, glm::vec2>;

// Which objects a row belongs to (ColliderField::owners).
inline constexpr unsigned kOnColliders = 1;
inline constexpr unsigned kOnPinGroups = 2;

inline constexpr unsigned kAllShapes = 0xF;
inline constexpr unsigned kAllMotions = 0x7;
constexpr unsigned shapeBit(ShapeKind kind) { return 1u << static_cast<unsigned>(kind); }
constexpr unsigned motionBit(MotionKind kind) { return 1u << static_cast<unsigned>(kind); }

struct ColliderField {
    std::string_view key;     // "radius" — the key inside [[collider]]
    std::string_view label;   // UI label
    ColliderFieldType type;
    double minValue;          // inclusive; per component for vectors
    double maxValue;
    std::string_view unit;
    std::string_view help;
    std::vector<std::string_view> choices;  // Choice: allowed names
    unsigned shapes = kAllShapes;           // shapeBit()s it applies to
    unsigned motions = kAllMotions;         // motionBit()s it applies to
    unsigned requiredFor = 0;               // shapeBit()s for which a scene file must give it
    // Exactly one pair is set: a collider's own property, the script's (colliders
    // and pin groups), or a pin group's own. Read and write through fieldValue /
    // setColliderValue / setPinGroupValue, which pick the pair.
    ColliderValue (*get)(const Collider&) = nullptr;
    void (*set)(Collider&, const ColliderValue&) = nullptr;
    ColliderValue (*getScript)(const Script&) = nullptr;
    void (*setScript)(Script&, const ColliderValue&) = nullptr;
    ColliderValue (*getPin)(const PinGroup&) = nullptr;
    void (*setPin)(PinGroup&, const ColliderValue&) = nullptr;
    unsigned owners = kOnColliders;         // kOnColliders | kOnPinGroups
};

// Every row, colliders' and pin groups'.
std::span<const ColliderField> colliderFields();
const ColliderField* findColliderField(std::string_view key);

// Whether the field means something for this collider (a collider row, for its
// shape and motion) or for a pin group (a pin-group row).
bool fieldAppliesTo(const ColliderField& field, const Collider& collider);
bool fieldAppliesTo(const ColliderField& field, const PinGroup& group);

// The value the object holds for the field (a row of its owner).
ColliderValue fieldValue(const ColliderField& field, const Collider& collider);
ColliderValue fieldValue(const ColliderField& field, const PinGroup& group);

// Empty when the value has the field's type, is finite and in range (each
// component, each point); otherwise the problem and the allowed range.
std::string validateColliderValue(const ColliderField& field, const ColliderValue& value);

// Validates, then stores; returns the validation message on failure.
std::string setColliderValue(Collider& collider, const ColliderField& field, const ColliderValue& value);
std::string setPinGroupValue(PinGroup& group, const ColliderField& field, const ColliderValue& value);

// An edit from outside the simulation (the colliders panel, a replayed
// collider_set): validates and stores like setColliderValue, and keeps `home`
// (what a reset returns to) and `pose` (where it is now) together — whichever
// one the field set, the other follows by the same move, so an edited centre
// shows at once, also while paused, and survives a reset.
std::string editCollider(Collider& collider, const ColliderField& field, const ColliderValue& value);

std::string describeRange(const ColliderField& field);  // "[0.001, 100]" or "one of: a, b"

// A collider of the given shape with the table's defaults, centred at `center`.
Collider defaultCollider(ShapeKind shape, glm::vec3 center);

} // namespace cs
