#include "data_paths.hpp"

#include <cstdlib>

namespace cs {

std::filesystem::path dataDir() {
    if (const char* env = std::getenv("CLOTHSIM_DATA_DIR"); env && *env) return env;
    return CLOTHSIM_DATA_DIR;
}

std::filesystem::path shaderDir() { return dataDir() / "shaders"; }
std::filesystem::path sceneDir() { return dataDir() / "scenes"; }
std::filesystem::path assetDir() { return dataDir() / "assets"; }
std::filesystem::path defaultScenePath() { return sceneDir() / "hanging.toml"; }

} // namespace cs
