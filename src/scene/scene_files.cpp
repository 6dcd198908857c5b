// Where scene files and the files they name are found, and the catalogue of a
// folder's scenes ([scene] tables only) for the selector and --list-scenes.
#include "scene.hpp"
#include "toml_values.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <toml++/toml.h>

namespace cs {
namespace {

std::optional<std::filesystem::path>& projectRootSetting() {
    static std::optional<std::filesystem::path> root;
    return root;
}

} // namespace

namespace scene_detail {

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

} // namespace scene_detail

using scene_detail::readSceneText;

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
