#pragma once
// The stats panel's plots keep their numbers here (app_context.hpp, crossing_sampler.hpp).
#include <array>
#include <cstddef>

namespace cs {

// A fixed-size history of one number, for ImGui::PlotLines; never allocates.
template <std::size_t N>
struct History {
    std::array<float, N> values{};
    std::size_t next = 0;   // where the next value goes; also PlotLines' values_offset
    std::size_t count = 0;  // how many are filled (up to N)

    void push(float value) {
        values[next] = value;
        next = (next + 1) % N;
        if (count < N) ++count;
    }
    float mean() const {
        if (count == 0) return 0.0f;
        float sum = 0.0f;
        for (std::size_t i = 0; i < count; ++i) sum += values[i];
        return sum / static_cast<float>(count);
    }
    float max() const {
        float m = 0.0f;
        for (std::size_t i = 0; i < count; ++i) m = values[i] > m ? values[i] : m;
        return m;
    }
    float min() const {
        float m = 0.0f;
        for (std::size_t i = 0; i < count; ++i) m = values[i] < m ? values[i] : m;
        return m;
    }
    void clear() { *this = History{}; }
    float latest() const { return count == 0 ? 0.0f : values[(next + N - 1) % N]; }
};

} // namespace cs
