// Each method's recommended settings: what its scenes/compare_<id>.toml sets for
// the method ([solver] and the solver group's other tables), put onto any scene
// (--recommended). Only the keys the compare file gives are taken, through the
// parameter table; the scene keeps its cloth, colliders, contact and the rest.
#include "scene.hpp"
#include "toml_values.hpp"

#include "sim/solver.hpp"

#include <algorithm>
#include <map>
#include <toml++/toml.h>

namespace cs {
using namespace scene_detail;

std::vector<std::string> methodSections() {
    std::vector<std::string> sections;
    for (const ParamDef& def : paramTable()) {
        if (def.group != ParamGroup::Solver) continue;
        std::string prefix(def.key.substr(0, def.key.find('.')));
        if (std::find(sections.begin(), sections.end(), prefix) == sections.end()) sections.push_back(prefix);
    }
    return sections;
}

std::filesystem::path compareScenePath(std::string_view solverId, const std::filesystem::path& sceneFolder) {
    const std::filesystem::path folder = sceneFolder.empty() ? projectRoot() / "scenes" : sceneFolder;
    return folder / ("compare_" + std::string(solverId) + ".toml");
}

std::string applyRecommendedSettings(Settings& settings, std::string_view solverId,
                                     const std::filesystem::path& sceneFolder) {
    const std::string id(solverId);
    const SolverInfo* info = findSolver(id);
    if (!info) return "unknown solver '" + id + "' (see --list-solvers)";
    if (info->gpu())
        return "'" + id + "' is a GPU solver: it has no compare scene of its own (its CPU twin '" +
               std::string(info->cpuTwin) + "' has: --set solver=" + std::string(info->cpuTwin) + " --recommended)";
    if (sceneFolder.empty() && projectRoot().empty())
        return "no project root is set, so there is no scenes/compare_" + id + ".toml to take '" + id +
               "'s recommended settings from";
    const std::filesystem::path file = compareScenePath(id, sceneFolder);
    std::error_code ec;
    if (!std::filesystem::exists(file, ec))
        return "'" + id + "' has no recommended settings: there is no " + file.string();

    // the whole compare scene is read and checked as any scene is...
    std::variant<std::string, SceneError> text = readSceneText(file);
    if (auto error = std::get_if<SceneError>(&text)) return error->str();
    const SceneLoad compare = parseScene(std::get<std::string>(text), file.string());
    if (!compare.ok()) return "cannot take '" + id + "'s recommended settings:\n" + compare.errorText();
    const Settings& recommended = compare.scene->settings;
    if (recommended.solver.id != id)
        return file.string() + " shows solver '" + recommended.solver.id + "', not '" + id + "'";

    // ...then only the keys its method tables name are taken (not their defaults)
    const toml::table root = toml::parse(std::get<std::string>(text), file.string());  // parsed above: no error
    Settings out = settings;
    for (const std::string& section : methodSections()) {
        const toml::table* table = root[section].as_table();
        if (!table) continue;
        for (auto&& [key, value] : *table) {
            const std::string full = section + "." + std::string(key.str());
            const ParamDef* def = findParam(full);
            if (!def || def->key == "solver.id") continue;  // the reader refused unknown keys; the id is ours
            if (std::string error = setParam(out, *def, getParam(recommended, *def)); !error.empty())
                return file.string() + ": '" + full + "': " + error;
        }
    }
    if (std::string error = setParam(out, *findParam("solver.id"), ParamValue(id)); !error.empty()) return error;
    settings = out;
    return {};
}

SceneLoad loadSceneFile(const std::filesystem::path& path, const SceneLoadOptions& options) {
    SceneLoad load = loadSceneFile(path);
    if (options.recommended && load.ok()) {
        // the method: the one the overrides name (the last --set solver=ID), else the scene's
        Settings named = load.scene->settings;
        for (const std::string& assignment : options.overrides) applyOverride(named, assignment);  // errors: below
        // (on failure the settings are left as they were)
        const std::string error =
            applyRecommendedSettings(load.scene->settings, named.solver.id, options.compareFolder);
        if (!error.empty()) load.errors.push_back({"--recommended", 0, 0, error});  // applyOverrides drops the scene
    }
    // then the overrides, so that an explicit --set wins over a recommended value
    applyOverrides(load, options.overrides);
    return load;
}

} // namespace cs
