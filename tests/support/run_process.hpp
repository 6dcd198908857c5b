#pragma once
// Runs a command line through the shell and captures its standard output and exit code.
#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace cs::test {

struct ProcessResult {
    int exitCode = -1;
    std::string out;
};

inline ProcessResult runProcess(const std::string& command) {
    ProcessResult result;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return result;
    std::array<char, 4096> buffer{};
    std::size_t n = 0;
    while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) result.out.append(buffer.data(), n);
    const int status = pclose(pipe);
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

} // namespace cs::test
