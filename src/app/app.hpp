#pragma once
// The interactive program: a GLFW window, the fixed-timestep loop, the renderer
// and the ImGui panels around one Simulation.
#include <filesystem>
#include <glm/vec2.hpp>
#include <string>
#include <vector>

namespace cs {

struct AppOptions {
    std::filesystem::path scenePath;          // scene to open
    std::vector<std::string> overrides;       // --set KEY=VALUE, applied after loading
    int frames = 0;                           // > 0: render this many frames, then exit
    std::filesystem::path screenshotPath;     // with frames: save the last frame as PNG
    int windowWidth = 1280;                   // --size: the window's client area, screen pixels
    int windowHeight = 800;
    std::filesystem::path recordDir{};        // --record: every frame as DIR/frame_00001.png, ...
    std::filesystem::path captureDir = "captures";  // --capture-dir: where F12 and F9 put their files
    std::filesystem::path inputsPath{};       // --record-inputs: the session's inputs, for --replay
    bool openLastScene = false;               // no --scene: the last run's scene, when it still loads (user_config)
    struct Cut {
        glm::vec2 from, to;                   // rest (u, v) in [0,1]^2
    };
    std::vector<Cut> cuts;                    // --cut: made before the first step, recorded as inputs
    std::vector<std::string> compare;         // --compare: 2 to 4 methods side by side from the start
};

// Runs until the window closes (or `frames` have been drawn). Returns the exit code:
// 0 on success, non-zero when no window/GL context could be made or the screenshot failed.
int runApp(const AppOptions& options);

} // namespace cs
