// Self-collision: the method, its paper and its weaknesses are in the header.
#include "sim/collision/self_collision.hpp"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <limits>

namespace cs {
namespace {

// A cell is packed into one 64-bit key, 21 bits per axis. Coordinates are clamped so
// that a neighbour (c +- 1) still fits its field: far-away or non-finite particles only
// share cells with each other, which costs time, never a missed pair (clamping keeps
// cells of nearby particles within one of each other).
constexpr int kCellBits = 21;
constexpr float kMaxCell = static_cast<float>((1 << (kCellBits - 1)) - 2);
constexpr std::int64_t kCellBias = std::int64_t{1} << (kCellBits - 1);

std::int64_t cellCoordinate(float metres, float inverseCellSize) {
    const float c = std::floor(metres * inverseCellSize);
    if (!(c > -kMaxCell)) return -static_cast<std::int64_t>(kMaxCell);  // also catches NaN
    if (c > kMaxCell) return static_cast<std::int64_t>(kMaxCell);
    return static_cast<std::int64_t>(c);
}

std::uint64_t cellKey(glm::vec3 x, float inverseCellSize) {
    const auto field = [&](float v) {
        return static_cast<std::uint64_t>(cellCoordinate(v, inverseCellSize) + kCellBias);
    };
    return (field(x.x) << (2 * kCellBits)) | (field(x.y) << kCellBits) | field(x.z);
}

constexpr std::uint64_t kZField = (std::uint64_t{1} << kCellBits) - 1;

// The key of the cell (dx, dy, dz) away: packing is linear and the clamp leaves room,
// so no field borrows from or carries into its neighbour.
constexpr std::uint64_t keyOffset(int dx, int dy, int dz) {
    return static_cast<std::uint64_t>((std::int64_t{dx} << (2 * kCellBits)) + (std::int64_t{dy} << kCellBits) +
                                      std::int64_t{dz});
}

// Cells stacked along z go to consecutive buckets, bucket = (hash(x, y) + z) mod
// tableSize, so that a query reads the cells z-1, z, z+1 of a column as one run of the
// table: 9 runs per query instead of 27 scattered buckets.
// The column hash: xor-shift and multiply, then the top 32 bits mapped onto the table.
std::uint32_t columnBase(std::uint64_t key, std::uint32_t tableSize) {
    std::uint64_t column = key >> kCellBits;
    column ^= column >> 29;
    column *= 0x9E3779B97F4A7C15ull;
    return static_cast<std::uint32_t>(((column >> 32) * tableSize) >> 32);
}

std::uint32_t wrap(std::uint32_t bucket, std::uint32_t tableSize) {
    return bucket >= tableSize ? bucket - tableSize : bucket;
}

std::uint32_t bucketOf(std::uint64_t key, std::uint32_t tableSize) {
    return wrap(columnBase(key, tableSize) + static_cast<std::uint32_t>((key & kZField) % tableSize), tableSize);
}

float inverseMassOf(const Cloth& cloth, std::size_t i) {
    return i < cloth.inverseMasses.size() ? cloth.inverseMasses[i] : 0.0f;
}

// Rest neighbours are closer than `thickness` in the shape the cloth was built in.
bool areRestNeighbours(const Cloth& cloth, std::uint32_t i, std::uint32_t j, float thicknessSquared) {
    if (cloth.restPositions.size() != cloth.particleCount()) return false;
    const glm::vec3 d = cloth.restPositions[i] - cloth.restPositions[j];
    return glm::dot(d, d) < thicknessSquared;
}

// One contact between two particles, corrections split by the inverse masses.
struct PairContact {
    glm::vec3 normal;  // unit, from j towards i
    float depth;       // metres the pair must separate by
    float shareI;      // w_i / (w_i + w_j)
    float shareJ;
};

// Pushes the pair apart along the normal until it is `thickness` apart.
void separate(glm::vec3& xi, glm::vec3& xj, const PairContact& c) {
    xi += (c.shareI * c.depth) * c.normal;
    xj -= (c.shareJ * c.depth) * c.normal;
}

// Positional Coulomb friction: the relative sliding since the substep began is
// removed when below mu_s x depth (static), else shortened by mu_k x depth (kinetic).
void applyFriction(glm::vec3& xi, glm::vec3& xj, glm::vec3 previousI, glm::vec3 previousJ,
                   const PairContact& c, Friction friction) {
    const glm::vec3 relative = (xi - previousI) - (xj - previousJ);
    const glm::vec3 tangential = relative - glm::dot(relative, c.normal) * c.normal;
    const float slide = glm::length(tangential);
    if (slide <= 0.0f) return;
    const glm::vec3 removed = slide < friction.staticCoefficient * c.depth
                                  ? tangential
                                  : tangential * std::min(1.0f, friction.kineticCoefficient * c.depth / slide);
    xi -= c.shareI * removed;
    xj += c.shareJ * removed;
}

// Separates particles i and j when they are closer than `thickness` and not rest
// neighbours, then applies friction; true when it corrected them.
bool collidePair(Cloth& cloth, std::span<const glm::vec3> previous, std::uint32_t i, std::uint32_t j,
                 float thickness, Friction friction) {
    glm::vec3& xi = cloth.positions[i];
    glm::vec3& xj = cloth.positions[j];
    const glm::vec3 d = xi - xj;
    const float distanceSquared = glm::dot(d, d);
    const float thicknessSquared = thickness * thickness;
    if (distanceSquared >= thicknessSquared) return false;
    if (areRestNeighbours(cloth, i, j, thicknessSquared)) return false;
    const float wi = inverseMassOf(cloth, i), wj = inverseMassOf(cloth, j);
    if (wi + wj <= 0.0f) return false;  // both pinned

    // coincident particles have no direction between them: part them along +y
    const float distance = std::sqrt(distanceSquared);
    const glm::vec3 normal = distance > 1e-6f * thickness ? d / distance : glm::vec3(0.0f, 1.0f, 0.0f);
    const PairContact contact{normal, thickness - distance, wi / (wi + wj), wj / (wi + wj)};
    separate(xi, xj, contact);
    if (friction.any()) applyFriction(xi, xj, previous[i], previous[j], contact, friction);
    return true;
}

} // namespace

void SelfCollision::build(std::span<const glm::vec3> positions, float cellSize) {
    const auto n = static_cast<std::uint32_t>(positions.size());
    const std::uint32_t tableSize = 2 * n;
    if (m_sorted.size() != n) {
        m_sorted.resize(n);
        m_sortedKeys.resize(n);
        m_keys.resize(n);
        m_bucketStart.resize(static_cast<std::size_t>(tableSize) + 1);
    }
    m_inverseCellSize = 1.0f / cellSize;

    // count: after this, start[b] is one past the end of bucket b
    std::fill(m_bucketStart.begin(), m_bucketStart.end(), 0u);
    for (std::uint32_t i = 0; i < n; ++i) {
        m_keys[i] = cellKey(positions[i], m_inverseCellSize);
        ++m_bucketStart[bucketOf(m_keys[i], tableSize)];
    }
    std::uint32_t total = 0;
    for (std::uint32_t& start : m_bucketStart) {
        total += start;
        start = total;
    }
    // place: walking each end back down leaves start[b] at the first entry of bucket b
    for (std::uint32_t i = 0; i < n; ++i) {
        const std::uint32_t slot = --m_bucketStart[bucketOf(m_keys[i], tableSize)];
        m_sorted[slot] = i;
        m_sortedKeys[slot] = m_keys[i];
    }
}

template <class Visit>
void SelfCollision::forEachNeighbour(std::uint32_t i, Visit&& visit) const {
    const auto tableSize = static_cast<std::uint32_t>(m_bucketStart.size() - 1);
    const std::uint64_t centre = m_keys[i];
    const auto belowZ = static_cast<std::uint32_t>(((centre & kZField) - 1) % tableSize);
    // the slots [from, to) hold a run of buckets; keep the particles of the three wanted cells
    const auto scan = [&](std::uint32_t from, std::uint32_t to, std::uint64_t firstKey) {
        for (std::uint32_t k = from; k < to; ++k)
            if (m_sortedKeys[k] - firstKey <= 2) visit(m_sorted[k]);
    };
    for (int dx = -1; dx <= 1; ++dx) {
        for (int dy = -1; dy <= 1; ++dy) {
            const std::uint64_t firstKey = centre + keyOffset(dx, dy, -1);
            const std::uint32_t first = wrap(columnBase(firstKey, tableSize) + belowZ, tableSize);
            if (first + 3 <= tableSize) {
                scan(m_bucketStart[first], m_bucketStart[first + 3], firstKey);
            } else {  // the run wraps around the end of the table
                scan(m_bucketStart[first], m_bucketStart[tableSize], firstKey);
                scan(m_bucketStart[0], m_bucketStart[first + 3 - tableSize], firstKey);
            }
        }
    }
}

int SelfCollision::project(Cloth& cloth, std::span<const glm::vec3> previous, float thickness, Friction friction) {
    const std::size_t n = cloth.particleCount();
    if (!(thickness > 0.0f) || n < 2) return 0;
    build(cloth.positions, thickness);
    if (previous.size() != n) friction = {};  // no start of the substep to measure sliding from
    int corrected = 0;

    for (std::uint32_t i = 0; i < n; ++i) {
        forEachNeighbour(i, [&](std::uint32_t j) {
            if (j > i && collidePair(cloth, previous, i, j, thickness, friction)) ++corrected;  // each pair once
        });
    }
    return corrected;
}

float SelfCollision::minDistance(const Cloth& cloth, float thickness, float range) {
    constexpr float kNone = std::numeric_limits<float>::infinity();
    const std::size_t n = cloth.particleCount();
    if (!(thickness > 0.0f) || !(range > 0.0f) || n < 2) return kNone;
    build(cloth.positions, range);
    const float thicknessSquared = thickness * thickness;
    const std::vector<glm::vec3>& x = cloth.positions;
    float bestSquared = range * range;  // only pairs closer than range count
    bool found = false;

    for (std::uint32_t i = 0; i < n; ++i) {
        forEachNeighbour(i, [&](std::uint32_t j) {
            if (j <= i) return;
            const glm::vec3 d = x[i] - x[j];
            const float distanceSquared = glm::dot(d, d);
            if (distanceSquared >= bestSquared) return;
            if (areRestNeighbours(cloth, i, j, thicknessSquared)) return;
            bestSquared = distanceSquared;
            found = true;
        });
    }
    return found ? std::sqrt(bestSquared) : kNone;
}

std::size_t SelfCollision::findContacts(const Cloth& cloth, float thickness, std::vector<SelfContactPair>& out) {
    out.clear();
    const std::size_t n = cloth.particleCount();
    if (!(thickness > 0.0f) || n < 2) return 0;
    build(cloth.positions, thickness);
    const float thicknessSquared = thickness * thickness;
    const std::vector<glm::vec3>& x = cloth.positions;
    for (std::uint32_t i = 0; i < n; ++i) {
        forEachNeighbour(i, [&](std::uint32_t j) {
            if (j <= i) return;
            const glm::vec3 d = x[i] - x[j];
            const float distanceSquared = glm::dot(d, d);
            if (distanceSquared >= thicknessSquared || areRestNeighbours(cloth, i, j, thicknessSquared)) return;
            out.push_back({i, j, std::sqrt(distanceSquared)});
        });
    }
    return out.size();
}

} // namespace cs
