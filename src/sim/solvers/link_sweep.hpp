#pragma once
// The Gauss–Seidel sweep over the distance links of the position-based solvers
// (XPBD, PBD, Jakobsen), spread over threads without changing a single bit of
// the result.
//
// Why it is exact: a run of consecutive links that share no particle can be
// projected in any order, or all at once, and every link still reads and writes
// exactly the values it would in the serial sweep. Runs are taken in order with a
// barrier between them, so the sweep as a whole equals the serial one for any
// thread count. The cloth's links are sorted into such colours (topology.cpp), so
// the runs found here are whole colours of thousands of links.
#include "../cloth.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace cs {

// Runs shorter than this are swept by one thread: forking and the barrier cost
// more than a short run saves (on the 2-core machine, 256 beat 1024 at 32x32 and
// 64x64: a barrier costs about 0.2 us, a link about 5 ns).
inline constexpr std::uint32_t kParallelRunLinks = 256;

class LinkSweep {
public:
    // Re-cuts the runs when the cloth's links changed (topology version or count);
    // allocates only then.
    void update(const Cloth& cloth);
    void invalidate() { m_links = ~std::size_t(0); }

    // Calls project(l) for l in [0, linkCount) in the cloth's link order, on up to
    // `threads` threads. With wantLargest it returns the largest value project
    // returned (an exact max, so independent of the thread count), else 0 and the
    // max is never taken. project must touch only link l's two particles and
    // link l's own entries.
    template <class ProjectLink>
    float sweep(std::size_t linkCount, int threads, bool wantLargest, ProjectLink&& project) const {
        return wantLargest ? sweepRuns<true>(linkCount, threads, project) : sweepRuns<false>(linkCount, threads, project);
    }

    // The runs, for the tests: [begin, end) into cloth.links, parallel when long.
    struct Run {
        std::uint32_t begin;
        std::uint32_t end;
        bool parallel;
    };
    const std::vector<Run>& runs() const { return m_runs; }

private:
    template <bool kLargest, class ProjectLink>
    float sweepRuns(std::size_t linkCount, int threads, ProjectLink& project) const;

    std::vector<Run> m_runs;                 // consecutive short runs are merged into one serial run
    std::vector<std::uint32_t> m_lastRun;    // per particle: 1 + the index of the last run touching it
    std::uint64_t m_topologyVersion = ~0ull;
    std::size_t m_links = ~std::size_t(0);
    bool m_anyParallel = false;
};

template <bool kLargest, class ProjectLink>
float LinkSweep::sweepRuns(std::size_t linkCount, int threads, ProjectLink& project) const {
    // the max is a chain through every link: left out of the passes that do not report it
    float largest = 0.0f;
    auto one = [&](std::size_t l) {
        if constexpr (kLargest)
            largest = std::max(largest, project(l));
        else
            project(l);
    };
    if (threads <= 1 || !m_anyParallel) {
        for (std::size_t l = 0; l < linkCount; ++l) one(l);
        return largest;
    }
#pragma omp parallel num_threads(threads) reduction(max : largest)
    {
        for (const Run& run : m_runs) {
            const std::size_t begin = run.begin;
            const std::size_t end = std::min<std::size_t>(run.end, linkCount);
            if (begin >= end) break;
            if (run.parallel && end - begin >= kParallelRunLinks) {
#pragma omp for schedule(static)
                for (std::size_t l = begin; l < end; ++l) one(l);
            } else {
#pragma omp single
                for (std::size_t l = begin; l < end; ++l) one(l);
            }
        }
    }
    return largest;
}

} // namespace cs
