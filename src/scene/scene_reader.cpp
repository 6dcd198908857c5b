// The scene reader: TOML text -> SceneDesc. Every key is checked against the
// parameter table and the collider field table; problems come back as FILE:LINE
// errors, never as exceptions and never silently ignored.
#include "scene.hpp"
#include "toml_values.hpp"

#include "sim/collision/collider_fields.hpp"
#include "sim/collision/collider_overlap.hpp"
#include "sim/world.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <toml++/toml.h>

namespace cs {
using namespace scene_detail;
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
            else if (name == "pin_group") readPinGroups(node, scene.pinGroups);
            else if (std::find(groups.begin(), groups.end(), name) != groups.end()) readGroup(name, node, scene.settings);
            else {
                std::vector<std::string> known = groups;
                known.insert(known.end(), {"scene", "collider", "pin_group"});
                error(node, "unknown table or key '" + name + "'" + suggestion(name, known) +
                                "; top-level tables are: scene, collider, pin_group and the parameter groups (see "
                                "--list-params)");
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
                if (retiredParamIsIgnored(full)) {
                    const auto& where = value.source().begin;
                    m_notes.push_back({m_file, static_cast<int>(where.line), static_cast<int>(where.column),
                                       "'" + full + "' is ignored: it was replaced by " +
                                           std::string(retiredParamReplacement(full)) + "; delete the line"});
                    continue;
                }
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
        setColliderValue(c, *findColliderField("shape"), *shape);
        if (const toml::node* motionNode = t.get("motion")) {
            const ColliderField& field = *findColliderField("motion");
            auto motion = readColliderValue(field, *motionNode);
            if (!motion) return;
            setColliderValue(c, field, *motion);
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
            if (!field || !(field->owners & kOnColliders)) {
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
            setColliderValue(c, *field, *v);
        }
        for (const ColliderField& f : colliderFields())
            if ((f.owners & kOnColliders) && (f.requiredFor & shapeBit(c.shape.kind)) && !t.get(f.key))
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

    // One [[pin_group]] table: every key through the pin group's rows of the table.
    void readPinGroup(const toml::table& t, const toml::node& element, PinGroups& groups) {
        PinGroup group;
        std::vector<std::string> allowed;
        for (const ColliderField& f : colliderFields())
            if (fieldAppliesTo(f, group)) allowed.emplace_back(f.key);
        bool ok = true;
        for (auto&& [key, value] : t) {
            const std::string k(key.str());
            const ColliderField* field = findColliderField(k);
            if (!field || !fieldAppliesTo(*field, group)) {
                error(value, "unknown pin_group key '" + k + "'" + suggestion(k, allowed) + "; allowed: " + join(allowed));
                ok = false;
                continue;
            }
            auto v = readColliderValue(*field, value, "pin_group ");
            if (!v) {
                ok = false;
                continue;
            }
            setPinGroupValue(group, *field, *v);
        }
        for (const ColliderField& f : colliderFields())
            if (fieldAppliesTo(f, group) && f.requiredFor && !t.get(f.key)) {
                error(element, "a pin_group needs '" + std::string(f.key) + "' (" + std::string(f.help) + " " +
                                   describeRange(f) + ")");
                ok = false;
            }
        if (!ok) return;
        if (group.uvMin.x > group.uvMax.x || group.uvMin.y > group.uvMax.y)
            return error(*t.get("uv_max"), "pin_group's rectangle is empty: uv_max must be >= uv_min on both axes");
        if (group.script.kind == ScriptKind::Path && !t.get("path"))
            return error(element, "a pin_group with script = \"path\" needs 'path' (displacements [[x, y, z], ...])");
        if (t.get("release") && group.release <= group.script.start)
            return error(*t.get("release"), "pin_group's release must come after its start (" +
                                                tomlFloat(group.script.start) + " s)");
        groups.push_back(std::move(group));
    }

    void readPinGroups(const toml::node& node, PinGroups& groups) {
        auto array = node.as_array();
        if (!array || !array->is_array_of_tables())
            return error(node, "'pin_group' must be an array of tables ([[pin_group]])");
        std::vector<const toml::node*> read;  // the table of each group kept
        for (const toml::node& element : *array) {
            const std::size_t before = groups.size();
            readPinGroup(*element.as_table(), element, groups);
            if (groups.size() > before) read.push_back(&element);
        }
        const PinGroupClash clash = findPinGroupClash(groups);
        if (clash.any())
            error(*read[static_cast<std::size_t>(clash.second)],
                  "pin groups " + std::to_string(clash.first + 1) + " (line " +
                      std::to_string(read[static_cast<std::size_t>(clash.first)]->source().begin.line) + ") and " +
                      std::to_string(clash.second + 1) +
                      " hold vertices in common while both are active: their (u, v) rectangles meet");
    }

    // Converts and validates one collider value; reports and returns nothing on failure.
    std::optional<ColliderValue> readColliderValue(const ColliderField& field, const toml::node& node,
                                                   const char* what = "collider ") {
        const std::optional<ColliderValue> value = colliderValueOf(field, node);
        // a value of the wrong type: the validator's message says what is expected
        const ColliderValue wrongType =
            field.type == ColliderFieldType::Float ? ColliderValue(std::string()) : ColliderValue(0.0f);
        const std::string message = validateColliderValue(field, value ? *value : wrongType);
        if (!message.empty()) {
            error(node, what + message + (field.unit.empty() ? "" : " (" + std::string(field.unit) + ")"));
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

World makeWorld(const SceneDesc& scene) { return makeWorld(scene.settings, scene.colliders, scene.pinGroups); }

SceneLoad loadSceneFile(const std::filesystem::path& path) {
    std::variant<std::string, SceneError> text = readSceneText(path);
    if (auto error = std::get_if<SceneError>(&text)) {
        SceneLoad result;
        result.errors.push_back(std::move(*error));
        return result;
    }
    return parseScene(std::get<std::string>(text), path.string());
}

} // namespace cs
