#pragma once
// A shipped scene loaded and stepped into the state a microbenchmark times an operation
// on (a landed pile, a folded heap). The steps take seconds, so each benchmark keeps one
// SteppedScene for all its arguments and steps it once.
#include "scene/scene.hpp"
#include "sim/simulation.hpp"

#include <benchmark/benchmark.h>
#include <optional>
#include <string>
#include <vector>

namespace cs::bench {

class SteppedScene {
public:
    SteppedScene(std::string file, std::vector<std::string> overrides, long long steps)
        : m_file(std::move(file)), m_overrides(std::move(overrides)), m_steps(steps) {}

    // The world after the steps, or nullptr with the benchmark skipped and the load error shown.
    const World* world(benchmark::State& state) {
        if (!m_sim && m_error.empty()) {
            const SceneLoad load = loadSceneFile(std::string(CLOTHSIM_SOURCE_DIR) + "/scenes/" + m_file, m_overrides);
            if (!load.ok()) {
                m_error = load.errorText();
            } else {
                m_sim.emplace(makeWorld(*load.scene));
                for (long long k = 0; k < m_steps; ++k) m_sim->step();
            }
        }
        if (!m_error.empty()) {
            state.SkipWithError(m_error.c_str());
            return nullptr;
        }
        return &m_sim->world();
    }

private:
    std::string m_file;
    std::vector<std::string> m_overrides;
    long long m_steps;
    std::optional<Simulation> m_sim;
    std::string m_error;
};

} // namespace cs::bench
