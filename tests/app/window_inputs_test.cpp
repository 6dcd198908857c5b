// --record-inputs in the real program (ctest runs this under its own Xvfb): a
// window run writes its session, the command line's --set included, and the
// headless --replay of that file ends in the state the window ended in.
#include "../support/run_process.hpp"
#include "../support/temp_dir.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

namespace cs::test {
namespace {

const std::string kExe = CLOTHSIM_EXE;
const std::filesystem::path kSource = CLOTHSIM_SOURCE_DIR;

// The hash in the app's last line, "... (final state HASH)".
std::string finalStateOf(const std::string& out) {
    const std::string key = "(final state ";
    const auto at = out.find(key);
    return at == std::string::npos ? std::string() : out.substr(at + key.size(), out.find(')', at) - at - key.size());
}

TEST(WindowInputs, AWindowRunReplaysHeadlessToTheSameState) {
    const TempDir dir("window_run_inputs");
    const auto file = dir / "inputs.txt";
    const ProcessResult window =
        runProcess(kExe + " --scene " + (kSource / "scenes/hanging.toml").string() +
                   " --frames 40 --size 160x100 --set 'cloth.resolution=[12,12]' --set wind.strength=2.5 "
                   "--record-inputs " + file.string() + " 2>&1");
    ASSERT_EQ(window.exitCode, 0) << window.out;
    const std::string finalState = finalStateOf(window.out);
    ASSERT_EQ(finalState.size(), 16u) << window.out;
    EXPECT_NE(window.out.find("over 40 steps to " + file.string()), std::string::npos) << window.out;

    std::ifstream in(file);
    std::ostringstream text;
    text << in.rdbuf();
    EXPECT_NE(text.str().find("0 base cloth.resolution=[12,12]\n0 base wind.strength=2.5\n0 scene "), std::string::npos)
        << text.str();
    EXPECT_NE(text.str().find("\n40 end\n"), std::string::npos) << text.str();

    const ProcessResult replay = runProcess(kExe + " --headless --replay " + file.string() + " --stats-json - 2>/dev/null");
    ASSERT_EQ(replay.exitCode, 0) << replay.out;
    nlohmann::json stats;
    ASSERT_NO_THROW(stats = nlohmann::json::parse(replay.out)) << replay.out;
    EXPECT_EQ(stats.at("steps"), 40);
    EXPECT_EQ(stats.at("state_hash"), finalState);
}

TEST(WindowInputs, AnUnwritableRecordingStopsTheStartAndNamesTheFile) {
    const TempDir dir("unwritable_inputs");
    const auto file = dir / "no_such_folder" / "inputs.txt";
    const ProcessResult window = runProcess(kExe + " --scene " + (kSource / "scenes/hanging.toml").string() +
                                            " --frames 1 --size 64x64 --record-inputs " + file.string() + " 2>&1");
    EXPECT_EQ(window.exitCode, 1) << window.out;
    EXPECT_NE(window.out.find("--record-inputs: " + file.string() + ": cannot be written"), std::string::npos)
        << window.out;
}

} // namespace
} // namespace cs::test
