#pragma once
// Constraint projections for the position-based solvers, written as pure
// functions: positions and weights in, corrections out (as in Bender's
// PositionBasedDynamics). Every position-based solver uses these; none has its own.
#include "collision/colliders.hpp"
#include "settings.hpp"

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
    const float len = glm::length(d);
    const float denominator = wa + wb + alphaTilde;
    if (len < 1e-12f || denominator < 1e-12f) return out;
    const glm::vec3 n = d / len;
    out.violation = len - rest;
    out.deltaLambda = (-out.violation - alphaTilde * lambda) / denominator;
    out.deltaA = wa * out.deltaLambda * n;
    out.deltaB = -wb * out.deltaLambda * n;
    return out;
}

struct DihedralProjection {
    glm::vec3 delta[4]{};    // corrections of a, b (the shared edge), c and d
    float deltaLambda = 0.0f;
    float violation = 0.0f;  // C = angle - rest angle, radians
};

// Dihedral bending constraint on the hinge (a, b) between triangles (a, b, c)
// and (b, a, d) (Mueller et al. 2007, appendix A; seed 003). With p the corners
// relative to a, n1 = p_b x p_c / |.|, n2 = p_b x p_d / |.|, d = n1 . n2, the
// constraint is C = acos(d) - phi0 with gradients -q_i / sqrt(1 - d^2):
//   q_c = (p_b x n2 + (n1 x p_b) d) / |p_b x p_c|
//   q_d = (p_b x n1 + (n2 x p_b) d) / |p_b x p_d|
//   q_b = -(p_c x n2 + (n1 x p_c) d) / |p_b x p_c| - (p_d x n1 + (n2 x p_d) d) / |p_b x p_d|
//   q_a = -q_b - q_c - q_d
// and the XPBD update multiplied through by s^2 = 1 - d^2 so that it stays finite
// near a flat hinge: dlambda = s^2 (-C - alphaTilde lambda) / (sum w |q|^2 + alphaTilde s^2),
// dx_i = -w_i q_i dlambda / s. phi0 is in this convention (pi for a flat rest state).
// Skipped (no correction) when a triangle is degenerate.
DihedralProjection projectDihedral(const glm::vec3 x[4], const float w[4], float restAngle, float alphaTilde,
                                   float lambda);

// The rest angle of a BendElement (angle between normals, 0 when flat) in the
// convention of projectDihedral (pi when flat).
inline float dihedralRestAngle(float angleBetweenNormals) { return 3.14159265358979f - angleBetweenNormals; }

// Pushes x out of a collider (inflated by thickness) and applies Coulomb
// friction in positional form: the slip since `previous` along the surface is
// removed entirely while it is below friction x depth (static), otherwise
// shortened by that amount (kinetic). Returns the depth pushed out, 0 if none.
template <class Shape>
float projectCollision(const Shape& shape, glm::vec3& x, glm::vec3 previous, float thickness, float friction,
                       glm::vec3* normal = nullptr) {
    const auto contact = contactWith(shape, x, thickness);
    if (!contact) return 0.0f;
    if (normal) *normal = contact->normal;
    x += contact->normal * contact->depth;
    const glm::vec3 slip = x - previous;
    const glm::vec3 tangential = slip - glm::dot(slip, contact->normal) * contact->normal;
    const float tangentialLength = glm::length(tangential);
    const float limit = friction * contact->depth;
    if (tangentialLength <= limit) x -= tangential;
    else x -= tangential * (limit / tangentialLength);
    return contact->depth;
}

// All colliders of a world (ground included) for one particle. Returns the deepest
// push; `normal` (if given) receives the outward normal of the last contact.
float projectCollisions(const Colliders& colliders, const CollisionSettings& settings, glm::vec3& x,
                        glm::vec3 previous, glm::vec3* normal = nullptr);

} // namespace cs
