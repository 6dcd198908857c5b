#include "command_line.hpp"

#include "app/app.hpp"
#include "bench/suites/bench_runner.hpp"
#include "bench/suites/bench_suites.hpp"
#include "session/data_paths.hpp"
#include "session/headless.hpp"
#include "scene/scene.hpp"
#include "sim/params.hpp"
#include "sim/solver.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <iostream>

namespace cs {
namespace {

template <class Int>
bool parseInteger(const std::string& text, Int& out, Int lo, Int hi) {
    Int value{};
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || value < lo || value > hi) return false;
    out = value;
    return true;
}

ParsedCommandLine fail(std::string message) { return {std::nullopt, std::move(message)}; }

// "U,V" with both in [0, 1].
bool parseUV(const std::string& text, glm::vec2& out) {
    const auto comma = text.find(',');
    if (comma == std::string::npos) return false;
    const std::string parts[2] = {text.substr(0, comma), text.substr(comma + 1)};
    for (int k = 0; k < 2; ++k) {
        float value{};
        const char* first = parts[k].data();
        const char* last = first + parts[k].size();
        auto [end, ec] = std::from_chars(first, last, value);
        if (ec != std::errc() || end != last || !(value >= 0.0f && value <= 1.0f)) return false;
        out[k] = value;
    }
    return true;
}

// "U0,V0:U1,V1".
bool parseCut(const std::string& text, CommandLine::Cut& cut) {
    const auto colon = text.find(':');
    return colon != std::string::npos && parseUV(text.substr(0, colon), cut.from) &&
           parseUV(text.substr(colon + 1), cut.to) && cut.from != cut.to;
}

// "WIDTHxHEIGHT", each in [64, 8192].
bool parseSize(const std::string& text, glm::ivec2& size) {
    const auto x = text.find('x');
    return x != std::string::npos && parseInteger(text.substr(0, x), size.x, 64, 8192) &&
           parseInteger(text.substr(x + 1), size.y, 64, 8192);
}

// The headless runner's part of the command line.
HeadlessOptions headlessOptions(const CommandLine& cl) {
    HeadlessOptions options;
    options.scenePath = cl.scenePath;
    options.overrides = cl.overrides;
    options.steps = cl.steps;
    options.statsJson = cl.statsJson;
    options.dumpObj = cl.dumpObj;
    options.strict = cl.strict;
    for (const CommandLine::Cut& cut : cl.cuts) options.cuts.push_back({cut.from, cut.to});
    options.soakSteps = cl.soakSteps;
    options.seed = cl.seed;
    options.soakWorkCap = cl.soakWorkCap;
    options.recordInputs = cl.recordInputs;
    options.replay = cl.replay;
    options.exportObjSequence = cl.exportObjSequence;
    options.exportPc2 = cl.exportPc2;
    options.exportEvery = cl.exportEvery.value_or(1);
    return options;
}

} // namespace

std::string usageText() {
    return R"(clothsim — interactive cloth-simulation sandbox

usage:
  clothsim [--scene FILE] [--set KEY=VALUE]... [--record-inputs FILE]
      open the window on a scene (default: scenes/hanging.toml); with
      --record-inputs, write everything done to the simulation for --replay
  clothsim --scene FILE --frames N --screenshot PATH.png [--set KEY=VALUE]...
      render N frames (one physics step each), save the window as PNG, exit
  clothsim --scene FILE --frames N --record DIR [--set KEY=VALUE]...
      render N frames (one physics step each), each saved as DIR/frame_00001.png, ...
      (and DIR/recording.mp4 when ffmpeg is on PATH), exit
  clothsim --headless [--scene FILE] [--steps N] [--set KEY=VALUE]...
           [--cut U0,V0:U1,V1]... [--stats-json PATH|-] [--dump-obj PATH] [--strict]
      run N physics steps (default 600) with no window and no OpenGL, then
      write the stats as one JSON object (to PATH, or stdout for -) and/or the
      final cloth as a Wavefront OBJ
  clothsim --headless --soak STEPS [--seed S] [--scene FILE] [--set KEY=VALUE]...
           [--record-inputs FILE] [--stats-json PATH|-]
      random actions within the parameter table's ranges every few steps (edits,
      solver and scene switches, cuts, tearing, grabs, drags, collider moves, pins,
      resets), checking the state after each; JSON summary; exit 1 on a broken invariant
  clothsim --headless --replay FILE [--scene FILE] [--steps N] [--stats-json PATH|-] [--dump-obj PATH]
      apply recorded actions (one a line: STEP ACTION ARGS, see src/session/replay.hpp)
      before the steps they name; the JSON has the final state's hash
  clothsim --bench [SUITE] [--bench-out DIR] [--bench-steps N] [--set KEY=VALUE]...
      time the benchmark suites (default all) and write DIR/SUITE.csv and .md
      (default DIR: bench-results), the tables as Markdown on stdout
  clothsim --list-solvers | --list-scenes | --list-params | --help

options:
  --scene FILE        scene file (TOML, see scenes/)
  --set KEY=VALUE     override a parameter; same keys, types and ranges as scene
                      files, e.g. --set solver.substeps=20 --set cloth.resolution=[64,64]
                      ('solver' is short for 'solver.id'; see --list-params)
  --headless          no window, no OpenGL
  --steps N           headless: physics steps to run (1 .. 10000000)
  --cut U0,V0:U1,V1   headless: before the first step, cut the cloth along the segment
                      between two points of its rest (u, v) square [0,1]^2 (repeatable)
  --stats-json PATH   headless: write the stats JSON to PATH ('-' = stdout)
  --dump-obj PATH     headless: write the final cloth as OBJ (v and f lines)
  --strict            headless: exit with code 3 (after writing the stats) when the
                      explosion guard had to restore a good state; the message on stderr
  --soak STEPS        headless: the soak test for STEPS steps (keep cloths small with --set
                      cloth.resolution=[12,12]: it applies to every scene the soak loads)
  --seed S            headless: the soak's random seed (default 1); same seed, same run
  --soak-work-cap N   with --soak: draw substeps and iteration counts in [1, N] only, and
                      put them back to N when the explosion guard raised them
  --record-inputs F   window or --soak: write the session's inputs to F (the --replay
                      format): scenes, edits, resets, grabs, drags, cuts, pins, colliders
  --replay FILE       headless: replay recorded actions step-exactly (a scene line in
                      the file, else --scene; an end line, else --steps)
  --frames N          window: render N frames then exit (1 .. 1000000)
  --screenshot PATH   window: with --frames, save the last frame as PNG
  --size WxH          window: client area in pixels (default 1280x800), e.g. --size 320x200
  --record DIR        window: with --frames, save every frame (the scene, without the
                      panels) as DIR/frame_00001.png, ...; DIR is created
  --capture-dir DIR   window: where F12 screenshots and F9 recordings go (default:
                      captures/ in the working directory; created when needed)
  --bench [SUITE]     time a benchmark suite: all (the default), scaling, seed004, seed001,
                      seed000, selfcollision, tearing or frame (needs a display: xvfb-run);
                      median ms per physics step after a warm-up; --set applies to every run
  --bench-out DIR     bench: where SUITE.csv, SUITE.md and machine.txt go (created)
  --bench-steps N     bench: most timed steps per measurement (1 .. 100000, default 120)
  --list-solvers      print the solver ids, one per line
  --list-scenes       print the scenes of scenes/, one per line: file name (without
                      .toml), scene name and its one-line description, in columns
  --list-params       print every parameter: key, type, default, range, when it applies, help
  --help              this text

The data folder (shaders/, scenes/, assets/) is $CLOTHSIM_DATA_DIR, or the
source tree the program was built from.

The window remembers its panel layout, whether the panels and the help were
shown, and the last scene opened (opened again when no --scene is given) in
$CLOTHSIM_CONFIG_DIR, else $XDG_CONFIG_HOME/clothsim, else ~/.config/clothsim.
--frames runs neither read nor write it.
)";
}

std::string sceneListing(const std::filesystem::path& folder) {
    // only the [scene] tables: listing does not build a single cloth
    std::vector<SceneSummary> scenes;
    std::size_t stemWidth = 0, nameWidth = 0;
    for (const std::filesystem::path& file : listSceneFiles(folder)) {
        scenes.push_back(readSceneSummary(file));
        stemWidth = std::max(stemWidth, file.stem().string().size());
        nameWidth = std::max(nameWidth, scenes.back().name.size());
    }
    std::string out;
    for (const SceneSummary& scene : scenes) {
        std::string stem = scene.path.stem().string();
        stem.resize(stemWidth, ' ');
        if (!scene.error.empty()) {
            out += stem + "  (cannot read its [scene] table: " + scene.error + ")\n";
            continue;
        }
        std::string name = scene.name;
        name.resize(nameWidth, ' ');
        out += stem + "  " + name + "  " + scene.description + "\n";
    }
    return out;
}

ParsedCommandLine parseCommandLine(int argc, const char* const* argv) {
    CommandLine cl;
    bool headless = false;
    bool bench = false;
    bool benchOptionGiven = false;  // --bench-out or --bench-steps
    int listings = 0;
    bool stepsGiven = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto value = [&](std::string& out) {
            if (i + 1 >= argc) return false;
            out = argv[++i];
            return true;
        };
        std::string v;
        if (arg == "--help" || arg == "-h") {
            cl.mode = RunMode::Help;
            ++listings;
        } else if (arg == "--list-solvers") {
            cl.mode = RunMode::ListSolvers;
            ++listings;
        } else if (arg == "--list-scenes") {
            cl.mode = RunMode::ListScenes;
            ++listings;
        } else if (arg == "--list-params") {
            cl.mode = RunMode::ListParams;
            ++listings;
        } else if (arg == "--headless") {
            headless = true;
        } else if (arg == "--bench") {
            bench = true;
            if (i + 1 < argc && argv[i + 1][0] != '-') {  // an optional suite name
                cl.benchSuite = argv[++i];
                if (cl.benchSuite != "all" && !findBenchSuite(cl.benchSuite))
                    return fail("unknown bench suite '" + cl.benchSuite + "' (one of: " + benchSuiteList() + ")");
            }
        } else if (arg == "--bench-out") {
            if (!value(v) || v.empty()) return fail("--bench-out needs a folder");
            cl.benchOut = v;
            benchOptionGiven = true;
        } else if (arg == "--bench-steps") {
            long long steps = 0;
            if (!value(v) || !parseInteger(v, steps, 1LL, 100'000LL))
                return fail("--bench-steps needs a whole number in [1, 100000]");
            cl.benchSteps = steps;
            benchOptionGiven = true;
        } else if (arg == "--scene") {
            if (!value(v) || v.empty()) return fail("--scene needs a file");
            cl.scenePath = v;
        } else if (arg == "--set") {
            if (!value(v) || v.find('=') == std::string::npos) return fail("--set needs KEY=VALUE");
            cl.overrides.push_back(v);
        } else if (arg == "--steps") {
            if (!value(v) || !parseInteger(v, cl.steps, 1LL, 10'000'000LL))
                return fail("--steps needs a whole number in [1, 10000000]");
            stepsGiven = true;
        } else if (arg == "--stats-json") {
            if (!value(v) || v.empty()) return fail("--stats-json needs a path or -");
            cl.statsJson = v;
        } else if (arg == "--strict") {
            cl.strict = true;
        } else if (arg == "--dump-obj") {
            if (!value(v) || v.empty()) return fail("--dump-obj needs a path");
            cl.dumpObj = v;
        } else if (arg == "--cut") {
            CommandLine::Cut cut;
            if (!value(v) || !parseCut(v, cut))
                return fail("--cut needs U0,V0:U1,V1: two different points of the rest (u, v) square, each "
                            "coordinate in [0, 1], e.g. --cut 0,0.5:1,0.5");
            cl.cuts.push_back(cut);
        } else if (arg == "--soak") {
            long long steps = 0;
            if (!value(v) || !parseInteger(v, steps, 1LL, 100'000'000LL))
                return fail("--soak needs a whole number of steps in [1, 100000000]");
            cl.soakSteps = steps;
        } else if (arg == "--seed") {
            if (!value(v) || !parseInteger(v, cl.seed, std::uint64_t{0}, UINT64_MAX))
                return fail("--seed needs a whole number >= 0");
        } else if (arg == "--soak-work-cap") {
            if (!value(v) || !parseInteger(v, cl.soakWorkCap, 1, 1000))
                return fail("--soak-work-cap needs a whole number in [1, 1000]");
        } else if (arg == "--record-inputs") {
            if (!value(v) || v.empty()) return fail("--record-inputs needs a file");
            cl.recordInputs = v;
        } else if (arg == "--replay") {
            if (!value(v) || v.empty()) return fail("--replay needs a file");
            cl.replay = v;
        } else if (arg == "--export-obj-sequence") {
            if (!value(v) || v.empty()) return fail("--export-obj-sequence needs a folder");
            cl.exportObjSequence = v;
        } else if (arg == "--export-pc2") {
            if (!value(v) || v.empty()) return fail("--export-pc2 needs a file");
            cl.exportPc2 = v;
        } else if (arg == "--export-every") {
            int every = 0;
            if (!value(v) || !parseInteger(v, every, 1, 1'000'000))
                return fail("--export-every needs a whole number of steps in [1, 1000000]");
            cl.exportEvery = every;
        } else if (arg == "--frames") {
            if (!value(v) || !parseInteger(v, cl.frames, 1, 1'000'000))
                return fail("--frames needs a whole number in [1, 1000000]");
        } else if (arg == "--size") {
            glm::ivec2 size(0);
            if (!value(v) || !parseSize(v, size))
                return fail("--size needs WIDTHxHEIGHT in pixels, each in [64, 8192], e.g. --size 320x200");
            cl.windowSize = size;
        } else if (arg == "--screenshot") {
            if (!value(v) || v.empty()) return fail("--screenshot needs a path");
            cl.screenshotPath = v;
        } else if (arg == "--record") {
            if (!value(v) || v.empty()) return fail("--record needs a folder");
            cl.recordDir = v;
        } else if (arg == "--capture-dir") {
            if (!value(v) || v.empty()) return fail("--capture-dir needs a folder");
            cl.captureDir = v;
        } else {
            return fail("unknown argument '" + arg + "'");
        }
    }
    if (listings > 1) return fail("give only one of --help, --list-solvers, --list-scenes, --list-params");
    if (listings == 1) return {cl, {}};
    if (bench) {
        if (headless) return fail("give --bench or --headless, not both");
        if (!cl.scenePath.empty()) return fail("--bench chooses its own scenes: no --scene");
        if (stepsGiven || cl.statsJson || cl.dumpObj || !cl.cuts.empty() || cl.frames > 0 ||
            !cl.screenshotPath.empty() || cl.windowSize || !cl.recordDir.empty() || !cl.captureDir.empty())
            return fail("--bench takes only --bench-out, --bench-steps and --set");
        cl.mode = RunMode::Bench;
        return {cl, {}};
    }
    if (benchOptionGiven) return fail("--bench-out and --bench-steps need --bench");
    if (headless) {
        if (cl.frames > 0 || !cl.screenshotPath.empty() || cl.windowSize || !cl.recordDir.empty() ||
            !cl.captureDir.empty())
            return fail("--frames, --screenshot, --size, --record and --capture-dir need a window, not --headless");
        if (cl.soakWorkCap > 0 && !cl.soakSteps) return fail("--soak-work-cap needs --soak");
        if (cl.soakSteps && (cl.replay || stepsGiven || !cl.cuts.empty() || cl.dumpObj))
            return fail("--soak runs its own steps and actions: no --replay, --steps, --cut or --dump-obj");
        if (cl.replay && (cl.recordInputs || !cl.cuts.empty()))
            return fail("--replay takes its actions from the file: no --record-inputs or --cut");
        if (cl.recordInputs && !cl.soakSteps)
            return fail("--record-inputs records a --soak run or a window session, not a plain --headless run");
        cl.mode = RunMode::Headless;
    } else {
        if (cl.soakSteps || cl.replay) return fail("--soak and --replay need --headless");
        if (stepsGiven || cl.statsJson || cl.dumpObj || !cl.cuts.empty() || cl.strict)
            return fail("--steps, --cut, --stats-json, --dump-obj and --strict need --headless");
        if (!cl.screenshotPath.empty() && cl.frames == 0) return fail("--screenshot needs --frames N");
        if (!cl.recordDir.empty() && cl.frames == 0) return fail("--record needs --frames N");
    }
    return {cl, {}};
}

int runCommandLine(int argc, const char* const* argv) {
    const ParsedCommandLine parsed = parseCommandLine(argc, argv);
    if (!parsed.commandLine) {
        std::cerr << "clothsim: " << parsed.error << "\n\n" << usageText();
        return 2;
    }
    CommandLine cl = *parsed.commandLine;
    setProjectRoot(dataDir());  // where relative file names in scenes and --set are found after their own folder
    const bool sceneGiven = !cl.scenePath.empty();
    if (!sceneGiven) cl.scenePath = defaultScenePath();
    switch (cl.mode) {
    case RunMode::Help: std::cout << usageText(); return 0;
    case RunMode::ListParams: std::cout << listParams(); return 0;
    case RunMode::ListSolvers:
        for (const SolverInfo& info : solverRegistry()) std::cout << info.id << "\t" << info.name << "\n";
        return 0;
    case RunMode::ListScenes: std::cout << sceneListing(sceneDir()); return 0;
    case RunMode::Headless: return runHeadless(headlessOptions(cl));
    case RunMode::Bench: return runBench({cl.benchSuite, cl.benchOut, cl.benchSteps, cl.overrides});
    case RunMode::App: {
        AppOptions options;
        options.scenePath = cl.scenePath;
        options.overrides = cl.overrides;
        options.frames = cl.frames;
        options.screenshotPath = cl.screenshotPath;
        if (cl.windowSize) {
            options.windowWidth = cl.windowSize->x;
            options.windowHeight = cl.windowSize->y;
        }
        options.recordDir = cl.recordDir;
        if (cl.recordInputs) options.inputsPath = *cl.recordInputs;
        if (!cl.captureDir.empty()) options.captureDir = cl.captureDir;
        options.openLastScene = !sceneGiven && cl.frames == 0;  // --frames pictures do not depend on the last run
        return runApp(options);
    }
    }
    return 2;
}

} // namespace cs
