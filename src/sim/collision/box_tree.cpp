#include "box_tree.hpp"

#include <algorithm>
#include <limits>

namespace cs {

Box Box::empty() {
    const float inf = std::numeric_limits<float>::infinity();
    return {glm::vec3(inf), glm::vec3(-inf)};
}

void BoxTree::build(std::span<const Box> boxes) {
    m_nodes.clear();
    m_items.resize(boxes.size());
    m_centres.resize(boxes.size());
    for (std::size_t k = 0; k < boxes.size(); ++k) {
        m_items[k] = static_cast<std::uint32_t>(k);
        // An empty box (an item with no valid position) sits at the origin for the split.
        m_centres[k] = boxes[k].min.x <= boxes[k].max.x ? 0.5f * (boxes[k].min + boxes[k].max) : glm::vec3(0.0f);
    }
    if (boxes.empty()) return;
    m_nodes.reserve(2 * boxes.size() / kLeafItems + 2);
    buildRange(boxes, 0, static_cast<std::uint32_t>(boxes.size()), 0);
    m_itemBoxes.resize(boxes.size());
    for (std::size_t k = 0; k < boxes.size(); ++k) m_itemBoxes[k] = boxes[m_items[k]];
}

std::uint32_t BoxTree::buildRange(std::span<const Box> boxes, std::uint32_t begin, std::uint32_t end, int depth) {
    const auto index = static_cast<std::uint32_t>(m_nodes.size());
    m_nodes.push_back({Box::empty(), begin, end - begin});
    Box bounds = Box::empty();
    Box centreBounds = Box::empty();
    for (std::uint32_t k = begin; k < end; ++k) {
        bounds = bounds.merged(boxes[m_items[k]]);
        centreBounds = centreBounds.merged({m_centres[m_items[k]], m_centres[m_items[k]]});
    }
    m_nodes[index].box = bounds;
    // depth: the median split halves the range, so this bound is never reached below 2^60 items
    if (end - begin <= kLeafItems || depth >= kMaxDepth - 1) return index;
    const glm::vec3 extent = centreBounds.max - centreBounds.min;
    const int axis = extent.x >= extent.y && extent.x >= extent.z ? 0 : (extent.y >= extent.z ? 1 : 2);
    const std::uint32_t middle = begin + (end - begin) / 2;
    // Ties broken by item index, so the tree does not depend on nth_element's order.
    std::nth_element(m_items.begin() + begin, m_items.begin() + middle, m_items.begin() + end,
                     [&](std::uint32_t a, std::uint32_t b) {
                         return m_centres[a][axis] < m_centres[b][axis] ||
                                (m_centres[a][axis] == m_centres[b][axis] && a < b);
                     });
    m_nodes[index].count = 0;
    buildRange(boxes, begin, middle, depth + 1);
    m_nodes[index].first = buildRange(boxes, middle, end, depth + 1);
    return index;
}

void BoxTree::refit(std::span<const Box> boxes) {
    for (std::size_t n = m_nodes.size(); n-- > 0;) {
        Node& node = m_nodes[n];
        if (node.count > 0) {
            Box bounds = Box::empty();
            for (std::uint32_t k = node.first; k < node.first + node.count; ++k) {
                m_itemBoxes[k] = boxes[m_items[k]];
                bounds = bounds.merged(m_itemBoxes[k]);
            }
            node.box = bounds;
        } else {
            node.box = m_nodes[n + 1].box.merged(m_nodes[node.first].box);
        }
    }
}

} // namespace cs
