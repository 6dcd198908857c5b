#pragma once
// Saving what was drawn as a PNG (README pictures, tests that look at pixels).
#include <filesystem>

namespace cs {

// Reads the back buffer of the current context (call after drawing, before the
// swap) and writes it as an RGB PNG, top row first. Returns false when the size
// is empty or the file cannot be written.
bool saveScreenshot(const std::filesystem::path& path, int width, int height);

} // namespace cs
