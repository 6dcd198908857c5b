#pragma once
// The cloth's particle buffers as small images, for the debug window (gpu-cloth,
// docs/sources.md, shows its GPU simulation buffers this way): one texel per particle, a grid cloth
// laid out as its columns x rows, any other mesh as a square-ish block, row after row.
//   positions, previous positions: the bounding box of both maps to 0..1 per axis
//                                  (x red, y green, z blue)
//   velocities: -max..+max speed maps to 0..1 per axis (grey: at rest)
//   normals: -1..1 maps to 0..1 per axis, as in a normal map
// Texels past the last particle are transparent. Needs a current GL context for
// every call, including construction and destruction.
#include "sim/cloth.hpp"

#include <glad/gl.h>

#include <array>
#include <cstdint>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <span>
#include <vector>

namespace cs {

class BufferTextures {
public:
    struct Texture {
        const char* name;
        GLuint id = 0;
    };

    BufferTextures();
    ~BufferTextures();
    BufferTextures(const BufferTextures&) = delete;
    BufferTextures& operator=(const BufferTextures&) = delete;

    // Fills every texture from the cloth as it is now. Allocates only when the
    // particle count grows.
    void update(const Cloth& cloth);

    std::span<const Texture> textures() const { return m_textures; }
    glm::ivec2 size() const { return m_size; }          // texels, width x height
    // The ranges the colours stand for, from the last update.
    glm::vec3 boundsMin() const { return m_boundsMin; }  // metres
    glm::vec3 boundsMax() const { return m_boundsMax; }
    float maxSpeed() const { return m_maxSpeed; }        // metres per second

    // Texels across and down for `particles` particles of a cloth whose grid has
    // `columns` (0 for other meshes).
    static glm::ivec2 layout(std::size_t particles, int columns);

private:
    void fill(std::size_t texture, std::span<const glm::vec3> values, glm::vec3 lo, glm::vec3 hi);

    std::array<Texture, 4> m_textures{{{"positions"}, {"previous positions"}, {"velocities"}, {"normals"}}};
    glm::ivec2 m_size{0, 0};                // of the storage the textures have now
    std::vector<std::uint8_t> m_texels;     // RGBA8 staging, reused
    std::vector<glm::vec3> m_normals;       // reused
    glm::vec3 m_boundsMin{0.0f}, m_boundsMax{0.0f};
    float m_maxSpeed = 0.0f;
};

} // namespace cs
