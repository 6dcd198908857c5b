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
//
// Why the kernel is scalar: projecting eight links at a time through arrays the
// compiler vectorises was measured slower (XPBD 128x128: 15.9 ms against 13.6 ms
// per step), the gather and scatter of 12-byte positions costing more than the
// vector square roots and divisions saved.
#include "../cloth.hpp"

#include <algorithm>
#include <cstdint>
#include <omp.h>
#include <vector>

namespace cs {

// Runs shorter than this are swept by one thread: forking and the barrier cost
// more than a short run saves (on the 2-core machine, 256 beat 1024 at 32x32 and
// 64x64: a barrier costs about 0.2 us, a link about 4 ns).
inline constexpr std::uint32_t kParallelRunLinks = 256;

// The most threads a sweep uses (solver.threads' upper bound).
inline constexpr int kMaxThreads = 64;

// One pass of distance projections, C = |xa - xb| - rest (constraints.hpp):
//   s = (-C - alphaTilde lambda) / ((wa + wb + alphaTilde) |xa - xb|)
//   xa += gain wa s (xa - xb),  xb -= gain wb s (xa - xb),  lambda += s |xa - xb|
// XPBD: alphaTilde = compliance / h^2 per kind, gain 1. PBD: alphaTilde 0, gain =
// stiffness per kind. Jakobsen: alphaTilde 0, gain = the relaxation factor.
// Degenerate links (coincident ends, both ends fixed) are left alone.
struct LinkPass {
    const Link* links = nullptr;
    glm::vec3* x = nullptr;                 // positions, corrected in place
    const float* w = nullptr;               // inverse masses
    float alphaTilde[kLinkKindCount] = {};  // per LinkKind
    float gain[kLinkKindCount] = {1.0f, 1.0f, 1.0f};
    float* lambda = nullptr;                // per link, accumulated across passes; nullptr: 0 each pass
};

class LinkSweep {
public:
    // Re-cuts the runs when the cloth's links changed (topology version or count);
    // allocates only then. One thread sweeps the list in order and needs no runs:
    // with `threads` 1 they are left until a second thread joins (cutting them is a
    // pass over every link, 0.3 ms at 128², in the step after every cut or tear).
    void update(const Cloth& cloth, int threads);
    void invalidate() { m_links = ~std::size_t(0); }

    // Projects links [0, linkCount) of pass.links in order on up to `threads`
    // threads. With wantLargest it returns the largest |C| met (an exact max, so
    // independent of the thread count), else 0 and the max is never taken.
    float sweep(const LinkPass& pass, std::size_t linkCount, int threads, bool wantLargest) const;

    // Calls body(begin, end) on ranges covering links [0, linkCount) in order, on up
    // to `threads` threads: the slices of a long run concurrently (they share no
    // particle), everything else in order on one thread, with a barrier between.
    // Anything that adds per link into per-particle sums (spring forces) then adds
    // in link order for every particle, exactly as the serial loop does.
    template <class Body>
    void forEachRange(std::size_t linkCount, int threads, Body&& body) const;

    // The runs, for the tests: [begin, end) into cloth.links, no two links of a run
    // sharing a particle; parallel when long.
    struct Run {
        std::uint32_t begin;
        std::uint32_t end;
        bool parallel;
    };
    const std::vector<Run>& runs() const { return m_runs; }

private:
    std::vector<Run> m_runs;
    std::vector<std::uint32_t> m_lastRun;    // per particle: 1 + the index of the last run touching it
    std::uint64_t m_topologyVersion = ~0ull;
    std::size_t m_links = ~std::size_t(0);
    bool m_anyParallel = false;
};

template <class Body>
void LinkSweep::forEachRange(std::size_t linkCount, int threads, Body&& body) const {
    if (threads <= 1) {
        body(std::size_t{0}, linkCount);  // in order: no runs needed (update leaves them)
        return;
    }
    if (!m_anyParallel) {
        body(std::size_t{0}, std::min(linkCount, m_links));
        return;
    }
#pragma omp parallel num_threads(threads)
    {
        const std::size_t thread = static_cast<std::size_t>(omp_get_thread_num());
        const std::size_t team = static_cast<std::size_t>(omp_get_num_threads());
        auto end = [&](const Run& run) { return std::min<std::size_t>(run.end, linkCount); };
        auto wide = [&](const Run& run) { return run.parallel && end(run) - run.begin >= kParallelRunLinks; };
        for (std::size_t r = 0; r < m_runs.size() && m_runs[r].begin < end(m_runs[r]);) {
            const Run& run = m_runs[r];
            if (wide(run)) {
                const std::size_t length = end(run) - run.begin;
                body(run.begin + length * thread / team, run.begin + length * (thread + 1) / team);
#pragma omp barrier
                ++r;
            } else {
                std::size_t last = r;  // short runs in a row: one thread, one barrier
                while (last + 1 < m_runs.size() && !wide(m_runs[last + 1]) &&
                       m_runs[last + 1].begin < end(m_runs[last + 1]))
                    ++last;
#pragma omp single
                body(run.begin, end(m_runs[last]));
                r = last + 1;
            }
        }
    }
}

} // namespace cs
