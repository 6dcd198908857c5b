#include "cloth.hpp"

#include "topology.hpp"

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

Cloth buildCloth(const ClothShape& shape, const ClothSettings& settings) {
    Cloth cloth;
    // every built cloth gets a generation of its own, so no cache keyed on the
    // versions can mistake a rebuilt cloth for the one it replaced
    static std::atomic<std::uint64_t> generation{0};
    cloth.topologyVersion = ++generation << 32;
    const std::size_t count = shape.positions.size();
    cloth.columns = shape.columns;
    cloth.rows = shape.rows;
    cloth.positions = shape.positions;
    cloth.restPositions = shape.positions;
    cloth.restUV = shape.restUV;
    cloth.restUV.resize(count, glm::vec2(0.0f));
    cloth.triangles = shape.triangles;
    cloth.edgeFlags = shape.edgeFlags;
    cloth.edgeFlags.resize(cloth.triangles.size(), 0);
    cloth.spanLinks = shape.spanLinks;
    cloth.spanSupport = shape.spanSupport;
    indexSpanSupport(cloth);

    // masses: either given per particle, or each triangle's area x density shared by its corners (pbd-jobs,
    // docs/sources.md)
    cloth.masses.assign(count, 0.0f);
    if (settings.massMode == MassMode::PerParticle) {
        std::fill(cloth.masses.begin(), cloth.masses.end(), settings.particleMass);
    } else {
        for (const glm::uvec3& t : cloth.triangles) {
            const float third = triangleArea(cloth.positions, t) * settings.density / 3.0f;
            cloth.masses[t.x] += third;
            cloth.masses[t.y] += third;
            cloth.masses[t.z] += third;
        }
    }

    cloth.previousPositions = cloth.positions;
    cloth.velocities.assign(count, glm::vec3(0.0f));
    cloth.inverseMasses.resize(count);
    cloth.pinned.assign(count, 0);
    for (std::size_t i = 0; i < count; ++i) cloth.setPinned(i, false);
    rebuildLinks(cloth);
    applyPinPreset(cloth, settings.pins);
    return cloth;
}

Cloth buildGridCloth(const ClothSettings& settings) { return buildCloth(gridShape(settings), settings); }

namespace {

// Every particle on an edge of only one triangle: the outline, holes included.
void pinBorder(Cloth& cloth) {
    for (const EdgeKey& e : findBorderEdges(cloth.triangles)) {
        cloth.setPinned(e.a, true);
        cloth.setPinned(e.b, true);
    }
}

// The presets on a mesh without grid indices, read from its rest shape.
void applyMeshPinPreset(Cloth& cloth, PinPreset preset) {
    if (preset == PinPreset::None || cloth.particleCount() == 0) return;
    const auto& rest = cloth.restPositions;
    std::size_t lowX = 0, highX = 0, lowZ = 0, highZ = 0;
    float top = rest[0].y;
    for (std::size_t i = 0; i < rest.size(); ++i) {
        top = std::max(top, rest[i].y);
        if (rest[i].x < rest[lowX].x) lowX = i;
        if (rest[i].x > rest[highX].x) highX = i;
        if (rest[i].z < rest[lowZ].z) lowZ = i;
        if (rest[i].z > rest[highZ].z) highZ = i;
    }
    constexpr float kTopBand = 0.001f;  // metres: what counts as the top row
    std::vector<std::size_t> row;
    for (std::size_t i = 0; i < rest.size(); ++i)
        if (rest[i].y >= top - kTopBand) row.push_back(i);
    switch (preset) {
    case PinPreset::None: break;
    case PinPreset::TopRow:
        for (std::size_t i : row) cloth.setPinned(i, true);
        break;
    case PinPreset::TopCorners: {
        const auto [left, right] = std::minmax_element(row.begin(), row.end(), [&](std::size_t a, std::size_t b) {
            return rest[a].x < rest[b].x;
        });
        cloth.setPinned(*left, true);
        cloth.setPinned(*right, true);
        break;
    }
    case PinPreset::AllCorners:
        for (std::size_t i : {lowX, highX, lowZ, highZ}) cloth.setPinned(i, true);
        break;
    case PinPreset::Border: pinBorder(cloth); break;
    }
}

} // namespace

void applyPinPreset(Cloth& cloth, PinPreset preset) {
    for (std::size_t i = 0; i < cloth.particleCount(); ++i) cloth.setPinned(i, false);
    if (cloth.columns == 0) {
        applyMeshPinPreset(cloth, preset);
        return;
    }
    const int nx = cloth.columns, ny = cloth.rows;
    auto pin = [&](int x, int y) { cloth.setPinned(static_cast<std::size_t>(y * nx + x), true); };
    switch (preset) {
    case PinPreset::None: break;
    case PinPreset::TopCorners: pin(0, 0); pin(nx - 1, 0); break;
    case PinPreset::TopRow: for (int x = 0; x < nx; ++x) pin(x, 0); break;
    case PinPreset::AllCorners: pin(0, 0); pin(nx - 1, 0); pin(0, ny - 1); pin(nx - 1, ny - 1); break;
    case PinPreset::Border:
        for (int x = 0; x < nx; ++x) pin(x, 0), pin(x, ny - 1);
        for (int y = 0; y < ny; ++y) pin(0, y), pin(nx - 1, y);
        break;
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

void computeVertexNormals(const Cloth& cloth, std::span<glm::vec3> normals) {
    computeVertexNormals(cloth.positions, cloth.triangles, normals);
}

void computeVertexNormals(std::span<const glm::vec3> p, std::span<const glm::uvec3> triangles,
                          std::span<glm::vec3> normals) {
    std::fill(normals.begin(), normals.end(), glm::vec3(0.0f));
    for (const glm::uvec3& t : triangles) {
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
