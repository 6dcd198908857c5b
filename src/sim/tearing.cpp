// Tearing: the method is described in the header.
#include "tearing.hpp"

#include "topology_edit.hpp"

#include <algorithm>
#include <glm/geometric.hpp>

namespace cs {
namespace {

constexpr int kRounds = 4;          // tear, spring back, look again
constexpr int kSpringBackSweeps = 8;

float stretchRatio(const Cloth& cloth, const Link& link) {
    return glm::distance(cloth.positions[link.a], cloth.positions[link.b]) / link.restLength;
}

// Shortens every link longer than maxStretch x rest to that length, sharing the
// move by inverse mass (pinned and held particles stay). Positions only: the torn
// edge springs back without gaining speed.
void springBackLinks(Cloth& cloth, float maxStretch) {
    for (int sweep = 0; sweep < kSpringBackSweeps; ++sweep) {
        bool moved = false;
        for (const Link& link : cloth.links) {
            if (link.kind == LinkKind::Bend) continue;
            glm::vec3& xa = cloth.positions[link.a];
            glm::vec3& xb = cloth.positions[link.b];
            const float wa = cloth.inverseMasses[link.a], wb = cloth.inverseMasses[link.b];
            const glm::vec3 d = xb - xa;
            const float length = glm::length(d), limit = maxStretch * link.restLength;
            if (length <= limit || wa + wb <= 0.0f) continue;
            const glm::vec3 correction = d * ((length - limit) / (length * (wa + wb)));
            xa += wa * correction;
            xb -= wb * correction;
            moved = true;
        }
        if (!moved) return;
    }
}

} // namespace

TearResult Tearing::apply(Cloth& cloth, float maxStretch, bool springBack) {
    TearResult result;
    for (int round = 0; round < kRounds; ++round) {
        m_over.clear();
        for (std::size_t l = 0; l < cloth.links.size(); ++l) {
            const Link& link = cloth.links[l];
            if (link.kind == LinkKind::Bend) continue;  // bending links go with their support
            const float ratio = stretchRatio(cloth, link);
            if (ratio > maxStretch) m_over.push_back({l, ratio});
        }
        if (m_over.empty()) break;
        std::sort(m_over.begin(), m_over.end(), [](const Overstretched& l, const Overstretched& r) {
            return l.ratio != r.ratio ? l.ratio > r.ratio : l.link < r.link;
        });

        // links by their ends: the edits below re-point triangles but not cloth.links
        std::vector<EdgeKey> over;
        over.reserve(m_over.size());
        for (const Overstretched& o : m_over) over.push_back(edgeKey(cloth.links[o.link].a, cloth.links[o.link].b));
        std::size_t edgeTears = 0, spanBreaks = 0;
        {
            TopologyEditor editor(cloth);
            std::vector<std::uint8_t> isEdge(over.size());
            for (std::size_t i = 0; i < over.size(); ++i) isEdge[i] = editor.isEdge(over[i].a, over[i].b);
            for (std::size_t i = 0; i < over.size(); ++i) {
                const EdgeKey e = over[i];
                if (!isEdge[i]) {
                    // a span link breaks on its own; the link update drops it and counts it.
                    // Its end e.a is a corner of its first or its last support, so it is
                    // among the span links on e.a's triangles (a pass over all ~48 k of
                    // them for each link over the threshold cost a tear front at 128²
                    // milliseconds a step)
                    for (const std::uint32_t k : spanLinksOn(cloth, editor.fan(e.a))) {
                        const SpanLink& span = cloth.spanLinks[k];
                        if (span.supportCount > 0 && edgeKey(spanEndA(cloth, span), spanEndB(cloth, span)) == e) {
                            editor.breakSpan(k);
                            ++spanBreaks;
                        }
                    }
                    continue;
                }
                if (!editor.isEdge(e.a, e.b)) continue;  // an earlier split this round took it apart
                // Müller's split at the end with more triangles, across the edge
                std::uint32_t first = e.a, second = e.b;
                if (editor.fan(e.b).size() > editor.fan(e.a).size()) std::swap(first, second);
                const glm::vec3 towardSecond = cloth.positions[second] - cloth.positions[first];
                if (!(glm::dot(towardSecond, towardSecond) > 0.0f)) continue;
                glm::vec3 normal = glm::normalize(towardSecond);
                std::size_t copies = editor.separate(first, &normal);
                if (copies == 0) {
                    normal = -normal;
                    copies = editor.separate(second, &normal);
                }
                if (copies > 0) {
                    ++edgeTears;
                    result.particlesAdded += copies;
                }
            }
            editor.finish();  // updates the links where particles were split or span links broke
            if (editor.result().changed() || spanBreaks > 0) result.add(editor.edit());
        }
        cloth.tornLinks += edgeTears;  // span links are counted by the link update that drops them
        const std::size_t tornThisRound = edgeTears + spanBreaks;
        result.linksTorn += tornThisRound;
        if (springBack) springBackLinks(cloth, maxStretch);
        if (tornThisRound == 0) break;  // nothing could tear: spring back was all there was to do
    }
    return result;
}

} // namespace cs
