#include "screenshot.hpp"

#include <glad/gl.h>

#include <cstdint>
#include <string>
#include <vector>

// The one definition of stb_image_write (STB_IMAGE_WRITE_STATIC keeps it private to this file).
#define STB_IMAGE_WRITE_IMPLEMENTATION
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#include <stb_image_write.h>
#pragma GCC diagnostic pop

namespace cs {

bool readBackBuffer(int width, int height, std::uint8_t* rgb) {
    if (width <= 0 || height <= 0) return false;
    // the default framebuffer's back buffer; a multisampled one is resolved by the read
    for (int i = 0; i < 16 && glGetError() != GL_NO_ERROR; ++i) {}  // drop errors that are not ours
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    glReadBuffer(GL_BACK);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, rgb);
    return glGetError() == GL_NO_ERROR;
}

bool writePngBottomUp(const std::filesystem::path& path, int width, int height, const std::uint8_t* rgb) {
    if (width <= 0 || height <= 0) return false;
    constexpr int kChannels = 3;
    const int rowBytes = width * kChannels;
    // GL's rows start at the bottom, PNG's at the top: start at the last row and step backwards
    const std::uint8_t* top = rgb + static_cast<std::size_t>(height - 1) * static_cast<std::size_t>(rowBytes);
    const std::string file = path.string();
    return stbi_write_png(file.c_str(), width, height, kChannels, top, -rowBytes) != 0;
}

bool saveScreenshot(const std::filesystem::path& path, int width, int height) {
    if (width <= 0 || height <= 0) return false;
    std::vector<std::uint8_t> pixels(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 3);
    return readBackBuffer(width, height, pixels.data()) && writePngBottomUp(path, width, height, pixels.data());
}

} // namespace cs
