#pragma once
// Values as the scene reader and --set read them from TOML: conversions to the
// parameter and collider tables' types (not yet validated), path parameters
// resolved to the files they name, and "did you mean" for a misspelt key.
// Private to src/scene.
#include "scene.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <toml++/toml.h>
#include <variant>
#include <vector>

namespace cs::scene_detail {

std::optional<double> number(const toml::node& node);
std::optional<int> integer(const toml::node& node);

// Converts a TOML value to the field's type (not yet validated); nothing when the type is wrong.
std::optional<ColliderValue> colliderValueOf(const ColliderField& field, const toml::node& node);

// Converts a TOML value to the parameter's type; an error message on mismatch.
std::variant<ParamValue, std::string> toParamValue(const ParamDef& def, const toml::node& node);

// A path parameter's text as the file it names (findSceneFile), or why it cannot be.
std::variant<ParamValue, std::string> resolvePath(const std::string& text, const std::filesystem::path& folder);

// " (did you mean 'cloth.resolution'?)" for a near-miss, else "".
std::string suggestion(std::string_view key, const std::vector<std::string>& candidates);
std::vector<std::string> allParamKeys();

// The whole text of a scene file, or why it cannot be read (scene_files.cpp).
std::variant<std::string, SceneError> readSceneText(const std::filesystem::path& path);

// Applies `--set` overrides to a loaded scene (scene_overrides.cpp): what
// loadSceneFile(path, overrides) does after reading the file.
void applyOverrides(SceneLoad& load, const std::vector<std::string>& overrides);

} // namespace cs::scene_detail
