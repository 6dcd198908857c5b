// --record-inputs in the real program (ctest runs this under its own Xvfb): a
// window run writes its session, the command line's --set included, and the
// headless --replay of that file ends in the state the window ended in.
#include "../support/run_process.hpp"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <string>

namespace cs::test {
namespace {

const std::string kExe = CLOTHSIM_EXE;
const std::filesystem::path kSource = CLOTHSIM_SOURCE_DIR;

// The text after `key` up to the next character in `stops`.
std::string after(const std::string& text, const std::string& key, const char* stops) {
    const auto at = text.find(key);
    if (at == std::string::npos) return {};
    const auto start = at + key.size();
    return text.substr(start, text.find_first_of(stops, start) - start);
}

TEST(WindowInputs, AWindowRunReplaysHeadlessToTheSameState) {
    const auto file = std::filesystem::temp_directory_path() / "clothsim_window_run_inputs.txt";
    std::filesystem::remove(file);
    const ProcessResult window =
        runProcess(kExe + " --scene " + (kSource / "scenes/hanging.toml").string() +
                   " --frames 40 --size 160x100 --set 'cloth.resolution=[12,12]' --set wind.strength=2.5 "
                   "--record-inputs " + file.string() + " 2>&1");
    ASSERT_EQ(window.exitCode, 0) << window.out;
    const std::string finalState = after(window.out, "(final state ", ")");
    ASSERT_EQ(finalState.size(), 16u) << window.out;
    EXPECT_NE(window.out.find("over 40 steps to " + file.string()), std::string::npos) << window.out;

    std::ifstream in(file);
    std::ostringstream text;
    text << in.rdbuf();
    EXPECT_NE(text.str().find("0 base cloth.resolution=[12,12]\n0 base wind.strength=2.5\n0 scene "), std::string::npos)
        << text.str();
    EXPECT_NE(text.str().find("\n40 end\n"), std::string::npos) << text.str();

    const ProcessResult replay = runProcess(kExe + " --headless --replay " + file.string() + " --stats-json - 2>&1");
    ASSERT_EQ(replay.exitCode, 0) << replay.out;
    EXPECT_EQ(after(replay.out, "\"steps\": ", ",\n"), "40") << replay.out;
    EXPECT_EQ(after(replay.out, "\"state_hash\": \"", "\""), finalState) << replay.out;
}

TEST(WindowInputs, AnUnwritableRecordingStopsTheStartAndNamesTheFile) {
    const auto file = std::filesystem::temp_directory_path() / "clothsim_no_such_folder" / "inputs.txt";
    const ProcessResult window = runProcess(kExe + " --scene " + (kSource / "scenes/hanging.toml").string() +
                                            " --frames 1 --size 64x64 --record-inputs " + file.string() + " 2>&1");
    EXPECT_EQ(window.exitCode, 1) << window.out;
    EXPECT_NE(window.out.find("--record-inputs: " + file.string() + ": cannot be written"), std::string::npos)
        << window.out;
}

} // namespace
} // namespace cs::test
