#pragma once
#include "../solver.hpp"

#include <vector>

namespace cs {

class XpbdSolver final : public Solver {
public:
    std::string_view id() const override { return "xpbd"; }
    StepStats step(World& world, float dt) override;
    void topologyChanged(World& world) override;

private:
    void ensureSized(const Cloth& cloth);

    std::vector<float> m_lambda;      // per link, accumulated within a substep
    std::vector<glm::vec3> m_forces;     // per particle external force scratch, newtons
    std::vector<glm::vec3> m_predicted;  // per particle position after prediction, metres
};

} // namespace cs
