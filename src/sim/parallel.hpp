#pragma once
// Loops over particles shared among solver.threads threads (OpenMP), for the
// per-particle stages of every solver: each index is handled by exactly one
// thread with the same arithmetic as the serial loop, so the result never
// depends on the thread count. Include only from the core's .cpp files (they
// are compiled with -fopenmp).
#include <cstddef>

namespace cs {

// Below this many items a loop stays on the calling thread: waking a team costs
// a few microseconds, about what 2 000 particle updates take.
inline constexpr std::size_t kParallelItems = 2048;

// Calls body(begin, end) on contiguous slices that cover [0, count) exactly once.
// `minimum`: below this many items the loop stays serial (fewer for costlier items).
template <class Body>
void parallelFor(std::size_t count, int threads, Body&& body, std::size_t minimum = kParallelItems) {
    if (threads <= 1 || count < minimum) {
        body(std::size_t{0}, count);
        return;
    }
#pragma omp parallel for schedule(static) num_threads(threads)
    for (int t = 0; t < threads; ++t) {
        const std::size_t slice = static_cast<std::size_t>(t);
        const std::size_t team = static_cast<std::size_t>(threads);
        body(count * slice / team, count * (slice + 1) / team);
    }
}

// Calls task(k) for every k in [0, count), handed out to `threads` threads one at a
// time (for tasks of uneven cost). One thread: a plain loop, no OpenMP region at all
// (which would allocate its team).
template <class Task>
void forEachTask(int count, int threads, Task&& task) {
    if (threads <= 1) {
        for (int k = 0; k < count; ++k) task(k);
        return;
    }
#pragma omp parallel for schedule(dynamic) num_threads(threads)
    for (int k = 0; k < count; ++k) task(k);
}

} // namespace cs
