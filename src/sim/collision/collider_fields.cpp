#include "collider_fields.hpp"

#include <algorithm>
#include <cmath>
#include <glm/gtc/constants.hpp>
#include <limits>
#include <sstream>

namespace cs {
namespace {

using T = ColliderFieldType;
constexpr unsigned kSphere = shapeBit(ShapeKind::Sphere), kPlane = shapeBit(ShapeKind::Plane),
                   kBox = shapeBit(ShapeKind::Box), kCapsule = shapeBit(ShapeKind::Capsule);
constexpr unsigned kKinematic = motionBit(MotionKind::Kinematic), kDynamic = motionBit(MotionKind::Dynamic);

float asFloat(const ColliderValue& v) { return std::get<float>(v); }
glm::vec3 asVec3(const ColliderValue& v) { return std::get<glm::vec3>(v); }

// Euler angles in degrees (x, then y, then z, about the world axes) <-> quaternion.
glm::quat fromEulerDegrees(glm::vec3 degrees) {
    const glm::vec3 r = glm::radians(degrees);
    return glm::angleAxis(r.z, glm::vec3(0, 0, 1)) * glm::angleAxis(r.y, glm::vec3(0, 1, 0)) *
           glm::angleAxis(r.x, glm::vec3(1, 0, 0));
}
glm::vec3 toEulerDegrees(glm::quat q) {
    // inverse of fromEulerDegrees (R = Rz Ry Rx)
    const glm::mat3 m = glm::mat3_cast(q);
    const float sy = -m[0][2];
    const float y = std::asin(std::clamp(sy, -1.0f, 1.0f));
    float x, z;
    if (std::abs(sy) < 0.9999f) {
        x = std::atan2(m[1][2], m[2][2]);
        z = std::atan2(m[0][1], m[0][0]);
    } else {  // gimbal lock: fold everything into z
        x = 0.0f;
        z = std::atan2(-m[1][0], m[1][1]);
    }
    return glm::degrees(glm::vec3(x, y, z));
}

// The enum value whose name (shapeName, motionName, scriptName) is the value's string;
// the validator has already checked that it is one of them.
template <class Enum, int Count>
Enum fromName(std::string_view (*nameOf)(Enum), const ColliderValue& v) {
    const std::string& name = std::get<std::string>(v);
    for (int i = 0; i < Count; ++i)
        if (nameOf(static_cast<Enum>(i)) == name) return static_cast<Enum>(i);
    return static_cast<Enum>(0);
}

// Moving the collider in the file or the panel moves where it lives (home) and where it is now.
void placeAt(Collider& c, Pose pose) {
    c.home = pose;
    c.pose = c.stepStart = c.stepEnd = c.substepStart = pose;
    c.heldTarget = pose.position;
}

constexpr double kForever = std::numeric_limits<double>::infinity();

// The key, label, type, range, unit, help and choices of a row; the rest as the
// row's kind (scriptRow, pinRow) sets it.
ColliderField row(std::string_view key, std::string_view label, ColliderFieldType type, double minValue,
                  double maxValue, std::string_view unit, std::string_view help,
                  std::vector<std::string_view> choices = {}) {
    ColliderField field{};
    field.key = key;
    field.label = label;
    field.type = type;
    field.minValue = minValue;
    field.maxValue = maxValue;
    field.unit = unit;
    field.help = help;
    field.choices = std::move(choices);
    return field;
}

// A row of the script, read by kinematic colliders and by pin groups.
ColliderField scriptRow(ColliderField row, ColliderValue (*get)(const Script&), void (*set)(Script&, const ColliderValue&)) {
    row.shapes = kAllShapes;
    row.motions = kKinematic;
    row.getScript = get;
    row.setScript = set;
    row.owners = kOnColliders | kOnPinGroups;
    return row;
}

// A pin group's own row; `required`: a [[pin_group]] must give it.
ColliderField pinRow(ColliderField row, ColliderValue (*get)(const PinGroup&), void (*set)(PinGroup&, const ColliderValue&),
                     bool required) {
    row.requiredFor = required ? kAllShapes : 0;
    row.getPin = get;
    row.setPin = set;
    row.owners = kOnPinGroups;
    return row;
}

std::vector<ColliderField> buildTable() {
    std::vector<ColliderField> t;
    t.push_back({"shape", "shape", T::Choice, 0, 0, "",
                 "sphere, plane (infinite, or a finite one-sided panel), oriented box or capsule.",
                 {"sphere", "plane", "box", "capsule"}, kAllShapes, kAllMotions, kAllShapes,
                 [](const Collider& c) -> ColliderValue { return std::string(shapeName(c.shape.kind)); },
                 [](Collider& c, const ColliderValue& v) {
                     c.shape.kind = fromName<ShapeKind, kShapeKindCount>(shapeName, v);
                 }});
    t.push_back({"motion", "motion", T::Choice, 0, 0, "",
                 "static: stays put (you can still drag it); kinematic: follows its script and pushes "
                 "the cloth; dynamic (spheres): a rigid body under gravity that the cloth pushes back.",
                 {"static", "kinematic", "dynamic"}, kAllShapes, kAllMotions, 0,
                 [](const Collider& c) -> ColliderValue { return std::string(motionName(c.motion)); },
                 [](Collider& c, const ColliderValue& v) {
                     c.motion = fromName<MotionKind, kMotionKindCount>(motionName, v);
                 }});
    t.push_back({"center", "centre", T::Vec3, -1000, 1000, "m",
                 "Where the collider is (for a plane: a point on it, the centre of a panel).", {}, kAllShapes,
                 kAllMotions, kAllShapes, [](const Collider& c) -> ColliderValue { return c.home.position; },
                 [](Collider& c, const ColliderValue& v) { placeAt(c, {asVec3(v), c.home.orientation}); }});
    t.push_back({"rotation", "rotation", T::Vec3, -360, 360, "deg",
                 "Orientation as angles about x, then y, then z (degrees). A capsule's axis and a plane's "
                 "normal are the local y axis.",
                 {}, kBox | kCapsule | kPlane, kAllMotions, 0,
                 [](const Collider& c) -> ColliderValue { return toEulerDegrees(c.home.orientation); },
                 [](Collider& c, const ColliderValue& v) { placeAt(c, {c.home.position, fromEulerDegrees(asVec3(v))}); }});
    t.push_back({"normal", "normal", T::Vec3, -1, 1, "",
                 "Outward normal of a plane (the side the cloth stays on); another way to give its rotation.",
                 {}, kPlane, kAllMotions, 0,
                 [](const Collider& c) -> ColliderValue { return c.home.axis(1); },
                 [](Collider& c, const ColliderValue& v) {
                     const glm::vec3 n = asVec3(v);
                     if (glm::length(n) > 1e-6f) placeAt(c, {c.home.position, rotationFromY(glm::normalize(n))});
                 }});
    t.push_back({"radius", "radius", T::Float, 0.001, 100, "m", "Radius of the sphere or of the capsule's tube.", {},
                 kSphere | kCapsule, kAllMotions, kSphere | kCapsule,
                 [](const Collider& c) -> ColliderValue { return c.shape.radius; },
                 [](Collider& c, const ColliderValue& v) { c.shape.radius = asFloat(v); }});
    t.push_back({"half_length", "half length", T::Float, 0, 100, "m",
                 "Capsule: distance from its centre to the centre of each end cap, along its axis.", {}, kCapsule,
                 kAllMotions, kCapsule, [](const Collider& c) -> ColliderValue { return c.shape.halfLength; },
                 [](Collider& c, const ColliderValue& v) { c.shape.halfLength = asFloat(v); }});
    t.push_back({"half_extents", "half extents", T::Vec3, 0.001, 100, "m", "Box: half its size along each local axis.",
                 {}, kBox, kAllMotions, kBox, [](const Collider& c) -> ColliderValue { return c.shape.halfExtents; },
                 [](Collider& c, const ColliderValue& v) { c.shape.halfExtents = asVec3(v); }});
    t.push_back({"half_width", "half width", T::Float, 0, 1000, "m",
                 "Plane: half the panel's size along local x; 0 (with half_depth 0) makes the plane infinite.", {},
                 kPlane, kAllMotions, 0, [](const Collider& c) -> ColliderValue { return c.shape.halfSize.x; },
                 [](Collider& c, const ColliderValue& v) { c.shape.halfSize.x = asFloat(v); }});
    t.push_back({"half_depth", "half depth", T::Float, 0, 1000, "m", "Plane: half the panel's size along local z.", {},
                 kPlane, kAllMotions, 0, [](const Collider& c) -> ColliderValue { return c.shape.halfSize.y; },
                 [](Collider& c, const ColliderValue& v) { c.shape.halfSize.y = asFloat(v); }});
    t.push_back({"static_friction", "static friction", T::Float, 0, 2, "",
                 "Coulomb mu_s: cloth resting on this collider sticks while the sideways pull is below mu_s "
                 "times the pressing force (on a slope: while tan(angle) < mu_s).",
                 {}, kAllShapes, kAllMotions, 0,
                 [](const Collider& c) -> ColliderValue { return c.material.staticFriction; },
                 [](Collider& c, const ColliderValue& v) { c.material.staticFriction = asFloat(v); }});
    t.push_back({"kinetic_friction", "kinetic friction", T::Float, 0, 2, "",
                 "Coulomb mu_k: how hard the collider brakes cloth sliding over it.", {}, kAllShapes, kAllMotions, 0,
                 [](const Collider& c) -> ColliderValue { return c.material.kineticFriction; },
                 [](Collider& c, const ColliderValue& v) { c.material.kineticFriction = asFloat(v); }});
    t.push_back({"restitution", "restitution", T::Float, 0, 1, "",
                 "Fraction of the approach speed given back on impact (0: no bounce, 1: elastic).", {}, kAllShapes,
                 kAllMotions, 0, [](const Collider& c) -> ColliderValue { return c.material.restitution; },
                 [](Collider& c, const ColliderValue& v) { c.material.restitution = asFloat(v); }});
    t.push_back({"mass", "mass", T::Float, 0.001, 10000, "kg",
                 "Mass of a dynamic sphere: light balls are pushed around by the cloth, heavy ones push it.", {},
                 kSphere, kDynamic, 0, [](const Collider& c) -> ColliderValue { return c.mass; },
                 [](Collider& c, const ColliderValue& v) { c.mass = asFloat(v); }});
    t.push_back({"velocity", "initial velocity", T::Vec3, -100, 100, "m/s", "Velocity of a dynamic sphere at t = 0.",
                 {}, kSphere, kDynamic, 0, [](const Collider& c) -> ColliderValue { return c.initialVelocity; },
                 [](Collider& c, const ColliderValue& v) { c.initialVelocity = c.velocity = asVec3(v); }});
    // the script: rows of colliders (kinematic ones) and pin groups alike
    t.push_back(scriptRow(row("script", "script", T::Choice, 0, 0, "",
                           "How a kinematic collider or a pin group moves: none, oscillate (along axis), orbit "
                           "(turns about the line through pivot along axis), swing (a pendulum about that line), "
                           "path (through keyframes).",
                           {"none", "oscillate", "orbit", "swing", "path"}),
                          [](const Script& s) -> ColliderValue { return std::string(scriptName(s.kind)); },
                          [](Script& s, const ColliderValue& v) {
                              s.kind = fromName<ScriptKind, kScriptKindCount>(scriptName, v);
                          }));
    t.push_back(scriptRow(row("axis", "axis", T::Vec3, -1, 1, "",
                           "oscillate: the direction of travel; orbit and swing: the rotation axis."),
                          [](const Script& s) -> ColliderValue { return s.axis; },
                          [](Script& s, const ColliderValue& v) { s.axis = asVec3(v); }));
    t.push_back(scriptRow(row("pivot", "pivot", T::Vec3, -1000, 1000, "m", "orbit and swing: a point on the rotation axis."),
                          [](const Script& s) -> ColliderValue { return s.pivot; },
                          [](Script& s, const ColliderValue& v) { s.pivot = asVec3(v); }));
    t.push_back(scriptRow(row("amplitude", "amplitude", T::Float, 0, 360, "m or deg",
                           "oscillate: metres each way from home; swing: degrees each way."),
                          [](const Script& s) -> ColliderValue { return s.amplitude; },
                          [](Script& s, const ColliderValue& v) { s.amplitude = asFloat(v); }));
    t.push_back(scriptRow(row("frequency", "frequency", T::Float, 0, 50, "Hz",
                           "oscillate and swing: cycles per second; orbit: turns per second."),
                          [](const Script& s) -> ColliderValue { return s.frequency; },
                          [](Script& s, const ColliderValue& v) { s.frequency = asFloat(v); }));
    t.push_back(scriptRow(row("phase", "phase", T::Float, -360, 360, "deg", "Where in its cycle the script starts."),
                          [](const Script& s) -> ColliderValue { return glm::degrees(s.phase); },
                          [](Script& s, const ColliderValue& v) { s.phase = glm::radians(asFloat(v)); }));
    t.push_back(scriptRow(row("path", "path", T::Vec3List, -1000, 1000, "m",
                           "path: keyframes, visited in order (a collider's centre; for a pin group, displacements "
                           "from where its vertices were built)."),
                          [](const Script& s) -> ColliderValue { return s.path; },
                          [](Script& s, const ColliderValue& v) { s.path = std::get<std::vector<glm::vec3>>(v); }));
    t.push_back(scriptRow(row("speed", "speed", T::Float, 0, 100, "m/s", "path: how fast it travels along the path."),
                          [](const Script& s) -> ColliderValue { return s.speed; },
                          [](Script& s, const ColliderValue& v) { s.speed = asFloat(v); }));
    t.push_back(scriptRow(row("loop", "loop", T::Bool, 0, 1, "",
                           "path: after the last keyframe run back to the first and go round again; off: stop at "
                           "the last keyframe."),
                          [](const Script& s) -> ColliderValue { return s.loop; },
                          [](Script& s, const ColliderValue& v) { s.loop = std::get<bool>(v); }));
    t.push_back(scriptRow(row("start", "start", T::Float, 0, 1e6, "s",
                           "When the script starts to move; until then it waits at its first pose."),
                          [](const Script& s) -> ColliderValue { return s.start; },
                          [](Script& s, const ColliderValue& v) { s.start = asFloat(v); }));
    t.push_back(scriptRow(row("duration", "duration", T::Float, 0, kForever, "s",
                           "How long the script moves after its start; then it holds its last pose (inf: for ever)."),
                          [](const Script& s) -> ColliderValue { return s.duration; },
                          [](Script& s, const ColliderValue& v) { s.duration = asFloat(v); }));
    // a pin group's own rows
    t.push_back(pinRow(row("uv_min", "rectangle from", T::Vec2, 0, 1, "",
                        "The held vertices' rest (u, v) rectangle, lower corner: fractions of the cloth's width "
                        "and height, as --cut takes them (so the same part of the cloth at any resolution)."),
                       [](const PinGroup& g) -> ColliderValue { return g.uvMin; },
                       [](PinGroup& g, const ColliderValue& v) { g.uvMin = std::get<glm::vec2>(v); }, true));
    t.push_back(pinRow(row("uv_max", "rectangle to", T::Vec2, 0, 1, "",
                        "The rectangle's upper corner, included (equal to uv_min on an axis: one line of vertices)."),
                       [](const PinGroup& g) -> ColliderValue { return g.uvMax; },
                       [](PinGroup& g, const ColliderValue& v) { g.uvMax = std::get<glm::vec2>(v); }, true));
    t.push_back(pinRow(row("release", "release", T::Float, 0, kForever, "s",
                        "When the group lets go: its vertices are free from then on, with the velocity they had "
                        "(inf: never)."),
                       [](const PinGroup& g) -> ColliderValue { return g.release; },
                       [](PinGroup& g, const ColliderValue& v) { g.release = asFloat(v); }, false));
    return t;
}

// An infinite bound admits infinity itself (duration and release: for ever).
bool inRange(const ColliderField& f, float x) {
    return (std::isfinite(x) || x == f.maxValue) && x >= f.minValue && x <= f.maxValue;
}

} // namespace

std::span<const ColliderField> colliderFields() {
    static const std::vector<ColliderField> table = buildTable();
    return table;
}

const ColliderField* findColliderField(std::string_view key) {
    for (const ColliderField& f : colliderFields())
        if (f.key == key) return &f;
    return nullptr;
}

bool fieldAppliesTo(const ColliderField& field, const Collider& collider) {
    return (field.owners & kOnColliders) && (field.shapes & shapeBit(collider.shape.kind)) &&
           (field.motions & motionBit(collider.motion));
}

bool fieldAppliesTo(const ColliderField& field, const PinGroup&) { return (field.owners & kOnPinGroups) != 0; }

ColliderValue fieldValue(const ColliderField& field, const Collider& c) {
    if (field.get) return field.get(c);
    if (field.getScript) return field.getScript(c.script);
    return ColliderValue(0.0f);  // a pin group's row: colliders have none
}

ColliderValue fieldValue(const ColliderField& field, const PinGroup& g) {
    if (field.getPin) return field.getPin(g);
    if (field.getScript) return field.getScript(g.script);
    return ColliderValue(0.0f);
}

std::string describeRange(const ColliderField& field) {
    std::ostringstream out;
    if (field.type == T::Bool) return "true or false";
    if (field.type == T::Choice) {
        out << "one of:";
        for (std::string_view c : field.choices) out << " " << c;
        return out.str();
    }
    out << "[" << field.minValue << ", " << field.maxValue << "]";
    return out.str();
}

std::string validateColliderValue(const ColliderField& field, const ColliderValue& value) {
    const std::string key(field.key);
    switch (field.type) {
    case T::Float:
        if (const float* x = std::get_if<float>(&value); x && inRange(field, *x)) return {};
        return "'" + key + "' must be a number in " + describeRange(field);
    case T::Vec3:
        if (const glm::vec3* v = std::get_if<glm::vec3>(&value);
            v && inRange(field, v->x) && inRange(field, v->y) && inRange(field, v->z))
            return {};
        return "'" + key + "' must be three numbers [x, y, z], each in " + describeRange(field);
    case T::Choice:
        if (const std::string* s = std::get_if<std::string>(&value))
            for (std::string_view c : field.choices)
                if (c == *s) return {};
        return "'" + key + "' must be " + describeRange(field);
    case T::Vec3List:
        if (const auto* list = std::get_if<std::vector<glm::vec3>>(&value)) {
            bool ok = !list->empty();
            for (const glm::vec3& p : *list) ok = ok && inRange(field, p.x) && inRange(field, p.y) && inRange(field, p.z);
            if (ok) return {};
        }
        return "'" + key + "' must be a non-empty list of points [[x, y, z], ...], each coordinate in " +
               describeRange(field);
    case T::Bool:
        if (std::holds_alternative<bool>(value)) return {};
        return "'" + key + "' must be true or false";
    case T::Vec2:
        if (const glm::vec2* v = std::get_if<glm::vec2>(&value); v && inRange(field, v->x) && inRange(field, v->y))
            return {};
        return "'" + key + "' must be two numbers [u, v], each in " + describeRange(field);
    }
    return "unknown field type";
}

std::string setColliderValue(Collider& collider, const ColliderField& field, const ColliderValue& value) {
    if (!(field.owners & kOnColliders)) return "'" + std::string(field.key) + "' is a pin group's key, not a collider's";
    if (std::string message = validateColliderValue(field, value); !message.empty()) return message;
    if (field.set) field.set(collider, value);
    else field.setScript(collider.script, value);
    return {};
}

std::string setPinGroupValue(PinGroup& group, const ColliderField& field, const ColliderValue& value) {
    if (!(field.owners & kOnPinGroups)) return "'" + std::string(field.key) + "' is a collider's key, not a pin group's";
    if (std::string message = validateColliderValue(field, value); !message.empty()) return message;
    if (field.setPin) field.setPin(group, value);
    else field.setScript(group.script, value);
    return {};
}

namespace {
bool samePose(const Pose& a, const Pose& b) { return a.position == b.position && a.orientation == b.orientation; }
} // namespace

std::string editCollider(Collider& c, const ColliderField& field, const ColliderValue& value) {
    const Pose home = c.home, pose = c.pose;
    if (std::string error = setColliderValue(c, field, value); !error.empty()) return error;
    const bool homeMoved = !samePose(c.home, home), poseMoved = !samePose(c.pose, pose);
    if (homeMoved && !poseMoved) {
        c.pose.position += c.home.position - home.position;
        c.pose.orientation = glm::normalize(c.home.orientation * glm::conjugate(home.orientation) * c.pose.orientation);
    } else if (poseMoved && !homeMoved) {
        c.home.position += c.pose.position - pose.position;
        c.home.orientation = glm::normalize(c.pose.orientation * glm::conjugate(pose.orientation) * c.home.orientation);
    }
    if (homeMoved || poseMoved) c.stepStart = c.stepEnd = c.substepStart = c.pose;
    return {};
}

Collider defaultCollider(ShapeKind shape, glm::vec3 center) {
    switch (shape) {
    case ShapeKind::Sphere: return makeSphere(center, 0.3f);
    case ShapeKind::Box: return makeBox(center, glm::vec3(0.3f, 0.2f, 0.3f));
    case ShapeKind::Capsule: return makeCapsule(center, 0.1f, 0.4f, glm::angleAxis(glm::half_pi<float>(), glm::vec3(0, 0, 1)));
    case ShapeKind::Plane: return makePlane(center, {0.0f, 1.0f, 0.0f}, {0.5f, 0.5f});
    }
    return makeSphere(center, 0.3f);
}

} // namespace cs
