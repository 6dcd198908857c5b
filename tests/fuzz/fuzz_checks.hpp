#pragma once
// What must hold for ANY input to the scene reader and to `--set`, whether the
// input is accepted or not. The libFuzzer targets and the regression replay
// (fuzz_regression_test.cpp) check the same things, so a crash or a broken
// promise found by fuzzing stays fixed in the normal build.
#include "scene/scene.hpp"
#include "sim/params.hpp"

#include <string>
#include <string_view>

namespace cs::fuzz {

// "" when every parameter of `settings` passes the table's own validation;
// otherwise which one does not.
inline std::string firstInvalidParam(const Settings& settings) {
    for (const ParamDef& def : paramTable()) {
        // a path may name a file that is not there; its value is still text
        if (def.type == ParamType::Path) continue;
        if (std::string message = validateParam(def, getParam(settings, def)); !message.empty())
            return std::string(def.key) + ": " + message;
    }
    return {};
}

// "" when the promise holds: a scene comes back with valid values, or errors
// come back, each naming the file and saying why.
inline std::string checkSceneText(std::string_view text) {
    constexpr const char* kFileName = "fuzz.toml";
    const SceneLoad load = parseScene(text, kFileName);
    if (load.ok()) {
        if (!load.errors.empty()) return "a scene and errors at once";
        return firstInvalidParam(load.scene->settings);
    }
    if (load.errors.empty()) return "no scene and no error";
    for (const SceneError& error : load.errors) {
        if (error.message.empty()) return "an error without a message";
        if (error.file != kFileName) return "an error naming '" + error.file + "' instead of the file";
    }
    return {};
}

// "" when the promise holds: `--set KEY=VALUE` either stores a valid value or
// says why not and changes nothing.
inline std::string checkAssignment(std::string_view assignment) {
    Settings settings = defaultSettings();
    const std::string error = applyOverride(settings, assignment);
    if (error.empty()) return firstInvalidParam(settings);
    static const Settings kDefaults = defaultSettings();
    for (const ParamDef& def : paramTable()) {
        const ParamValue now = getParam(settings, def);
        // the defaults hold no NaN, so == is exact here
        if (!(now == getParam(kDefaults, def)))
            return "rejected ('" + error + "') but changed " + std::string(def.key);
    }
    return {};
}

} // namespace cs::fuzz
