#include "texture.hpp"

#include <algorithm>
#include <cstring>
#include <string_view>

#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC  // private to this file, like stb_image_write in screenshot.cpp
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wdouble-promotion"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wold-style-cast"
#pragma GCC diagnostic ignored "-Wuseless-cast"
#pragma GCC diagnostic ignored "-Wimplicit-fallthrough"
#pragma GCC diagnostic ignored "-Wcast-qual"
#include <stb_image.h>
#pragma GCC diagnostic pop

namespace cs {
namespace {

// GL_EXT_texture_filter_anisotropic / GL 4.6 (the loader is generated for 4.5 core).
constexpr GLenum kTextureMaxAnisotropy = 0x84FE;
constexpr GLenum kMaxTextureMaxAnisotropy = 0x84FF;
constexpr float kWantedAnisotropy = 8.0f;  // plenty for cloth seen at grazing angles

// Software rasterisers (Mesa's llvmpipe under Xvfb) filter anisotropically in
// the shader, one texel fetch at a time: a cloth filling the view at a grazing
// angle then costs seconds per frame. There plain trilinear filtering is used.
bool softwareRenderer() {
    const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    if (!renderer) return false;
    const std::string_view name(renderer);
    return name.find("llvmpipe") != std::string_view::npos || name.find("softpipe") != std::string_view::npos ||
           name.find("swrast") != std::string_view::npos;
}

bool anisotropyAvailable() {
    if (softwareRenderer()) return false;
    GLint count = 0;
    glGetIntegerv(GL_NUM_EXTENSIONS, &count);
    for (GLint i = 0; i < count; ++i) {
        const auto* name = reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, static_cast<GLuint>(i)));
        if (name && (std::strcmp(name, "GL_EXT_texture_filter_anisotropic") == 0 ||
                     std::strcmp(name, "GL_ARB_texture_filter_anisotropic") == 0))
            return true;
    }
    return false;
}

} // namespace

GreyTexture::~GreyTexture() {
    if (m_texture) glDeleteTextures(1, &m_texture);
}

std::string GreyTexture::load(const std::filesystem::path& path) {
    int width = 0, height = 0, channels = 0;
    const std::string file = path.string();
    unsigned char* pixels = stbi_load(file.c_str(), &width, &height, &channels, 1);
    if (!pixels) {
        const char* reason = stbi_failure_reason();
        return "cannot read texture " + file + ": " + (reason ? reason : "unknown error");
    }
    GLuint texture = 0;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);  // rows of one byte per pixel are not padded
    // a grey mask, not a colour: linear values, read as .r by the shader
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, width, height, 0, GL_RED, GL_UNSIGNED_BYTE, pixels);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    stbi_image_free(pixels);
    glGenerateMipmap(GL_TEXTURE_2D);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    if (anisotropyAvailable()) {
        GLfloat most = 1.0f;
        glGetFloatv(kMaxTextureMaxAnisotropy, &most);
        glTexParameterf(GL_TEXTURE_2D, kTextureMaxAnisotropy, std::min(kWantedAnisotropy, most));
    }
    glBindTexture(GL_TEXTURE_2D, 0);
    if (m_texture) glDeleteTextures(1, &m_texture);
    m_texture = texture;
    return {};
}

} // namespace cs
