#include "crossing_count.hpp"

#include "sim/cloth.hpp"
#include "triangle_crossing.hpp"

#include <algorithm>
#include <cmath>

namespace cs {
namespace {

bool finite(glm::vec3 p) { return std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z); }

bool shareCornerOrPosition(std::span<const glm::vec3> positions, glm::uvec3 s, glm::uvec3 t) {
    // Indices first: most candidate pairs are neighbours in the mesh, and this needs no position.
    bool shared = false;
    for (int a = 0; a < 3; ++a) shared |= (s[a] == t.x) | (s[a] == t.y) | (s[a] == t.z);
    if (shared) return true;
    for (int a = 0; a < 3; ++a)
        for (int b = 0; b < 3; ++b)
            if (positions[s[a]] == positions[t[b]]) return true;
    return false;
}

} // namespace

bool trianglesCross(std::span<const glm::vec3> positions, glm::uvec3 s, glm::uvec3 t) {
    if (shareCornerOrPosition(positions, s, t)) return false;
    return trianglesIntersect(positions[s.x], positions[s.y], positions[s.z], positions[t.x], positions[t.y],
                              positions[t.z]);
}

namespace {

// Calls found(i, j) for each crossing pair among the box pairs of `task`.
template <class Found>
void crossingsOf(const BoxTree& tree, BoxTree::Task task, std::span<const glm::vec3> positions,
                 std::span<const glm::uvec3> triangles, Found&& found) {
    tree.selfPairs(task, [&](std::uint32_t i, std::uint32_t j) {
        if (trianglesCross(positions, triangles[i], triangles[j])) found(std::min(i, j), std::max(i, j));
    });
}

} // namespace

void CrossingCounter::prepare(std::span<const glm::vec3> positions, std::span<const glm::uvec3> triangles,
                              std::uint64_t topologyKey) {
    m_boxes.resize(triangles.size());  // allocates only when the triangle count grows
    for (std::size_t k = 0; k < triangles.size(); ++k) {
        const glm::vec3 a = positions[triangles[k].x], b = positions[triangles[k].y], c = positions[triangles[k].z];
        m_boxes[k] = finite(a) && finite(b) && finite(c) ? Box{glm::min(a, glm::min(b, c)), glm::max(a, glm::max(b, c))}
                                                         : Box::empty();
    }
    if (!m_built || topologyKey != m_topologyKey || triangles.size() != m_tree.itemCount()) {
        m_tree.build(m_boxes);
        m_built = true;
        m_topologyKey = topologyKey;
    } else {
        m_tree.refit(m_boxes);
    }
}

std::size_t CrossingCounter::count(std::span<const glm::vec3> positions, std::span<const glm::uvec3> triangles,
                                   std::uint64_t topologyKey, int threads) {
    prepare(positions, triangles, topologyKey);
    // One slot per thread, on the stack: at most kMaxThreads.
    constexpr int kMaxThreads = 64;
    // Counting costs far more per item than a particle update: share from 256 triangles.
    const int team = triangles.size() < 256 ? 1 : std::clamp(threads, 1, kMaxThreads);
    std::size_t perThread[kMaxThreads] = {};
    // Several tasks per thread, dealt round-robin: a dense fold in one task is shared out.
    const std::span<const BoxTree::Task> tasks = m_tree.selfPairTasks(team > 1 ? 16 * static_cast<std::size_t>(team) : 1);
    const auto countSlice = [&](int slice) {
        std::size_t found = 0;
        for (std::size_t k = static_cast<std::size_t>(slice); k < tasks.size(); k += static_cast<std::size_t>(team))
            crossingsOf(m_tree, tasks[k], positions, triangles, [&](std::uint32_t, std::uint32_t) { ++found; });
        perThread[slice] = found;
    };
    if (team == 1) {
        countSlice(0);
    } else {
#pragma omp parallel for schedule(static) num_threads(team)
        for (int slice = 0; slice < team; ++slice) countSlice(slice);
    }
    std::size_t total = 0;
    for (int slice = 0; slice < team; ++slice) total += perThread[slice];
    return total;
}

std::size_t CrossingCounter::count(const Cloth& cloth, int threads) {
    return count(cloth.positions, cloth.triangles, cloth.topologyVersion, threads);
}

std::size_t CrossingCounter::markCrossingTriangles(std::span<const glm::vec3> positions,
                                                  std::span<const glm::uvec3> triangles, std::uint64_t topologyKey,
                                                  std::span<std::uint8_t> crossing) {
    prepare(positions, triangles, topologyKey);
    std::fill(crossing.begin(), crossing.end(), std::uint8_t{0});
    std::size_t found = 0;
    for (const BoxTree::Task& task : m_tree.selfPairTasks(1))
        crossingsOf(m_tree, task, positions, triangles, [&](std::uint32_t i, std::uint32_t j) {
            ++found;
            if (i < crossing.size()) crossing[i] = 1;
            if (j < crossing.size()) crossing[j] = 1;
        });
    return found;
}

std::size_t CrossingCounter::markCrossingTriangles(const Cloth& cloth, std::span<std::uint8_t> crossing) {
    return markCrossingTriangles(cloth.positions, cloth.triangles, cloth.topologyVersion, crossing);
}

std::vector<std::pair<std::uint32_t, std::uint32_t>> CrossingCounter::pairs(std::span<const glm::vec3> positions,
                                                                            std::span<const glm::uvec3> triangles,
                                                                            std::uint64_t topologyKey) {
    prepare(positions, triangles, topologyKey);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> found;
    for (const BoxTree::Task& task : m_tree.selfPairTasks(1))
        crossingsOf(m_tree, task, positions, triangles,
                    [&](std::uint32_t i, std::uint32_t j) { found.emplace_back(i, j); });
    std::sort(found.begin(), found.end());
    return found;
}

} // namespace cs
