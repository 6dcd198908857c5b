#pragma once
// Saving never half-writes a file: everything the program saves (exports, the
// stats JSON, --dump-obj, scenes, the user config) is written beside its target
// as FILE.tmp and renamed over FILE once complete, so a crash or a full disk
// leaves the old file (or none), never a torn one. Errors name the file and say
// why (the errno text).
#include <filesystem>
#include <string>
#include <string_view>

namespace cs {

// FILE.tmp: where FILE is written before the rename.
std::filesystem::path temporaryPathFor(const std::filesystem::path& file);

// The text of an errno value, for "cannot write FILE: why".
std::string errnoText(int error);

// Writes `bytes` to `file` whole or not at all. Returns "" or "cannot write FILE: why".
std::string writeFileWhole(const std::filesystem::path& file, std::string_view bytes);

} // namespace cs
