#pragma once
// An image file as an OpenGL texture for surface detail (the cloth's fabric):
// one grey channel, mipmapped, trilinear with anisotropic filtering where the
// driver offers it, repeating in both directions. Needs a current GL context.
#include <glad/gl.h>

#include <filesystem>
#include <string>

namespace cs {

class GreyTexture {
public:
    GreyTexture() = default;
    ~GreyTexture();
    GreyTexture(const GreyTexture&) = delete;
    GreyTexture& operator=(const GreyTexture&) = delete;

    // Reads a PNG (or any format stb_image reads), averaged to grey, and uploads it.
    // Returns "" on success, otherwise why not (naming the file); the texture
    // it held before stays.
    std::string load(const std::filesystem::path& path);

    bool valid() const { return m_texture != 0; }
    GLuint id() const { return m_texture; }

private:
    GLuint m_texture = 0;
};

} // namespace cs
