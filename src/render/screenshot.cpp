#include "screenshot.hpp"

#include <glad/gl.h>

#include <cstdint>
#include <cstring>
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

bool saveScreenshot(const std::filesystem::path& path, int width, int height) {
    if (width <= 0 || height <= 0) return false;
    constexpr int kChannels = 3;
    const std::size_t rowBytes = static_cast<std::size_t>(width) * kChannels;
    std::vector<std::uint8_t> pixels(rowBytes * static_cast<std::size_t>(height));

    // the default framebuffer's back buffer; a multisampled one is resolved by the read
    for (int i = 0; i < 16 && glGetError() != GL_NO_ERROR; ++i) {}  // drop errors that are not ours
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    glReadBuffer(GL_BACK);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
    if (glGetError() != GL_NO_ERROR) return false;

    // GL's rows start at the bottom, PNG's at the top
    std::vector<std::uint8_t> row(rowBytes);
    for (int y = 0; y < height / 2; ++y) {
        std::uint8_t* top = pixels.data() + static_cast<std::size_t>(y) * rowBytes;
        std::uint8_t* bottom = pixels.data() + static_cast<std::size_t>(height - 1 - y) * rowBytes;
        std::memcpy(row.data(), top, rowBytes);
        std::memcpy(top, bottom, rowBytes);
        std::memcpy(bottom, row.data(), rowBytes);
    }
    const std::string file = path.string();
    return stbi_write_png(file.c_str(), width, height, kChannels, pixels.data(), static_cast<int>(rowBytes)) != 0;
}

} // namespace cs
