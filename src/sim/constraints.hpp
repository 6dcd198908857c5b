#pragma once
// Constraint projections for the position-based solvers, written as pure
// functions: positions and weights in, corrections out (as in Bender's
// PositionBasedDynamics). Every position-based solver uses these; none has its own.
#include "settings.hpp"

#include <cmath>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>
#include <span>

namespace cs {

struct DistanceProjection {
    glm::vec3 deltaA{0.0f};
    glm::vec3 deltaB{0.0f};
    float deltaLambda = 0.0f;
    float violation = 0.0f;  // C before the projection, metres
};

// XPBD distance constraint C = |xa - xb| - rest (Macklin et al. 2016, eq. 18):
//   dlambda = (-C - alphaTilde * lambda) / (wa + wb + alphaTilde),  alphaTilde = compliance / h^2
//   dxa = +wa * dlambda * n,  dxb = -wb * dlambda * n,  n = (xa - xb) / |xa - xb|
// With alphaTilde = 0 and lambda = 0 it is the plain PBD projection.
// Degenerate cases (both particles fixed, coincident particles) give no correction.
inline DistanceProjection projectDistance(glm::vec3 xa, glm::vec3 xb, float wa, float wb, float rest,
                                          float alphaTilde, float lambda) {
    DistanceProjection out;
    const glm::vec3 d = xa - xb;
    const float len = std::sqrt(glm::dot(d, d));
    const float denominator = wa + wb + alphaTilde;
    if (len < 1e-12f || denominator < 1e-12f) return out;
    out.violation = len - rest;
    // one division for both dlambda and the unit direction n = d / len: this is the
    // innermost loop of every position-based solver, and a division costs as much as
    // the rest of the projection
    const float scale = (-out.violation - alphaTilde * lambda) / (denominator * len);
    out.deltaLambda = scale * len;
    out.deltaA = (wa * scale) * d;
    out.deltaB = (-wb * scale) * d;
    return out;
}

struct DihedralProjection {
    glm::vec3 delta[4]{};    // corrections of a, b (the shared edge), c and d
    float deltaLambda = 0.0f;
    float violation = 0.0f;  // C = angle - rest angle, radians
};

// Dihedral bending constraint on the hinge (a, b) between triangles (a, b, c)
// and (b, a, d) (pbd-jobs's bending constraint, docs/sources.md), C = theta - theta0, with theta
// the signed angle between the normals n1 = (b - a) x (c - a) and
// n2 = (a - b) x (d - b) about e = b - a (0 when flat; see dihedralAngle). The
// gradients are Bridson et al.'s (2003) bending modes, which stay finite and
// smooth through the flat state, unlike the acos form of Mueller et al. 2007
// whose gradient divides by sin(theta) and injects energy near flat:
//   grad_c = -|e| n1 / |n1|^2,   grad_d = -|e| n2 / |n2|^2
//   grad_a = -(((c - b).e) n1 / |n1|^2 + ((d - b).e) n2 / |n2|^2) / |e|
//   grad_b =  (((c - a).e) n1 / |n1|^2 + ((d - a).e) n2 / |n2|^2) / |e|
// (they sum to zero: bending moves no centre of mass; the overall sign follows our
// orientation of theta and is checked against finite differences), then the usual XPBD update
// dlambda = (-C - alphaTilde lambda) / (sum w |grad|^2 + alphaTilde), dx = w grad dlambda.
// Skipped (no correction) when a triangle or the edge is degenerate.
DihedralProjection projectDihedral(const glm::vec3 x[4], const float w[4], float restAngle, float alphaTilde,
                                   float lambda);

} // namespace cs
