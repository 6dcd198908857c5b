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
    return wantLargest ? sweepRuns<true>(pass, linkCount, threads) : sweepRuns<false>(pass, linkCount, threads);
}

template <bool kLargest>
float LinkSweep::sweepRuns(const LinkPass& pass, std::size_t linkCount, int threads) const {
    // the max is a chain through every link: left out of the passes that do not report it
    float largest = 0.0f;
    auto clipped = [&](const Run& run) { return std::min<std::size_t>(run.end, linkCount); };
    if (threads <= 1 || !m_anyParallel) {
        for (const Run& run : m_runs) {
            if (run.begin >= clipped(run)) break;
            largest = std::max(largest, projectRun<kLargest>(pass, run.begin, clipped(run)));
        }
        return largest;
    }
#pragma omp parallel num_threads(threads) reduction(max : largest)
    {
        const std::size_t thread = static_cast<std::size_t>(omp_get_thread_num());
        const std::size_t team = static_cast<std::size_t>(omp_get_num_threads());
        for (std::size_t r = 0; r < m_runs.size();) {
            const std::size_t begin = m_runs[r].begin;
            if (begin >= clipped(m_runs[r])) break;
            if (m_runs[r].parallel && clipped(m_runs[r]) - begin >= kParallelRunLinks) {
                // each thread its own contiguous slice: the colour is sorted by particle,
                // so each keeps to its own stretch of the cloth
                const std::size_t length = clipped(m_runs[r]) - begin;
                const float mine = projectRun<kLargest>(pass, begin + length * thread / team,
                                                        begin + length * (thread + 1) / team);
                largest = std::max(largest, mine);
#pragma omp barrier
                ++r;
            } else {
                // short runs in a row: one thread sweeps them all, one barrier after
                std::size_t last = r;
                while (last < m_runs.size() && !(m_runs[last].parallel && clipped(m_runs[last]) - m_runs[last].begin >=
                                                                               kParallelRunLinks) &&
                       m_runs[last].begin < clipped(m_runs[last]))
                    ++last;
#pragma omp single
                for (std::size_t s = r; s < last; ++s)
                    largest = std::max(largest, projectRun<kLargest>(pass, m_runs[s].begin, clipped(m_runs[s])));
                r = last;
            }
        }
    }
    return largest;
}

} // namespace cs
