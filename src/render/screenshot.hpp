#pragma once
// Saving what was drawn as a PNG (README pictures, tests that look at pixels).
#include <cstdint>
#include <filesystem>

namespace cs {

// Reads the back buffer of the current context (call after drawing, before the
// swap) and writes it as an RGB PNG, top row first. Returns false when the size
// is empty or the file cannot be written.
bool saveScreenshot(const std::filesystem::path& path, int width, int height);

// The two halves of saveScreenshot, for captures that encode on another thread.
// readBackBuffer reads width x height RGB pixels of the current context's back
// buffer into `rgb` (3 bytes a pixel, rows bottom first, as GL has them); false
// on a GL error. writePngBottomUp writes such pixels as a PNG (top row first);
// it does not touch GL, so any thread may call it.
bool readBackBuffer(int width, int height, std::uint8_t* rgb);
bool writePngBottomUp(const std::filesystem::path& path, int width, int height, const std::uint8_t* rgb);

} // namespace cs
