#include "user_config.hpp"

#include "scene/scene.hpp"
#include "session/write_whole.hpp"

#include <cstdlib>
#include <fstream>
#include <system_error>

namespace cs {
namespace {

constexpr const char* kIniFile = "imgui.ini";
constexpr const char* kLastSceneFile = "last_scene";
constexpr const char* kUiFile = "ui";

std::filesystem::path environmentPath(const char* name) {
    const char* value = std::getenv(name);
    return value && *value ? std::filesystem::path(value) : std::filesystem::path();
}

// The first line of a small text file; nothing when it cannot be read.
std::optional<std::string> firstLine(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::string line;
    if (!in || !std::getline(in, line)) return std::nullopt;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return line;
}

} // namespace

std::filesystem::path configDirFromEnvironment() {
    if (auto dir = environmentPath("CLOTHSIM_CONFIG_DIR"); !dir.empty()) return dir;
    if (auto xdg = environmentPath("XDG_CONFIG_HOME"); !xdg.empty()) return xdg / "clothsim";
    if (auto home = environmentPath("HOME"); !home.empty()) return home / ".config" / "clothsim";
    return {};
}

UserConfig UserConfig::open(const std::filesystem::path& dir) {
    UserConfig config;
    if (dir.empty()) {
        config.m_problem = "no configuration folder (set CLOTHSIM_CONFIG_DIR, XDG_CONFIG_HOME or HOME)";
        return config;
    }
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec || !std::filesystem::is_directory(dir, ec)) {
        config.m_problem = "cannot use " + dir.string() + " for settings (" +
                           (ec ? ec.message() : std::string("not a folder")) + ")";
        return config;
    }
    config.m_dir = dir;
    return config;
}

std::filesystem::path UserConfig::imguiIniPath() const { return enabled() ? m_dir / kIniFile : std::filesystem::path(); }

std::optional<std::filesystem::path> UserConfig::lastScene() const {
    if (!enabled()) return std::nullopt;
    std::optional<std::string> line = firstLine(m_dir / kLastSceneFile);
    if (!line || line->empty()) return std::nullopt;
    return std::filesystem::path(*line);
}

bool UserConfig::rememberScene(const std::string& scene) {
    if (!enabled() || scene.empty()) return false;
    if (scene == m_rememberedScene) return true;
    m_rememberedScene = scene;
    std::error_code ec;
    const std::filesystem::path absolute = std::filesystem::absolute(scene, ec);
    return writeFileWhole(m_dir / kLastSceneFile, (ec ? std::filesystem::path(scene) : absolute).string() + "\n")
        .empty();
}

UiPrefs UserConfig::uiPrefs() const {
    UiPrefs prefs;
    if (!enabled()) return prefs;
    std::ifstream in(m_dir / kUiFile);
    std::string line;
    while (std::getline(in, line)) {
        const auto eq = line.find('=');
        if (eq == std::string::npos) continue;  // not ours: ignored, the default stands
        const std::string key = line.substr(0, eq), value = line.substr(eq + 1);
        if (value != "0" && value != "1") continue;
        if (key == "show_ui") prefs.showUi = value == "1";
        else if (key == "show_help") prefs.showHelp = value == "1";
    }
    return prefs;
}

bool UserConfig::saveUiPrefs(const UiPrefs& prefs) const {
    if (!enabled()) return false;
    const std::string text = std::string("show_ui=") + (prefs.showUi ? "1" : "0") +
                             "\nshow_help=" + (prefs.showHelp ? "1" : "0") + "\n";
    return writeFileWhole(m_dir / kUiFile, text).empty();
}

std::filesystem::path chooseStartScene(const UserConfig& config, const std::filesystem::path& fallback,
                                       std::string& message) {
    message.clear();
    const std::optional<std::filesystem::path> last = config.lastScene();
    if (!last) return fallback;
    const SceneLoad load = loadSceneFile(*last);
    if (load.ok()) return *last;
    const std::string why = load.errors.empty() ? std::string("does not load") : load.errors.front().str();
    message = "the last scene no longer loads (" + why + "); opening " + fallback.string();
    return fallback;
}

} // namespace cs
