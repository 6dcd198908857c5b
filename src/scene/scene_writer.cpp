// The scene writer: SceneDesc -> TOML that the reader gives back bit for bit,
// every parameter with its help line as a comment, colliders through the
// collider field table.
#include "scene.hpp"

#include "sim/collision/collider_fields.hpp"

#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace cs {

// The shortest decimal that reads back (as the reader does: through a double) to
// the same float, so that a written file says 0.2 and not 0.200000003.
std::string tomlFloat(float f) {
    char text[32];
    for (int precision = 6; precision <= 9; ++precision) {
        std::snprintf(text, sizeof text, "%.*g", precision, static_cast<double>(f));
        if (static_cast<float>(std::strtod(text, nullptr)) == f) break;
    }
    std::string s = text;
    if (s.find_first_of(".eEn") == std::string::npos) s += ".0";  // TOML floats need a point (n: inf, nan)
    return s;
}

namespace {
std::string tomlVec3(const glm::vec3& v) {
    return "[" + tomlFloat(v.x) + ", " + tomlFloat(v.y) + ", " + tomlFloat(v.z) + "]";
}
} // namespace

std::string tomlValue(const ParamValue& value) {
    // formatValue writes TOML literals for the rest; floats need a decimal point and every digit that counts
    if (auto f = std::get_if<float>(&value)) return tomlFloat(*f);
    if (auto v = std::get_if<glm::vec3>(&value)) return tomlVec3(*v);
    return formatValue(value);
}

std::string tomlColliderValue(const ColliderValue& value) {
    if (auto f = std::get_if<float>(&value)) return tomlFloat(*f);
    if (auto v = std::get_if<glm::vec3>(&value)) return tomlVec3(*v);
    if (auto s = std::get_if<std::string>(&value)) return formatValue(ParamValue(*s));
    if (auto b = std::get_if<bool>(&value)) return *b ? "true" : "false";
    if (auto v = std::get_if<glm::vec2>(&value)) return "[" + tomlFloat(v->x) + ", " + tomlFloat(v->y) + "]";
    std::string out = "[";
    for (const glm::vec3& p : std::get<std::vector<glm::vec3>>(value)) out += (out.size() > 1 ? ", " : "") + tomlVec3(p);
    return out + "]";
}

namespace {

// A TOML basic string: quotes, backslashes and control characters escaped.
std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') out += std::string("\\") + c;
        else if (c == '\n') out += "\\n";
        else if (c == '\t') out += "\\t";
        else if (u < 0x20 || u == 0x7f) {
            char escape[8];
            std::snprintf(escape, sizeof escape, "\\u%04x", u);
            out += escape;
        } else out += c;
    }
    return out + "\"";
}

// "  # the first sentence of the help (unit)": every written key says what it is.
std::string helpComment(std::string_view help, std::string_view unit) {
    // the first sentence: up to a full stop before a capital ("Kim et al. 2012" does not end one)
    std::size_t end = 0;
    while ((end = help.find(". ", end)) != std::string_view::npos &&
           !(end + 2 < help.size() && std::isupper(static_cast<unsigned char>(help[end + 2]))))
        ++end;
    std::string first(help.substr(0, end));
    if (!first.empty() && first.back() == '.') first.pop_back();
    const std::string u(unit);
    const bool unitSaid = first.find("(" + u) != std::string::npos || first.find(", " + u + ")") != std::string::npos;
    if (!u.empty() && !unitSaid) first += " (" + u + ")";
    return first.empty() ? "" : "  # " + first;
}

// Everything a scene file decides about a collider (not its state of motion).
bool sameDefinition(const Collider& a, const Collider& b) {
    const Shape &sa = a.shape, &sb = b.shape;
    const Script &ta = a.script, &tb = b.script;
    return sa.kind == sb.kind && sa.radius == sb.radius && sa.halfExtents == sb.halfExtents &&
           sa.halfLength == sb.halfLength && sa.halfSize == sb.halfSize &&
           a.material.staticFriction == b.material.staticFriction &&
           a.material.kineticFriction == b.material.kineticFriction && a.material.restitution == b.material.restitution &&
           a.motion == b.motion && ta.kind == tb.kind && ta.axis == tb.axis && ta.pivot == tb.pivot &&
           ta.amplitude == tb.amplitude && ta.frequency == tb.frequency && ta.phase == tb.phase && ta.path == tb.path &&
           ta.speed == tb.speed && ta.loop == tb.loop && ta.start == tb.start && ta.duration == tb.duration &&
           a.home.position == b.home.position && a.home.orientation == b.home.orientation &&
           a.mass == b.mass && a.initialVelocity == b.initialVelocity;
}

// A number as the reader gets it from the text.
float readBack(const std::string& text) { return static_cast<float>(std::strtod(text.c_str(), nullptr)); }

// The text of a float or vector field that rebuilds the collider exactly. Fields
// kept in another form than they are written (a rotation as a quaternion, a phase
// in radians) do not always survive the conversion both ways; the value rounded to
// fewer decimals, as a person typed it, usually does. Nothing when no candidate does.
std::optional<std::string> exactColliderText(const ColliderField& field, const Collider& c) {
    const ColliderValue value = fieldValue(field, c);
    auto rounded = [](float x, int decimals) {
        char text[48];
        std::snprintf(text, sizeof text, "%.*f", decimals, static_cast<double>(x));
        const float back = readBack(text);
        return tomlFloat(back == 0.0f ? 0.0f : back);  // -0 reads as 0 too; write the plain one
    };
    std::vector<std::string> candidates;  // the plainest spelling first
    std::vector<glm::vec3> vectors;
    if (auto v = std::get_if<glm::vec3>(&value)) {
        vectors.push_back(*v);
        // angles (x, y, z) and (x -+ 180, 180 - y, z -+ 180) are the same turn; the reading back
        // gives y in [-90, 90], so a file's [0, 135, 0] comes back as the second spelling
        const auto half = [](float a) { return a > 0.0f ? a - 180.0f : a + 180.0f; };
        if (field.key == "rotation") vectors.push_back({half(v->x), 180.0f - v->y, half(v->z)});
    }
    for (int decimals = 0; decimals <= 6; ++decimals) {
        if (auto f = std::get_if<float>(&value)) candidates.push_back(rounded(*f, decimals));
        for (const glm::vec3& v : vectors)
            candidates.push_back("[" + rounded(v.x, decimals) + ", " + rounded(v.y, decimals) + ", " +
                                 rounded(v.z, decimals) + "]");
    }
    candidates.push_back(tomlColliderValue(value));
    for (const std::string& text : candidates) {
        ColliderValue parsed = value;
        if (std::holds_alternative<float>(value)) parsed = readBack(text);
        else if (std::holds_alternative<glm::vec3>(value)) {
            glm::vec3 v;
            std::istringstream in(text.substr(1));
            std::string part;
            for (int i = 0; i < 3 && std::getline(in, part, ','); ++i) v[i] = readBack(part);
            parsed = v;
        }
        if (!validateColliderValue(field, parsed).empty()) continue;
        Collider probe = c;
        setColliderValue(probe, field, parsed);
        if (sameDefinition(probe, c)) return text;
    }
    return std::nullopt;
}

void writeCollider(std::ostream& out, const Collider& c) {
    out << "\n[[collider]]\n";
    const ColliderField* normal = findColliderField("normal");
    for (const ColliderField& field : colliderFields()) {
        if (!fieldAppliesTo(field, c) || &field == normal) continue;  // the rotation says it
        if (field.key == "path" && c.script.path.empty()) continue;
        std::string_view key = field.key;
        std::string text;
        if (field.type == ColliderFieldType::Float || field.type == ColliderFieldType::Vec3) {
            std::optional<std::string> exact = exactColliderText(field, c);
            // a plane whose orientation the angles cannot rebuild exactly may still be its normal
            if (!exact && key == "rotation" && normal && fieldAppliesTo(*normal, c))
                if ((exact = exactColliderText(*normal, c))) key = normal->key;
            text = exact.value_or(tomlColliderValue(fieldValue(field, c)));
        } else {
            text = tomlColliderValue(fieldValue(field, c));
        }
        const ColliderField& written = *findColliderField(key);
        out << key << " = " << text << helpComment(written.help, written.unit) << "\n";
    }
}

// A pin group: its rectangle, release and script, every value in the shortest
// spelling that reads back to the same float (none is kept in another form).
void writePinGroup(std::ostream& out, const PinGroup& group) {
    out << "\n[[pin_group]]\n";
    for (const ColliderField& field : colliderFields()) {
        if (!fieldAppliesTo(field, group)) continue;
        if (field.key == "path" && group.script.path.empty()) continue;
        out << field.key << " = " << tomlColliderValue(fieldValue(field, group)) << helpComment(field.help, field.unit)
            << "\n";
    }
}

// A path parameter as the file will name it: relative to the file's folder when it can be.
std::string writtenPath(const std::string& path, const std::filesystem::path& folder) {
    if (path.empty() || folder.empty()) return path;
    const std::filesystem::path p(path);
    std::error_code ec;
    const std::filesystem::path base = std::filesystem::absolute(folder, ec);
    const std::filesystem::path absolute = std::filesystem::absolute(p, ec);
    const std::filesystem::path relative = absolute.lexically_normal().lexically_relative(base.lexically_normal());
    return relative.empty() ? path : relative.generic_string();
}

} // namespace

std::string writeSceneToml(const SceneDesc& scene, const std::filesystem::path& folder) {
    std::ostringstream out;
    out << "# Written by clothsim: every parameter of the table, then the colliders and pin groups.\n\n";
    out << "[scene]\n";
    out << "name = " << quoted(scene.name) << "  # shown in the scene selector\n";
    out << "description = " << quoted(scene.description) << "  # one line under the selector\n";
    out << "category = " << quoted(scene.category) << "  # groups scenes in the selector\n";
    std::string currentGroup;
    for (const ParamDef& def : paramTable()) {
        const std::string group(def.key.substr(0, def.key.find('.')));
        if (group != currentGroup) {
            out << "\n[" << group << "]\n";
            currentGroup = group;
        }
        ParamValue value = getParam(scene.settings, def);
        if (def.type == ParamType::Path) value = writtenPath(std::get<std::string>(value), folder);
        out << def.key.substr(def.key.find('.') + 1) << " = " << tomlValue(value) << helpComment(def.help, def.unit)
            << "\n";
    }
    for (const Collider& c : scene.colliders) writeCollider(out, c);
    for (const PinGroup& group : scene.pinGroups) writePinGroup(out, group);
    return out.str();
}

} // namespace cs
