#pragma once
// The stats panel's count of crossing triangle pairs (issue 27): the exact counter
// (sim/collision/crossing_count.hpp) run on the first frame and every kEveryFrames-th
// after, never more often, so that a large cloth's count does not cost every frame; its
// cost is kept apart from the step's. While the contacts view is on, the same pass also
// marks which triangles cross (one flag per triangle), which the renderer paints.
// The counter keeps its box tree, so a sample allocates nothing after the first with a
// topology (the marks grow with the triangle count only).
#include "history.hpp"
#include "sim/collision/crossing_count.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace cs {

struct Cloth;

class CrossingSampler {
public:
    static constexpr int kEveryFrames = 10;
    static constexpr std::size_t kHistory = 240;  // samples (kEveryFrames x 240 frames: about 40 s at 60 Hz)

    // Once per rendered frame, after the physics. Counts on the first frame after
    // construction and then on every kEveryFrames-th; `markTriangles` (the contacts view
    // is on) marks the crossing triangles in the same pass (on one thread; otherwise the
    // count uses `threads`). Returns whether this frame counted.
    bool frame(const Cloth& cloth, int threads, bool markTriangles);

    // A reset or another scene: forgets the count, the largest, the plot and the marks.
    // The cadence goes on (the next count comes on its usual frame).
    void reset();

    std::size_t current() const { return m_current; }  // pairs at the last count (0 before one)
    std::size_t largest() const { return m_largest; }  // the most pairs counted since the last reset
    float lastMs() const { return m_lastMs; }           // wall time of the last count, milliseconds
    bool counted() const { return m_counted; }          // a count since the last reset
    const History<kHistory>& history() const { return m_history; }  // one value per count
    // Per triangle, 1 when it is in a crossing pair at the last marking count; empty when
    // the view was off then (or since the reset). Of the cloth as it was then: the size
    // tells whether the triangles are still the same in number.
    std::span<const std::uint8_t> triangleMarks() const { return m_marks; }

private:
    CrossingCounter m_counter;  // keeps its tree between counts
    std::vector<std::uint8_t> m_marks;
    History<kHistory> m_history;
    std::size_t m_current = 0;
    std::size_t m_largest = 0;
    float m_lastMs = 0.0f;
    bool m_counted = false;
    int m_framesToNext = 0;     // frames until the next count; 0: this one
};

} // namespace cs
