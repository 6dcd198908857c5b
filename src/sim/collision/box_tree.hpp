#pragma once
// A bounding-volume hierarchy over axis-aligned boxes that the caller supplies (one per
// item: a triangle, an edge, inflated by a query radius or not). Built once per topology
// (median split on the widest axis of the box centres, up to kLeafItems per leaf), refit
// to new boxes of the same items without allocating, queried for every item whose
// closed box overlaps a given box (touching boxes overlap).
//
// Layout: nodes in depth-first order, so a node's first child is the next node and the
// refit is one backward pass. A leaf holds a range of `items`, with their boxes beside them.
#include <cstdint>
#include <glm/common.hpp>
#include <glm/vec3.hpp>
#include <span>
#include <vector>

namespace cs {

struct Box {
    glm::vec3 min;  // metres
    glm::vec3 max;  // metres; min > max on an axis: an empty box that overlaps nothing

    // All six comparisons without branches: in a cloth most tests are between touching
    // neighbours, and a short-circuit's branches mispredicted (20 % of a count).
    bool overlaps(const Box& other) const {
        return (min.x <= other.max.x) & (other.min.x <= max.x) & (min.y <= other.max.y) & (other.min.y <= max.y) &
               (min.z <= other.max.z) & (other.min.z <= max.z);
    }
    static Box empty();
    Box merged(const Box& other) const { return {glm::min(min, other.min), glm::max(max, other.max)}; }
};

class BoxTree {
public:
    static constexpr std::uint32_t kLeafItems = 4;
    static constexpr int kMaxDepth = 64;  // the median split keeps it near log2(n)

    // Builds the tree over `boxes` (item k has boxes[k]). Allocates.
    void build(std::span<const Box> boxes);
    // New boxes for the same items (boxes.size() == itemCount()): tighter or looser
    // nodes, the same structure. Allocates nothing.
    void refit(std::span<const Box> boxes);
    std::size_t itemCount() const { return m_items.size(); }

    // Calls visit(item) for every item whose box overlaps `box`, in tree order.
    template <class Visit>
    void query(const Box& box, Visit&& visit) const {
        if (m_nodes.empty()) return;
        std::uint32_t stack[kMaxDepth * 2];
        int top = 0;
        stack[top++] = 0;
        while (top > 0) {
            const Node& node = m_nodes[stack[--top]];
            if (!node.box.overlaps(box)) continue;
            if (node.count > 0) {
                for (std::uint32_t k = node.first; k < node.first + node.count; ++k)
                    if (m_itemBoxes[k].overlaps(box)) visit(m_items[k]);
            } else {
                stack[top++] = node.first;                                  // second child
                stack[top++] = static_cast<std::uint32_t>(&node - m_nodes.data()) + 1;  // first child
            }
        }
    }

    // Every pair of different items whose boxes overlap, once each (in no useful order):
    // the tree against itself, so each pair of overlapping nodes is visited once.
    // Work is split into tasks: selfPairTasks(minimum) cuts it into at least `minimum`
    // independent pieces where the tree allows (they allocate nothing after the first
    // call with the same minimum), and selfPairs(task, visit) does one piece.
    struct Task {
        std::uint32_t a, b;  // two nodes, or one node (a == b) against itself
    };
    std::span<const Task> selfPairTasks(std::size_t minimum) {
        m_tasks.clear();
        if (m_nodes.empty()) return {};
        m_tasks.push_back({0, 0});
        // Breadth first: split the oldest task until there are enough, or none can split
        // (a pair of leaves goes to the back as it is).
        std::size_t next = 0;
        std::size_t splittable = bothLeaves(m_tasks[0]) ? 0 : 1;  // among the tasks from `next` on
        while (m_tasks.size() - next < minimum && splittable > 0) {
            const Task task = m_tasks[next++];
            if (bothLeaves(task)) {
                m_tasks.push_back(task);
                continue;
            }
            --splittable;
            split(task, [&](Task child) {
                m_tasks.push_back(child);
                if (!bothLeaves(child)) ++splittable;
            });
        }
        return std::span<const Task>(m_tasks).subspan(next);
    }

    template <class Visit>
    void selfPairs(Task task, Visit&& visit) const {
        Task stack[kMaxDepth * 8];
        int top = 0;
        stack[top++] = task;
        while (top > 0) {
            const Task t = stack[--top];
            if (!bothLeaves(t)) {
                split(t, [&](Task child) { stack[top++] = child; });
                continue;
            }
            const Node& a = m_nodes[t.a];
            const Node& b = m_nodes[t.b];
            for (std::uint32_t k = a.first; k < a.first + a.count; ++k)
                for (std::uint32_t l = t.a == t.b ? k + 1 : b.first; l < b.first + b.count; ++l)
                    if (m_itemBoxes[k].overlaps(m_itemBoxes[l])) visit(m_items[k], m_items[l]);
        }
    }

private:
    struct Node {
        Box box;
        std::uint32_t first;  // leaf: first index into m_items; inner: the second child's node index
        std::uint32_t count;  // items in a leaf; 0 for an inner node
    };
    std::uint32_t buildRange(std::span<const Box> boxes, std::uint32_t begin, std::uint32_t end, int depth);

    // A leaf against itself, or two leaves: the items' boxes are compared directly.
    bool bothLeaves(Task t) const { return m_nodes[t.a].count > 0 && m_nodes[t.b].count > 0; }
    // The tasks a task with an inner node stands for, those whose boxes overlap: an inner
    // node against itself is its children each against itself and against each other;
    // two nodes are the children of the inner one that comes first in depth-first order
    // (the larger) against the other.
    template <class Push>
    void split(Task t, Push&& push) const {
        if (t.a == t.b) {
            const std::uint32_t first = t.a + 1, second = m_nodes[t.a].first;
            push(Task{first, first});
            push(Task{second, second});
            if (m_nodes[first].box.overlaps(m_nodes[second].box)) push(Task{first, second});
            return;
        }
        const Node& a = m_nodes[t.a];
        const bool splitA = m_nodes[t.b].count > 0 || (a.count == 0 && t.a < t.b);
        const std::uint32_t keep = splitA ? t.b : t.a;
        const std::uint32_t inner = splitA ? t.a : t.b;
        const Box& keepBox = m_nodes[keep].box;
        if (m_nodes[inner + 1].box.overlaps(keepBox)) push(Task{inner + 1, keep});
        if (m_nodes[m_nodes[inner].first].box.overlaps(keepBox)) push(Task{m_nodes[inner].first, keep});
    }

    std::vector<Node> m_nodes;
    std::vector<std::uint32_t> m_items;
    std::vector<Box> m_itemBoxes;      // boxes[m_items[k]], in leaf order: a leaf's boxes side by side
    std::vector<glm::vec3> m_centres;  // build scratch
    std::vector<Task> m_tasks;         // selfPairTasks' list
};

} // namespace cs
