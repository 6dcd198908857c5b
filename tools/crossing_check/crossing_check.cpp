// crossing_check: exact, brute-force count of crossing triangle pairs.
//
// Exactness. A finite float is m * 2^e with an odd integer m (|m| < 2^24) or zero.
// For one predicate, all its coordinates are multiplied by 2^-emin (emin: the
// smallest e among them), which turns them into integers without changing any
// sign: the orientation determinants become integer polynomials of degree 2 (2D)
// or 3 (3D) and are evaluated exactly. Integers below 2^300 arise (float exponents
// span 2^-149 .. 2^127), so a 3D determinant needs about 906 bits: BigInt below
// holds 1024. When every scaled coordinate is below 2^40 (2^61 in 2D) the same
// formula runs in __int128, which cannot overflow there (bounds at each use).
//
// Geometry. Everything is built from orient2d / orient3d signs and float
// comparisons, with no epsilon:
//   closed triangles A, B meet  <=>  some edge of A meets closed B, or some edge
//     of B meets closed A (the intersection of two non-parallel triangles lies on
//     the planes' common line, where each is an interval whose ends are on its
//     edges; coplanar convex sets meet through their boundaries or by
//     containment; a degenerate triangle is the union of its edges).
//   segment pq vs closed triangle abc:
//     abc collinear (all three projections of (b-a)x(c-a) are 0): pq meets one of
//       its edges (segment vs segment);
//     p, q strictly on one side of abc's plane: no;
//     both in the plane: all three axis-aligned projections must meet (sets in one
//       plane meet iff every projection does: at least one projection is
//       one-to-one on that plane);
//     otherwise pq crosses the plane in one point X, and X is in the closed
//       triangle iff the signed volumes [p,q,a,b], [p,q,b,c], [p,q,c,a]
//       (proportional, by one non-zero factor, to X's barycentric coordinates) do
//       not have opposite signs.
//   segment pq vs segment rs in 3D: coplanar (orient3d = 0) and all three
//     projections meet.
//   segments in 2D (either may be a point): a proper crossing (strict opposite
//     orientations both ways), or an endpoint of one is collinear with the other
//     and inside its bounding box.
#include "crossing_check.hpp"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string_view>
#include <system_error>
#include <type_traits>

namespace crossing_check {
namespace {

__extension__ typedef __int128 Int128;

// ---------------------------------------------------------------------------
// Exact integers

// A signed integer of up to 1024 bits: sign and magnitude, little-endian 32-bit
// limbs. Only what the determinants need: +, -, *, sign. Overflow cannot happen
// for the inputs above (at most ~906 bits), and is refused if it ever did.
class BigInt {
public:
    static constexpr int kLimbs = 32;

    BigInt() = default;

    // mantissa * 2^shift, shift >= 0
    BigInt(std::int64_t mantissa, int shift) {
        if (mantissa == 0) return;
        m_sign = mantissa < 0 ? -1 : 1;
        const std::uint64_t magnitude =
            mantissa < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(mantissa) : static_cast<std::uint64_t>(mantissa);
        unsigned __int128 bits = static_cast<unsigned __int128>(magnitude) << (shift % 32);
        for (int limb = shift / 32; bits != 0; ++limb) {
            if (limb >= kLimbs) throw std::overflow_error("crossing_check: BigInt overflow");
            m_limbs[static_cast<std::size_t>(limb)] = static_cast<std::uint32_t>(bits);
            bits >>= 32;
            m_size = limb + 1;
        }
    }

    int sign() const { return m_sign; }

    friend BigInt operator+(const BigInt& a, const BigInt& b) { return addSigned(a, b, b.m_sign); }
    friend BigInt operator-(const BigInt& a, const BigInt& b) { return addSigned(a, b, -b.m_sign); }

    friend BigInt operator*(const BigInt& a, const BigInt& b) {
        BigInt r;
        if (a.m_sign == 0 || b.m_sign == 0) return r;
        if (a.m_size + b.m_size > kLimbs) throw std::overflow_error("crossing_check: BigInt overflow");
        for (int i = 0; i < a.m_size; ++i) {
            std::uint64_t carry = 0;
            for (int j = 0; j < b.m_size; ++j) {
                // at most (2^32-1)^2 + 2 (2^32-1) = 2^64 - 1
                const std::uint64_t t = std::uint64_t{a.limb(i)} * b.limb(j) + r.limb(i + j) + carry;
                r.limb(i + j) = static_cast<std::uint32_t>(t);
                carry = t >> 32;
            }
            r.limb(i + b.m_size) = static_cast<std::uint32_t>(carry);
        }
        r.m_size = a.m_size + b.m_size;
        r.trim();
        r.m_sign = a.m_sign * b.m_sign;
        return r;
    }

private:
    std::uint32_t limb(int k) const { return m_limbs[static_cast<std::size_t>(k)]; }
    std::uint32_t& limb(int k) { return m_limbs[static_cast<std::size_t>(k)]; }

    void trim() {
        while (m_size > 0 && limb(m_size - 1) == 0) --m_size;
        if (m_size == 0) m_sign = 0;
    }

    static int compareMagnitude(const BigInt& a, const BigInt& b) {
        if (a.m_size != b.m_size) return a.m_size < b.m_size ? -1 : 1;
        for (int k = a.m_size - 1; k >= 0; --k)
            if (a.limb(k) != b.limb(k)) return a.limb(k) < b.limb(k) ? -1 : 1;
        return 0;
    }

    // |a| + |b|
    static BigInt addMagnitudes(const BigInt& a, const BigInt& b) {
        BigInt r;
        const int n = std::max(a.m_size, b.m_size);
        std::uint64_t carry = 0;
        for (int k = 0; k < n; ++k) {
            const std::uint64_t t = std::uint64_t{a.limb(k)} + b.limb(k) + carry;
            r.limb(k) = static_cast<std::uint32_t>(t);
            carry = t >> 32;
        }
        r.m_size = n;
        if (carry != 0) {
            if (n >= kLimbs) throw std::overflow_error("crossing_check: BigInt overflow");
            r.limb(n) = static_cast<std::uint32_t>(carry);
            r.m_size = n + 1;
        }
        return r;
    }

    // |a| - |b|, where |a| >= |b|
    static BigInt subtractMagnitudes(const BigInt& a, const BigInt& b) {
        BigInt r;
        std::int64_t borrow = 0;
        for (int k = 0; k < a.m_size; ++k) {
            std::int64_t t = std::int64_t{a.limb(k)} - b.limb(k) - borrow;
            borrow = t < 0 ? 1 : 0;
            if (t < 0) t += std::int64_t{1} << 32;
            r.limb(k) = static_cast<std::uint32_t>(t);
        }
        r.m_size = a.m_size;
        return r;
    }

    // a + (bSign * |b|)
    static BigInt addSigned(const BigInt& a, const BigInt& b, int bSign) {
        if (bSign == 0) return a;
        if (a.m_sign == 0) {
            BigInt r = b;
            r.m_sign = bSign;
            return r;
        }
        BigInt r;
        int sign = a.m_sign;
        if (a.m_sign == bSign) {
            r = addMagnitudes(a, b);
        } else {
            const int c = compareMagnitude(a, b);
            if (c == 0) return BigInt{};
            if (c > 0) {
                r = subtractMagnitudes(a, b);
            } else {
                r = subtractMagnitudes(b, a);
                sign = bSign;
            }
        }
        r.m_sign = sign;
        r.trim();
        return r;
    }

    int m_sign = 0;  // -1, 0, +1; 0 exactly when m_size == 0
    int m_size = 0;  // limbs in use (the highest is non-zero)
    std::array<std::uint32_t, kLimbs> m_limbs{};
};

int signOf(const BigInt& x) { return x.sign(); }
int signOf(Int128 x) { return (x > 0) - (x < 0); }

// A float as mantissa * 2^exponent with an odd mantissa (or zero).
struct Dyadic {
    std::int32_t mantissa = 0;
    int exponent = 0;
};

Dyadic toDyadic(float f) {
    if (f == 0.0f) return {};
    int exponent = 0;
    const float fraction = std::frexp(f, &exponent);  // f = fraction * 2^exponent, 0.5 <= |fraction| < 1
    // exact: a float has at most 24 significant bits (subnormals fewer)
    auto mantissa = static_cast<std::int32_t>(std::ldexp(fraction, 24));
    exponent -= 24;
    while ((mantissa & 1) == 0) {
        mantissa /= 2;
        ++exponent;
    }
    return {mantissa, exponent};
}

// K floats scaled by one power of two into integers.
template <std::size_t K>
class ScaledIntegers {
public:
    explicit ScaledIntegers(const std::array<float, K>& values) {
        for (std::size_t k = 0; k < K; ++k) {
            m_values[k] = toDyadic(values[k]);
            if (m_values[k].mantissa != 0) {
                m_minExponent = m_anyNonZero ? std::min(m_minExponent, m_values[k].exponent) : m_values[k].exponent;
                m_anyNonZero = true;
            }
        }
    }

    bool allZero() const { return !m_anyNonZero; }

    // every scaled |value| < 2^bits (bits <= 62)
    bool fitsIn(int bits) const {
        for (const Dyadic& d : m_values) {
            if (d.mantissa == 0) continue;
            const auto magnitude = static_cast<std::uint32_t>(d.mantissa < 0 ? -std::int64_t{d.mantissa} : d.mantissa);
            if (static_cast<int>(std::bit_width(magnitude)) + (d.exponent - m_minExponent) > bits) return false;
        }
        return true;
    }

    template <typename Int>
    Int at(std::size_t k) const {
        const Dyadic& d = m_values[k];
        if (d.mantissa == 0) return Int{};
        const int shift = d.exponent - m_minExponent;
        if constexpr (std::is_same_v<Int, BigInt>) {
            return BigInt(d.mantissa, shift);
        } else {
            return static_cast<Int>(d.mantissa) * (static_cast<Int>(1) << shift);  // fitsIn() was checked
        }
    }

private:
    std::array<Dyadic, K> m_values{};
    int m_minExponent = 0;
    bool m_anyNonZero = false;
};

// The 12 scaled coordinates are a, b, c, d in order.
template <typename Int>
int orient3dSign(const ScaledIntegers<12>& s) {
    auto at = [&](std::size_t point, std::size_t axis) { return s.template at<Int>(point * 3 + axis); };
    const Int ux = at(1, 0) - at(0, 0), uy = at(1, 1) - at(0, 1), uz = at(1, 2) - at(0, 2);
    const Int vx = at(2, 0) - at(0, 0), vy = at(2, 1) - at(0, 1), vz = at(2, 2) - at(0, 2);
    const Int wx = at(3, 0) - at(0, 0), wy = at(3, 1) - at(0, 1), wz = at(3, 2) - at(0, 2);
    // With |coordinates| < 2^40: differences < 2^41, each bracket < 2^83, each term
    // < 2^124, the sum < 2^126: no __int128 overflow.
    const Int det = ux * (vy * wz - vz * wy) + uy * (vz * wx - vx * wz) + uz * (vx * wy - vy * wx);
    return signOf(det);
}

// The 6 scaled coordinates are (x, y) of a, b, c in order.
template <typename Int>
int orient2dSign(const ScaledIntegers<6>& s) {
    auto at = [&](std::size_t point, std::size_t axis) { return s.template at<Int>(point * 2 + axis); };
    // With |coordinates| < 2^61: differences < 2^62, products < 2^124, det < 2^125.
    const Int det = (at(1, 0) - at(0, 0)) * (at(2, 1) - at(0, 1)) - (at(1, 1) - at(0, 1)) * (at(2, 0) - at(0, 0));
    return signOf(det);
}

} // namespace

namespace detail {

int orient3d(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d, Arithmetic arithmetic) {
    const ScaledIntegers<12> s({a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2], d[0], d[1], d[2]});
    if (s.allZero()) return 0;
    if (arithmetic == Arithmetic::Automatic && s.fitsIn(40)) return orient3dSign<Int128>(s);
    return orient3dSign<BigInt>(s);
}

int orient2d(const Vec3& a, const Vec3& b, const Vec3& c, int drop, Arithmetic arithmetic) {
    const auto i = static_cast<std::size_t>((drop + 1) % 3), j = static_cast<std::size_t>((drop + 2) % 3);
    const ScaledIntegers<6> s({a[i], a[j], b[i], b[j], c[i], c[j]});
    if (s.allZero()) return 0;
    if (arithmetic == Arithmetic::Automatic && s.fitsIn(61)) return orient2dSign<Int128>(s);
    return orient2dSign<BigInt>(s);
}

} // namespace detail

namespace {

using detail::orient2d;
using detail::orient3d;

// ---------------------------------------------------------------------------
// Geometry, all closed sets, all exact

// x lies in the axis-aligned box of p and q, in the projection along `drop`.
bool insideBox2d(const Vec3& p, const Vec3& q, const Vec3& x, int drop) {
    for (const int axis : {(drop + 1) % 3, (drop + 2) % 3}) {
        const auto k = static_cast<std::size_t>(axis);
        if (x[k] < std::min(p[k], q[k]) || x[k] > std::max(p[k], q[k])) return false;
    }
    return true;
}

// Closed segments pq and rs meet in the projection along `drop`; either may be a point.
bool segmentsMeet2d(const Vec3& p, const Vec3& q, const Vec3& r, const Vec3& s, int drop) {
    const int pSide = orient2d(r, s, p, drop), qSide = orient2d(r, s, q, drop);
    const int rSide = orient2d(p, q, r, drop), sSide = orient2d(p, q, s, drop);
    if (pSide * qSide < 0 && rSide * sSide < 0) return true;  // a proper crossing
    // Otherwise they meet only where an endpoint of one lies on the other (collinear
    // and inside its box; for a point-segment r == s that means p == r).
    return (pSide == 0 && insideBox2d(r, s, p, drop)) || (qSide == 0 && insideBox2d(r, s, q, drop)) ||
           (rSide == 0 && insideBox2d(p, q, r, drop)) || (sSide == 0 && insideBox2d(p, q, s, drop));
}

// x is in the closed triangle abc, projected along `drop`, where abc is not collinear.
bool pointInTriangle2d(const Vec3& x, const Vec3& a, const Vec3& b, const Vec3& c, int drop) {
    // The three signs are those of x's barycentric coordinates times one non-zero
    // factor, and they cannot all be 0 (their sum is orient2d(a, b, c)).
    const int sides[3] = {orient2d(a, b, x, drop), orient2d(b, c, x, drop), orient2d(c, a, x, drop)};
    const bool anyPositive = std::any_of(std::begin(sides), std::end(sides), [](int s) { return s > 0; });
    const bool anyNegative = std::any_of(std::begin(sides), std::end(sides), [](int s) { return s < 0; });
    return !(anyPositive && anyNegative);
}

// Closed segment pq meets closed triangle abc in the projection along `drop`; any
// of them may be degenerate.
bool segmentMeetsTriangle2d(const Vec3& p, const Vec3& q, const Vec3& a, const Vec3& b, const Vec3& c, int drop) {
    const bool edgeMet = segmentsMeet2d(p, q, a, b, drop) || segmentsMeet2d(p, q, b, c, drop) ||
                         segmentsMeet2d(p, q, c, a, drop);
    if (edgeMet) return true;
    if (orient2d(a, b, c, drop) == 0) return false;  // the triangle is its edges
    // Not touching the boundary: inside only if wholly inside.
    return pointInTriangle2d(p, a, b, c, drop);
}

// Closed segments pq and rs meet in 3D; either may be a point.
bool segmentsMeet3d(const Vec3& p, const Vec3& q, const Vec3& r, const Vec3& s) {
    if (orient3d(p, q, r, s) != 0) return false;  // not in one plane
    for (int drop = 0; drop < 3; ++drop)
        if (!segmentsMeet2d(p, q, r, s, drop)) return false;
    return true;
}

bool collinear3d(const Vec3& a, const Vec3& b, const Vec3& c) {
    // (b - a) x (c - a) = 0: each component is the 2D orientation in one projection
    return orient2d(a, b, c, 0) == 0 && orient2d(a, b, c, 1) == 0 && orient2d(a, b, c, 2) == 0;
}

// Closed segment pq meets closed triangle abc in 3D; any of them may be degenerate.
bool segmentMeetsTriangle3d(const Vec3& p, const Vec3& q, const Vec3& a, const Vec3& b, const Vec3& c) {
    if (collinear3d(a, b, c))  // a segment or a point: the union of its edges
        return segmentsMeet3d(p, q, a, b) || segmentsMeet3d(p, q, b, c) || segmentsMeet3d(p, q, c, a);
    const int pSide = orient3d(a, b, c, p), qSide = orient3d(a, b, c, q);
    if (pSide * qSide > 0) return false;  // both strictly on one side
    if (pSide == 0 && qSide == 0) {       // in the plane (p == q lands here or above)
        for (int drop = 0; drop < 3; ++drop)
            if (!segmentMeetsTriangle2d(p, q, a, b, c, drop)) return false;
        return true;
    }
    // pq crosses the plane at one point X (p != q here).
    const int sides[3] = {orient3d(p, q, a, b), orient3d(p, q, b, c), orient3d(p, q, c, a)};
    const bool anyPositive = std::any_of(std::begin(sides), std::end(sides), [](int s) { return s > 0; });
    const bool anyNegative = std::any_of(std::begin(sides), std::end(sides), [](int s) { return s < 0; });
    return !(anyPositive && anyNegative);
}

bool samePosition(const Vec3& a, const Vec3& b) { return a[0] == b[0] && a[1] == b[1] && a[2] == b[2]; }

struct Box {
    Vec3 min;
    Vec3 max;
};

Box boxOf(const Triangle& t) {
    Box box{t[0], t[0]};
    for (const Vec3& corner : t)
        for (std::size_t k = 0; k < 3; ++k) {
            box.min[k] = std::min(box.min[k], corner[k]);
            box.max[k] = std::max(box.max[k], corner[k]);
        }
    return box;
}

bool boxesOverlap(const Box& a, const Box& b) {  // closed: touching boxes overlap
    for (std::size_t k = 0; k < 3; ++k)
        if (a.max[k] < b.min[k] || b.max[k] < a.min[k]) return false;
    return true;
}

// Calls found(i, j) for every crossing pair, i < j, in increasing order.
template <typename Found>
void forEachCrossingPair(const Mesh& mesh, Found&& found) {
    const std::size_t n = mesh.triangles.size();
    std::vector<Triangle> corners(n);
    std::vector<Box> boxes(n);
    for (std::size_t t = 0; t < n; ++t) {
        for (std::size_t k = 0; k < 3; ++k) {
            const std::uint32_t index = mesh.triangles[t][k];
            if (index >= mesh.positions.size())
                throw std::invalid_argument("crossing_check: triangle " + std::to_string(t) + " names vertex " +
                                            std::to_string(index) + " of " + std::to_string(mesh.positions.size()));
            corners[t][k] = mesh.positions[index];
        }
        boxes[t] = boxOf(corners[t]);
    }
    for (std::size_t i = 0; i < n; ++i) {
        const auto& ti = mesh.triangles[i];
        for (std::size_t j = i + 1; j < n; ++j) {
            if (!boxesOverlap(boxes[i], boxes[j])) continue;
            const auto& tj = mesh.triangles[j];
            const bool sharesIndex = std::any_of(ti.begin(), ti.end(), [&](std::uint32_t v) {
                return v == tj[0] || v == tj[1] || v == tj[2];
            });
            if (sharesIndex) continue;  // (trianglesCross would also say no: same index, same position)
            if (trianglesCross(corners[i], corners[j]))
                found(static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(j));
        }
    }
}

// ---------------------------------------------------------------------------
// OBJ reading

std::vector<std::string_view> splitWhitespace(std::string_view line) {
    std::vector<std::string_view> tokens;
    std::size_t k = 0;
    auto isSpace = [](char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f'; };
    while (k < line.size()) {
        while (k < line.size() && isSpace(line[k])) ++k;
        const std::size_t start = k;
        while (k < line.size() && !isSpace(line[k])) ++k;
        if (k > start) tokens.push_back(line.substr(start, k - start));
    }
    return tokens;
}

// A coordinate: parsed as double, stored as float; must be a finite float.
bool parseCoordinate(std::string_view token, float& out) {
    std::string_view digits = token;
    if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
    double value = 0.0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec != std::errc{} || end != digits.data() + digits.size() || digits.empty()) return false;
    out = static_cast<float>(value);
    return std::isfinite(out);
}

bool parseInteger(std::string_view token, std::int64_t& out) {
    if (token.empty()) return false;
    if (token.front() == '+') token.remove_prefix(1);
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), out);
    return ec == std::errc{} && end == token.data() + token.size() && !token.empty();
}

} // namespace

bool closedTrianglesIntersect(const Triangle& a, const Triangle& b) {
    for (int e = 0; e < 3; ++e) {
        const auto k0 = static_cast<std::size_t>(e), k1 = static_cast<std::size_t>((e + 1) % 3);
        if (segmentMeetsTriangle3d(a[k0], a[k1], b[0], b[1], b[2])) return true;
        if (segmentMeetsTriangle3d(b[k0], b[k1], a[0], a[1], a[2])) return true;
    }
    return false;
}

bool trianglesCross(const Triangle& a, const Triangle& b) {
    for (const Vec3& p : a)
        for (const Vec3& q : b)
            if (samePosition(p, q)) return false;  // neighbours, or the two sides of a cut
    return closedTrianglesIntersect(a, b);
}

std::vector<std::pair<std::uint32_t, std::uint32_t>> crossingPairs(const Mesh& mesh) {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
    forEachCrossingPair(mesh, [&](std::uint32_t i, std::uint32_t j) { pairs.emplace_back(i, j); });
    return pairs;  // already sorted: i, then j, increase
}

std::uint64_t countCrossingPairs(const Mesh& mesh) {
    std::uint64_t count = 0;
    forEachCrossingPair(mesh, [&](std::uint32_t, std::uint32_t) { ++count; });
    return count;
}

std::optional<Mesh> readObj(const std::string& path, std::string& error) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        error = "is a directory";
        return std::nullopt;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = std::string("cannot open: ") + std::strerror(errno);
        return std::nullopt;
    }
    Mesh mesh;
    std::string line;
    std::size_t lineNumber = 0;
    auto fail = [&](const std::string& why) {
        error = "line " + std::to_string(lineNumber) + ": " + why;
        return std::nullopt;
    };
    while (std::getline(in, line)) {
        ++lineNumber;
        std::string_view text = line;
        if (const std::size_t hash = text.find('#'); hash != std::string_view::npos) text = text.substr(0, hash);
        const std::vector<std::string_view> tokens = splitWhitespace(text);
        if (tokens.empty()) continue;
        if (tokens[0] == "v") {
            const std::size_t values = tokens.size() - 1;
            if (values != 3 && values != 4 && values != 6)
                return fail("expected 'v x y z' (or x y z w, or x y z r g b), got " + std::to_string(values) +
                            " values");
            std::array<float, 3> position{};
            for (std::size_t k = 0; k < values; ++k) {
                float value = 0.0f;
                if (!parseCoordinate(tokens[k + 1], value))
                    return fail("'" + std::string(tokens[k + 1]) + "' is not a number that fits a finite float");
                if (k < 3) position[k] = value;
                if (values == 4 && k == 3 && value != 1.0f)
                    return fail("a vertex with w = " + std::string(tokens[k + 1]) + " (only w = 1 is read)");
            }
            if (mesh.positions.size() >= std::uint64_t{UINT32_MAX}) return fail("too many vertices");
            mesh.positions.push_back(position);
        } else if (tokens[0] == "f") {
            const std::size_t cornerCount = tokens.size() - 1;
            if (cornerCount < 3) return fail("a face with " + std::to_string(cornerCount) + " corners");
            if (cornerCount > 3)
                return fail("a face with " + std::to_string(cornerCount) +
                            " corners: only triangles are read (polygons are refused, not split)");
            std::array<std::uint32_t, 3> triangle{};
            for (std::size_t k = 0; k < 3; ++k) {
                const std::string_view corner = tokens[k + 1];
                // i, i/t, i/t/n or i//n
                std::vector<std::string_view> parts;
                std::size_t start = 0;
                while (true) {
                    const std::size_t slash = corner.find('/', start);
                    parts.push_back(corner.substr(start, slash == std::string_view::npos ? slash : slash - start));
                    if (slash == std::string_view::npos) break;
                    start = slash + 1;
                }
                std::int64_t index = 0, ignored = 0;
                bool ok = parts.size() <= 3 && parseInteger(parts[0], index) && index != 0;
                for (std::size_t part = 1; ok && part < parts.size(); ++part)
                    ok = parts[part].empty() || parseInteger(parts[part], ignored);
                if (!ok) return fail("'" + std::string(corner) + "' is not a face corner (i, i/t, i/t/n or i//n)");
                const auto defined = static_cast<std::int64_t>(mesh.positions.size());
                const std::int64_t zeroBased = index > 0 ? index - 1 : defined + index;
                if (zeroBased < 0 || zeroBased >= defined)
                    return fail("face index " + std::to_string(index) + " names no vertex (" +
                                std::to_string(defined) + " defined so far)");
                triangle[k] = static_cast<std::uint32_t>(zeroBased);
            }
            mesh.triangles.push_back(triangle);
        }
        // every other kind of line (vt, vn, o, g, s, usemtl, mtllib, l, p, ...) is ignored
    }
    if (in.bad()) {
        error = "read error after line " + std::to_string(lineNumber);
        return std::nullopt;
    }
    return mesh;
}

} // namespace crossing_check
