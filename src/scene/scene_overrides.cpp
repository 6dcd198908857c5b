// --set KEY=VALUE: one parameter (or collider field) from the command line or a
// replay, read with the scene reader's conversions and validation.
#include "scene.hpp"
#include "toml_values.hpp"

#include "sim/collision/collider_fields.hpp"
#include "sim/world.hpp"

#include <map>
#include <toml++/toml.h>

namespace cs {
using namespace scene_detail;

SceneLoad loadSceneFile(const std::filesystem::path& path, const std::vector<std::string>& overrides) {
    SceneLoad load = loadSceneFile(path);
    applyOverrides(load, overrides);
    return load;
}

void scene_detail::applyOverrides(SceneLoad& load, const std::vector<std::string>& overrides) {
    if (!load.ok()) return;
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
    if (!field || !(field->owners & kOnColliders)) {
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

} // namespace cs
