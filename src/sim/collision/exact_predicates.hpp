#pragma once
// Orientation tests whose sign is exact for float coordinates: the crossing counter
// must never call a touching pair crossed, or miss a crossing, because of rounding.
//
// How: the determinant is evaluated in double with an error bound (the "filter"); when
// its magnitude is below the bound, the sign is decided again in exact arithmetic.
//  - filter (orient3d): |det| > (7 + 56 eps) eps * permanent, eps = 2^-53, the bound of
//    Shewchuk 1997 ("Adaptive Precision Floating-Point Arithmetic and Fast Robust
//    Geometric Predicates", orient3d's errboundA); orient2d: (3 + 16 eps) eps * permanent.
//  - exact: the determinant expanded into products of the input floats (a product of
//    two floats is exact in double: 48 bits; the third factor's rounding error comes
//    from one fused multiply-add), summed without loss into a floating-point expansion
//    (Shewchuk's Grow-Expansion); the sign of an expansion is the sign of its largest
//    non-zero component.
// Exact for every finite float input whose triple products stay in double's normal range
// (|coordinates| between about 1e-100 and 1e100): every cloth. Not meant for NaN.
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

namespace cs {

// Sign of det(b - a, c - a, d - a): +1 when d lies on the side of the plane (a, b, c)
// that (b - a) x (c - a) points to, -1 on the other side, 0 exactly on the plane
// (or when a, b, c are collinear).
int orient3d(glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d);

// Sign of det(b - a, c - a): +1 when a, b, c turn counter-clockwise, 0 when collinear.
int orient2d(glm::vec2 a, glm::vec2 b, glm::vec2 c);

} // namespace cs
