#include "exact_predicates.hpp"

#include <cmath>

namespace cs {
namespace {

constexpr double kEpsilon = 0x1p-53;  // half a unit in the last place of 1.0
constexpr double kOrient3dBound = (7.0 + 56.0 * kEpsilon) * kEpsilon;
constexpr double kOrient2dBound = (3.0 + 16.0 * kEpsilon) * kEpsilon;

// A sum of doubles held without rounding: components in increasing magnitude that do
// not overlap (zeros may sit between them). Capacity for orient3d's 24 triple products
// of two components each.
struct Expansion {
    double component[49];
    int size = 0;

    // Knuth's Two-Sum: a + b = sum + error exactly.
    static void twoSum(double a, double b, double& sum, double& error) {
        sum = a + b;
        const double bVirtual = sum - a;
        const double aVirtual = sum - bVirtual;
        error = (a - aVirtual) + (b - bVirtual);
    }
    // Grow-Expansion: adds one double, keeping the expansion exact and non-overlapping.
    void add(double value) {
        double carry = value;
        for (int k = 0; k < size; ++k) {
            double sum = 0.0, error = 0.0;
            twoSum(carry, component[k], sum, error);
            component[k] = error;
            carry = sum;
        }
        component[size++] = carry;
    }
    int sign() const {
        for (int k = size - 1; k >= 0; --k)
            if (component[k] != 0.0) return component[k] > 0.0 ? 1 : -1;
        return 0;
    }
};

// x * y * z exactly, as two doubles, added with `sign` (+1 or -1).
void addTripleProduct(Expansion& sum, double sign, float x, float y, float z) {
    const double xy = static_cast<double>(x) * static_cast<double>(y);  // exact: 48 bits
    const double xyz = xy * static_cast<double>(z);
    const double error = std::fma(xy, static_cast<double>(z), -xyz);    // exact rounding error
    sum.add(sign * xyz);
    sum.add(sign * error);
}

// det3(u, v, w) = u . (v x w) as six triple products, added with `sign`.
void addDet3(Expansion& sum, double sign, glm::vec3 u, glm::vec3 v, glm::vec3 w) {
    addTripleProduct(sum, sign, u.x, v.y, w.z);
    addTripleProduct(sum, -sign, u.x, v.z, w.y);
    addTripleProduct(sum, -sign, u.y, v.x, w.z);
    addTripleProduct(sum, sign, u.y, v.z, w.x);
    addTripleProduct(sum, sign, u.z, v.x, w.y);
    addTripleProduct(sum, -sign, u.z, v.y, w.x);
}

int orient3dExact(glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d) {
    // det(b - a, c - a, d - a) = det(b,c,d) - det(a,c,d) + det(a,b,d) - det(a,b,c)
    // (the 4 x 4 determinant with a column of ones, expanded along it).
    Expansion sum;
    addDet3(sum, 1.0, b, c, d);
    addDet3(sum, -1.0, a, c, d);
    addDet3(sum, 1.0, a, b, d);
    addDet3(sum, -1.0, a, b, c);
    return sum.sign();
}

int orient2dExact(glm::vec2 a, glm::vec2 b, glm::vec2 c) {
    // (bx - ax)(cy - ay) - (by - ay)(cx - ax), multiplied out (ax ay cancels): six
    // products of two floats, each exact in double.
    Expansion sum;
    const auto product = [](float x, float y) { return static_cast<double>(x) * static_cast<double>(y); };
    sum.add(product(b.x, c.y));
    sum.add(-product(b.x, a.y));
    sum.add(-product(a.x, c.y));
    sum.add(-product(b.y, c.x));
    sum.add(product(b.y, a.x));
    sum.add(product(a.y, c.x));
    return sum.sign();
}

// All four points have one coordinate exactly equal: they lie in an axis-aligned plane,
// so the determinant is exactly 0. The common case of cloth lying on flat ground, which
// the filter can never decide.
bool inOneAxisPlane(glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d) {
    for (int axis = 0; axis < 3; ++axis)
        if (a[axis] == b[axis] && a[axis] == c[axis] && a[axis] == d[axis]) return true;
    return false;
}

} // namespace

int orient3d(glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d) {
    const double bax = double(b.x) - a.x, bay = double(b.y) - a.y, baz = double(b.z) - a.z;
    const double cax = double(c.x) - a.x, cay = double(c.y) - a.y, caz = double(c.z) - a.z;
    const double dax = double(d.x) - a.x, day = double(d.y) - a.y, daz = double(d.z) - a.z;
    const double m1 = cay * daz, m2 = caz * day;
    const double m3 = caz * dax, m4 = cax * daz;
    const double m5 = cax * day, m6 = cay * dax;
    const double det = bax * (m1 - m2) + bay * (m3 - m4) + baz * (m5 - m6);
    const double permanent = std::fabs(bax) * (std::fabs(m1) + std::fabs(m2)) +
                             std::fabs(bay) * (std::fabs(m3) + std::fabs(m4)) +
                             std::fabs(baz) * (std::fabs(m5) + std::fabs(m6));
    const double bound = kOrient3dBound * permanent;
    if (det > bound) return 1;
    if (det < -bound) return -1;
    if (inOneAxisPlane(a, b, c, d)) return 0;
    return orient3dExact(a, b, c, d);
}

int orient2d(glm::vec2 a, glm::vec2 b, glm::vec2 c) {
    const double left = (double(b.x) - a.x) * (double(c.y) - a.y);
    const double right = (double(b.y) - a.y) * (double(c.x) - a.x);
    const double det = left - right;
    const double bound = kOrient2dBound * (std::fabs(left) + std::fabs(right));
    if (det > bound) return 1;
    if (det < -bound) return -1;
    return orient2dExact(a, b, c);
}

} // namespace cs
