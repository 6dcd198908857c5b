#include "picking.hpp"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>
#include <limits>

namespace cs {
namespace {

// Slab test: whether the ray meets the box [lo, hi] at some t >= 0.
bool rayHitsBox(const Ray& ray, glm::vec3 lo, glm::vec3 hi) {
    float tNear = 0.0f, tFar = std::numeric_limits<float>::infinity();
    for (int k = 0; k < 3; ++k) {
        const float o = ray.origin[k], d = ray.direction[k];
        if (std::abs(d) < 1e-12f) {
            if (o < lo[k] || o > hi[k]) return false;
            continue;
        }
        float t0 = (lo[k] - o) / d, t1 = (hi[k] - o) / d;
        if (t0 > t1) std::swap(t0, t1);
        tNear = std::max(tNear, t0);
        tFar = std::min(tFar, t1);
        if (tNear > tFar) return false;
    }
    return true;
}

} // namespace

Ray rayThroughPixel(const glm::mat4& view, const glm::mat4& projection, glm::vec2 pixel, glm::vec2 viewportSize) {
    // window pixel -> normalised device coordinates (y up, [-1, 1]; GLM's default depth range [-1, 1])
    const glm::vec2 size = glm::max(viewportSize, glm::vec2(1.0f));
    const float x = 2.0f * pixel.x / size.x - 1.0f;
    const float y = 1.0f - 2.0f * pixel.y / size.y;
    const glm::mat4 inverse = glm::inverse(projection * view);
    const glm::vec4 nearPoint = inverse * glm::vec4(x, y, -1.0f, 1.0f);
    const glm::vec4 farPoint = inverse * glm::vec4(x, y, 1.0f, 1.0f);
    const glm::vec3 a = glm::vec3(nearPoint) / nearPoint.w;
    const glm::vec3 b = glm::vec3(farPoint) / farPoint.w;
    return {a, glm::normalize(b - a)};
}

std::optional<glm::vec2> projectToPixel(const glm::mat4& view, const glm::mat4& projection, glm::vec3 point,
                                        glm::vec2 viewportSize) {
    const glm::vec4 clip = projection * view * glm::vec4(point, 1.0f);
    if (clip.w <= 0.0f) return std::nullopt;
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    return glm::vec2((ndc.x + 1.0f) * 0.5f * viewportSize.x, (1.0f - ndc.y) * 0.5f * viewportSize.y);
}

std::optional<TriangleHit> intersectTriangle(const Ray& ray, glm::vec3 a, glm::vec3 b, glm::vec3 c) {
    // Möller–Trumbore: solve origin + t dir = a + u (b - a) + v (c - a) by Cramer's rule
    const glm::vec3 e1 = b - a, e2 = c - a;
    const glm::vec3 p = glm::cross(ray.direction, e2);
    const float det = glm::dot(e1, p);
    // two-sided: either sign of det; ~0 means the ray runs in the triangle's plane (or it is degenerate)
    if (std::abs(det) < 1e-20f) return std::nullopt;
    const float inv = 1.0f / det;
    const glm::vec3 s = ray.origin - a;
    const float u = glm::dot(s, p) * inv;
    if (u < 0.0f || u > 1.0f) return std::nullopt;
    const glm::vec3 q = glm::cross(s, e1);
    const float v = glm::dot(ray.direction, q) * inv;
    if (v < 0.0f || u + v > 1.0f) return std::nullopt;
    const float t = glm::dot(e2, q) * inv;
    if (!(t >= 0.0f)) return std::nullopt;  // also rejects NaN
    return TriangleHit{t, u, v};
}

std::optional<ClothHit> pickCloth(const Cloth& cloth, const Ray& ray) {
    const std::size_t count = cloth.particleCount();
    if (count == 0 || cloth.triangles.empty()) return std::nullopt;
    const glm::vec3* x = cloth.positions.data();

    // early out: the cloth's bounding box
    glm::vec3 lo(std::numeric_limits<float>::infinity()), hi(-std::numeric_limits<float>::infinity());
    for (std::size_t i = 0; i < count; ++i) {
        lo = glm::min(lo, x[i]);
        hi = glm::max(hi, x[i]);
    }
    if (!rayHitsBox(ray, lo, hi)) return std::nullopt;

    // every triangle: keep the nearest hit
    std::optional<ClothHit> best;
    for (std::size_t k = 0; k < cloth.triangles.size(); ++k) {
        const glm::uvec3 tri = cloth.triangles[k];
        if (tri.x >= count || tri.y >= count || tri.z >= count) continue;
        const auto hit = intersectTriangle(ray, x[tri.x], x[tri.y], x[tri.z]);
        if (!hit || (best && hit->t >= best->distance)) continue;
        ClothHit h;
        h.triangle = k;
        h.barycentric = {1.0f - hit->u - hit->v, hit->u, hit->v};
        h.distance = hit->t;
        best = h;
    }
    if (!best) return std::nullopt;

    // the hit point and the corner nearest to it
    const glm::uvec3 tri = cloth.triangles[best->triangle];
    best->point = ray.at(best->distance);
    const std::uint32_t corners[3] = {tri.x, tri.y, tri.z};
    float nearest = std::numeric_limits<float>::infinity();
    for (std::uint32_t i : corners) {
        const glm::vec3 d = x[i] - best->point;
        if (const float d2 = glm::dot(d, d); d2 < nearest) {
            nearest = d2;
            best->particle = i;
        }
    }
    return best;
}

std::optional<ColliderHit> pickCollider(const Colliders& colliders, const Ray& ray) {
    std::optional<ColliderHit> best;
    for (std::size_t k = 0; k < colliders.size(); ++k) {
        const auto t = intersectRay(colliders[k], ray.origin, ray.direction);
        if (!t || (best && *t >= best->distance)) continue;
        best = ColliderHit{k, *t, ray.at(*t)};
    }
    return best;
}

std::optional<glm::vec3> intersectPlane(const Ray& ray, glm::vec3 point, glm::vec3 normal) {
    const float denominator = glm::dot(ray.direction, normal);
    if (std::abs(denominator) < 1e-9f * glm::length(normal)) return std::nullopt;
    const float t = glm::dot(point - ray.origin, normal) / denominator;
    if (!(t >= 0.0f)) return std::nullopt;
    return ray.at(t);
}

} // namespace cs
