#pragma once
// What the app remembers between runs, in one folder of the user's: ImGui's
// window layout (imgui.ini), the last scene opened (last_scene, one line) and
// whether the panels and the help were shown (ui, key=value lines).
// The folder is $CLOTHSIM_CONFIG_DIR, else $XDG_CONFIG_HOME/clothsim, else
// ~/.config/clothsim. --frames runs (screenshots, tests) do not use it at all.
// Every read tolerates a missing or garbled file: the defaults stand in.
#include <filesystem>
#include <optional>
#include <string>

namespace cs {

// Where the configuration folder would be, from the environment; empty when
// none of the variables is set.
std::filesystem::path configDirFromEnvironment();

struct UiPrefs {
    bool showUi = true;     // Tab / U
    bool showHelp = false;  // H
};

class UserConfig {
public:
    UserConfig() = default;  // disabled: reads give defaults, writes do nothing

    // Uses `dir`, creating it when missing. When it cannot be used, the config
    // stays disabled and `problem()` says why (for one line on stderr).
    static UserConfig open(const std::filesystem::path& dir);

    bool enabled() const { return !m_dir.empty(); }
    const std::filesystem::path& dir() const { return m_dir; }
    const std::string& problem() const { return m_problem; }

    // ImGui's layout file; empty when disabled.
    std::filesystem::path imguiIniPath() const;

    std::optional<std::filesystem::path> lastScene() const;
    // Stores `scene` (made absolute) unless it is what the last call stored, so
    // the loop may call it every frame: an unchanged path costs one comparison.
    // Returns whether the file names it. "" (a scene built in code) is not stored.
    bool rememberScene(const std::string& scene);

    UiPrefs uiPrefs() const;
    bool saveUiPrefs(const UiPrefs& prefs) const;

private:
    std::filesystem::path m_dir;
    std::string m_problem;
    std::string m_rememberedScene;  // the last path given to rememberScene, to skip rewriting it
};

// The scene to open when none is given: the remembered one when it still loads,
// else `fallback`. When the remembered one is passed over, `message` says why.
std::filesystem::path chooseStartScene(const UserConfig& config, const std::filesystem::path& fallback,
                                       std::string& message);

} // namespace cs
