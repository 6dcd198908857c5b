#pragma once
// Screenshots in tests: load a PNG (8-bit RGB) and measure how two pictures
// differ. The test that includes this defines STB_IMAGE_IMPLEMENTATION once.
#include <stb_image.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <vector>

namespace cs::test {

struct Image {
    int width = 0, height = 0;
    std::vector<unsigned char> rgb;  // row-major, top row first, 3 bytes per pixel

    bool empty() const { return rgb.empty(); }
};

inline Image loadImage(const std::filesystem::path& png) {
    Image image;
    int channels = 0;
    unsigned char* data = stbi_load(png.c_str(), &image.width, &image.height, &channels, 3);
    if (!data) return {};
    image.rgb.assign(data, data + static_cast<std::size_t>(image.width) * image.height * 3);
    stbi_image_free(data);
    return image;
}

struct ImageDifference {
    double meanAbs = 0.0;          // mean |a - b| over every channel of every pixel, in levels (0-255)
    double changedFraction = 0.0;  // pixels whose largest channel difference exceeds the threshold
};

// Both images must have the same size (check first).
inline ImageDifference compareImages(const Image& a, const Image& b, int changedThreshold) {
    ImageDifference d;
    const std::size_t pixels = a.rgb.size() / 3;
    if (pixels == 0 || a.rgb.size() != b.rgb.size()) return {255.0, 1.0};
    long long sum = 0, changed = 0;
    for (std::size_t p = 0; p < pixels; ++p) {
        int largest = 0;
        for (int c = 0; c < 3; ++c) {
            const int diff = std::abs(int(a.rgb[3 * p + c]) - int(b.rgb[3 * p + c]));
            sum += diff;
            largest = std::max(largest, diff);
        }
        if (largest > changedThreshold) ++changed;
    }
    d.meanAbs = static_cast<double>(sum) / static_cast<double>(3 * pixels);
    d.changedFraction = static_cast<double>(changed) / static_cast<double>(pixels);
    return d;
}

} // namespace cs::test
