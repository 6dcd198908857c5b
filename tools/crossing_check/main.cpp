// clothsim_crossing_check FILE.obj [--list]: the number of crossing triangle pairs
// of an OBJ mesh, counted by brute force with exact predicates. Independent of the
// simulator; see crossing_check.hpp for the rule.
#include "crossing_check.hpp"

#include <cstdio>
#include <exception>
#include <string>
#include <string_view>

namespace {

constexpr const char* kName = "clothsim_crossing_check";

void printHelp() {
    std::printf(
        "usage: %s FILE.obj [--list]\n"
        "\n"
        "Counts the pairs of triangles of a Wavefront OBJ mesh that cross, by brute force\n"
        "over all pairs with exact predicates (no epsilon). Independent of the simulator:\n"
        "it confirms the simulator's own crossing counter.\n"
        "\n"
        "Triangles i < j cross when they share no vertex index and no vertex position (no\n"
        "corner of one has exactly the x, y, z floats of a corner of the other) and their\n"
        "closed point sets meet: touching counts (a corner on the other's face, an edge on\n"
        "an edge, coplanar overlap). A zero-area triangle counts as the segment it covers.\n"
        "\n"
        "Input: 'v x y z' lines (read as double, stored as float) and 'f' lines of three\n"
        "corners written i, i/t, i/t/n or i//n (1-based; negative counts back from the\n"
        "last vertex). Faces with more than 3 corners are refused, not triangulated: the\n"
        "triangle numbering would depend on how they were split. Other lines are ignored.\n"
        "\n"
        "Output: 'crossing_pairs N' on stdout; with --list, then one line 'i j' per pair\n"
        "(0-based triangle indices, i < j, sorted).\n"
        "Exit status: 0 on success, 2 when the file is unreadable or malformed, or the\n"
        "command line is wrong.\n",
        kName);
}

int usageError(const std::string& why) {
    std::fprintf(stderr, "%s: %s\n(try %s --help)\n", kName, why.c_str(), kName);
    return 2;
}

} // namespace

int main(int argc, char** argv) {
    std::string path;
    bool list = false;
    for (int k = 1; k < argc; ++k) {
        const std::string_view arg = argv[k];
        if (arg == "--help" || arg == "-h") {
            printHelp();
            return 0;
        }
        if (arg == "--list") {
            list = true;
        } else if (arg.size() > 1 && arg.front() == '-') {
            return usageError("unknown option '" + std::string(arg) + "'");
        } else if (!path.empty()) {
            return usageError("one OBJ file only, got '" + path + "' and '" + std::string(arg) + "'");
        } else {
            path = arg;
        }
    }
    if (path.empty()) return usageError("no OBJ file given");

    std::string error;
    const std::optional<crossing_check::Mesh> mesh = crossing_check::readObj(path, error);
    if (!mesh) {
        std::fprintf(stderr, "%s: %s: %s\n", kName, path.c_str(), error.c_str());
        return 2;
    }
    try {
        const auto pairs = crossing_check::crossingPairs(*mesh);
        std::printf("crossing_pairs %zu\n", pairs.size());
        if (list)
            for (const auto& [i, j] : pairs) std::printf("%u %u\n", i, j);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: %s: %s\n", kName, path.c_str(), e.what());
        return 2;
    }
    if (std::fflush(stdout) != 0) {
        std::fprintf(stderr, "%s: cannot write the result\n", kName);
        return 2;
    }
    return 0;
}
