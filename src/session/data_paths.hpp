#pragma once
// Where the program finds shaders/, scenes/ and assets/: $CLOTHSIM_DATA_DIR if
// set, else the source tree it was built from.
#include <filesystem>

namespace cs {

std::filesystem::path dataDir();
std::filesystem::path shaderDir();
std::filesystem::path sceneDir();
std::filesystem::path assetDir();
std::filesystem::path defaultScenePath();  // scenes/hanging.toml

} // namespace cs
