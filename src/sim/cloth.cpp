#include "cloth.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <glm/geometric.hpp>

namespace cs {

void Cloth::setPinned(std::size_t particle, bool pin) {
    pinned[particle] = pin ? 1 : 0;
    ++pinVersion;
    inverseMasses[particle] = pin || masses[particle] <= 0.0f ? 0.0f : 1.0f / masses[particle];
    if (pin) velocities[particle] = glm::vec3(0.0f);
}

Cloth buildGridCloth(const ClothSettings& settings) {
    Cloth cloth;
    // every built cloth gets a generation of its own, so no cache keyed on the
    // versions can mistake a rebuilt cloth for the one it replaced
    static std::atomic<std::uint64_t> generation{0};
    cloth.topologyVersion = ++generation << 32;
    const int nx = std::max(settings.resolution.x, 2);
    const int ny = std::max(settings.resolution.y, 2);
    const float s = settings.spacing;
    const auto count = static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny);
    cloth.columns = nx;
    cloth.rows = ny;
    auto index = [nx](int x, int y) { return static_cast<std::uint32_t>(y * nx + x); };

    // particles: u runs along columns (x), v down the rows
    cloth.positions.resize(count);
    cloth.restUV.resize(count);
    const float halfWidth = 0.5f * s * static_cast<float>(nx - 1);
    const float halfDepth = 0.5f * s * static_cast<float>(ny - 1);
    for (int y = 0; y < ny; ++y) {
        for (int x = 0; x < nx; ++x) {
            const float across = s * static_cast<float>(x) - halfWidth;
            const float down = s * static_cast<float>(y);
            glm::vec3 offset = settings.orientation == Orientation::Vertical
                                   ? glm::vec3(across, -down, 0.0f)
                                   : glm::vec3(across, 0.0f, down - halfDepth);
            cloth.positions[index(x, y)] = settings.origin + offset;
            cloth.restUV[index(x, y)] = {static_cast<float>(x) / static_cast<float>(nx - 1),
                                         static_cast<float>(y) / static_cast<float>(ny - 1)};
        }
    }

    // triangles: alternate the diagonal so the mesh has no preferred shear direction.
    // Going down the rows is -y (vertical) or +z (horizontal), so (a, c, b) is
    // counter-clockwise seen from +z or +y: the front faces the viewer / the sky.
    cloth.triangles.reserve(static_cast<std::size_t>(2 * (nx - 1) * (ny - 1)));
    for (int y = 0; y + 1 < ny; ++y) {
        for (int x = 0; x + 1 < nx; ++x) {
            const auto a = index(x, y), b = index(x + 1, y), c = index(x, y + 1), d = index(x + 1, y + 1);
            if (((x + y) & 1) != 0) {
                cloth.triangles.push_back({a, c, d});
                cloth.triangles.push_back({a, d, b});
            } else {
                cloth.triangles.push_back({a, c, b});
                cloth.triangles.push_back({b, c, d});
            }
        }
    }

    // links: seed 001's "constraint level" — every neighbour up to linkLevel away along
    // the row, the column and both diagonals — or seed 000's 12-neighbour stencil
    const bool stencil12 = settings.linkPattern == LinkPattern::Stencil12;
    const int level = stencil12 ? 2 : std::max(settings.linkLevel, 1);
    auto addLink = [&](int x0, int y0, int x1, int y1, LinkKind kind) {
        if (x1 < 0 || x1 >= nx || y1 < 0 || y1 >= ny) return;
        const auto a = index(x0, y0), b = index(x1, y1);
        cloth.links.push_back({a, b, glm::distance(cloth.positions[a], cloth.positions[b]), kind});
    };
    for (int y = 0; y < ny; ++y) {
        for (int x = 0; x < nx; ++x) {
            for (int d = 1; d <= level; ++d) {
                const LinkKind straight = d == 1 ? LinkKind::Stretch : LinkKind::Bend;
                const LinkKind diagonal = d == 1 ? LinkKind::Shear : LinkKind::Bend;
                addLink(x, y, x + d, y, straight);
                addLink(x, y, x, y + d, straight);
                if (stencil12 && d > 1) continue;
                addLink(x, y, x + d, y + d, diagonal);
                addLink(x, y, x - d, y + d, diagonal);
            }
        }
    }
    std::stable_sort(cloth.links.begin(), cloth.links.end(),
                     [](const Link& l, const Link& r) { return l.kind < r.kind; });

    // masses: either given per particle, or each triangle's area x density shared by its corners (seed 003)
    cloth.masses.assign(count, 0.0f);
    if (settings.massMode == MassMode::PerParticle) {
        std::fill(cloth.masses.begin(), cloth.masses.end(), settings.particleMass);
    } else {
        for (const glm::uvec3& t : cloth.triangles) {
            const glm::vec3 e1 = cloth.positions[t.y] - cloth.positions[t.x];
            const glm::vec3 e2 = cloth.positions[t.z] - cloth.positions[t.x];
            const float third = 0.5f * glm::length(glm::cross(e1, e2)) * settings.density / 3.0f;
            cloth.masses[t.x] += third;
            cloth.masses[t.y] += third;
            cloth.masses[t.z] += third;
        }
    }

    cloth.bendElements = findBendElements(cloth.positions, cloth.triangles);
    cloth.restPositions = cloth.positions;
    cloth.previousPositions = cloth.positions;
    cloth.velocities.assign(count, glm::vec3(0.0f));
    cloth.inverseMasses.resize(count);
    cloth.pinned.assign(count, 0);
    for (std::size_t i = 0; i < count; ++i) cloth.setPinned(i, false);
    applyPinPreset(cloth, settings.pins);
    return cloth;
}

void applyPinPreset(Cloth& cloth, PinPreset preset) {
    for (std::size_t i = 0; i < cloth.particleCount(); ++i) cloth.setPinned(i, false);
    if (cloth.columns == 0) return;
    const int nx = cloth.columns, ny = cloth.rows;
    auto pin = [&](int x, int y) { cloth.setPinned(static_cast<std::size_t>(y * nx + x), true); };
    switch (preset) {
    case PinPreset::None: break;
    case PinPreset::TopCorners: pin(0, 0); pin(nx - 1, 0); break;
    case PinPreset::TopRow: for (int x = 0; x < nx; ++x) pin(x, 0); break;
    case PinPreset::AllCorners: pin(0, 0); pin(nx - 1, 0); pin(0, ny - 1); pin(nx - 1, ny - 1); break;
    }
}

std::span<const Link> stretchAndShearLinks(const Cloth& cloth) {
    const auto firstBend = std::partition_point(cloth.links.begin(), cloth.links.end(),
                                                [](const Link& l) { return l.kind != LinkKind::Bend; });
    return {cloth.links.data(), static_cast<std::size_t>(firstBend - cloth.links.begin())};
}

void toggleCornerPin(Cloth& cloth, int corner) {
    if (cloth.columns == 0 || corner < 0 || corner > 3) return;
    const int x = (corner & 1) ? cloth.columns - 1 : 0;
    const int y = (corner & 2) ? cloth.rows - 1 : 0;
    const auto i = static_cast<std::size_t>(y * cloth.columns + x);
    cloth.setPinned(i, !cloth.pinned[i]);
}

float dihedralAngle(glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d) {
    const glm::vec3 n1 = glm::cross(b - a, c - a);
    const glm::vec3 n2 = glm::cross(a - b, d - b);
    const float l1 = glm::length(n1), l2 = glm::length(n2), le = glm::length(b - a);
    if (l1 < 1e-20f || l2 < 1e-20f || le < 1e-20f) return 0.0f;
    const glm::vec3 u1 = n1 / l1, u2 = n2 / l2;
    // atan2 keeps the sign and stays accurate near 0 and pi, where acos does not
    return std::atan2(glm::dot(glm::cross(u1, u2), (b - a) / le), glm::dot(u1, u2));
}

std::vector<BendElement> findBendElements(const std::vector<glm::vec3>& positions,
                                          const std::vector<glm::uvec3>& triangles) {
    // every directed edge (a -> b) remembers its triangle's third corner; the
    // twin edge (b -> a) of the neighbouring triangle closes the hinge
    struct HalfEdge {
        std::uint64_t key;  // a << 32 | b
        std::uint32_t opposite;
    };
    std::vector<HalfEdge> halfEdges;
    halfEdges.reserve(triangles.size() * 3);
    auto key = [](std::uint32_t a, std::uint32_t b) { return (std::uint64_t(a) << 32) | b; };
    for (const glm::uvec3& t : triangles) {
        halfEdges.push_back({key(t.x, t.y), t.z});
        halfEdges.push_back({key(t.y, t.z), t.x});
        halfEdges.push_back({key(t.z, t.x), t.y});
    }
    std::sort(halfEdges.begin(), halfEdges.end(), [](const HalfEdge& l, const HalfEdge& r) { return l.key < r.key; });
    std::vector<BendElement> elements;
    for (const HalfEdge& e : halfEdges) {
        const auto a = static_cast<std::uint32_t>(e.key >> 32), b = static_cast<std::uint32_t>(e.key);
        if (a > b) continue;  // each hinge once, from its lower-index side
        const auto twin = std::lower_bound(halfEdges.begin(), halfEdges.end(), key(b, a),
                                           [](const HalfEdge& h, std::uint64_t k) { return h.key < k; });
        if (twin == halfEdges.end() || twin->key != key(b, a)) continue;  // a border edge
        const std::uint32_t c = e.opposite, d = twin->opposite;
        elements.push_back({a, b, c, d, dihedralAngle(positions[a], positions[b], positions[c], positions[d])});
    }
    return elements;
}

void computeVertexNormals(const Cloth& cloth, std::span<glm::vec3> normals) {
    std::fill(normals.begin(), normals.end(), glm::vec3(0.0f));
    const auto& p = cloth.positions;
    for (const glm::uvec3& t : cloth.triangles) {
        const glm::vec3 n = glm::cross(p[t.y] - p[t.x], p[t.z] - p[t.x]);
        normals[t.x] += n;
        normals[t.y] += n;
        normals[t.z] += n;
    }
    for (glm::vec3& n : normals) {
        const float len = glm::length(n);
        n = len > 1e-20f ? n / len : glm::vec3(0.0f, 1.0f, 0.0f);
    }
}

float totalMass(const Cloth& cloth) {
    float sum = 0.0f;
    for (float m : cloth.masses) sum += m;
    return sum;
}

} // namespace cs
