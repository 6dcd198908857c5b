// findParam("literal") answers nullptr for a misspelt key, silently. Every
// parameter key written as a string literal in src/ must therefore name a row of
// the table: this scans the source files and looks each one up.
#include "sim/params.hpp"

#include <gtest/gtest.h>
#include <filesystem>
#include <fstream>
// GCC 12 at -O1 (the asan preset) reports std::function members inside libstdc++'s
// <regex> as maybe used uninitialized: a false positive of that compiler in the
// library's own code (GCC bug 105562 and its kin), not of this test.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <regex>
#pragma GCC diagnostic pop
#include <sstream>
#include <string>

namespace cs {
namespace {

// A literal whose text starts like a key ("group.name") followed by the closing
// quote or by '=' (an assignment as --set takes it: "solver.substeps=7").
const std::regex kKeyLiteral(
    R"re("((sim|solver|springs|implicit|provot|pbd|jakobsen|cloth|collision|wind|tearing|render|camera)\.[a-z_0-9.]+)["=])re");

// Literals that look like keys and are not: file names (headers and shaders).
bool isFileName(const std::string& text) {
    for (const char* extension : {".hpp", ".cpp", ".vert", ".frag", ".comp", ".glsl"})
        if (text.ends_with(extension)) return true;
    return false;
}

TEST(ParamKeyLiterals, EveryKeyWrittenInTheSourceExists) {
    const std::filesystem::path src = std::filesystem::path(CLOTHSIM_SOURCE_DIR) / "src";
    int checked = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(src)) {
        const std::string ext = entry.path().extension().string();
        if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
        std::ifstream in(entry.path());
        std::string line;
        for (int number = 1; std::getline(in, line); ++number) {
            for (std::sregex_iterator m(line.begin(), line.end(), kKeyLiteral), end; m != end; ++m) {
                const std::string key = (*m)[1].str();
                if (isFileName(key)) continue;
                if (!retiredParamReplacement(key).empty()) continue;  // listed as retired, to name its successor
                ++checked;
                EXPECT_NE(findParam(key), nullptr)
                    << std::filesystem::relative(entry.path(), CLOTHSIM_SOURCE_DIR).string() << ":" << number
                    << ": \"" << key << "\" is no parameter key";
            }
        }
    }
    EXPECT_GT(checked, 100) << "the scan found too few keys to be looking at the sources";
}

} // namespace
} // namespace cs
