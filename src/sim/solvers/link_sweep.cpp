#include "link_sweep.hpp"

namespace cs {

void LinkSweep::update(const Cloth& cloth) {
    if (m_topologyVersion == cloth.topologyVersion && m_links == cloth.links.size()) return;
    m_topologyVersion = cloth.topologyVersion;
    m_links = cloth.links.size();
    m_runs.clear();
    m_lastRun.assign(cloth.particleCount(), 0);
    m_anyParallel = false;

    // Greedy cut: a run ends where the next link touches a particle already in it.
    // Cutting from the particles themselves (rather than trusting the colouring)
    // keeps the sweep exact whatever order the links come in.
    std::uint32_t runNumber = 1;
    std::uint32_t begin = 0;
    auto close = [&](std::uint32_t end) {
        const bool parallel = end - begin >= kParallelRunLinks;
        if (!parallel && !m_runs.empty() && !m_runs.back().parallel && m_runs.back().end == begin)
            m_runs.back().end = end;  // serial runs in a row: one thread sweeps them with no barrier between
        else
            m_runs.push_back({begin, end, parallel});
        m_anyParallel = m_anyParallel || parallel;
        begin = end;
        ++runNumber;
    };
    for (std::uint32_t l = 0; l < m_links; ++l) {
        const Link& link = cloth.links[l];
        if (m_lastRun[link.a] == runNumber || m_lastRun[link.b] == runNumber) close(l);
        m_lastRun[link.a] = runNumber;
        m_lastRun[link.b] = runNumber;
    }
    if (begin < m_links) close(static_cast<std::uint32_t>(m_links));
}

} // namespace cs
