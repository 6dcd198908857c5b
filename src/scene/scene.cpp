#include "scene.hpp"

#include "sim/collision/collider_fields.hpp"
#include "sim/collision/collider_overlap.hpp"
#include "sim/world.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <toml++/toml.h>

namespace cs {
namespace {

// The parameter groups that may appear as [tables] in a scene file.
std::vector<std::string> parameterGroups() {
    std::vector<std::string> groups;
    for (const ParamDef& def : paramTable()) {
        std::string prefix(def.key.substr(0, def.key.find('.')));
        if (std::find(groups.begin(), groups.end(), prefix) == groups.end()) groups.push_back(prefix);
    }
    return groups;
}

std::size_t editDistance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1] ? 1u : 0u)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

// " (did you mean 'cloth.resolution'?)" for a near-miss, else "".
std::string suggestion(std::string_view key, const std::vector<std::string>& candidates) {
    std::string best;
    std::size_t bestDistance = 3;  // only suggest close matches
    for (const std::string& c : candidates) {
        const std::size_t d = editDistance(key, c);
        if (d < bestDistance) bestDistance = d, best = c;
    }
    return best.empty() ? "" : " (did you mean '" + best + "'?)";
}

std::vector<std::string> allParamKeys() {
    std::vector<std::string> keys;
    for (const ParamDef& def : paramTable()) keys.emplace_back(def.key);
    return keys;
}

std::optional<std::filesystem::path>& projectRootSetting() {
    static std::optional<std::filesystem::path> root;
    return root;
}

// A path parameter's text as the file it names (findSceneFile), or why it cannot be.
std::variant<ParamValue, std::string> resolvePath(const std::string& text, const std::filesystem::path& folder) {
    if (text.empty()) return ParamValue(text);
    const FoundFile found = findSceneFile(text, folder);
    if (!found.path) return "cannot find '" + text + "' (looked " + found.looked + ")";
    return ParamValue(found.path->string());
}

std::optional<double> number(const toml::node& node) {
    if (auto i = node.as_integer()) return static_cast<double>(i->get());
    if (auto f = node.as_floating_point()) return f->get();
    return std::nullopt;
}

std::optional<int> integer(const toml::node& node) {
    auto i = node.as_integer();
    if (!i || i->get() < std::numeric_limits<int>::min() || i->get() > std::numeric_limits<int>::max())
        return std::nullopt;
    return static_cast<int>(i->get());
}

// Converts a TOML value to the field's type (not yet validated); nothing when the type is wrong.
std::optional<ColliderValue> colliderValueOf(const ColliderField& field, const toml::node& node) {
    std::optional<ColliderValue> value;
    auto vec3 = [](const toml::node& n) -> std::optional<glm::vec3> {
        auto array = n.as_array();
        if (!array || array->size() != 3) return std::nullopt;
        auto a = number(*array->get(0)), b = number(*array->get(1)), c = number(*array->get(2));
        if (!a || !b || !c) return std::nullopt;
        return glm::vec3(*a, *b, *c);
    };
    switch (field.type) {
    case ColliderFieldType::Float:
        if (auto x = number(node)) value = static_cast<float>(*x);
        break;
    case ColliderFieldType::Vec3:
        if (auto v = vec3(node)) value = *v;
        break;
    case ColliderFieldType::Choice:
        if (auto str = node.as_string()) value = std::string(str->get());
        break;
    case ColliderFieldType::Vec3List:
        if (auto array = node.as_array()) {
            std::vector<glm::vec3> points;
            bool ok = true;
            for (const toml::node& p : *array) {
                auto v = vec3(p);
                ok = ok && v.has_value();
                if (v) points.push_back(*v);
            }
            if (ok) value = std::move(points);
        }
        break;
    }
    return value;
}

// Converts a TOML value to the parameter's type; an error message on mismatch.
std::variant<ParamValue, std::string> toParamValue(const ParamDef& def, const toml::node& node) {
    const std::string expected = "expected " + std::string(typeName(def.type));
    switch (def.type) {
    case ParamType::Bool:
        if (auto b = node.as_boolean()) return ParamValue(b->get());
        return expected + " (true or false)";
    case ParamType::Int:
        if (auto i = integer(node)) return ParamValue(*i);
        return expected + " (a whole number in " + describeRange(def) + ")";
    case ParamType::Float:
        if (auto x = number(node)) return ParamValue(static_cast<float>(*x));
        return expected + " (a number in " + describeRange(def) + ")";
    case ParamType::Int2: {
        auto array = node.as_array();
        if (array && array->size() == 2) {
            auto a = integer(*array->get(0)), b = integer(*array->get(1));
            if (a && b) return ParamValue(glm::ivec2(*a, *b));
        }
        return expected + " (two whole numbers like [32, 32], " + describeRange(def) + ")";
    }
    case ParamType::Vec3: {
        auto array = node.as_array();
        if (array && array->size() == 3) {
            auto a = number(*array->get(0)), b = number(*array->get(1)), c = number(*array->get(2));
            if (a && b && c) return ParamValue(glm::vec3(*a, *b, *c));
        }
        return expected + " (three numbers like [0, 1, 0], " + describeRange(def) + ")";
    }
    case ParamType::Choice:
    case ParamType::Solver:
        if (auto s = node.as_string()) return ParamValue(std::string(s->get()));
        return "expected a string, " + describeRange(def);
    case ParamType::Path:
        if (auto s = node.as_string()) return ParamValue(std::string(s->get()));
        return expected + " (a file name in quotes, \"\" for none)";
    case ParamType::IntList: {
        if (auto array = node.as_array()) {
            std::vector<int> list;
            for (const toml::node& element : *array) {
                auto i = integer(element);
                if (!i) break;
                list.push_back(*i);
            }
            if (list.size() == array->size()) return ParamValue(std::move(list));
        }
        return expected + " (" + describeRange(def) + ")";
    }
    }
    return expected;
}

class SceneReader {
public:
    explicit SceneReader(std::string fileName)
        : m_file(std::move(fileName)), m_folder(std::filesystem::path(m_file).parent_path()) {}

    SceneLoad read(std::string_view text) {
        SceneLoad result;
        toml::table root;
        try {
            root = toml::parse(text, m_file);
        } catch (const toml::parse_error& e) {
            const auto& where = e.source().begin;
            error(static_cast<int>(where.line), static_cast<int>(where.column),
                  "syntax error: " + std::string(e.description()));
            result.errors = std::move(m_errors);
            return result;
        }

        SceneDesc scene;
        scene.path = m_file;
        scene.settings = defaultSettings();
        const std::vector<std::string> groups = parameterGroups();
        for (auto&& [key, node] : root) {
            const std::string name(key.str());
            if (name == "scene") readSceneInfo(node, scene);
            else if (name == "collider") readColliders(node, scene.colliders);
            else if (std::find(groups.begin(), groups.end(), name) != groups.end()) readGroup(name, node, scene.settings);
            else {
                std::vector<std::string> known = groups;
                known.insert(known.end(), {"scene", "collider"});
                error(node, "unknown table or key '" + name + "'" + suggestion(name, known) +
                                "; top-level tables are: scene, collider and the parameter groups (see --list-params)");
            }
        }
        if (m_errors.empty()) checkCloth(scene.settings.cloth);
        if (m_errors.empty()) result.scene = std::move(scene);
        // toml++ hands keys over sorted by name; report in reading order instead
        std::stable_sort(m_errors.begin(), m_errors.end(), [](const SceneError& a, const SceneError& b) {
            return std::pair(a.line, a.column) < std::pair(b.line, b.column);
        });
        result.errors = std::move(m_errors);
        if (result.scene) result.notes = std::move(m_notes);
        return result;
    }

private:
    void error(int line, int column, std::string message) { m_errors.push_back({m_file, line, column, std::move(message)}); }
    void error(const toml::node& node, std::string message) {
        const auto& where = node.source().begin;
        error(static_cast<int>(where.line), static_cast<int>(where.column), std::move(message));
    }

    void readSceneInfo(const toml::node& node, SceneDesc& scene) {
        auto table = node.as_table();
        if (!table) return error(node, "'scene' must be a table with name, description and category");
        for (auto&& [key, value] : *table) {
            const std::string k(key.str());
            std::string* target = k == "name" ? &scene.name : k == "description" ? &scene.description
                                : k == "category" ? &scene.category : nullptr;
            if (!target) {
                error(value, "unknown key 'scene." + k + "'" +
                                 suggestion(k, {"name", "description", "category"}) +
                                 " (allowed: name, description, category)");
                continue;
            }
            if (auto s = value.as_string()) *target = s->get();
            else error(value, "'scene." + k + "' must be a string");
        }
    }

    void readGroup(const std::string& group, const toml::node& node, Settings& settings) {
        auto table = node.as_table();
        if (!table) return error(node, "'" + group + "' must be a table ([" + group + "])");
        for (auto&& [key, value] : *table) {
            const std::string full = group + "." + std::string(key.str());
            const ParamDef* def = findParam(full);
            if (!def) {
                error(value, "unknown key '" + full + "'" + suggestion(full, allParamKeys()));
                continue;
            }
            m_keyLines[std::string(def->key)] = value.source().begin;
            auto converted = toParamValue(*def, value);
            if (def->type == ParamType::Path && std::holds_alternative<ParamValue>(converted))
                converted = resolvePath(std::get<std::string>(std::get<ParamValue>(converted)), m_folder);
            if (auto message = std::get_if<std::string>(&converted)) {
                error(value, "'" + full + "': " + *message);
                continue;
            }
            if (std::string message = setParam(settings, *def, std::get<ParamValue>(converted)); !message.empty())
                error(value, "'" + full + "': " + message);
        }
    }

    // A cloth that cannot be built as the file describes it (a mesh the importer
    // rejects, a pin that names no particle) is an error at the key at fault.
    void checkCloth(const ClothSettings& cloth) {
        const ClothProblem problem = checkClothSettings(cloth);
        if (problem.message.empty()) return;
        std::string key(problem.key);
        auto where = m_keyLines.find(key);
        if (where == m_keyLines.end() && key == "cloth.pin_region_min") where = m_keyLines.find("cloth.pin_region_max");
        if (where == m_keyLines.end()) where = m_keyLines.find("cloth.mesh");
        const int line = where == m_keyLines.end() ? 0 : static_cast<int>(where->second.line);
        const int column = where == m_keyLines.end() ? 0 : static_cast<int>(where->second.column);
        error(line, column, "'" + key + "': " + problem.message);
    }

    // One [[collider]] table: shape first (it decides which keys apply), then
    // every key through the collider field table.
    void readCollider(const toml::table& t, const toml::node& element, Colliders& colliders) {
        const toml::node* shapeNode = t.get("shape");
        if (!shapeNode) return error(element, "collider needs 'shape' (" + describeRange(*findColliderField("shape")) + ")");
        auto shape = readColliderValue(*findColliderField("shape"), *shapeNode);
        if (!shape) return;
        // not defaultCollider(): that is the panel's ready-made object (a lying capsule, a
        // finite panel); a file that leaves a key out means no rotation and an infinite plane
        Collider c;
        findColliderField("shape")->set(c, *shape);
        if (const toml::node* motionNode = t.get("motion")) {
            const ColliderField& field = *findColliderField("motion");
            auto motion = readColliderValue(field, *motionNode);
            if (!motion) return;
            field.set(c, *motion);
        }
        const std::string shapeText(shapeName(c.shape.kind));
        if (c.motion == MotionKind::Dynamic && c.shape.kind != ShapeKind::Sphere)
            error(*t.get("motion"), "motion 'dynamic' is only for spheres (this collider is a " + shapeText + ")");

        std::vector<std::string> applicable;
        for (const ColliderField& f : colliderFields())
            if (fieldAppliesTo(f, c)) applicable.emplace_back(f.key);
        for (auto&& [key, value] : t) {
            const std::string k(key.str());
            if (k == "shape" || k == "motion") continue;
            const ColliderField* field = findColliderField(k);
            if (!field) {
                error(value, "unknown collider key '" + k + "'" + suggestion(k, applicable) + " for a " + shapeText +
                                 "; allowed: " + join(applicable));
                continue;
            }
            if (!(field->shapes & shapeBit(c.shape.kind))) {
                error(value, "collider key '" + k + "' does not apply to a " + shapeText + "; allowed: " +
                                 join(applicable));
                continue;
            }
            if (!(field->motions & motionBit(c.motion))) {
                error(value, "collider key '" + k + "' applies only with motion = " + motionsOf(*field) +
                                 " (this collider's motion is '" + std::string(motionName(c.motion)) + "')");
                continue;
            }
            auto v = readColliderValue(*field, value);
            if (!v) continue;
            if (k == "normal" && glm::length(std::get<glm::vec3>(*v)) < 1e-6f) {
                error(value, "collider 'normal' must not be zero");
                continue;
            }
            field->set(c, *v);
        }
        for (const ColliderField& f : colliderFields())
            if ((f.requiredFor & shapeBit(c.shape.kind)) && !t.get(f.key))
                error(element, "a " + shapeText + " collider needs '" + std::string(f.key) + "' (" +
                                   std::string(f.help) + " " + describeRange(f) + ")");
        if (t.get("normal") && t.get("rotation"))
            error(*t.get("normal"), "give a plane either 'normal' or 'rotation', not both");
        if (c.motion == MotionKind::Kinematic && c.script.kind == ScriptKind::Path && !t.get("path"))
            error(element, "a collider with script = \"path\" needs 'path' (keyframes [[x, y, z], ...])");
        if (c.shape.kind == ShapeKind::Plane && (c.shape.halfSize.x > 0.0f) != (c.shape.halfSize.y > 0.0f))
            error(element, "a finite plane needs both 'half_width' and 'half_depth' > 0 (or neither, for an infinite plane)");
        colliders.push_back(c);
    }

    void readColliders(const toml::node& node, Colliders& colliders) {
        auto array = node.as_array();
        if (!array || !array->is_array_of_tables())
            return error(node, "'collider' must be an array of tables ([[collider]])");
        std::vector<int> lines;  // of each collider read, for the notes below
        for (const toml::node& element : *array) {
            const std::size_t before = colliders.size();
            readCollider(*element.as_table(), element, colliders);
            if (colliders.size() > before) lines.push_back(static_cast<int>(element.source().begin.line));
        }
        // legal, but rarely meant: said, not passed silently (the later one's table is named)
        for (const ColliderOverlap& overlap : findColliderOverlaps(colliders))
            if (const std::size_t later = std::max(overlap.inner, overlap.outer); later < lines.size())
                m_notes.push_back({m_file, lines[later], 0, overlap.describe(colliders)});
    }

    // Converts and validates one collider value; reports and returns nothing on failure.
    std::optional<ColliderValue> readColliderValue(const ColliderField& field, const toml::node& node) {
        const std::optional<ColliderValue> value = colliderValueOf(field, node);
        // a value of the wrong type: the validator's message says what is expected
        const ColliderValue wrongType =
            field.type == ColliderFieldType::Float ? ColliderValue(std::string()) : ColliderValue(0.0f);
        const std::string message = validateColliderValue(field, value ? *value : wrongType);
        if (!message.empty()) {
            error(node, "collider " + message + (field.unit.empty() ? "" : " (" + std::string(field.unit) + ")"));
            return std::nullopt;
        }
        return value;
    }

    static std::string motionsOf(const ColliderField& field) {
        std::vector<std::string> names;
        for (int m = 0; m < kMotionKindCount; ++m)
            if (field.motions & (1u << m)) names.push_back("\"" + std::string(motionName(static_cast<MotionKind>(m))) + "\"");
        return join(names, " or ");
    }

    static std::string join(const std::vector<std::string>& items, const char* separator = ", ") {
        std::string out;
        for (const std::string& item : items) out += (out.empty() ? "" : separator) + item;
        return out;
    }

    std::string m_file;
    std::filesystem::path m_folder;                           // relative paths in the file start here
    std::map<std::string, toml::source_position> m_keyLines;  // where each parameter was set
    std::vector<SceneError> m_errors;
    std::vector<SceneError> m_notes;  // legal but probably unintended: the caller prints them
};

} // namespace

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
           ta.speed == tb.speed && a.home.position == b.home.position && a.home.orientation == b.home.orientation &&
           a.mass == b.mass && a.initialVelocity == b.initialVelocity;
}

// A number as the reader gets it from the text.
float readBack(const std::string& text) { return static_cast<float>(std::strtod(text.c_str(), nullptr)); }

// The text of a float or vector field that rebuilds the collider exactly. Fields
// kept in another form than they are written (a rotation as a quaternion, a phase
// in radians) do not always survive the conversion both ways; the value rounded to
// fewer decimals, as a person typed it, usually does. Nothing when no candidate does.
std::optional<std::string> exactColliderText(const ColliderField& field, const Collider& c) {
    const ColliderValue value = field.get(c);
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
        field.set(probe, parsed);
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
            text = exact.value_or(tomlColliderValue(field.get(c)));
        } else {
            text = tomlColliderValue(field.get(c));
        }
        const ColliderField& written = *findColliderField(key);
        out << key << " = " << text << helpComment(written.help, written.unit) << "\n";
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

// The whole text of a scene file, or why it cannot be read.
std::variant<std::string, SceneError> readSceneText(const std::filesystem::path& path) {
    std::error_code ec;
    const std::string name = path.string();
    if (std::filesystem::is_directory(path, ec)) return SceneError{name, 0, 0, "is a directory, not a scene file"};
    std::ifstream in(path, std::ios::binary);
    if (!in) return SceneError{name, 0, 0, "cannot open the scene file (missing or unreadable)"};
    std::ostringstream buffer;
    buffer << in.rdbuf();
    std::string text = buffer.str();
    if (text.find('\0') != std::string::npos) return SceneError{name, 1, 1, "is not a text file (contains NUL bytes)"};
    return text;
}

} // namespace

std::string SceneError::str() const {
    if (line <= 0) return file + ": " + message;
    return file + ":" + std::to_string(line) + ": " + message;
}

std::string SceneLoad::errorText() const {
    std::string text;
    for (const SceneError& e : errors) text += e.str() + "\n";
    return text;
}

SceneLoad parseScene(std::string_view text, const std::string& fileName) {
    SceneLoad load = SceneReader(fileName).read(text);
    // legal TOML, and the defaults are a scene; but a user who opens an empty file
    // probably meant another one, so it is said rather than passed silently
    bool empty = true;
    for (std::size_t i = 0; i < text.size() && empty; ++i) {
        if (text[i] == '#') i = std::min(text.find('\n', i), text.size());
        else if (!std::isspace(static_cast<unsigned char>(text[i]))) empty = false;
    }
    if (empty && load.ok())
        load.notes.push_back({fileName, 0, 0, "the scene file is empty: every parameter keeps its default"});
    return load;
}

SceneLoad loadSceneFile(const std::filesystem::path& path) {
    std::variant<std::string, SceneError> text = readSceneText(path);
    if (auto error = std::get_if<SceneError>(&text)) {
        SceneLoad result;
        result.errors.push_back(std::move(*error));
        return result;
    }
    return parseScene(std::get<std::string>(text), path.string());
}

SceneLoad loadSceneFile(const std::filesystem::path& path, const std::vector<std::string>& overrides) {
    SceneLoad load = loadSceneFile(path);
    if (!load.ok()) return load;
    std::map<std::string, std::string, std::less<>> clothOverrides;  // parameter key -> the last --set of it
    std::string lastClothOverride;
    for (const std::string& assignment : overrides) {
        if (std::string error = applyOverride(load.scene->settings, assignment); !error.empty()) {
            load.errors.push_back({"--set " + assignment, 0, 0, error});
            continue;
        }
        const ParamDef* def = findParam(assignment.substr(0, assignment.find('=')));
        if (def && def->checksCloth) clothOverrides[std::string(def->key)] = lastClothOverride = assignment;
    }
    // the overrides together may make the cloth unusable (a mesh, or pins that no longer fit)
    if (load.errors.empty() && !clothOverrides.empty()) {
        const ClothProblem problem = checkClothSettings(load.scene->settings.cloth);
        if (!problem.message.empty()) {
            const auto culprit = clothOverrides.find(problem.key);
            const std::string& assignment = culprit != clothOverrides.end() ? culprit->second : lastClothOverride;
            load.errors.push_back({"--set " + assignment, 0, 0, "'" + std::string(problem.key) + "': " + problem.message});
        }
    }
    if (!load.errors.empty()) load.scene.reset();
    return load;
}

std::string applyOverride(Settings& settings, std::string_view assignment) {
    const auto eq = assignment.find('=');
    if (eq == std::string_view::npos || eq == 0) return "expected KEY=VALUE, got '" + std::string(assignment) + "'";
    const std::string key(assignment.substr(0, eq));
    const std::string raw(assignment.substr(eq + 1));
    const ParamDef* def = findParam(key);
    if (!def) return "unknown key '" + key + "'" + suggestion(key, allParamKeys()) + " (see --list-params)";

    // the value is read as TOML so that --set and scene files accept the same spellings
    std::variant<ParamValue, std::string> converted = std::string("unreadable value");
    const bool quoted = !raw.empty() && (raw.front() == '"' || raw.front() == '\'');
    if (def->type == ParamType::Path && !quoted) {
        converted = ParamValue(raw);  // a bare file name, as a shell passes it
    } else if (def->type == ParamType::IntList && (raw.empty() || raw.front() != '[')) {
        if (auto list = parseIntList(raw)) converted = ParamValue(std::move(*list));  // 0,5,12
        else converted = "cannot read '" + raw + "' as " + std::string(typeName(def->type)) + ": " + describeRange(*def);
    } else {
        try {
            const toml::table parsed = toml::parse("value = " + raw);
            converted = toParamValue(*def, *parsed.get("value"));
        } catch (const toml::parse_error&) {
            if (def->type == ParamType::Choice || def->type == ParamType::Solver) converted = ParamValue(raw);
            else converted = "cannot read '" + raw + "' as " + std::string(typeName(def->type)) + " (allowed " +
                             describeRange(*def) + ")";
        }
    }
    // a relative path on the command line starts in the working directory
    if (def->type == ParamType::Path && std::holds_alternative<ParamValue>(converted))
        converted = resolvePath(std::get<std::string>(std::get<ParamValue>(converted)), {});
    if (auto message = std::get_if<std::string>(&converted)) return "'" + key + "': " + *message;
    if (std::string message = setParam(settings, *def, std::get<ParamValue>(converted)); !message.empty())
        return "'" + key + "': " + message;
    return {};
}

ColliderAssignment parseColliderAssignment(std::string_view assignment) {
    ColliderAssignment out;
    const auto eq = assignment.find('=');
    if (eq == std::string_view::npos || eq == 0) {
        out.error = "expected KEY=VALUE, got '" + std::string(assignment) + "'";
        return out;
    }
    const std::string key(assignment.substr(0, eq));
    const std::string raw(assignment.substr(eq + 1));
    const ColliderField* field = findColliderField(key);
    if (!field || !field->set) {
        out.error = "unknown collider key '" + key + "'";
        return out;
    }
    std::optional<ColliderValue> value;
    try {
        const toml::table parsed = toml::parse("value = " + raw);
        value = colliderValueOf(*field, *parsed.get("value"));
    } catch (const toml::parse_error&) {
        if (field->type == ColliderFieldType::Choice) value = ColliderValue(raw);  // a bare name
    }
    if (!value) {
        out.error = "'" + key + "': cannot read '" + raw + "' (allowed " + describeRange(*field) + ")";
        return out;
    }
    if (std::string message = validateColliderValue(*field, *value); !message.empty()) {
        out.error = "'" + key + "': " + message;
        return out;
    }
    out.field = field;
    out.value = std::move(*value);
    return out;
}

std::string writeSceneToml(const SceneDesc& scene, const std::filesystem::path& folder) {
    std::ostringstream out;
    out << "# Written by clothsim: every parameter of the table, then the colliders.\n\n";
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
    return out.str();
}

FoundFile findSceneFile(const std::string& name, const std::filesystem::path& folder) {
    FoundFile found;
    const std::filesystem::path file(name);
    std::error_code ec;
    auto exists = [&](const std::filesystem::path& p) { return std::filesystem::exists(p, ec); };
    if (file.is_absolute()) {
        if (exists(file)) found.path = file.lexically_normal();
        found.looked = "at that absolute path";
        return found;
    }
    std::vector<std::filesystem::path> folders{folder};
    const std::filesystem::path root = projectRoot();
    if (!root.empty()) folders.push_back(root);
    for (const std::filesystem::path& f : folders) {
        const std::filesystem::path candidate = (f / file).lexically_normal();
        if (exists(candidate)) {
            found.path = candidate;
            return found;
        }
    }
    const std::string here = folder.empty() ? "the working directory" : "'" + folder.string() + "'";
    found.looked = "in " + here + (root.empty() ? "; no project root is set" : " and in the project root '" + root.string() + "'");
    return found;
}

void setProjectRoot(std::filesystem::path root) { projectRootSetting() = std::move(root); }

std::filesystem::path projectRoot() {
    if (projectRootSetting()) return *projectRootSetting();
    if (const char* env = std::getenv("CLOTHSIM_DATA_DIR"); env && *env) return env;
    return {};
}

std::vector<std::filesystem::path> listSceneFiles(const std::filesystem::path& folder) {
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(folder, ec))
        if (entry.is_regular_file() && entry.path().extension() == ".toml") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

SceneSummary readSceneSummary(const std::filesystem::path& path) {
    SceneSummary summary;
    summary.path = path;
    std::variant<std::string, SceneError> text = readSceneText(path);
    if (auto error = std::get_if<SceneError>(&text)) {
        summary.error = error->str();
        return summary;
    }
    const std::string file = path.string();
    toml::table root;
    try {
        root = toml::parse(std::get<std::string>(text), file);
    } catch (const toml::parse_error& e) {
        summary.error = SceneError{file, static_cast<int>(e.source().begin.line), static_cast<int>(e.source().begin.column),
                                   "syntax error: " + std::string(e.description())}
                            .str();
        return summary;
    }
    const toml::node* scene = root.get("scene");
    if (!scene) return summary;  // a file without [scene] is still a scene, of the defaults' kind
    const auto line = [&](const toml::node& n) { return static_cast<int>(n.source().begin.line); };
    const toml::table* table = scene->as_table();
    if (!table) {
        summary.error = SceneError{file, line(*scene), 0, "'scene' must be a table with name, description and category"}.str();
        return summary;
    }
    for (auto [key, target] : {std::pair{"name", &summary.name}, std::pair{"description", &summary.description},
                               std::pair{"category", &summary.category}}) {
        const toml::node* value = table->get(key);
        if (!value) continue;
        if (auto s = value->as_string()) *target = s->get();
        else if (summary.error.empty())
            summary.error = SceneError{file, line(*value), 0, "'scene." + std::string(key) + "' must be a string"}.str();
    }
    // the selector and the listing give a scene one line
    std::replace_if(summary.description.begin(), summary.description.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
    return summary;
}

std::vector<SceneSummary> readSceneCatalogue(const std::filesystem::path& folder) {
    std::vector<SceneSummary> catalogue;
    for (const std::filesystem::path& file : listSceneFiles(folder)) catalogue.push_back(readSceneSummary(file));
    std::stable_sort(catalogue.begin(), catalogue.end(), [](const SceneSummary& a, const SceneSummary& b) {
        return std::pair(a.category.empty(), a.category) < std::pair(b.category.empty(), b.category);
    });
    return catalogue;
}

} // namespace cs
