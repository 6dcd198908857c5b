#include "topology_edit.hpp"

#include "blade_cut.hpp"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <numeric>

namespace cs {
namespace {

// Whether the segments p0-p1 and q0-q1 cross at a point inside both.
bool segmentsCross(glm::vec2 p0, glm::vec2 p1, glm::vec2 q0, glm::vec2 q1) {
    const float d1 = cross2(p1 - p0, q0 - p0), d2 = cross2(p1 - p0, q1 - p0);
    const float d3 = cross2(q1 - q0, p0 - q0), d4 = cross2(q1 - q0, p1 - q0);
    return ((d1 > 0.0f && d2 < 0.0f) || (d1 < 0.0f && d2 > 0.0f)) && ((d3 > 0.0f && d4 < 0.0f) || (d3 < 0.0f && d4 > 0.0f));
}

} // namespace

TopologyEditor::TopologyEditor(Cloth& cloth, TopologyEdit* record, const TriangleFans* fans)
    : m_cloth(cloth), m_ownEdit(record ? TopologyEdit{} : TopologyEdit::of(cloth)), m_edit(record ? record : &m_ownEdit),
      m_ownStart(record && fans ? TriangleFans{} : TriangleFans(cloth.triangles, cloth.particleCount())),
      m_start(record && fans ? fans : &m_ownStart) {
    if (record && fans) {
        // what changed since the fans were taken: the triangles the record noted (their
        // corners now) and the ones added
        for (std::uint32_t t : record->triangles)
            for (int k = 0; k < 3; ++k) m_startExtra.emplace_back(cloth.triangles[t][k], t);
        for (auto t = static_cast<std::uint32_t>(record->trianglesBefore); t < cloth.triangles.size(); ++t)
            for (int k = 0; k < 3; ++k) m_startExtra.emplace_back(cloth.triangles[t][k], t);
        std::sort(m_startExtra.begin(), m_startExtra.end());
    }
    m_cloth.edgeFlags.resize(m_cloth.triangles.size(), 0);
    reserveForEdits(m_cloth, m_cloth.particleCount() + 64, m_cloth.triangles.size());
}

std::vector<std::uint32_t>& TopologyEditor::fanOf(std::uint32_t v) const {
    const auto [slot, first] = m_fans.try_emplace(v);
    std::vector<std::uint32_t>& fan = slot->second;
    if (first) {
        // a separate() before may have re-pointed some of them at a copy
        if (v + 1 < m_start->start.size())
            for (std::uint32_t t : m_start->of(v))
                if (cornerOf(m_cloth.triangles[t], v) >= 0) fan.push_back(t);
        // by index, as fans taken from every triangle: those in m_start come first, and
        // the extras are the record's triangles (in m_start already where they had v)
        // and the added ones, past every old index
        const std::size_t old = fan.size();
        for (auto it = std::lower_bound(m_startExtra.begin(), m_startExtra.end(), std::make_pair(v, 0u));
             it != m_startExtra.end() && it->first == v; ++it)
            if (cornerOf(m_cloth.triangles[it->second], v) >= 0 &&
                std::find(fan.begin(), fan.begin() + static_cast<std::ptrdiff_t>(old), it->second) ==
                    fan.begin() + static_cast<std::ptrdiff_t>(old))
                fan.push_back(it->second);
        std::sort(fan.begin(), fan.end());
    }
    return fan;
}

bool TopologyEditor::isEdge(std::uint32_t a, std::uint32_t b) const {
    for (std::uint32_t t : fanOf(a))
        if (cornerOf(m_cloth.triangles[t], b) >= 0) return true;
    return false;
}

bool TopologyEditor::cutEdge(std::uint32_t a, std::uint32_t b) {
    if (a >= m_cloth.particleCount() || b >= m_cloth.particleCount() || a == b) return false;
    bool found = false, wasJoined = false;
    int sharing = 0;
    for (std::uint32_t t : fanOf(a)) {
        const glm::uvec3& tri = m_cloth.triangles[t];
        if (cornerOf(tri, b) < 0) continue;
        for (int k = 0; k < 3; ++k) {
            if (triangleEdge(tri, k) != edgeKey(a, b)) continue;
            const auto bit = static_cast<std::uint8_t>(kEdgeCut << k);
            if ((m_cloth.edgeFlags[t] & bit) == 0) {
                wasJoined = true;
                m_edit->noteTriangle(m_cloth, t);
                m_cloth.edgeFlags[t] |= bit;
            }
            found = true;
            ++sharing;
        }
    }
    // a border edge joins nothing: cutting it changes nothing
    if (found && wasJoined && sharing == 2) {
        ++m_result.edgesCut;
        ++m_cloth.tornLinks;
    }
    return found;
}

std::size_t TopologyEditor::separate(std::uint32_t v, const glm::vec3* splitNormal) {
    if (v >= m_cloth.particleCount()) return 0;
    const std::vector<std::uint32_t> fan = fanOf(v);  // copied: written below
    const std::size_t k = fan.size();
    if (k < 2) return 0;
    const Cloth& c = m_cloth;

    // which side of the split plane each triangle's centroid is on
    std::vector<int> side(k, 0);
    if (splitNormal) {
        for (std::size_t i = 0; i < k; ++i) {
            const glm::uvec3& t = c.triangles[fan[i]];
            const glm::vec3 centroid = (c.positions[t.x] + c.positions[t.y] + c.positions[t.z]) / 3.0f;
            side[i] = glm::dot(centroid - c.positions[v], *splitNormal) >= 0.0f ? 0 : 1;
        }
    }
    // groups: triangles joined through an uncut edge at v, on the same side
    std::vector<std::size_t> group(k);
    std::iota(group.begin(), group.end(), std::size_t{0});
    auto find = [&](std::size_t i) {
        while (group[i] != i) i = group[i] = group[group[i]];
        return i;
    };
    for (std::size_t i = 0; i < k; ++i)
        for (std::size_t j = i + 1; j < k; ++j)
            if (side[i] == side[j] && trianglesJoined(c, fan[i], fan[j])) group[find(i)] = find(j);
    std::vector<std::size_t> roots;
    for (std::size_t i = 0; i < k; ++i) {
        const std::size_t r = find(i);
        if (std::find(roots.begin(), roots.end(), r) == roots.end()) roots.push_back(r);
    }
    if (roots.size() < 2) return 0;

    // the group with the largest rest area keeps v; every other group gets a copy
    std::vector<float> area(roots.size(), 0.0f);
    float total = 0.0f;
    for (std::size_t i = 0; i < k; ++i) {
        const float a = triangleArea(c.restPositions, c.triangles[fan[i]]);
        area[static_cast<std::size_t>(std::find(roots.begin(), roots.end(), find(i)) - roots.begin())] += a;
        total += a;
    }
    const std::size_t keep = static_cast<std::size_t>(std::max_element(area.begin(), area.end()) - area.begin());
    const float mass = m_cloth.masses[v];
    float given = 0.0f;
    for (std::size_t g = 0; g < roots.size(); ++g) {
        if (g == keep) continue;
        const std::uint32_t copy = copyParticle(v);
        const float share = total > 0.0f ? mass * area[g] / total : mass / static_cast<float>(roots.size());
        m_cloth.masses[copy] = share;
        given += share;
        std::vector<std::uint32_t>& copyFan = fanOf(copy);
        for (std::size_t i = 0; i < k; ++i) {
            if (find(i) != roots[g]) continue;
            m_edit->noteTriangle(m_cloth, fan[i]);
            glm::uvec3& t = m_cloth.triangles[fan[i]];
            t[cornerOf(t, v)] = copy;
            copyFan.push_back(fan[i]);
        }
        std::vector<std::uint32_t>& own = fanOf(v);
        own.erase(std::remove_if(own.begin(), own.end(),
                                 [&](std::uint32_t t) { return cornerOf(m_cloth.triangles[t], v) < 0; }),
                  own.end());
        m_cloth.setPinned(copy, m_cloth.pinned[v] != 0);
        ++m_result.particlesAdded;
    }
    m_cloth.masses[v] = mass - given;
    m_cloth.setPinned(v, m_cloth.pinned[v] != 0);  // 1 / m from the new mass
    return roots.size() - 1;
}

std::uint32_t TopologyEditor::copyParticle(std::uint32_t v) {
    Cloth& c = m_cloth;
    const auto copy = static_cast<std::uint32_t>(c.particleCount());
    c.positions.push_back(c.positions[v]);
    c.previousPositions.push_back(c.previousPositions[v]);
    c.velocities.push_back(c.velocities[v]);
    c.inverseMasses.push_back(c.inverseMasses[v]);
    c.pinned.push_back(c.pinned[v]);
    c.masses.push_back(c.masses[v]);
    c.restUV.push_back(c.restUV[v]);
    c.restPositions.push_back(c.restPositions[v]);
    m_fans.try_emplace(copy);  // a copy starts with no triangles
    return copy;
}

void TopologyEditor::breakSpan(std::uint32_t i) {
    m_edit->noteSpan(m_cloth, i);
    m_cloth.spanLinks[i].supportCount = 0;
    m_spanLinksBroken = true;
}

void TopologyEditor::finish() {
    if (m_finished) return;
    m_finished = true;
    if (m_result.changed() || m_spanLinksBroken) updateLinks(m_cloth, *m_edit, m_start);  // taken when the record or this editor began
}

void reserveForEdits(Cloth& c, std::size_t particles, std::size_t triangles) {
    const auto room = [](auto& v, std::size_t n) {
        if (v.capacity() < n) v.reserve(n + n / 8);
    };
    room(c.positions, particles);
    room(c.previousPositions, particles);
    room(c.velocities, particles);
    room(c.inverseMasses, particles);
    room(c.pinned, particles);
    room(c.masses, particles);
    room(c.restUV, particles);
    room(c.restPositions, particles);
    room(c.triangles, triangles);
    room(c.edgeFlags, triangles);
}

void makeRoomForEdits(Cloth& c) {
    const std::size_t n = c.particleCount(), t = c.triangles.size();
    reserveForEdits(c, n + n / 8 + 1, t + t / 8 + 1);
    c.links.reserve(c.links.size() + c.links.size() / 8);
    c.bendElements.reserve(c.bendElements.size() + c.bendElements.size() / 8);
}

CutResult cutEdges(Cloth& cloth, std::span<const EdgeKey> edges, TopologyEdit* record, const TriangleFans* fans) {
    TopologyEditor editor(cloth, record, fans);
    std::vector<std::uint32_t> ends;
    for (const EdgeKey& e : edges)
        if (editor.cutEdge(e.a, e.b)) {
            ends.push_back(e.a);
            ends.push_back(e.b);
        }
    std::sort(ends.begin(), ends.end());
    ends.erase(std::unique(ends.begin(), ends.end()), ends.end());
    for (std::uint32_t v : ends) editor.separate(v);
    editor.finish();
    return editor.result();
}

std::vector<EdgeKey> edgesCrossingRestSegment(const Cloth& cloth, glm::vec2 uv0, glm::vec2 uv1) {
    std::vector<EdgeKey> edges;
    const glm::vec2 along = uv1 - uv0;
    const float length = glm::length(along);
    if (!(length > 0.0f) || cloth.triangles.empty()) return edges;
    // the nudge: a small fraction of the shortest rest edge, off the line and a little
    // turned, so the cut never runs through a particle or along an edge
    float shortest = 1.0f;
    for (const glm::uvec3& t : cloth.triangles)
        for (int k = 0; k < 3; ++k) {
            const float d = glm::distance(cloth.restUV[t[k]], cloth.restUV[t[(k + 1) % 3]]);
            if (d > 0.0f) shortest = std::min(shortest, d);
        }
    const glm::vec2 dir = along / length;
    const glm::vec2 nudge = 1e-3f * shortest * (glm::vec2(-dir.y, dir.x) + 0.37f * dir);
    const glm::vec2 p0 = uv0 + nudge, p1 = uv1 + nudge * 1.3f;
    for (const glm::uvec3& t : cloth.triangles)
        for (int k = 0; k < 3; ++k) {
            const EdgeKey e = triangleEdge(t, k);
            if (segmentsCross(p0, p1, cloth.restUV[e.a], cloth.restUV[e.b])) edges.push_back(e);
        }
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    return edges;
}

CutResult cutAlongRestSegment(Cloth& cloth, glm::vec2 uv0, glm::vec2 uv1, bool splitTriangles,
                               std::span<float> room, TopologyEdit* edit) {
    if (splitTriangles) return cutAlongBlade(cloth, bladeAlongRestSegment(cloth, uv0, uv1), room, edit);
    const std::vector<EdgeKey> edges = edgesCrossingRestSegment(cloth, uv0, uv1);
    if (edit) *edit = TopologyEdit::of(cloth);
    return cutEdges(cloth, edges, edit);
}

namespace {

// Whether `kept` and `cloth` are the same built cloth (not rebuilt by a reset or a scene since).
bool sameGeneration(const Cloth& kept, const Cloth& cloth) {
    return (cloth.topologyVersion >> 32) == (kept.topologyVersion >> 32);
}

// Puts `kept` in place of `cloth`, keeping the pins set since, and returns the cloth it replaced.
Cloth exchange(Cloth& cloth, Cloth kept) {
    const std::size_t common = std::min(kept.particleCount(), cloth.particleCount());
    for (std::size_t i = 0; i < common; ++i)
        if (cloth.pinned[i] != kept.pinned[i]) kept.setPinned(i, cloth.pinned[i] != 0);
    kept.topologyVersion = cloth.topologyVersion + 1;  // newer than both: every cache rebuilds
    kept.pinVersion = cloth.pinVersion + 1;
    Cloth left = std::move(cloth);
    cloth = std::move(kept);
    return left;
}

} // namespace

void CutUndo::remember(Cloth before) {
    if (m_undo.size() == kLevels) m_undo.erase(m_undo.begin());
    m_undo.push_back(std::move(before));
    m_redo.clear();
}

bool CutUndo::appliesTo(const Cloth& cloth) const {
    return !m_undo.empty() && sameGeneration(m_undo.back(), cloth) &&
           cloth.particleCount() >= m_undo.back().particleCount();
}

bool CutUndo::canRedo(const Cloth& cloth) const {
    return !m_redo.empty() && sameGeneration(m_redo.back(), cloth) &&
           m_redo.back().particleCount() >= cloth.particleCount();
}

bool CutUndo::restore(Cloth& cloth) {
    if (!appliesTo(cloth)) {
        clear();
        return false;
    }
    Cloth kept = std::move(m_undo.back());
    m_undo.pop_back();
    m_redo.push_back(exchange(cloth, std::move(kept)));
    return true;
}

bool CutUndo::redo(Cloth& cloth) {
    if (!canRedo(cloth)) {
        m_redo.clear();
        return false;
    }
    Cloth kept = std::move(m_redo.back());
    m_redo.pop_back();
    m_undo.push_back(exchange(cloth, std::move(kept)));
    return true;
}

} // namespace cs
