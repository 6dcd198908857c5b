// Wavefront OBJ -> ClothShape (see mesh_import.hpp).
//
// Two passes over the text: a scan of our own (obj_scan.hpp) that records on
// which line each `v` and `f` record stands (tinyobjloader keeps no line
// numbers), reads the coordinates and refuses what tinyobjloader would read
// silently as something else (`v nan 0 0`, `f 4294967297 2 3`); then
// tinyobjloader's parse with triangulation off, so that faces arrive whole and in
// file order. The checks below mirror validateShape's rules with the file's own
// numbers; validateShape runs last as the authority.
#include "mesh_import.hpp"

#include "obj_scan.hpp"
#include "topology.hpp"

#include <tiny_obj_loader.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <memory>
#include <mutex>
#include <numeric>
#include <sstream>

namespace cs {
namespace {

// The file as read, before any transform: what the cache keeps.
struct RawMesh {
    std::vector<glm::vec3> positions;       // file units, one per `v` line
    std::vector<glm::vec2> uv;              // per vertex, when hasUV
    bool hasUV = false;
    std::vector<glm::uvec3> triangles;      // polygons triangulated, winding kept
    std::vector<std::uint32_t> faceOf;      // per triangle: its OBJ face, from 0
    std::vector<int> faceLine;              // per face: its line (0: unknown)
    std::vector<int> vertexLine;            // per vertex: its line (0: unknown)
    std::string error;                      // set when the file cannot be a mesh at all
};

std::string located(const std::filesystem::path& file, int line, const std::string& message) {
    return file.string() + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": " + message;
}

// The first "line N" in a tinyobjloader message, or 0.
int lineInMessage(const std::string& message) {
    const std::size_t at = message.find("line ");
    if (at == std::string::npos) return 0;
    int line = 0;
    for (std::size_t i = at + 5; i < message.size() && std::isdigit(static_cast<unsigned char>(message[i])); ++i)
        line = 10 * line + (message[i] - '0');
    return line;
}

std::string firstLine(std::string message) {
    message = message.substr(0, message.find('\n'));
    while (!message.empty() && (message.back() == '.' || message.back() == ' ')) message.pop_back();
    return message;
}

// One polygon as triangles with its winding: a convex quad along its shorter
// diagonal, anything else by ear clipping in the polygon's own plane (Newell's
// normal); a fan where clipping finds no ear (a self-intersecting outline).
std::vector<glm::uvec3> triangulate(const std::vector<glm::vec3>& x, const std::vector<std::uint32_t>& polygon) {
    std::vector<glm::uvec3> out;
    const std::size_t n = polygon.size();
    if (n == 3) return {{polygon[0], polygon[1], polygon[2]}};
    glm::vec3 normal(0.0f);
    for (std::size_t i = 0; i < n; ++i) normal += glm::cross(x[polygon[i]], x[polygon[(i + 1) % n]]);
    const float length = glm::length(normal);
    auto fan = [&](const std::vector<std::size_t>& corners) {
        for (std::size_t i = 1; i + 1 < corners.size(); ++i)
            out.push_back({polygon[corners[0]], polygon[corners[i]], polygon[corners[i + 1]]});
    };
    std::vector<std::size_t> remaining(n);
    std::iota(remaining.begin(), remaining.end(), std::size_t{0});
    if (!(length > 0.0f)) {
        fan(remaining);
        return out;
    }
    // a basis of the plane in which the outline runs counter-clockwise
    const glm::vec3 w = normal / length;
    const glm::vec3 u = glm::normalize(std::abs(w.x) < 0.9f ? glm::cross(w, glm::vec3(1, 0, 0)) : glm::cross(w, glm::vec3(0, 1, 0)));
    const glm::vec3 v = glm::cross(w, u);
    std::vector<glm::vec2> p(n);
    for (std::size_t i = 0; i < n; ++i) p[i] = {glm::dot(x[polygon[i]], u), glm::dot(x[polygon[i]], v)};
    auto convex = [&](std::size_t a, std::size_t b, std::size_t c) { return cross2(p[b] - p[a], p[c] - p[b]) > 0.0f; };

    if (n == 4 && convex(3, 0, 1) && convex(0, 1, 2) && convex(1, 2, 3) && convex(2, 3, 0)) {
        if (glm::distance(p[0], p[2]) <= glm::distance(p[1], p[3])) {
            out.push_back({polygon[0], polygon[1], polygon[2]});
            out.push_back({polygon[0], polygon[2], polygon[3]});
        } else {
            out.push_back({polygon[0], polygon[1], polygon[3]});
            out.push_back({polygon[1], polygon[2], polygon[3]});
        }
        return out;
    }
    auto inside = [&](glm::vec2 q, std::size_t a, std::size_t b, std::size_t c) {
        return cross2(p[b] - p[a], q - p[a]) >= 0.0f && cross2(p[c] - p[b], q - p[b]) >= 0.0f &&
               cross2(p[a] - p[c], q - p[c]) >= 0.0f;
    };
    while (remaining.size() > 3) {
        bool clipped = false;
        for (std::size_t k = 0; k < remaining.size() && !clipped; ++k) {
            const std::size_t a = remaining[(k + remaining.size() - 1) % remaining.size()];
            const std::size_t b = remaining[k];
            const std::size_t c = remaining[(k + 1) % remaining.size()];
            if (!convex(a, b, c)) continue;
            bool ear = true;
            for (std::size_t other : remaining)
                if (other != a && other != b && other != c && inside(p[other], a, b, c)) ear = false;
            if (!ear) continue;
            out.push_back({polygon[a], polygon[b], polygon[c]});
            remaining.erase(remaining.begin() + static_cast<std::ptrdiff_t>(k));
            clipped = true;
        }
        if (!clipped) {
            fan(remaining);
            return out;
        }
    }
    out.push_back({polygon[remaining[0]], polygon[remaining[1]], polygon[remaining[2]]});
    return out;
}

RawMesh parseObj(const std::filesystem::path& file, std::string_view text) {
    RawMesh mesh;
    auto fail = [&](int line, const std::string& message) {
        mesh.error = located(file, line, message);
        return mesh;
    };
    if (text.find('\0') != std::string_view::npos) return fail(0, "is not a text OBJ file (contains NUL bytes)");
    const ObjScan scan = scanObj(text);
    if (!scan.problem.empty()) return fail(scan.problemLine, scan.problem);

    // tinyobjloader: no triangulation (we keep faces whole to know their lines), no materials
    tinyobj::attrib_t attrib;
    std::vector<tinyobj::shape_t> shapes;
    std::vector<tinyobj::material_t> materials;
    std::string warning, error;
    std::istringstream stream{std::string(text)};
    const bool ok = tinyobj::LoadObj(&attrib, &shapes, &materials, &warning, &error, &stream, nullptr,
                                     /*triangulate=*/false, /*default_vcols_fallback=*/false);
    if (!ok || !error.empty()) {
        const std::string message = firstLine(error.empty() ? "tinyobjloader could not read it" : error);
        return fail(lineInMessage(message), "not a readable OBJ file: " + message);
    }

    // the coordinates as the scan read them: tinyobjloader's own reading is the lenient one
    const std::size_t vertexCount = attrib.vertices.size() / 3;
    if (scan.positions.size() != 3 * vertexCount || scan.uv.size() != attrib.texcoords.size())
        return fail(0, "the scan and tinyobjloader disagree on the number of v or vt lines (" +
                           std::to_string(scan.positions.size() / 3) + " and " + std::to_string(vertexCount) + " vertices)");
    mesh.positions.resize(vertexCount);
    for (std::size_t i = 0; i < vertexCount; ++i)
        mesh.positions[i] = {scan.positions[3 * i], scan.positions[3 * i + 1], scan.positions[3 * i + 2]};
    mesh.vertexLine = scan.vertexLines;

    // faces in file order: shapes follow each other, faces within a shape too
    std::size_t faceCount = 0;
    for (const tinyobj::shape_t& shape : shapes) faceCount += shape.mesh.num_face_vertices.size();
    mesh.faceLine = scan.faceLines.size() == faceCount ? scan.faceLines : std::vector<int>(faceCount, 0);
    auto vertexName = [&](std::size_t v) {
        return "vertex " + std::to_string(v) + (mesh.vertexLine[v] > 0 ? " (line " + std::to_string(mesh.vertexLine[v]) + ")" : "");
    };

    const std::size_t texcoordCount = attrib.texcoords.size() / 2;
    mesh.hasUV = texcoordCount > 0;
    mesh.uv.assign(vertexCount, glm::vec2(0.0f));
    std::vector<std::uint8_t> uvSet(vertexCount, 0);
    std::uint32_t face = 0;
    std::vector<std::uint32_t> polygon;
    for (const tinyobj::shape_t& shape : shapes) {
        std::size_t next = 0;
        for (const unsigned char corners : shape.mesh.num_face_vertices) {
            const int line = mesh.faceLine[face];
            polygon.clear();
            for (std::size_t k = 0; k < corners; ++k) {
                const tinyobj::index_t index = shape.mesh.indices[next + k];
                if (index.vertex_index < 0 || static_cast<std::size_t>(index.vertex_index) >= vertexCount)
                    return fail(line, "face " + std::to_string(face) + " refers to vertex " +
                                          std::to_string(index.vertex_index) + " (from 0), but the file has " +
                                          std::to_string(vertexCount) + " vertices");
                const auto v = static_cast<std::uint32_t>(index.vertex_index);
                if (std::find(polygon.begin(), polygon.end(), v) != polygon.end())
                    return fail(line, "face " + std::to_string(face) + " is degenerate: it uses " + vertexName(v) + " twice");
                polygon.push_back(v);
                // texture coordinates: every corner needs one, and a vertex always the same
                if (index.texcoord_index < 0 || static_cast<std::size_t>(index.texcoord_index) >= texcoordCount) {
                    mesh.hasUV = false;
                } else if (mesh.hasUV) {
                    const auto t = static_cast<std::size_t>(index.texcoord_index);
                    const glm::vec2 uv(scan.uv[2 * t], scan.uv[2 * t + 1]);
                    if (!uvSet[v]) mesh.uv[v] = uv, uvSet[v] = 1;
                    else if (glm::distance(mesh.uv[v], uv) > 1e-6f) mesh.hasUV = false;
                }
            }
            next += corners;
            for (const glm::uvec3& t : triangulate(mesh.positions, polygon)) {
                mesh.triangles.push_back(t);
                mesh.faceOf.push_back(face);
            }
            ++face;
        }
    }
    if (!mesh.hasUV) mesh.uv.clear();
    if (mesh.triangles.empty())
        return fail(0, "no triangles: the file has " + std::to_string(vertexCount) + " vertices (v lines) and no faces (f lines)");
    return mesh;
}

// Parsed files by path, size and last write time; a few, most recent last.
class MeshCache {
public:
    // The parsed file, or the reason it cannot be read (in RawMesh::error).
    std::shared_ptr<const RawMesh> get(const std::filesystem::path& file) {
        std::error_code ec;
        if (std::filesystem::is_directory(file, ec)) return failed(file, "is a directory, not an OBJ file");
        const auto time = std::filesystem::last_write_time(file, ec);
        const bool stamped = !ec;
        const auto size = stamped ? std::filesystem::file_size(file, ec) : 0;
        if (stamped && !ec) {
            std::lock_guard lock(m_mutex);
            for (const Entry& e : m_entries)
                if (e.path == file && e.time == time && e.size == size) return e.mesh;
        }
        std::ifstream in(file, std::ios::binary);
        if (!in) return failed(file, "cannot open the mesh file (missing or unreadable)");
        std::ostringstream buffer;
        buffer << in.rdbuf();
        auto mesh = std::make_shared<const RawMesh>(parseObj(file, buffer.str()));
        if (stamped && !ec) {
            std::lock_guard lock(m_mutex);
            std::erase_if(m_entries, [&](const Entry& e) { return e.path == file; });
            if (m_entries.size() >= kCapacity) m_entries.erase(m_entries.begin());
            m_entries.push_back({file, time, size, mesh});
        }
        return mesh;
    }

private:
    static std::shared_ptr<const RawMesh> failed(const std::filesystem::path& file, const std::string& message) {
        auto mesh = std::make_shared<RawMesh>();
        mesh->error = located(file, 0, message);
        return mesh;
    }

    struct Entry {
        std::filesystem::path path;
        std::filesystem::file_time_type time;
        std::uintmax_t size;
        std::shared_ptr<const RawMesh> mesh;
    };
    static constexpr std::size_t kCapacity = 8;
    std::mutex m_mutex;
    std::vector<Entry> m_entries;
};

MeshCache& meshCache() {
    static MeshCache cache;
    return cache;
}

glm::quat rotationFromDegrees(glm::vec3 degrees) {
    const glm::vec3 r = glm::radians(degrees);
    return glm::angleAxis(r.z, glm::vec3(0, 0, 1)) * glm::angleAxis(r.y, glm::vec3(0, 1, 0)) *
           glm::angleAxis(r.x, glm::vec3(1, 0, 0));
}

// The rest shape seen along its smallest extent, scaled (aspect kept) into [0,1]^2;
// y runs down v, as rows do on the grid.
std::vector<glm::vec2> planarUV(const std::vector<glm::vec3>& x) {
    glm::vec3 lo(x[0]), hi(x[0]);
    for (const glm::vec3& p : x) lo = glm::min(lo, p), hi = glm::max(hi, p);
    const glm::vec3 extent = hi - lo;
    int thin = 0;
    for (int k = 1; k < 3; ++k)
        if (extent[k] < extent[thin]) thin = k;
    const int a = thin == 0 ? 1 : 0, b = thin == 2 ? 1 : 2;
    const float scale = std::max(extent[a], extent[b]);
    const float inverse = scale > 0.0f ? 1.0f / scale : 0.0f;
    auto along = [&](const glm::vec3& p, int k) { return k == 1 ? hi.y - p.y : p[k] - lo[k]; };
    std::vector<glm::vec2> uv(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) uv[i] = {along(x[i], a) * inverse, along(x[i], b) * inverse};
    return uv;
}

// validateShape's rules, explained with the file's faces, vertices and lines.
std::string explainProblems(const std::filesystem::path& file, const RawMesh& raw, const ClothShape& shape,
                            bool allowPieces) {
    const auto& x = shape.positions;
    auto faceLine = [&](std::uint32_t triangle) { return raw.faceLine[raw.faceOf[triangle]]; };
    auto faceName = [&](std::uint32_t triangle) {
        const int line = faceLine(triangle);
        return "face " + std::to_string(raw.faceOf[triangle]) + (line > 0 ? " (line " + std::to_string(line) + ")" : "");
    };
    for (std::size_t i = 0; i < x.size(); ++i)
        if (!std::isfinite(x[i].x + x[i].y + x[i].z))  // the file's own numbers are finite (scanObj): the placing overflowed
            return located(file, raw.vertexLine[i], "vertex " + std::to_string(i) +
                                                        " is not a finite point once placed: its coordinates times "
                                                        "cloth.mesh_scale must stay within 3.4e38 (a 32-bit float)");

    std::vector<std::uint8_t> used(x.size(), 0);
    for (std::uint32_t t = 0; t < shape.triangles.size(); ++t) {
        const glm::uvec3& tri = shape.triangles[t];
        if (isDegenerate(x, tri))
            return located(file, faceLine(t),
                           "face " + std::to_string(raw.faceOf[t]) + " is degenerate: its corners (vertices " +
                               std::to_string(tri.x) + ", " + std::to_string(tri.y) + ", " + std::to_string(tri.z) +
                               ") lie on one line, so it has no area");
        used[tri.x] = used[tri.y] = used[tri.z] = 1;
    }
    for (std::size_t i = 0; i < x.size(); ++i)
        if (!used[i])
            return located(file, raw.vertexLine[i],
                           "vertex " + std::to_string(i) + " belongs to no face; every vertex must be part of the cloth");

    // an edge in more than two faces
    const std::vector<HalfEdge> half = sortedHalfEdges(shape.triangles);
    for (std::size_t i = 0; i + 2 < half.size(); ++i) {
        if (half[i].key != half[i + 2].key) continue;
        std::size_t j = i;
        std::string faces;
        for (; j < half.size() && half[j].key == half[i].key; ++j) {
            const bool last = j + 1 == half.size() || half[j + 1].key != half[i].key;
            faces += (j == i ? "" : last ? " and " : ", ") + faceName(half[j].triangle);
        }
        return located(file, faceLine(half[i + 2].triangle),
                       "the mesh is not a manifold: the edge between vertices " + std::to_string(half[i].key.a) +
                           " and " + std::to_string(half[i].key.b) + " belongs to " + std::to_string(j - i) +
                           " faces: " + faces + "; a cloth edge joins at most two");
    }

    if (!allowPieces) {
        const Pieces pieces = findPieces(shape.triangles, x.size());
        if (pieces.count > 1) {
            // the lowest-numbered vertex that is not in vertex 0's piece
            std::uint32_t firstApart = 1;
            while (pieces.of[firstApart] == pieces.of[0]) ++firstApart;
            return located(file, raw.vertexLine[firstApart],
                           "the mesh has " + std::to_string(pieces.count) + " unconnected pieces: vertex " +
                               std::to_string(firstApart) + " is not connected to vertex 0 (set cloth.allow_pieces = "
                               "true to accept several pieces)");
        }
    }
    return {};
}

} // namespace

namespace {

// The parsed file placed in the world, checked, with its rest UV and hinge links.
MeshImport placeAndCheck(const std::filesystem::path& file, const RawMesh& raw, const MeshTransform& transform,
                         bool allowPieces) {
    MeshImport result;
    if (!raw.error.empty()) {
        result.error = raw.error;
        return result;
    }

    // place it
    ClothShape shape;
    const glm::quat rotation = rotationFromDegrees(transform.rotationDegrees);
    shape.positions.reserve(raw.positions.size());
    for (const glm::vec3& p : raw.positions) shape.positions.push_back(transform.translation + rotation * (transform.scale * p));
    shape.triangles = raw.triangles;

    if (std::string problem = explainProblems(file, raw, shape, allowPieces); !problem.empty()) {
        result.error = std::move(problem);
        return result;
    }
    if (std::string problem = validateShape(shape, allowPieces); !problem.empty()) {
        result.error = located(file, 0, problem);  // a rule the explanations above do not cover
        return result;
    }

    result.restUVFromFile = raw.hasUV;
    shape.restUV = raw.hasUV ? raw.uv : planarUV(shape.positions);
    addHingeLinks(shape);
    result.shape = std::move(shape);
    return result;
}

} // namespace

MeshImport importObj(const std::filesystem::path& file, const MeshTransform& transform, bool allowPieces) {
    return placeAndCheck(file, *meshCache().get(file), transform, allowPieces);
}

MeshImport importObjText(std::string_view text, const std::filesystem::path& name, const MeshTransform& transform,
                         bool allowPieces) {
    return placeAndCheck(name, parseObj(name, text), transform, allowPieces);
}

MeshImport importClothMesh(const ClothSettings& settings) {
    return importObj(settings.mesh, {settings.meshScale, settings.meshRotation, settings.origin}, settings.allowPieces);
}

} // namespace cs
