#include "crossing_sampler.hpp"

#include "sim/cloth.hpp"

#include <algorithm>
#include <chrono>

namespace cs {

bool CrossingSampler::frame(const Cloth& cloth, int threads, bool markTriangles) {
    if (m_framesToNext > 0) {
        --m_framesToNext;
        return false;
    }
    m_framesToNext = kEveryFrames - 1;
    const auto start = std::chrono::steady_clock::now();
    if (markTriangles) {
        m_marks.resize(cloth.triangles.size());  // allocates only when the count grows
        m_current = m_counter.markCrossingTriangles(cloth, m_marks);
    } else {
        m_marks.clear();  // keeps the capacity
        m_current = m_counter.count(cloth, threads);
    }
    m_lastMs = std::chrono::duration<float, std::milli>(std::chrono::steady_clock::now() - start).count();
    m_largest = std::max(m_largest, m_current);
    m_history.push(static_cast<float>(m_current));
    m_counted = true;
    return true;
}

void CrossingSampler::reset() {
    m_marks.clear();
    m_history.clear();
    m_current = m_largest = 0;
    m_lastMs = 0.0f;
    m_counted = false;
}

} // namespace cs
