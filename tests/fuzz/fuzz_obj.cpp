// libFuzzer target: OBJ text -> importObjText, the mesh importer (tools/fuzz.sh builds and runs it).
#include "fuzz_checks.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (const std::string broken = cs::fuzz::checkObjText(text); !broken.empty()) {
        std::fprintf(stderr, "fuzz_obj: %s\n", broken.c_str());
        std::abort();  // libFuzzer saves the input as crash-*
    }
    return 0;
}
