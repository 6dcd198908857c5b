#pragma once
// A cloth of two small sheets with exactly one crossing pair, for the contacts view's
// tests: a horizontal square (triangles 0 and 1, sharing an edge) in y = 0, and a
// vertical sheet (triangles 2 and 3, sharing an edge) in x = 0.25 whose lower triangle
// 2 pierces triangle 0 along z in about [0.25, 0.4], while triangle 3 stays above
// y = 0.2. Triangle 1 (x + z > 1) is met by neither. `lift` raises the vertical sheet
// (metres): from 0.31 on nothing crosses.
#include "sim/cloth.hpp"
#include "sim/params.hpp"

namespace cs::test {

inline ClothShape crossingPairShape(float lift = 0.0f) {
    ClothShape shape;
    shape.positions = {
        {0.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 0.0f}, {1.0f, 0.0f, 1.0f}, {0.0f, 0.0f, 1.0f},  // the square
        {0.25f, -0.3f + lift, 0.3f}, {0.25f, 0.3f + lift, 0.2f}, {0.25f, 0.3f + lift, 0.5f},
        {0.25f, 0.6f + lift, 0.35f},  // the vertical sheet
    };
    shape.triangles = {{0, 1, 3}, {1, 2, 3}, {4, 5, 6}, {5, 7, 6}};
    shape.restUV = {{0.0f, 0.0f}, {1.0f, 0.0f}, {1.0f, 1.0f}, {0.0f, 1.0f},
                    {0.3f, 0.0f}, {0.2f, 0.6f}, {0.5f, 0.6f}, {0.35f, 0.9f}};
    return shape;
}

// The crossing pair's triangles, and the others.
inline constexpr unsigned kCrossingA = 0, kCrossingB = 2, kClearC = 1, kClearD = 3;

inline Cloth crossingPairCloth(float lift = 0.0f) { return buildCloth(crossingPairShape(lift), defaultSettings().cloth); }

} // namespace cs::test
