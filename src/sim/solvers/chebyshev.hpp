#pragma once
// Chebyshev semi-iterative acceleration of a stationary iteration (Wang 2015, "A
// Chebyshev semi-iterative approach for accelerating projective and position-based
// dynamics"; Vertex Block Descent uses the same rule). With rho an estimate of the
// iteration's spectral radius, after iteration k (counted from 1) the iterate is
// pushed further along its last two moves:
//   x_k <- omega_k (x~_k - x_{k-2}) + x_{k-2},
//   omega_1 = 1,  omega_2 = 2 / (2 - rho^2),  omega_k = 4 / (4 - rho^2 omega_{k-1}).
// rho = 0 leaves every iterate as it is. Too large a rho overshoots and oscillates:
// it is a property of the cloth and the step, found by trying.
#include <glm/vec3.hpp>
#include <span>

namespace cs {

class ChebyshevAcceleration {
public:
    // Starts a solve from `x` (the iterate x_0), keeping copies in the two buffers.
    void start(float rho, std::span<const glm::vec3> x, std::span<glm::vec3> previous, std::span<glm::vec3> older) {
        m_rho2 = rho * rho;
        m_omega = 1.0f;
        m_iteration = 0;
        m_previous = previous;
        m_older = older;
        if (m_rho2 > 0.0f)
            for (std::size_t i = 0; i < x.size(); ++i) previous[i] = x[i];
    }

    // After one iteration wrote x~_k into x: blends it in place, for the particles that
    // move (inverse mass > 0).
    void apply(std::span<glm::vec3> x, std::span<const float> inverseMasses) {
        if (m_rho2 <= 0.0f) return;
        ++m_iteration;
        m_omega = m_iteration == 1 ? 1.0f : (m_iteration == 2 ? 2.0f / (2.0f - m_rho2) : 4.0f / (4.0f - m_rho2 * m_omega));
        for (std::size_t i = 0; i < x.size(); ++i) {
            if (inverseMasses[i] == 0.0f) continue;
            if (m_iteration >= 2) x[i] = m_omega * (x[i] - m_older[i]) + m_older[i];
            m_older[i] = m_previous[i];
            m_previous[i] = x[i];
        }
    }

private:
    float m_rho2 = 0.0f;
    float m_omega = 1.0f;
    int m_iteration = 0;
    std::span<glm::vec3> m_previous;  // x_{k-1}
    std::span<glm::vec3> m_older;     // x_{k-2}
};

} // namespace cs
