// libFuzzer target: the text after `--set` -> applyOverride (tools/fuzz.sh builds and runs it).
#include "fuzz_checks.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view assignment(reinterpret_cast<const char*>(data), size);
    if (const std::string broken = cs::fuzz::checkAssignment(assignment); !broken.empty()) {
        std::fprintf(stderr, "fuzz_set: %s\n", broken.c_str());
        std::abort();
    }
    return 0;
}
