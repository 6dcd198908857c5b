#pragma once
// The command line — a contract that scripts, tests and later features rely on.
// Keep these names stable; document changes in the README and in --help.
#include <filesystem>
#include <cstdint>
#include <glm/vec2.hpp>
#include <optional>
#include <string>
#include <vector>

namespace cs {

enum class RunMode { App, Headless, Bench, ListSolvers, ListScenes, ListParams, Help };

struct CommandLine {
    RunMode mode = RunMode::App;
    std::filesystem::path scenePath;          // empty: the default scene
    std::vector<std::string> overrides;       // --set KEY=VALUE, in order
    bool recommended = false;                 // headless: --recommended, the method's compare scene settings
    long long steps = 600;                    // headless: physics steps to run
    std::optional<std::string> statsJson;     // headless: path, or "-" for stdout
    std::optional<std::filesystem::path> dumpObj;  // headless: final cloth as OBJ
    bool strict = false;                      // headless: --strict, exit 3 when the explosion guard recovered
    struct Cut {
        glm::vec2 from, to;                   // rest (u, v) in [0,1]^2
    };
    std::vector<Cut> cuts;                    // --cut U0,V0:U1,V1, applied before the first step (window or headless)
    int frames = 0;                           // app: render N frames then exit
    std::filesystem::path screenshotPath;     // app: with --frames, save the last frame
    std::optional<glm::ivec2> windowSize;     // app: --size WxH, the window's client area in pixels
    std::filesystem::path recordDir;          // app: with --frames, every frame as DIR/frame_00001.png, ...
    std::filesystem::path captureDir;         // app: where F12 and F9 write (default ./captures)
    std::string benchSuite = "all";           // bench: --bench [SUITE] (bench_suites.hpp)
    std::filesystem::path benchOut = "bench-results";  // bench: --bench-out DIR, where SUITE.csv go
    std::optional<long long> benchSteps;      // bench: --bench-steps N, most timed steps per measurement
    std::optional<long long> soakSteps;       // headless: --soak STEPS, random actions (soak.hpp)
    std::uint64_t seed = 1;                   // headless: --seed S, the soak's PRNG seed
    int soakWorkCap = 0;                      // headless: --soak-work-cap N (SoakOptions::workCap)
    std::optional<std::filesystem::path> recordInputs;  // --record-inputs FILE: the actions, as --replay reads them
    std::optional<std::filesystem::path> replay;        // headless: --replay FILE
    std::optional<std::filesystem::path> exportObjSequence;  // headless: --export-obj-sequence DIR
    std::optional<std::filesystem::path> exportPc2;          // headless: --export-pc2 FILE.pc2
    std::optional<int> exportEvery;                          // headless: --export-every N (default 1)
    std::vector<std::string> compare;                        // headless: --compare ID,ID,... (checked ids)
    std::optional<std::filesystem::path> compareCsv;         // headless: --compare-csv FILE.csv
};

struct ParsedCommandLine {
    std::optional<CommandLine> commandLine;   // empty when the arguments are bad
    std::string error;                        // what was wrong
};

// The command line is declared once (CLI11, command_line.cpp): parseCommandLine reads
// argv by those declarations, usageText is the help generated from them, and
// optionNames lists every option name they declare ("--scene", "-h", "--help", ...).
ParsedCommandLine parseCommandLine(int argc, const char* const* argv);
std::string usageText();
std::vector<std::string> optionNames();

// --list-scenes: one line per scene file of `folder`, in columns: the file's stem,
// the scene's name and its one-line description (or why its [scene] table cannot be read).
std::string sceneListing(const std::filesystem::path& folder);

// Runs the whole program for parsed arguments; returns the process exit code.
int runCommandLine(int argc, const char* const* argv);

} // namespace cs
