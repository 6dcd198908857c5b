#include "buffer_textures.hpp"

#include <algorithm>
#include <cmath>
#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <limits>

namespace cs {

BufferTextures::BufferTextures() {
    for (Texture& texture : m_textures) {
        glGenTextures(1, &texture.id);
        glBindTexture(GL_TEXTURE_2D, texture.id);
        // one texel per particle: show them as squares, not blurred together
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    }
    glBindTexture(GL_TEXTURE_2D, 0);
}

BufferTextures::~BufferTextures() {
    for (Texture& texture : m_textures)
        if (texture.id) glDeleteTextures(1, &texture.id);
}

glm::ivec2 BufferTextures::layout(std::size_t particles, int columns) {
    if (particles == 0) return {0, 0};
    const auto n = static_cast<long long>(particles);
    // a torn grid keeps its first columns x rows particles in place; new ones follow in extra rows
    const long long width = columns > 0 ? columns : static_cast<long long>(std::ceil(std::sqrt(static_cast<double>(n))));
    return {static_cast<int>(width), static_cast<int>((n + width - 1) / width)};
}

void BufferTextures::fill(std::size_t texture, std::span<const glm::vec3> values, glm::vec3 lo, glm::vec3 hi) {
    const glm::vec3 extent = glm::max(hi - lo, glm::vec3(1e-9f));  // a flat axis maps to 0, not NaN
    std::fill(m_texels.begin(), m_texels.end(), std::uint8_t{0});  // transparent past the last particle
    for (std::size_t i = 0; i < values.size(); ++i) {
        const glm::vec3 t = glm::clamp((values[i] - lo) / extent, 0.0f, 1.0f);
        std::uint8_t* texel = &m_texels[4 * i];
        for (int c = 0; c < 3; ++c) texel[c] = static_cast<std::uint8_t>(std::lround(255.0f * t[c]));
        texel[3] = 255;
    }
    glBindTexture(GL_TEXTURE_2D, m_textures[texture].id);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, m_size.x, m_size.y, GL_RGBA, GL_UNSIGNED_BYTE, m_texels.data());
}

void BufferTextures::update(const Cloth& cloth) {
    const std::size_t n = cloth.particleCount();
    const glm::ivec2 size = layout(n, cloth.columns);
    if (size.x * size.y == 0) return;
    if (size != m_size) {  // new storage: a new cloth, or a tear that added a row
        m_size = size;
        m_texels.resize(4 * static_cast<std::size_t>(size.x) * static_cast<std::size_t>(size.y));
        for (Texture& texture : m_textures) {
            glBindTexture(GL_TEXTURE_2D, texture.id);
            glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, size.x, size.y, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
        }
    }
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);

    // positions and previous positions share one box, so that the two images compare
    glm::vec3 lo(std::numeric_limits<float>::max()), hi(std::numeric_limits<float>::lowest());
    for (const auto* buffer : {&cloth.positions, &cloth.previousPositions})
        for (const glm::vec3& x : *buffer) {
            lo = glm::min(lo, x);
            hi = glm::max(hi, x);
        }
    m_boundsMin = lo;
    m_boundsMax = hi;
    fill(0, cloth.positions, lo, hi);
    fill(1, std::span(cloth.previousPositions).first(std::min(cloth.previousPositions.size(), n)), lo, hi);

    m_maxSpeed = 0.0f;
    for (const glm::vec3& v : cloth.velocities) m_maxSpeed = std::max(m_maxSpeed, glm::length(v));
    const glm::vec3 speed(std::max(m_maxSpeed, 1e-6f));
    fill(2, std::span(cloth.velocities).first(std::min(cloth.velocities.size(), n)), -speed, speed);

    m_normals.resize(n);
    if (cloth.triangles.empty()) std::fill(m_normals.begin(), m_normals.end(), glm::vec3(0.0f));
    else computeVertexNormals(cloth, m_normals);
    fill(3, m_normals, glm::vec3(-1.0f), glm::vec3(1.0f));
    glBindTexture(GL_TEXTURE_2D, 0);
}

} // namespace cs
