#include "command_line.hpp"

#include "app/app.hpp"
#include "bench/suites/bench_runner.hpp"
#include "bench/suites/bench_suites.hpp"
#include "session/compare.hpp"
#include "session/data_paths.hpp"
#include "session/headless.hpp"
#include "scene/scene.hpp"
#include "sim/params.hpp"
#include "sim/solver.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <iostream>

namespace cs {
namespace {

// The command line is declared once, with CLI11, in declareCommandLine below: every
// option's name, value, range, help line and group, and the rules between options
// (needs / excludes). The usage text is CLI11's help for those declarations, laid out
// by UsageFormatter between the synopsis and the footer; parseCommandLine runs the same
// declarations and adds the one rule CLI11 cannot say (checkAfterParse).

// The ways to run the program, above the generated option list.
constexpr const char* kSynopsis = R"(usage:
  clothsim [--scene FILE] [--set KEY=VALUE]... [--cut U0,V0:U1,V1]... [--record-inputs FILE]
      open the window on a scene (default: scenes/hanging.toml), cut before the
      first step; with --record-inputs, write everything done to the simulation
      for --replay
  clothsim [--scene FILE] --compare ID,ID[,ID[,ID]] [--set KEY=VALUE]...
      the window with 2 to 4 methods side by side (the Compare tab picks them too)
  clothsim --scene FILE --frames N --screenshot PATH.png [--set KEY=VALUE]... [--cut U0,V0:U1,V1]...
      render N frames (one physics step each), save the window as PNG, exit
  clothsim --scene FILE --frames N --record DIR [--set KEY=VALUE]...
      render N frames (one physics step each), each saved as DIR/frame_00001.png, ...
      (and DIR/recording.mp4 when ffmpeg is on PATH), exit
  clothsim --headless [--scene FILE] [--steps N] [--set KEY=VALUE]... [--recommended]
           [--cut U0,V0:U1,V1]... [--stats-json PATH|-] [--dump-obj PATH] [--strict]
           [--export-obj-sequence DIR] [--export-pc2 FILE] [--export-every N]
      run N physics steps (default 600) with no window and no OpenGL, then
      write the stats as one JSON object (to PATH, or stdout for -) and/or the
      final cloth as a Wavefront OBJ (with the count of crossing triangle pairs,
      self_intersections_max and _final); --recommended runs the scene with the method's
      recommended settings (scenes/compare_ID.toml), under any --set
  clothsim --headless --compare ID,ID,... [--scene FILE] [--steps N] [--set KEY=VALUE]...
           [--cut U0,V0:U1,V1]... [--stats-json PATH|-] [--compare-csv FILE.csv]
      every method named on its own copy of the scene, each with its recommended
      settings (scenes/compare_ID.toml) under any --set, stepped together; the JSON
      has one report per method ({"scene", "steps", "methods": {ID: ...}}), the CSV
      one row per step and method (step,solver,max_stretch_ratio,kinetic_energy,
      residual,ms); tools/plot_compare.sh draws it
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

exit codes: 0 done; 1 the run failed (a broken soak invariant, a failed bench or window);
2 bad arguments or input (the message and this text on stderr); 3 --strict and the
explosion guard recovered; 4 --strict and the cloth's own triangles crossed (at the start
or after any step) while collision.self_collision was on
)";

constexpr const char* kFooter = R"(The data folder (shaders/, scenes/, assets/) is $CLOTHSIM_DATA_DIR, or the
source tree the program was built from.

The window remembers its panel layout, whether the panels and the help were
shown, and the last scene opened (opened again when no --scene is given) in
$CLOTHSIM_CONFIG_DIR, else $XDG_CONFIG_HOME/clothsim, else ~/.config/clothsim.
--frames runs neither read nor write it.)";

// The option groups, in the order the usage shows them.
constexpr const char* kSceneGroup = "scene and parameters (every mode)";
constexpr const char* kWindowGroup = "window (not with --headless or --bench)";
constexpr const char* kHeadlessGroup = "headless (no window, no OpenGL)";
constexpr const char* kSoakGroup = "soak and replay (with --headless)";
constexpr const char* kBenchGroup = "bench";
constexpr const char* kListingGroup = "listings (one at most)";
constexpr const char* kGroups[] = {kSceneGroup, kWindowGroup, kHeadlessGroup, kSoakGroup, kBenchGroup, kListingGroup};

// CLI11's help, laid out as the usage: the synopsis in place of CLI11's usage line,
// "--steps N in [1, 10000000]" (the value's name, then what its validator allows),
// what an option needs on the line under its help, and the groups in kGroups' order.
class UsageFormatter : public CLI::Formatter {
public:
    UsageFormatter() { column_width(34); }
    std::string make_usage(const CLI::App*, std::string) const override { return kSynopsis; }
    std::string make_option_opts(const CLI::Option* option) const override {
        if (option->get_type_size() == 0) return {};
        // CLI11 writes TYPE:ALLOWED; each option here has at most one validator, whose
        // description has no ':' (the one in --cut's U0,V0:U1,V1 is the type's)
        std::string type = option->get_type_name();
        if (const auto colon = type.rfind(':'); colon != std::string::npos && type.find("in [", colon) != std::string::npos)
            type[colon] = ' ';
        return " " + type;
    }
    std::string make_option_desc(const CLI::Option* option) const override {
        std::string text = option->get_description();
        if (!option->get_needs().empty()) {
            text += "\n(needs";
            for (const CLI::Option* needed : option->get_needs()) text += " " + needed->get_name();
            text += ")";
        }
        return text;
    }
    std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode) const override {
        std::string out = make_description(app) + "\n" + make_usage(app, name);
        for (const char* group : kGroups)
            out += make_group(group, false, app->get_options([&](const CLI::Option* o) { return o->get_group() == group; }));
        return out + "\n" + make_footer(app);
    }
};

// A whole number in [lo, hi] (or as `allowed` says), read in decimal as std::from_chars
// reads it (CLI11 alone would take 010 as octal and -1 as a huge unsigned number); CLI11's
// Range checks the bounds. The value is handed on in canonical form (so options add it
// with ->transform, not ->check, which would drop the rewrite), and the message names
// the allowed range whatever was wrong.
template <class Int>
CLI::Validator wholeNumberIn(Int lo, Int hi, std::string allowed = {}) {
    if (allowed.empty()) allowed = "in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
    const CLI::Range range(lo, hi);
    return CLI::Validator(
        [range, allowed](std::string& text) {
            Int value{};
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
            const std::string canonical = std::to_string(value);
            if (ec != std::errc() || end != text.data() + text.size() || !range(canonical).empty())
                return "'" + text + "' is not a whole number " + allowed;
            text = canonical;
            return std::string{};
        },
        allowed);
}

// A value that may not be empty: "--scene: needs a file, not ''".
CLI::Validator nonEmpty(const std::string& what) {
    return CLI::Validator([what](std::string& text) { return text.empty() ? "needs " + what + ", not ''" : std::string{}; },
                          "");
}

// "U,V" with both in [0, 1] (NaN is not).
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

// "U0,V0:U1,V1": two different points.
bool parseCut(const std::string& text, CommandLine::Cut& cut) {
    const auto colon = text.find(':');
    return colon != std::string::npos && parseUV(text.substr(0, colon), cut.from) &&
           parseUV(text.substr(colon + 1), cut.to) && cut.from != cut.to;
}

const CLI::Validator kCut(
    [](std::string& text) {
        CommandLine::Cut cut;
        if (parseCut(text, cut)) return std::string{};
        return "'" + text + "' is not U0,V0:U1,V1: two different points of the rest (u, v) square, each "
                            "coordinate in [0, 1], e.g. --cut 0,0.5:1,0.5";
    },
    "each in [0, 1], two different points");

// "WIDTHxHEIGHT", each side a whole number in [64, 8192] (CLI11's Range).
std::optional<glm::ivec2> parseSize(const std::string& text) {
    const auto x = text.find('x');
    if (x == std::string::npos) return std::nullopt;
    const CLI::Validator side = wholeNumberIn(64, 8192);
    std::string w = text.substr(0, x), h = text.substr(x + 1);
    if (!side(w).empty() || !side(h).empty()) return std::nullopt;
    return glm::ivec2(std::stoi(w), std::stoi(h));
}

const CLI::Validator kSize(
    [](std::string& text) {
        return parseSize(text) ? std::string{}
                               : "'" + text + "' is not WIDTHxHEIGHT in pixels, each in [64, 8192], e.g. --size 320x200";
    },
    "each in [64, 8192]");

// --compare's methods: CPU ids with a compare scene, none twice (compare.hpp).
const CLI::Validator kCompareMethods(
    [](std::string& list) {
        std::vector<std::string> methods;
        return CompareSession::parseMethods(list, methods);
    },
    "CPU method ids");

// --bench's optional suite name: all, or one of bench_suites.hpp.
const CLI::Validator kBenchSuite(
    [](std::string& name) {
        if (name.empty() || name == "all" || findBenchSuite(name)) return std::string{};
        return "unknown bench suite '" + name + "' (one of: " + benchSuiteList() + ")";
    },
    "");

// Every option, its value, range, help line and group, and the rules CLI11 checks
// between them. Values land in `cl` (optional fields through callbacks).
void declareCommandLine(CLI::App& app, CommandLine& cl) {
    app.description("clothsim — interactive cloth-simulation sandbox");
    app.footer(kFooter);
    app.formatter(std::make_shared<UsageFormatter>());
    app.set_help_flag();  // -h / --help is a listing like the others (below), not CLI11's early exit
    app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);  // a repeated option: the last wins

    // --bench is declared first so that its exclusions are the ones reported: "--bench excludes --steps"
    CLI::Option* bench =
        app.add_option_function<std::string>("--bench", [&cl](const std::string& suite) {
               if (!suite.empty()) cl.benchSuite = suite;
           })
            ->expected(0, 1)
            ->type_name("[SUITE]")
            ->check(kBenchSuite)
            ->group(kBenchGroup)
            ->description("time a benchmark suite (default all), one of:\n" + benchSuiteList() +
                          "\n(a suite named after a source document redoes its published tables, beside\n"
                          "ours: see docs/sources.md; frame needs a display: xvfb-run); median ms per\n"
                          "physics step after a warm-up; --set applies to every run");

    // scene and parameters
    CLI::Option* scene = app.add_option("--scene", cl.scenePath, "scene file (TOML, see scenes/)")
                             ->type_name("FILE")
                             ->check(nonEmpty("a file"))
                             ->group(kSceneGroup);
    app.add_option("--set", cl.overrides,
                   "override a parameter; same keys, types and ranges as scene\n"
                   "files, e.g. --set solver.substeps=20 --set cloth.resolution=[64,64]\n"
                   "('solver' is short for 'solver.id'; see --list-params); repeatable")
        ->type_name("KEY=VALUE")
        ->allow_extra_args(false)  // one KEY=VALUE per --set
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
        ->check(CLI::Validator(
            [](std::string& text) {
                return text.find('=') == std::string::npos ? "'" + text + "' is not KEY=VALUE" : std::string{};
            },
            ""))
        ->group(kSceneGroup);

    // window
    CLI::Option* headless = nullptr;  // declared below, in its own group
    CLI::Option* frames = app.add_option("--frames", cl.frames, "render N frames then exit")
                              ->type_name("N")
                              ->transform(wholeNumberIn(1, 1'000'000))
                              ->group(kWindowGroup);
    CLI::Option* screenshot = app.add_option("--screenshot", cl.screenshotPath, "with --frames, save the last frame as PNG")
                                  ->type_name("PATH")
                                  ->check(nonEmpty("a path"))
                                  ->needs(frames)
                                  ->group(kWindowGroup);
    CLI::Option* size = app.add_option_function<std::string>(
                               "--size", [&cl](const std::string& text) { cl.windowSize = parseSize(text); },
                               "client area in pixels (default 1280x800), e.g. --size 320x200")
                            ->type_name("WxH")
                            ->check(kSize)
                            ->group(kWindowGroup);
    CLI::Option* record = app.add_option("--record", cl.recordDir,
                                         "with --frames, save every frame (the scene, without the\n"
                                         "panels) as DIR/frame_00001.png, ...; DIR is created")
                              ->type_name("DIR")
                              ->check(nonEmpty("a folder"))
                              ->needs(frames)
                              ->group(kWindowGroup);
    CLI::Option* captureDir = app.add_option("--capture-dir", cl.captureDir,
                                             "where F12 screenshots and F9 recordings go (default:\n"
                                             "captures/ in the working directory; created when needed)")
                                  ->type_name("DIR")
                                  ->check(nonEmpty("a folder"))
                                  ->group(kWindowGroup);

    // headless
    headless = app.add_flag("--headless")->description("no window, no OpenGL")->group(kHeadlessGroup);
    for (CLI::Option* windowOnly : {frames, screenshot, size, record, captureDir}) windowOnly->excludes(headless);
    CLI::Option* steps = app.add_option("--steps", cl.steps, "physics steps to run (default 600)")
                             ->type_name("N")
                             ->transform(wholeNumberIn(1LL, 10'000'000LL))
                             ->group(kHeadlessGroup);
    std::string methodTables;  // the solver group's other tables: [springs], [implicit], ...
    for (const std::string& section : methodSections())
        if (section != "solver") methodTables += (methodTables.empty() ? "[" : ", [") + section + "]";
    CLI::Option* recommended =
        app.add_flag("--recommended", cl.recommended)
            ->description("the method's recommended settings on this scene: what\n"
                          "scenes/compare_ID.toml sets in [solver] (but the id) and in\n" +
                          methodTables + "; ID is\n"
                          "--set solver=ID, else the scene's solver; the scene keeps its\n"
                          "cloth, colliders and contact, and --set still wins. CPU\n"
                          "solvers only (a GPU id or one without a compare scene exits 2)")
            ->group(kHeadlessGroup);
    CLI::Option* cut = app.add_option_function<std::vector<std::string>>(
                              "--cut",
                              [&cl](const std::vector<std::string>& texts) {
                                  for (const std::string& text : texts) parseCut(text, cl.cuts.emplace_back());
                              },
                              "before the first step, cut the cloth along the segment\n"
                              "between two points of its rest (u, v) square [0,1]^2 (repeatable)")
                           ->type_name("U0,V0:U1,V1")
                           ->allow_extra_args(false)
                           ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
                           ->check(kCut)
                           ->group(kHeadlessGroup);
    CLI::Option* statsJson = app.add_option_function<std::string>(
                                    "--stats-json", [&cl](const std::string& path) { cl.statsJson = path; },
                                    "write the stats JSON to PATH ('-' = stdout)")
                                 ->type_name("PATH")
                                 ->check(nonEmpty("a path or -"))
                                 ->group(kHeadlessGroup);
    CLI::Option* dumpObj = app.add_option_function<std::string>(
                                  "--dump-obj", [&cl](const std::string& path) { cl.dumpObj = path; },
                                  "write the final cloth as OBJ (v and f lines)")
                               ->type_name("PATH")
                               ->check(nonEmpty("a path"))
                               ->group(kHeadlessGroup);
    CLI::Option* strict = app.add_flag("--strict", cl.strict,
                                       "exit with code 3 (after writing the stats) when the\n"
                                       "explosion guard had to restore a good state, 4 when the cloth's\n"
                                       "triangles crossed while self-collision was on; the message on stderr")
                              ->group(kHeadlessGroup);
    CLI::Option* exportObjSequence =
        app.add_option_function<std::string>(
               "--export-obj-sequence", [&cl](const std::string& dir) { cl.exportObjSequence = dir; },
               "for Blender and Houdini: the cloth as DIR/frame_00000.obj, ...:\n"
               "the state before the first step, then every --export-every steps")
            ->type_name("DIR")
            ->check(nonEmpty("a folder"))
            ->group(kHeadlessGroup);
    CLI::Option* exportPc2 = app.add_option_function<std::string>(
                                    "--export-pc2", [&cl](const std::string& file) { cl.exportPc2 = file; },
                                    "the cloth's positions as one PC2 point cache (and FILE's .obj,\n"
                                    "its mesh): before the first step, then every --export-every steps")
                                 ->type_name("FILE")
                                 ->check(nonEmpty("a file"))
                                 ->group(kHeadlessGroup);
    CLI::Option* exportEvery = app.add_option_function<int>(
                                      "--export-every", [&cl](const int& every) { cl.exportEvery = every; },
                                      "steps between two exported samples (default 1)")
                                   ->type_name("N")
                                   ->transform(wholeNumberIn(1, 1'000'000))
                                   ->group(kHeadlessGroup);
    CLI::Option* compare = app.add_option_function<std::string>(
                                  "--compare",
                                  [&cl](const std::string& list) {
                                      CompareSession::parseMethods(list, cl.compare);  // checked below
                                  },
                                  "run these CPU methods side by side, each on its own copy of\n"
                                  "the scene with its recommended settings (see above); in the\n"
                                  "window 2 to 4 of them, drawn in a row (the Compare tab)")
                               ->type_name("ID,ID,...")
                               ->check(kCompareMethods)
                               ->group(kHeadlessGroup);
    CLI::Option* compareCsvOption = app.add_option_function<std::string>(
                                           "--compare-csv", [&cl](const std::string& file) { cl.compareCsv = file; },
                                           "with --compare: the time series as CSV, one row per step and method")
                                        ->type_name("FILE")
                                        ->check(nonEmpty("a file"))
                                        ->needs(compare)
                                        ->group(kHeadlessGroup);
    for (CLI::Option* notWithCompare : {recommended, dumpObj, strict, exportObjSequence, exportPc2, exportEvery})
        compare->excludes(notWithCompare);

    // soak and replay
    CLI::Option* soak = app.add_option_function<long long>(
                               "--soak", [&cl](const long long& n) { cl.soakSteps = n; },
                               "the soak test for STEPS steps (keep cloths small with --set\n"
                               "cloth.resolution=[12,12]: it applies to every scene the soak loads)")
                            ->type_name("STEPS")
                            ->transform(wholeNumberIn(1LL, 100'000'000LL))
                            ->group(kSoakGroup);
    CLI::Option* seed = app.add_option("--seed", cl.seed, "the soak's random seed (default 1); same seed, same run")
                            ->type_name("S")
                            ->transform(wholeNumberIn(std::uint64_t{0}, UINT64_MAX, "in [0, 2^64 - 1]"))
                            ->group(kSoakGroup);
    CLI::Option* soakWorkCap = app.add_option("--soak-work-cap", cl.soakWorkCap,
                                              "draw substeps and iteration counts in [1, N] only (and the\n"
                                              "self-contact radii up to N x their defaults), and put them\n"
                                              "back to N when the explosion guard raised them")
                                   ->type_name("N")
                                   ->transform(wholeNumberIn(1, 1000))
                                   ->needs(soak)
                                   ->group(kSoakGroup);
    CLI::Option* recordInputs = app.add_option_function<std::string>(
                                       "--record-inputs", [&cl](const std::string& file) { cl.recordInputs = file; },
                                       "window or --soak: write the session's inputs to FILE (the --replay\n"
                                       "format): scenes, edits, resets, grabs, drags, cuts, pins, colliders")
                                    ->type_name("FILE")
                                    ->check(nonEmpty("a file"))
                                    ->group(kSoakGroup);
    CLI::Option* replay = app.add_option_function<std::string>(
                                 "--replay", [&cl](const std::string& file) { cl.replay = file; },
                                 "replay recorded actions step-exactly (a scene line in\n"
                                 "the file, else --scene; an end line, else --steps)")
                              ->type_name("FILE")
                              ->check(nonEmpty("a file"))
                              ->group(kSoakGroup);
    for (CLI::Option* headlessOnly :
         {steps, recommended, statsJson, dumpObj, strict, exportObjSequence, exportPc2, exportEvery, compareCsvOption,
          soak, replay})
        headlessOnly->needs(headless);
    for (CLI::Option* notWithSoak :
         {replay, steps, recommended, cut, dumpObj, exportObjSequence, exportPc2, exportEvery, compare})
        soak->excludes(notWithSoak);
    for (CLI::Option* notWithReplay : {recordInputs, recommended, cut, compare}) replay->excludes(notWithReplay);

    // bench: --bench takes only --bench-out, --bench-steps and --set
    app.add_option("--bench-out", cl.benchOut, "where SUITE.csv, SUITE.md and machine.txt go (created)")
        ->type_name("DIR")
        ->check(nonEmpty("a folder"))
        ->needs(bench)
        ->group(kBenchGroup);
    app.add_option_function<long long>(
           "--bench-steps", [&cl](const long long& n) { cl.benchSteps = n; },
           "most timed steps per measurement (default 120)")
        ->type_name("N")
        ->transform(wholeNumberIn(1LL, 100'000LL))
        ->needs(bench)
        ->group(kBenchGroup);
    for (CLI::Option* notWithBench :
         {headless, scene, frames, screenshot, size, record, captureDir, steps, recommended, cut, statsJson, dumpObj, strict,
          exportObjSequence, exportPc2, exportEvery, compare, compareCsvOption, soak, seed, soakWorkCap, recordInputs,
          replay})
        bench->excludes(notWithBench);

    // listings, one at most
    CLI::Option* listings[] = {
        app.add_flag("--list-solvers")->description("print the solver ids, one per line"),
        app.add_flag("--list-scenes")
            ->description("print the scenes of scenes/, one per line: file name (without\n"
                          ".toml), scene name and its one-line description, in columns"),
        app.add_flag("--list-params")->description("print every parameter: key, type, default, range, when it applies, help"),
        app.add_flag("-h,--help")->description("this text"),
    };
    for (CLI::Option* listing : listings) {
        listing->group(kListingGroup);
        for (CLI::Option* other : listings)
            if (other != listing) listing->excludes(other);
    }
}

// The rules CLI11's needs/excludes cannot say; the mode the options chose.
ParsedCommandLine checkAfterParse(const CLI::App& app, CommandLine cl) {
    const auto given = [&app](const char* name) { return app.count(name) > 0; };
    if (given("--help")) cl.mode = RunMode::Help;
    else if (given("--list-solvers")) cl.mode = RunMode::ListSolvers;
    else if (given("--list-scenes")) cl.mode = RunMode::ListScenes;
    else if (given("--list-params")) cl.mode = RunMode::ListParams;
    else if (given("--bench")) cl.mode = RunMode::Bench;
    else if (given("--headless")) {
        if (given("--record-inputs") && !given("--soak"))
            return {std::nullopt, "--record-inputs records a --soak run or a window session, not a plain --headless run"};
        // "needs one of two": CLI11's needs() asks for all of them
        if (given("--export-every") && !given("--export-obj-sequence") && !given("--export-pc2"))
            return {std::nullopt, "--export-every thins an export: it needs --export-obj-sequence or --export-pc2"};
        cl.mode = RunMode::Headless;
    }
    return {cl, {}};
}

// The headless runner's part of the command line.
HeadlessOptions headlessOptions(const CommandLine& cl) {
    HeadlessOptions options;
    options.scenePath = cl.scenePath;
    options.overrides = cl.overrides;
    options.recommended = cl.recommended;
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
    options.compare = cl.compare;
    options.compareCsv = cl.compareCsv;
    return options;
}

} // namespace

std::string usageText() {
    CLI::App app;
    CommandLine unused;
    declareCommandLine(app, unused);
    return app.help();
}

std::vector<std::string> optionNames() {
    CLI::App app;
    CommandLine unused;
    declareCommandLine(app, unused);
    std::vector<std::string> names;
    for (const CLI::Option* option : app.get_options()) {
        for (const std::string& name : option->get_snames()) names.push_back("-" + name);
        for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
    }
    return names;
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
    CLI::App app;
    CommandLine cl;
    declareCommandLine(app, cl);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return {std::nullopt, e.what()};
    }
    return checkAfterParse(app, std::move(cl));
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
        for (const CommandLine::Cut& cut : cl.cuts) options.cuts.push_back({cut.from, cut.to});
        options.compare = cl.compare;
        if (!cl.captureDir.empty()) options.captureDir = cl.captureDir;
        options.openLastScene = !sceneGiven && cl.frames == 0;  // --frames pictures do not depend on the last run
        return runApp(options);
    }
    }
    return 2;
}

} // namespace cs
