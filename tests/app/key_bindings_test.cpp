// The key table: every key the help lists does what the help says, to the
// AppContext, without a window; no two rows fight over a key; the help's label
// names exactly the keys a row is bound to.
#include "app/app_context.hpp"
#include "app/key_bindings.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>  // key codes only: no GLFW function is called
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <set>
#include <string>

namespace cs {
namespace {

const std::filesystem::path kSource = CLOTHSIM_SOURCE_DIR;

// Everything a key may change, as one comparable record.
struct Snapshot {
    std::map<std::string, int> values;

    static Snapshot of(const AppContext& ctx) {
        Snapshot s;
        auto& v = s.values;
        v["paused"] = ctx.paused;
        v["stepRequested"] = ctx.stepRequested;
        v["resetRequested"] = ctx.resetRequested;
        v["reloadShadersRequested"] = ctx.reloadShadersRequested;
        v["frameRequested"] = ctx.frameRequested;
        v["fullscreenRequested"] = ctx.fullscreenRequested;
        v["quitRequested"] = ctx.quitRequested;
        v["undoCutRequested"] = ctx.undoCutRequested;
        v["redoCutRequested"] = ctx.redoCutRequested;
        v["cycleShaderRequested"] = ctx.cycleShaderRequested;
        v["debugViewToggleRequested"] = ctx.debugViewToggleRequested;
        v["screenshotRequested"] = ctx.screenshotRequested;
        v["recordToggleRequested"] = ctx.recordToggleRequested;
        v["saveSceneRequested"] = ctx.saveSceneRequested;
        v["historyStepRequested"] = ctx.historyStepRequested;
        v["showUi"] = ctx.showUi;
        v["showHelp"] = ctx.showHelp;
        v["cutMode"] = ctx.tools.cut.mode();
        v["wireframe"] = ctx.sim->world().settings.render.wireframe;
        const auto& pinned = ctx.sim->world().cloth.pinned;
        for (std::size_t i = 0; i < pinned.size(); ++i)
            if (pinned[i]) v["pinned " + std::to_string(i)] = 1;
        return s;
    }

    // name -> value after, for every entry that differs
    std::map<std::string, int> changedTo(const Snapshot& after) const {
        std::map<std::string, int> out;
        std::set<std::string> names;
        for (const auto& [name, value] : values) names.insert(name);
        for (const auto& [name, value] : after.values) names.insert(name);
        for (const std::string& name : names) {
            const auto a = values.find(name), b = after.values.find(name);
            const int before = a == values.end() ? 0 : a->second, now = b == after.values.end() ? 0 : b->second;
            if (before != now) out[name] = now;
        }
        return out;
    }
};

class KeyBindings : public ::testing::Test {
protected:
    void SetUp() override {
        // 6 x 5 particles; the top corners (0 and 5) pinned
        fresh = std::make_unique<AppContext>();
        ASSERT_TRUE(openScene(ctx(), kSource / "scenes/hanging.toml", {"cloth.resolution=[6,5]", "cloth.pins=top_corners"}))
            << ctx().sceneError;
    }
    AppContext& ctx() { return *fresh; }
    // What pressing the key changes in a fresh context.
    std::map<std::string, int> press(int key, int mods = 0, bool repeat = false) {
        const Snapshot before = Snapshot::of(ctx());
        dispatchKey(ctx(), key, mods, repeat);
        return before.changedTo(Snapshot::of(ctx()));
    }
    std::unique_ptr<AppContext> fresh;
};

using Changes = std::map<std::string, int>;

// What each row must do, by the label the help shows: the changes after pressing
// its first key (its others are checked below). A row missing here fails the test.
const std::map<std::string, Changes>& expectedChanges() {
    static const std::map<std::string, Changes> expected = {
        {"P", {{"paused", 1}}},
        {"N", {{"paused", 1}, {"stepRequested", 1}}},
        {"R", {{"resetRequested", 1}}},
        {"W", {{"wireframe", 1}}},
        {"F", {{"frameRequested", 1}}},
        {"S", {{"cycleShaderRequested", 1}}},
        {"D", {{"debugViewToggleRequested", 1}}},
        {"0 1 2 3", {{"pinned 0", 0}}},  // the top-left corner was pinned
        {"C", {{"cutMode", 1}}},
        {"ctrl + Z", {{"undoCutRequested", 1}}},
        {"ctrl + shift + Z", {{"redoCutRequested", 1}}},
        {"ctrl + S", {{"saveSceneRequested", 1}}},
        {"Left / Right", {{"paused", 1}, {"historyStepRequested", -1}}},
        {"F9", {{"recordToggleRequested", 1}}},
        {"F12", {{"screenshotRequested", 1}}},
        {"H", {{"showHelp", 1}}},
        {"F5", {{"reloadShadersRequested", 1}}},
        {"Tab or U", {{"showUi", 0}}},
        {"F11", {{"fullscreenRequested", 1}}},
        {"Esc", {{"quitRequested", 1}}},
    };
    return expected;
}

TEST_F(KeyBindings, EveryRowDoesWhatItsHelpSays) {
    std::set<std::string> seen;
    for (const KeyBinding& binding : keyBindings()) {
        SCOPED_TRACE(binding.keys);
        const auto expected = expectedChanges().find(binding.keys);
        ASSERT_NE(expected, expectedChanges().end()) << "no expectation for this row: add one";
        seen.insert(binding.keys);
        SetUp();  // a fresh context per row
        EXPECT_EQ(press(binding.codes[0], binding.mods), expected->second);
    }
    EXPECT_EQ(seen.size(), expectedChanges().size()) << "a row the issue asks for is missing";
}

TEST_F(KeyBindings, EveryRowIsDescribedAndNoKeyIsBoundTwice) {
    std::set<std::pair<int, int>> taken;
    for (const KeyBinding& binding : keyBindings()) {
        EXPECT_TRUE(binding.keys && *binding.keys);
        EXPECT_TRUE(binding.action && *binding.action) << binding.keys;
        EXPECT_NE(binding.apply, nullptr) << binding.keys;
        EXPECT_EQ(binding.mods & ~(kBindingMods | kModShift), 0) << binding.keys << ": ctrl, alt, super (and shift) tell keys apart";
        EXPECT_GT(binding.codes[0], 0) << binding.keys;
        for (int code : binding.codes) {
            if (code == 0) break;
            EXPECT_TRUE(taken.insert({code, binding.mods}).second) << binding.keys << " shares a key with another row";
        }
    }
}

// The help prints each row's `keys` label: it must name exactly the row's keys and modifiers.
TEST_F(KeyBindings, HelpLabelsNameTheBoundKeys) {
    auto name = [](int code) -> std::string {
        if (code >= GLFW_KEY_A && code <= GLFW_KEY_Z) return std::string(1, static_cast<char>('A' + code - GLFW_KEY_A));
        if (code >= GLFW_KEY_0 && code <= GLFW_KEY_9) return std::string(1, static_cast<char>('0' + code - GLFW_KEY_0));
        if (code >= GLFW_KEY_F1 && code <= GLFW_KEY_F25) return "F" + std::to_string(code - GLFW_KEY_F1 + 1);
        switch (code) {
        case GLFW_KEY_TAB: return "Tab";
        case GLFW_KEY_ESCAPE: return "Esc";
        case GLFW_KEY_LEFT: return "Left";
        case GLFW_KEY_RIGHT: return "Right";
        default: return "?" + std::to_string(code);
        }
    };
    std::size_t rows = 0;
    for (const KeyBinding& binding : keyBindings()) {
        ++rows;
        std::string expected = (binding.mods & kModControl) ? "ctrl + " : "";
        if (binding.mods & kModShift) expected += "shift + ";
        std::string separator = binding.codes[1] == 0 ? "" : binding.codes[2] == 0 ? " or " : " ";
        if (binding.codes[0] == GLFW_KEY_LEFT) separator = " / ";  // a direction pair
        for (std::size_t k = 0; k < binding.codes.size() && binding.codes[k] != 0; ++k)
            expected += (k ? separator : "") + name(binding.codes[k]);
        EXPECT_EQ(std::string(binding.keys), expected);
    }
    EXPECT_EQ(rows, expectedChanges().size());
    // the gesture table is about the mouse: no key row hides in it
    for (const GestureHelp& gesture : mouseGestures()) {
        EXPECT_TRUE(gesture.gesture && *gesture.gesture && gesture.action && *gesture.action);
        for (const KeyBinding& binding : keyBindings()) EXPECT_STRNE(gesture.gesture, binding.keys);
    }
}

TEST_F(KeyBindings, EveryKeyOfAMultiKeyRowActs) {
    EXPECT_EQ(press(GLFW_KEY_1), (Changes{{"pinned 5", 0}}));       // top-right
    EXPECT_EQ(press(GLFW_KEY_2), (Changes{{"pinned 24", 1}}));      // bottom-left of 6 x 5
    EXPECT_EQ(press(GLFW_KEY_3), (Changes{{"pinned 29", 1}}));      // bottom-right
    EXPECT_EQ(press(GLFW_KEY_U), (Changes{{"showUi", 0}}));
    EXPECT_EQ(press(GLFW_KEY_TAB), (Changes{{"showUi", 1}}));
    EXPECT_EQ(press(GLFW_KEY_RIGHT), (Changes{{"paused", 1}, {"historyStepRequested", 1}}));
    EXPECT_EQ(press(GLFW_KEY_RIGHT), (Changes{{"historyStepRequested", 2}}));  // steps add up until the loop takes them
}

TEST_F(KeyBindings, ModifiersRepeatsAndUnboundKeys) {
    EXPECT_EQ(press(GLFW_KEY_Z), Changes{}) << "Z alone does nothing";
    EXPECT_EQ(press(GLFW_KEY_S, GLFW_MOD_CONTROL), (Changes{{"saveSceneRequested", 1}})) << "ctrl + S saves, not S";
    EXPECT_EQ(press(GLFW_KEY_P, GLFW_MOD_SHIFT | GLFW_MOD_CAPS_LOCK), (Changes{{"paused", 1}})) << "shift is ignored";
    EXPECT_EQ(press(GLFW_KEY_Z, GLFW_MOD_CONTROL | GLFW_MOD_SHIFT), (Changes{{"redoCutRequested", 1}}))
        << "but ctrl + shift + Z is not ctrl + Z";
    EXPECT_EQ(press(GLFW_KEY_Z, GLFW_MOD_CONTROL), (Changes{{"undoCutRequested", 1}}));
    EXPECT_EQ(press(GLFW_KEY_P, GLFW_MOD_ALT), Changes{}) << "alt + P is no binding";
    EXPECT_EQ(press(GLFW_KEY_P, 0, true), Changes{}) << "holding P does not flicker the pause";
    EXPECT_EQ(press(GLFW_KEY_N, 0, true), (Changes{{"stepRequested", 1}})) << "holding N keeps stepping";
    EXPECT_EQ(press(GLFW_KEY_UNKNOWN), Changes{});
    EXPECT_EQ(press(GLFW_KEY_X), Changes{});
    EXPECT_FALSE(dispatchKey(ctx(), GLFW_KEY_X, 0));
    EXPECT_TRUE(dispatchKey(ctx(), GLFW_KEY_H, 0));
    EXPECT_EQ(GLFW_MOD_CONTROL, kModControl);  // the table's bits are GLFW's
    EXPECT_EQ(GLFW_MOD_ALT, kModAlt);
    EXPECT_EQ(GLFW_MOD_SHIFT, kModShift);
    EXPECT_EQ(GLFW_MOD_SUPER, kModSuper);
}

} // namespace
} // namespace cs
