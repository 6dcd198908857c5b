#include "forces.hpp"

#include "parallel.hpp"
#include "solvers/link_sweep.hpp"

#include <cmath>
#include <glm/geometric.hpp>
#include <glm/matrix.hpp>
#include <numbers>

namespace cs {

glm::vec3 windVelocity(const WindSettings& wind, double time) {
    const float len = glm::length(wind.direction);
    if (len < 1e-6f || wind.strength == 0.0f) return glm::vec3(0.0f);
    const double phase = 2.0 * std::numbers::pi * static_cast<double>(wind.gustFrequency) * time;
    const float gust = 1.0f + wind.gustAmplitude * static_cast<float>(std::sin(phase));
    return wind.direction / len * (wind.strength * gust);
}

void accumulateAerodynamicForces(const Cloth& cloth, std::span<const glm::vec3> x, std::span<const glm::vec3> v,
                                 const WindSettings& wind, glm::vec3 windVel, std::span<glm::vec3> forces) {
    const float halfRho = 0.5f * wind.airDensity;
    if (halfRho <= 0.0f || (wind.dragCoefficient <= 0.0f && wind.liftCoefficient <= 0.0f)) return;
    // Written without the unit vectors: with c = 2 A n (unnormalised) and u the
    // relative air velocity, |u|^2 cos(theta) A = |c . u| |u| / 2, so the drag is
    // (rho C_D / 4) |c . u| u — no square root, no division; only lift needs |c| and |u|.
    const float dragScale = 0.5f * halfRho * wind.dragCoefficient;
    const float liftScale = 0.5f * halfRho * wind.liftCoefficient;
    for (const glm::uvec3& t : cloth.triangles) {
        const glm::vec3 u = windVel - (v[t.x] + v[t.y] + v[t.z]) * (1.0f / 3.0f);
        const float speedSquared = glm::dot(u, u);
        if (speedSquared < 1e-12f) continue;
        const glm::vec3 c = glm::cross(x[t.y] - x[t.x], x[t.z] - x[t.x]);  // 2 A n
        const float twiceAreaSquared = glm::dot(c, c);
        if (twiceAreaSquared < 1e-40f) continue;
        const float cu = glm::dot(c, u);
        const float flux = std::abs(cu);  // 2 A |u| cos(theta)
        glm::vec3 f = (dragScale * flux) * u;
        if (liftScale != 0.0f) {
            // lift along n - cos(theta) u^, n turned to face downstream:
            // (rho C_L / 4) |c.u| / |c| (|u| sign(c.u) c - |c.u| / |u| u)
            const float speed = std::sqrt(speedSquared);
            const float twiceArea = std::sqrt(twiceAreaSquared);
            const float side = cu < 0.0f ? -speed : speed;
            f += (liftScale * flux / twiceArea) * (side * c - (flux / speed) * u);
        }
        const glm::vec3 perCorner = f * (1.0f / 3.0f);
        forces[t.x] += perCorner;
        forces[t.y] += perCorner;
        forces[t.z] += perCorner;
    }
}

float springStiffness(const SpringSettings& springs, LinkKind kind) {
    switch (kind) {
    case LinkKind::Stretch: return springs.stretchStiffness;
    case LinkKind::Shear: return springs.shearStiffness;
    case LinkKind::Bend: return springs.bendStiffness;
    }
    return 0.0f;
}

void accumulateSpringForces(const Cloth& cloth, const SpringSettings& springs, std::span<const glm::vec3> x,
                            std::span<const glm::vec3> v, std::span<glm::vec3> forces, const LinkSweep* runs,
                            int threads) {
    const float stiffness[kLinkKindCount] = {springs.stretchStiffness, springs.shearStiffness, springs.bendStiffness};
    const float kd = springs.damping;
    const Link* links = cloth.links.data();
    auto springsIn = [&](std::size_t begin, std::size_t end) {
        for (std::size_t l = begin; l < end; ++l) {
            const Link& link = links[l];
            const glm::vec3 d = x[link.b] - x[link.a];
            const float len = glm::length(d);
            if (len < 1e-12f) continue;
            // d / len, not d * (1 / len): at 2e7 N/m the implicit solvers' equilibrium
            // feels the extra rounding (StiffSprings settles to 4e-5 J instead of 5e-10 J)
            const glm::vec3 dir = d / len;
            const float k = stiffness[static_cast<int>(link.kind)];
            const float magnitude = k * (len - link.restLength) + kd * glm::dot(dir, v[link.b] - v[link.a]);
            const glm::vec3 f = magnitude * dir;
            forces[link.a] += f;
            forces[link.b] -= f;
        }
    };
    if (runs && threads > 1)
        runs->forEachRange(cloth.links.size(), threads, springsIn);
    else
        springsIn(0, cloth.links.size());
}

float particleDampingCoefficient(const Settings& settings, float mass, bool airDrag) {
    return (airDrag ? mass * settings.solver.damping : 0.0f) + settings.springs.pointDamping;
}

void computeForces(const Cloth& cloth, const Settings& settings, double time, std::span<const glm::vec3> x,
                   std::span<const glm::vec3> v, std::span<glm::vec3> forces, bool airDrag, const LinkSweep* runs) {
    const glm::vec3 g = settings.sim.gravity;
    const int threads = runs ? settings.solver.threads : 1;
    parallelFor(cloth.particleCount(), threads, [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            const float m = cloth.masses[i];
            forces[i] = m * g - particleDampingCoefficient(settings, m, airDrag) * v[i];
        }
    });
    accumulateSpringForces(cloth, settings.springs, x, v, forces, runs, threads);
    accumulateAerodynamicForces(cloth, x, v, settings.wind, windVelocity(settings.wind, time), forces);
}

void computeExternalForces(const Cloth& cloth, const Settings& settings, double time, std::span<const glm::vec3> x,
                           std::span<const glm::vec3> v, std::span<glm::vec3> forces) {
    for (std::size_t i = 0; i < cloth.particleCount(); ++i) forces[i] = cloth.masses[i] * settings.sim.gravity;
    accumulateAerodynamicForces(cloth, x, v, settings.wind, windVelocity(settings.wind, time), forces);
}

SpringJacobian springJacobian(const Link& link, const SpringSettings& springs, glm::vec3 xa, glm::vec3 xb) {
    SpringJacobian j{glm::mat3(0.0f), glm::mat3(0.0f)};
    const glm::vec3 d = xb - xa;
    const float len = glm::length(d);
    if (len < 1e-12f) return j;
    const glm::vec3 dir = d / len;
    const glm::mat3 outer = glm::outerProduct(dir, dir);
    const float k = springStiffness(springs, link.kind);
    // K = k [ d^d^T + (1 - L/l)(I - d^d^T) ], with the transverse term only under tension
    const float transverse = std::max(0.0f, 1.0f - link.restLength / len);
    j.dfdx = k * (outer + transverse * (glm::mat3(1.0f) - outer));
    j.dfdv = springs.damping * outer;
    return j;
}

} // namespace cs
