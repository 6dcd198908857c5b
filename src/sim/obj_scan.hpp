#pragma once
// Our own pass over an OBJ file's text, before tinyobjloader reads it.
//
// tinyobjloader keeps no line numbers, and it is lenient where a cloth cannot be
// (tinyobjloader 2.0, checked): `v nan 0 0`, `v inf 0 0`, `v -inf 0 0`, `v abc 0 0`
// and `v 1e9999999999 0 0` read as 0 (its number parser knows no names and gives
// up on a long exponent), `v 0e500 0 0` as NaN, `v 1e400 0 0` and `v 1e39 0 0` as
// infinity, a missing coordinate as 0, `v 1x 0 0` as 1, and a face corner goes
// through atoi, so `f 4294967297 2 3` wraps round to vertex 1. This scan records where each `v` and `f` record stands, reads
// the coordinates itself (correctly rounded; the importer uses these, not
// tinyobjloader's) and refuses, with the line, what tinyobjloader would let
// through silently. tinyobjloader still reads the faces and their corners.
#include <string>
#include <string_view>
#include <vector>

namespace cs {

struct ObjScan {
    std::vector<float> positions;           // x y z of each `v` record, file units, read by us
    std::vector<float> uv;                  // u v of each `vt` record (v = 0 when not written)
    std::vector<int> vertexLines;           // the line of each `v` record, in file order
    std::vector<int> faceLines;             // the line of each `f` record, in file order
    int problemLine = 0;                    // the line of the first problem (0: none)
    std::string problem;                    // what is wrong there, and what is allowed
};

// Lines are ended by \n, \r\n or a lone \r, as tinyobjloader counts them. Checked:
// - `v x y z [...]`: x, y and z are decimal numbers a float holds: finite, at most
//   3.4e38 in magnitude (smaller than 1e-38 reads as 0, as in tinyobjloader);
// - `vt u [v]`: u and v (when written) the same;
// - `f a b c ...`: 3 to 255 corners, each v, v/vt, v//vn or v/vt/vn with whole
//   numbers: from 1 up, or back from -1 (-1 is the latest vertex), never 0,
//   within [-2147483647, 2147483647], and a backward vertex number no further
//   back than the vertices before the face.
// Vertex numbers past the end of the file are left to the importer, which knows
// how many vertices there are.
ObjScan scanObj(std::string_view text);

// The largest coordinate magnitude a mesh file may hold: a 32-bit float's.
inline constexpr double kMaxObjCoordinate = 3.4028234663852886e38;

} // namespace cs
