#include "link_sweep.hpp"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <omp.h>

namespace cs {
namespace {

// Projects the links [begin, end) of one run, in order.
template <bool kLambda, bool kLargest>
float projectRun(const LinkPass& pass, std::size_t begin, std::size_t end) {
    const Link* links = pass.links;
    glm::vec3* x = pass.x;
    const float* w = pass.w;
    float* lambdas = pass.lambda;
    // local copies: the stores into x could alias the pass's arrays, which would
    // otherwise be read again after every link
    float alphaTilde[kLinkKindCount], gains[kLinkKindCount];
    std::copy_n(pass.alphaTilde, kLinkKindCount, alphaTilde);
    std::copy_n(pass.gain, kLinkKindCount, gains);
    float largest = 0.0f;
    for (std::size_t l = begin; l < end; ++l) {
        const Link& link = links[l];
        const glm::vec3 d = x[link.a] - x[link.b];
        const float wa = w[link.a], wb = w[link.b];
        const int kind = static_cast<int>(link.kind);
        const float alpha = alphaTilde[kind];
        const float len = std::sqrt(glm::dot(d, d));
        const float denominator = wa + wb + alpha;
        if (len < 1e-12f || denominator < 1e-12f) continue;  // NaN is not degenerate: it spreads to the guard
        const float c = len - link.restLength;
        const float lambda = kLambda ? lambdas[l] : 0.0f;
        // one division for both dlambda and the direction d / len
        const float s = (-c - alpha * lambda) / (denominator * len);
        const float gain = gains[kind];
        x[link.a] += (gain * wa * s) * d;
        x[link.b] -= (gain * wb * s) * d;
        if constexpr (kLambda) lambdas[l] += s * len;
        if constexpr (kLargest) largest = std::max(largest, std::abs(c));
    }
    return largest;
}

template <bool kLargest>
float projectRun(const LinkPass& pass, std::size_t begin, std::size_t end) {
    return pass.lambda ? projectRun<true, kLargest>(pass, begin, end) : projectRun<false, kLargest>(pass, begin, end);
}

} // namespace

void LinkSweep::update(const Cloth& cloth, int threads) {
    if (threads <= 1) return;  // forEachRange sweeps in order on one thread
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

float LinkSweep::sweep(const LinkPass& pass, std::size_t linkCount, int threads, bool wantLargest) const {
    // one slot per thread (solver.threads is at most kMaxThreads), so the max needs no lock
    float largest[kMaxThreads] = {};
    forEachRange(linkCount, std::min(threads, kMaxThreads), [&](std::size_t begin, std::size_t end) {
        float& mine = largest[omp_get_thread_num()];
        // the max is a chain through every link: left out of the passes that do not report it
        mine = std::max(mine, wantLargest ? projectRun<true>(pass, begin, end) : projectRun<false>(pass, begin, end));
    });
    return *std::max_element(std::begin(largest), std::end(largest));
}

} // namespace cs
