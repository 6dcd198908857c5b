// What the app keeps between runs: written, then read back by a fresh start;
// missing, garbled or unusable files give the defaults; a last scene that is gone
// or broken gives the default scene with a message. Every test works in its own
// temporary folder, named by CLOTHSIM_CONFIG_DIR: the user's config is never read.
#include "../support/temp_dir.hpp"
#include "app/user_config.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

namespace cs {
namespace {

const std::filesystem::path kSource = CLOTHSIM_SOURCE_DIR;

// Restores an environment variable when the test ends.
class EnvVar {
public:
    EnvVar(const char* name, const char* value) : m_name(name) {
        if (const char* old = std::getenv(name)) m_old = old;
        if (value) setenv(name, value, 1);
        else unsetenv(name);
    }
    ~EnvVar() {
        if (m_old) setenv(m_name, m_old->c_str(), 1);
        else unsetenv(m_name);
    }

private:
    const char* m_name;
    std::optional<std::string> m_old;
};

class UserConfigTest : public ::testing::Test {
protected:
    void SetUp() override {
        configDir = tmp.path() / "config";  // not there yet: open() makes it
        env.emplace("CLOTHSIM_CONFIG_DIR", configDir.c_str());
    }
    void TearDown() override { env.reset(); }
    const test::TempDir tmp{"config"};
    const std::filesystem::path& root = tmp.path();
    std::filesystem::path configDir;
    std::optional<EnvVar> env;
};

TEST_F(UserConfigTest, TheFolderComesFromTheEnvironmentInOrder) {
    EXPECT_EQ(configDirFromEnvironment(), configDir);
    EnvVar noOverride("CLOTHSIM_CONFIG_DIR", nullptr);
    {
        EnvVar xdg("XDG_CONFIG_HOME", "/somewhere/config");
        EXPECT_EQ(configDirFromEnvironment(), std::filesystem::path("/somewhere/config/clothsim"));
    }
    EnvVar noXdg("XDG_CONFIG_HOME", nullptr);
    {
        EnvVar home("HOME", "/home/someone");
        EXPECT_EQ(configDirFromEnvironment(), std::filesystem::path("/home/someone/.config/clothsim"));
    }
    EnvVar noHome("HOME", nullptr);
    EXPECT_TRUE(configDirFromEnvironment().empty());
    EXPECT_FALSE(UserConfig::open(configDirFromEnvironment()).enabled());
}

TEST_F(UserConfigTest, WhatIsWrittenIsReadBackByTheNextRun) {
    const std::filesystem::path scene = kSource / "scenes/drape_sphere.toml";
    {
        UserConfig config = UserConfig::open(configDirFromEnvironment());
        ASSERT_TRUE(config.enabled()) << config.problem();
        EXPECT_TRUE(std::filesystem::is_directory(configDir));
        EXPECT_EQ(config.imguiIniPath(), configDir / "imgui.ini");
        EXPECT_TRUE(config.rememberScene(scene.string()));
        EXPECT_TRUE(config.saveUiPrefs({false, true}));
    }
    const UserConfig next = UserConfig::open(configDirFromEnvironment());
    ASSERT_TRUE(next.lastScene().has_value());
    EXPECT_EQ(*next.lastScene(), scene);
    const UiPrefs prefs = next.uiPrefs();
    EXPECT_FALSE(prefs.showUi);
    EXPECT_TRUE(prefs.showHelp);
    std::string message;
    EXPECT_EQ(chooseStartScene(next, kSource / "scenes/hanging.toml", message), scene);
    EXPECT_EQ(message, "");
}

TEST_F(UserConfigTest, ARelativeSceneIsStoredAbsolute) {
    UserConfig config = UserConfig::open(configDir);
    ASSERT_TRUE(config.rememberScene("scenes/hanging.toml"));
    ASSERT_TRUE(config.lastScene().has_value());
    EXPECT_TRUE(config.lastScene()->is_absolute());
    EXPECT_EQ(*config.lastScene(), std::filesystem::current_path() / "scenes/hanging.toml");
    // the same path again is not written again: the loop calls this every frame
    std::filesystem::remove(configDir / "last_scene");
    EXPECT_TRUE(config.rememberScene("scenes/hanging.toml"));
    EXPECT_FALSE(std::filesystem::exists(configDir / "last_scene"));
    EXPECT_FALSE(config.rememberScene(""));  // a scene built in code has no file
}

TEST_F(UserConfigTest, MissingAndGarbledFilesGiveTheDefaults) {
    const UserConfig config = UserConfig::open(configDir);
    ASSERT_TRUE(config.enabled());
    EXPECT_FALSE(config.lastScene().has_value());
    EXPECT_TRUE(config.uiPrefs().showUi);
    EXPECT_FALSE(config.uiPrefs().showHelp);

    std::ofstream(configDir / "ui") << "show_ui=maybe\nshow_help\n\x01\x02 binary junk ==\nshow_help=2\n";
    std::ofstream(configDir / "last_scene") << "\n";
    EXPECT_TRUE(config.uiPrefs().showUi);
    EXPECT_FALSE(config.uiPrefs().showHelp);
    EXPECT_FALSE(config.lastScene().has_value());

    // a folder where a file should be: unreadable, not a crash
    std::filesystem::remove(configDir / "ui");
    std::filesystem::create_directory(configDir / "ui");
    EXPECT_TRUE(config.uiPrefs().showUi);
    EXPECT_FALSE(config.saveUiPrefs({false, false}));
}

TEST_F(UserConfigTest, AnUnusableFolderTurnsPersistenceOffAndSaysWhy) {
    const std::filesystem::path file = root / "a_file";
    std::ofstream(file) << "not a folder\n";
    for (const std::filesystem::path& dir : {file, file / "below"}) {
        UserConfig config = UserConfig::open(dir);
        EXPECT_FALSE(config.enabled());
        EXPECT_NE(config.problem().find(dir.string()), std::string::npos) << config.problem();
        EXPECT_TRUE(config.imguiIniPath().empty());
        EXPECT_FALSE(config.lastScene().has_value());
        EXPECT_TRUE(config.uiPrefs().showUi);
        EXPECT_FALSE(config.rememberScene((kSource / "scenes/hanging.toml").string()));
        EXPECT_FALSE(config.saveUiPrefs({}));
        std::string message;
        EXPECT_EQ(chooseStartScene(config, "fallback.toml", message), "fallback.toml");
        EXPECT_EQ(message, "");
    }
    EXPECT_EQ(std::filesystem::file_size(file), 13u) << "the file in the way is left alone";
}

TEST_F(UserConfigTest, ALastSceneThatIsGoneOrBrokenGivesTheDefaultWithAMessage) {
    const std::filesystem::path fallback = kSource / "scenes/hanging.toml";
    UserConfig config = UserConfig::open(configDir);
    const std::filesystem::path scene = root / "mine.toml";
    std::ofstream(scene) << "[scene]\nname = \"mine\"\n";
    ASSERT_TRUE(config.rememberScene(scene.string()));
    std::string message;
    EXPECT_EQ(chooseStartScene(config, fallback, message), scene);

    std::ofstream(scene) << "[scene]\nname = \"mine\"\n[solver]\nsubsteps = 0\n";  // now broken
    EXPECT_EQ(chooseStartScene(config, fallback, message), fallback);
    EXPECT_NE(message.find("no longer loads"), std::string::npos) << message;
    EXPECT_NE(message.find(scene.string() + ":4:"), std::string::npos) << message;

    std::filesystem::remove(scene);  // now gone
    EXPECT_EQ(chooseStartScene(config, fallback, message), fallback);
    EXPECT_NE(message.find(scene.string()), std::string::npos) << message;
    EXPECT_NE(message.find(fallback.string()), std::string::npos) << message;
}

} // namespace
} // namespace cs
