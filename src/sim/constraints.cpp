#include "constraints.hpp"

#include "cloth.hpp"

#include <algorithm>
#include <cmath>

namespace cs {

DihedralProjection projectDihedral(const glm::vec3 x[4], const float w[4], float restAngle, float alphaTilde,
                                   float lambda) {
    DihedralProjection out;
    const glm::vec3 a = x[0], b = x[1], c = x[2], d = x[3];
    const glm::vec3 e = b - a;
    const glm::vec3 n1 = glm::cross(b - a, c - a), n2 = glm::cross(a - b, d - b);
    const float edgeLength = glm::length(e);
    const float n1Squared = glm::dot(n1, n1), n2Squared = glm::dot(n2, n2);
    if (edgeLength < 1e-9f || n1Squared < 1e-24f || n2Squared < 1e-24f) return out;
    const glm::vec3 m1 = n1 / n1Squared, m2 = n2 / n2Squared;
    glm::vec3 grad[4];
    grad[2] = -edgeLength * m1;
    grad[3] = -edgeLength * m2;
    grad[0] = -(glm::dot(c - b, e) * m1 + glm::dot(d - b, e) * m2) / edgeLength;
    grad[1] = (glm::dot(c - a, e) * m1 + glm::dot(d - a, e) * m2) / edgeLength;
    float weighted = 0.0f;
    for (int i = 0; i < 4; ++i) weighted += w[i] * glm::dot(grad[i], grad[i]);
    if (weighted + alphaTilde < 1e-20f) return out;
    out.violation = dihedralAngle(a, b, c, d) - restAngle;
    out.deltaLambda = (-out.violation - alphaTilde * lambda) / (weighted + alphaTilde);
    for (int i = 0; i < 4; ++i) out.delta[i] = w[i] * grad[i] * out.deltaLambda;
    return out;
}

} // namespace cs
