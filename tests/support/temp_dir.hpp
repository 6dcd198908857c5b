#pragma once
// A temporary folder of a test's own: made by mkdtemp (a fresh, unique name every
// time, so two tests running side by side under `ctest -j2` never share a file) and
// removed with everything in it when the TempDir goes out of scope. Every test that
// writes a file writes it here; no test names a fixed path.
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>

namespace cs::test {

class TempDir {
public:
    // `label` only helps a person find a folder left by a crashed test: the name is
    // <system temp>/clothsim_<label>_XXXXXX.
    explicit TempDir(std::string_view label = "test") {
        std::string pattern =
            (std::filesystem::temp_directory_path() / ("clothsim_" + std::string(label) + "_XXXXXX")).string();
        if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed for " + pattern);
        m_path = pattern;
    }
    ~TempDir() {
        std::error_code ignored;  // a test's leftovers must not fail the next test
        std::filesystem::remove_all(m_path, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return m_path; }
    // A path inside the folder: dir / "name.obj".
    std::filesystem::path operator/(const std::filesystem::path& name) const { return m_path / name; }
    // The same as text, for command lines.
    std::string str(const std::filesystem::path& name = {}) const { return (name.empty() ? m_path : m_path / name).string(); }

private:
    std::filesystem::path m_path;
};

} // namespace cs::test
