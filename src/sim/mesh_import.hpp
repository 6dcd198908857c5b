#pragma once
// Any triangle mesh as a cloth: a Wavefront OBJ file becomes a ClothShape.
//
// tinyobjloader reads the file. Vertices are never merged or reordered, so OBJ
// vertex k (the k-th `v` line, from 0) is particle k and `cloth.pin_vertices`
// can name them. Polygons are triangulated here (a quad along its shorter
// diagonal, larger ones by ear clipping), so that every triangle remembers its
// face and line and a mesh that cannot be a cloth is explained by file, line and
// what is wrong: a missing file, a coordinate that is not a finite number, a
// vertex number that names no vertex, no faces, an edge shared by three faces, a
// face without area, unconnected pieces.
#include "cloth.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace cs {

// Where the file's coordinates go: world = translation + R (scale x), with
// R = Rz Ry Rx from the angles (degrees about x, then y, then z, as colliders).
struct MeshTransform {
    float scale = 1.0f;                     // metres per file unit
    glm::vec3 rotationDegrees{0.0f};
    glm::vec3 translation{0.0f};            // metres: where the file's origin goes
};

struct MeshImport {
    std::optional<ClothShape> shape;        // set when the mesh can be a cloth
    std::string error;                      // otherwise "FILE:LINE: what" (or "FILE: what")
    bool restUVFromFile = false;            // restUV came from the file's `vt`, not a projection
};

// Reads, triangulates, transforms and validates (validateShape) an OBJ file, and adds
// a bending link across every hinge (addHingeLinks). restUV is the file's `vt` when
// every face corner has one and each vertex always gets the same; otherwise the rest
// shape projected onto the plane of its two largest extents, scaled into [0,1]^2
// (aspect kept, y pointing down v as on the grid). A parsed file is kept in a small
// cache keyed by path, size and last write time, so resetting the same mesh does not
// read it again.
MeshImport importObj(const std::filesystem::path& file, const MeshTransform& transform, bool allowPieces);

// importObj of OBJ text already in memory (the fuzz target's way in; nothing is
// cached); errors name `name` as their file.
MeshImport importObjText(std::string_view text, const std::filesystem::path& name, const MeshTransform& transform,
                         bool allowPieces);

// importObj of the mesh a cloth's settings name: cloth.mesh, placed at cloth.origin
// with mesh_scale and mesh_rotation, allow_pieces.
MeshImport importClothMesh(const ClothSettings& settings);

} // namespace cs
