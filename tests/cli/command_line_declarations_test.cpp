// The command line's declarations (CLI11, src/cli/command_line.cpp): the usage is
// generated from them, every ranged option refuses a value outside its range with
// exit code 2 and a message that names the option and the range, and the rules
// between options hold. parseCommandLine directly, and the executable for exit codes.
#include "cli/command_line.hpp"
#include "../support/run_process.hpp"

#include <algorithm>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace cs::test {
namespace {

const std::string kExe = CLOTHSIM_EXE;

ParsedCommandLine parse(std::vector<std::string> args) {
    args.insert(args.begin(), "clothsim");
    std::vector<const char*> argv;
    for (const std::string& arg : args) argv.push_back(arg.c_str());
    return parseCommandLine(static_cast<int>(argv.size()), argv.data());
}

std::string joined(const std::vector<std::string>& args) {
    std::string out;
    for (const std::string& arg : args) out += " '" + arg + "'";
    return out;
}

// Every option of the command line before CLI11: none may be lost.
const char* const kOptionsBeforeCli11[] = {
    "--help", "-h", "--list-solvers", "--list-scenes", "--list-params", "--headless", "--bench", "--bench-out",
    "--bench-steps", "--scene", "--set", "--steps", "--stats-json", "--strict", "--dump-obj", "--cut", "--soak",
    "--seed", "--soak-work-cap", "--record-inputs", "--replay", "--export-obj-sequence", "--export-pc2",
    "--export-every", "--frames", "--size", "--screenshot", "--record", "--capture-dir",
    "--recommended", "--compare", "--compare-csv"};  // since then

TEST(CommandLineDeclarations, EveryDeclaredOptionIsInTheUsageAndAccepted) {
    const std::vector<std::string> names = optionNames();
    for (const char* name : kOptionsBeforeCli11)
        EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name << " is no longer declared";
    EXPECT_EQ(names.size(), std::size(kOptionsBeforeCli11)) << "a new option: add it to kOptionsBeforeCli11";

    const std::string usage = usageText();
    const ProcessResult help = runProcess(kExe + " --help");
    EXPECT_EQ(help.exitCode, 0);
    EXPECT_EQ(help.out, usage);
    for (const std::string& name : names) {
        // "  --steps N ...", "  -h,--help": each name starts an entry of the option list
        EXPECT_TRUE(usage.find("\n  " + name + " ") != std::string::npos ||
                    usage.find("\n  " + name + ",") != std::string::npos ||
                    usage.find("," + name + " ") != std::string::npos)
            << name << " missing from the usage:\n" << usage;
        // parseCommandLine knows it: whatever else it says, not that the name is unexpected
        const ParsedCommandLine parsed = parse({name});
        EXPECT_EQ(parsed.error.find("not expected"), std::string::npos) << name << ": " << parsed.error;
    }
    // the synopsis above the options and the footer below them
    EXPECT_EQ(usage.find("clothsim — interactive cloth-simulation sandbox"), 0u) << usage;
    EXPECT_NE(usage.find("\nusage:\n  clothsim [--scene FILE]"), std::string::npos) << usage;
    for (const char* group : {"window", "headless", "soak and replay", "bench:", "listings"})
        EXPECT_NE(usage.find("\n" + std::string(group)), std::string::npos) << group;
    EXPECT_NE(usage.find("The data folder (shaders/, scenes/, assets/) is $CLOTHSIM_DATA_DIR"), std::string::npos);
    EXPECT_NE(usage.find("$CLOTHSIM_CONFIG_DIR, else $XDG_CONFIG_HOME/clothsim"), std::string::npos);

    const ProcessResult shortHelp = runProcess(kExe + " -h");
    EXPECT_EQ(shortHelp.exitCode, 0);
    EXPECT_EQ(shortHelp.out, usage);
}

struct RangedOption {
    std::vector<std::string> before;  // what the option needs beside it
    std::string option;
    std::string allowed;              // as the usage and the messages write it
    std::vector<std::string> good;    // the ends of the range, accepted
    std::vector<std::string> bad;
};

const RangedOption kRangedOptions[] = {
    {{"--headless"}, "--steps", "in [1, 10000000]", {"1", "10000000"}, {"0", "10000001", "-3", "ten", "2.5", ""}},
    {{}, "--frames", "in [1, 1000000]", {"1", "1000000"}, {"0", "1000001", "-1", "x"}},
    {{"--headless"}, "--soak", "in [1, 100000000]", {"1", "100000000"}, {"0", "100000001", "1e3"}},
    {{"--headless", "--soak", "5"}, "--soak-work-cap", "in [1, 1000]", {"1", "1000"}, {"0", "1001"}},
    {{"--bench"}, "--bench-steps", "in [1, 100000]", {"1", "100000"}, {"0", "100001", "-3", "ten", "2.5", ""}},
    {{"--headless", "--export-pc2", "c.pc2"}, "--export-every", "in [1, 1000000]", {"1", "1000000"}, {"0", "1000001", "0x10"}},
    {{"--headless"}, "--seed", "in [0, 2^64 - 1]", {"0", "18446744073709551615"}, {"-1", "18446744073709551616", "s"}},
    {{}, "--size", "each in [64, 8192]", {"64x8192", "8192x64"}, {"63x100", "100x8193", "100", "x", "100x", "axb"}},
    {{"--headless"}, "--cut", "each coordinate in [0, 1]", {"0,0:1,1", "1,0.5:0,0.5"},
     {"0,0.5:1.5,0.5", "-0.1,0:1,1", "0,0.5", "nan,0:1,1", "0.2,0.2:0.2,0.2"}},
};

TEST(CommandLineDeclarations, EveryRangedOptionNamesItsRangeInTheUsage) {
    const std::string usage = usageText();
    for (const RangedOption& ranged : kRangedOptions) {
        const std::size_t entry = usage.find("\n  " + ranged.option + " ");
        ASSERT_NE(entry, std::string::npos) << ranged.option;
        const std::string line = usage.substr(entry, usage.find('\n', entry + 1) - entry);
        // the range as the messages write it ("--cut": "each coordinate in [0, 1]", the usage "each in [0, 1]")
        const std::string range = ranged.allowed.substr(ranged.allowed.find("in ["));
        EXPECT_NE(line.find(" " + range), std::string::npos) << ranged.option << ": " << line;
    }
}

TEST(CommandLineDeclarations, EveryRangedOptionRefusesValuesOutsideItsRange) {
    for (const RangedOption& ranged : kRangedOptions) {
        for (const std::string& value : ranged.good) {
            std::vector<std::string> args = ranged.before;
            args.insert(args.end(), {ranged.option, value});
            const ParsedCommandLine parsed = parse(args);
            EXPECT_TRUE(parsed.commandLine) << joined(args) << ": " << parsed.error;
        }
        for (const std::string& value : ranged.bad) {
            std::vector<std::string> args = ranged.before;
            args.insert(args.end(), {ranged.option, value});
            const ParsedCommandLine parsed = parse(args);
            ASSERT_FALSE(parsed.commandLine) << joined(args);
            EXPECT_EQ(parsed.error.find(ranged.option + ": "), 0u) << joined(args) << ": " << parsed.error;
            EXPECT_NE(parsed.error.find(ranged.allowed), std::string::npos) << joined(args) << ": " << parsed.error;
            // the program: exit code 2, the message and the usage on stderr, nothing on stdout
            const ProcessResult quiet = runProcess(kExe + joined(args) + " 2>/dev/null");
            EXPECT_EQ(quiet.exitCode, 2) << joined(args);
            EXPECT_EQ(quiet.out, "") << joined(args);
            const ProcessResult r = runProcess(kExe + joined(args) + " 2>&1");
            EXPECT_EQ(r.out.find("clothsim: " + parsed.error + "\n\n"), 0u) << r.out;
            EXPECT_NE(r.out.find("\nusage:\n"), std::string::npos) << joined(args);
        }
        // the option at the end, without its value: the message names the range too
        std::vector<std::string> args = ranged.before;
        args.push_back(ranged.option);
        const ParsedCommandLine missing = parse(args);
        ASSERT_FALSE(missing.commandLine) << joined(args);
        EXPECT_NE(missing.error.find(ranged.option), std::string::npos) << missing.error;
        EXPECT_NE(missing.error.find(ranged.allowed.substr(ranged.allowed.find("in ["))), std::string::npos)
            << missing.error;
    }
}

TEST(CommandLineDeclarations, ValuesReachTheirFields) {
    const ParsedCommandLine parsed =
        parse({"--headless", "--scene", "a.toml", "--steps", "010", "--set", "solver=pbd", "--set", "wind.strength=1",
               "--cut", "0,0.5:1,0.5", "--cut", "0.5,0:0.5,1", "--stats-json", "-", "--dump-obj", "o.obj", "--strict",
               "--export-obj-sequence", "objs", "--export-pc2", "c.pc2", "--export-every", "4", "--seed", "7",
               "--recommended"});
    ASSERT_TRUE(parsed.commandLine) << parsed.error;
    const CommandLine& cl = *parsed.commandLine;
    EXPECT_EQ(cl.mode, RunMode::Headless);
    EXPECT_EQ(cl.scenePath, "a.toml");
    EXPECT_EQ(cl.steps, 10) << "decimal, as before: a leading zero is not octal";
    EXPECT_EQ(cl.overrides, (std::vector<std::string>{"solver=pbd", "wind.strength=1"}));
    ASSERT_EQ(cl.cuts.size(), 2u);
    EXPECT_EQ(cl.cuts[1].from, glm::vec2(0.5f, 0.0f));
    EXPECT_EQ(cl.cuts[1].to, glm::vec2(0.5f, 1.0f));
    EXPECT_EQ(cl.statsJson, "-");
    EXPECT_EQ(cl.dumpObj, std::filesystem::path("o.obj"));
    EXPECT_TRUE(cl.strict);
    EXPECT_EQ(cl.exportObjSequence, std::filesystem::path("objs"));
    EXPECT_EQ(cl.exportPc2, std::filesystem::path("c.pc2"));
    EXPECT_EQ(cl.exportEvery, 4);
    EXPECT_EQ(cl.seed, 7u);
    EXPECT_TRUE(cl.recommended);
    EXPECT_FALSE(cl.soakSteps);

    const ParsedCommandLine defaults = parse({});
    ASSERT_TRUE(defaults.commandLine) << defaults.error;
    EXPECT_EQ(defaults.commandLine->mode, RunMode::App);
    EXPECT_EQ(defaults.commandLine->steps, 600);
    EXPECT_EQ(defaults.commandLine->seed, 1u);
    EXPECT_FALSE(defaults.commandLine->exportEvery);
    EXPECT_FALSE(defaults.commandLine->recommended);

    const ParsedCommandLine window =
        parse({"--frames", "3", "--size", "320x200", "--screenshot", "s.png", "--capture-dir", "c"});
    ASSERT_TRUE(window.commandLine) << window.error;
    EXPECT_EQ(window.commandLine->windowSize, glm::ivec2(320, 200));
    EXPECT_EQ(window.commandLine->frames, 3);

    const ParsedCommandLine soak = parse({"--headless", "--soak", "50", "--soak-work-cap", "3", "--record-inputs", "r"});
    ASSERT_TRUE(soak.commandLine) << soak.error;
    EXPECT_EQ(soak.commandLine->soakSteps, 50);
    EXPECT_EQ(soak.commandLine->soakWorkCap, 3);
    EXPECT_EQ(soak.commandLine->recordInputs, std::filesystem::path("r"));

    for (const char* listing : {"--help", "-h", "--list-solvers", "--list-scenes", "--list-params"}) {
        const ParsedCommandLine alone = parse({listing});
        EXPECT_TRUE(alone.commandLine) << listing << ": " << alone.error;
    }
}

// The rules between options, with the options each message must name.
TEST(CommandLineDeclarations, RulesBetweenOptionsHold) {
    struct Refused {
        std::vector<std::string> args;
        std::vector<std::string> named;
    };
    const Refused refused[] = {
        {{"--help", "--list-solvers"}, {"--help", "--list-solvers", "excludes"}},
        {{"--list-scenes", "--list-params"}, {"--list-scenes", "--list-params"}},
        {{"--bench", "--headless"}, {"--bench", "--headless"}},
        {{"--bench", "--scene", "s.toml"}, {"--bench", "--scene"}},
        {{"--bench", "--cut", "0,0:1,1"}, {"--bench", "--cut"}},
        {{"--bench", "--size", "100x100"}, {"--bench", "--size"}},
        {{"--bench", "--strict"}, {"--bench", "--strict"}},
        {{"--bench-out", "d"}, {"--bench-out", "requires --bench"}},
        {{"--headless", "--size", "100x100"}, {"--size", "--headless"}},
        {{"--headless", "--capture-dir", "c"}, {"--capture-dir", "--headless"}},
        {{"--headless", "--soak-work-cap", "3"}, {"--soak-work-cap", "requires --soak"}},
        {{"--headless", "--soak", "5", "--replay", "r"}, {"--soak", "--replay"}},
        {{"--headless", "--soak", "5", "--recommended"}, {"--soak", "--recommended"}},
        {{"--headless", "--replay", "r", "--recommended"}, {"--replay", "--recommended"}},
        {{"--bench", "--recommended"}, {"--bench", "--recommended"}},
        {{"--recommended"}, {"--recommended", "requires --headless"}},
        {{"--headless", "--soak", "5", "--steps", "3"}, {"--soak", "--steps"}},
        {{"--headless", "--soak", "5", "--cut", "0,0:1,1"}, {"--soak", "--cut"}},
        {{"--headless", "--soak", "5", "--dump-obj", "o"}, {"--soak", "--dump-obj"}},
        {{"--headless", "--soak", "5", "--export-obj-sequence", "d"}, {"--soak", "--export-obj-sequence"}},
        {{"--headless", "--soak", "5", "--export-pc2", "f"}, {"--soak", "--export-pc2"}},
        {{"--headless", "--soak", "5", "--export-every", "2"}, {"--soak", "--export-every"}},
        {{"--headless", "--replay", "r", "--record-inputs", "f"}, {"--replay", "--record-inputs"}},
        {{"--headless", "--replay", "r", "--cut", "0,0:1,1"}, {"--replay", "--cut"}},
        {{"--headless", "--record-inputs", "f"}, {"--record-inputs", "--soak"}},
        {{"--soak", "5"}, {"--soak", "requires --headless"}},
        {{"--replay", "r"}, {"--replay", "requires --headless"}},
        {{"--steps", "5"}, {"--steps", "requires --headless"}},
        {{"--stats-json", "-"}, {"--stats-json", "requires --headless"}},
        {{"--dump-obj", "o"}, {"--dump-obj", "requires --headless"}},
        {{"--strict"}, {"--strict", "requires --headless"}},
        {{"--export-obj-sequence", "d"}, {"--export-obj-sequence", "requires --headless"}},
        {{"--export-pc2", "f"}, {"--export-pc2", "requires --headless"}},
        {{"--export-every", "2"}, {"--export-every", "requires --headless"}},
        {{"--headless", "--export-every", "2"}, {"--export-every", "needs --export-obj-sequence or --export-pc2"}},
        {{"--screenshot", "s.png"}, {"--screenshot", "requires --frames"}},
        {{"--record", "d"}, {"--record", "requires --frames"}},
        {{"--bench", "frame", "more"}, {"not expected", "more"}},
        {{"--bogus"}, {"not expected", "--bogus"}},
        {{"--set", "a=1", "b=2"}, {"not expected", "b=2"}},
        {{"--set", "novalue"}, {"--set", "KEY=VALUE"}},
        {{"--scene", ""}, {"--scene", "needs a file"}},
    };
    for (const Refused& rule : refused) {
        const ParsedCommandLine parsed = parse(rule.args);
        ASSERT_FALSE(parsed.commandLine) << joined(rule.args);
        for (const std::string& name : rule.named)
            EXPECT_NE(parsed.error.find(name), std::string::npos) << joined(rule.args) << ": " << parsed.error;
    }
    EXPECT_EQ(runProcess(kExe + " --bench --headless 2>/dev/null").exitCode, 2);
    EXPECT_EQ(runProcess(kExe + " --bogus 2>/dev/null").exitCode, 2);

    const std::vector<std::string> accepted[] = {
        {"--bench"},
        {"--bench", "frame", "--bench-out", "d", "--bench-steps", "2", "--set", "solver=pbd"},
        {"--headless", "--soak", "5", "--seed", "3", "--soak-work-cap", "2", "--record-inputs", "r", "--stats-json", "-"},
        {"--headless", "--replay", "r", "--steps", "3", "--dump-obj", "o", "--stats-json", "-"},
        {"--headless", "--export-obj-sequence", "d", "--export-pc2", "f", "--export-every", "5", "--strict"},
        {"--record-inputs", "r", "--scene", "s.toml"},
        {"--frames", "2", "--record", "d", "--size", "64x64"},
        {"--frames", "2", "--screenshot", "s.png", "--cut", "0,0:1,1"},  // the window cuts before its first step too
        {"--cut", "0,0.5:1,0.5", "--scene", "s.toml"},
        {"--steps", "5", "--headless"},  // order does not matter
        {"--headless", "--recommended", "--set", "solver=pbd", "--scene", "s.toml"},
    };
    for (const std::vector<std::string>& args : accepted) {
        const ParsedCommandLine parsed = parse(args);
        EXPECT_TRUE(parsed.commandLine) << joined(args) << ": " << parsed.error;
    }
}

} // namespace
} // namespace cs::test
