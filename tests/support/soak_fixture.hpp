#pragma once
// A short soak for tests: small cloths on the hanging scene, work capped at 4
// substeps/iterations, so that thousands of random actions take seconds.
#include "scene/scene.hpp"
#include "session/soak.hpp"

#include <cstdint>
#include <string>

namespace cs::test {

inline SoakOptions smallSoak(std::uint64_t seed, long long steps, int side = 12) {
    const std::string source = CLOTHSIM_SOURCE_DIR;
    setProjectRoot(source);
    SoakOptions options;
    options.steps = steps;
    options.seed = seed;
    options.scenePath = source + "/scenes/hanging.toml";
    options.sceneFolder = source + "/scenes";
    options.overrides = {"cloth.resolution=[" + std::to_string(side) + "," + std::to_string(side) + "]"};
    options.workCap = 4;
    return options;
}

} // namespace cs::test
