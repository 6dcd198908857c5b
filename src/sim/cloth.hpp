#pragma once
// The cloth: what it is (triangles, links and their rest lengths), and what it
// does now (positions, velocities) — kept in arrays per attribute so that solvers
// stream through them and the renderer uploads them as they are.
#include "settings.hpp"

#include <cstdint>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <span>
#include <vector>

namespace cs {

enum class LinkKind : std::uint8_t { Stretch, Shear, Bend };
inline constexpr int kLinkKindCount = 3;

// A distance link between two particles. Stretch: row/column neighbours;
// Shear: diagonal neighbours; Bend: neighbours two or more grid steps apart.
struct Link {
    std::uint32_t a;
    std::uint32_t b;
    float restLength;   // metres
    LinkKind kind;
    std::uint8_t colour = 0;  // within its kind, no two links of one colour share a particle (topology.cpp)
};

// A link that is not a triangle edge (the grid's second diagonal, its long
// bending links, a mesh's links across hinges). It is anchored in the triangles
// its rest segment crosses, its support: the link lives while each support
// triangle still shares an uncut edge with the next, and its ends are read from
// corners of the first and last support triangle, so vertex splits move it along.
struct SpanLink {
    std::uint32_t firstSupport;   // index into Cloth::spanSupport
    std::uint16_t supportCount;   // >= 1
    std::uint8_t cornerA;         // corner (0-2) of the first support triangle that is end a
    std::uint8_t cornerB;         // corner of the last support triangle that is end b
    LinkKind kind;
    float restLength;             // metres
};

// Per-triangle edge flags (Cloth::edgeFlags). Edge k runs from corner k to corner (k + 1) % 3.
inline constexpr std::uint8_t kEdgeCut = 1;     // << k: no longer joined to the neighbour across edge k
inline constexpr std::uint8_t kEdgeShear = 8;   // << k: edge k is a shear (diagonal) edge

// Two triangles sharing the edge (a, b), with opposite corners c and d: the
// hinge a dihedral bending constraint keeps at its rest angle.
struct BendElement {
    std::uint32_t a, b;   // the shared edge
    std::uint32_t c, d;   // the corners opposite it
    float restAngle;      // radians, signed angle between the two triangles' normals at rest (dihedralAngle)
};

struct Cloth {
    // --- state: what the cloth does now -----------------------------------
    std::vector<glm::vec3> positions;          // metres
    std::vector<glm::vec3> previousPositions;  // metres, start of the last (sub)step
    std::vector<glm::vec3> velocities;         // metres per second
    std::vector<float> inverseMasses;          // 1 / kilograms; 0 for pinned particles
    std::vector<std::uint8_t> pinned;          // 1 when held still

    // --- topology: what the cloth is --------------------------------------
    std::vector<float> masses;                 // kilograms, kept so that unpinning restores 1/m
    std::vector<glm::vec2> restUV;             // rest parameterisation in [0,1]^2
    std::vector<glm::vec3> restPositions;      // metres, the shape the cloth was built in
    std::vector<glm::uvec3> triangles;         // counter-clockwise seen from the front
    std::vector<std::uint8_t> edgeFlags;       // per triangle: kEdgeCut << k, kEdgeShear << k
    std::vector<SpanLink> spanLinks;           // links that are not triangle edges, with their support
    std::vector<std::uint32_t> spanSupport;    // triangle indices, SpanLink::firstSupport.. in order
    // Per triangle the cloth was built with, the span links it supports, by their
    // firstSupport (which stays while broken span links are dropped from the list, and
    // spanLinks stays sorted by it): supported[supportedStart[t] .. supportedStart[t + 1]).
    // Built with the cloth (buildCloth); never changes (spanLinksOn, topology.hpp).
    std::vector<std::uint32_t> supportedStart, supported;
    // Derived from the above by rebuildLinks (topology.hpp) after every edit:
    std::vector<Link> links;                   // every triangle edge, then the live span links; sorted by kind
    std::vector<BendElement> bendElements;     // one per interior, uncut edge
    int columns = 0;                           // grid size when built from a grid, else 0; particles
    int rows = 0;                              // below columns x rows keep their grid index after tears
    std::uint64_t tornLinks = 0;               // links broken by tearing or cut since the cloth was built

    // Caches key on these. Every built cloth starts a new topology generation (so a
    // rebuilt cloth never matches an old cache); topology edits bump it, pins bump theirs.
    std::uint64_t topologyVersion = 0;         // triangles, links or masses changed
    std::uint64_t pinVersion = 0;              // a pin was set or released

    std::size_t particleCount() const { return positions.size(); }
    void setPinned(std::size_t particle, bool pin);
};

// A triangle mesh as a producer (the grid builder, the OBJ importer) hands it over:
// the general topology that buildCloth turns into a cloth and tearing edits.
struct ClothShape {
    std::vector<glm::vec3> positions;          // metres, the rest shape
    std::vector<glm::vec2> restUV;             // rest parameterisation in [0,1]^2, per vertex
    std::vector<glm::uvec3> triangles;         // counter-clockwise seen from the front
    std::vector<std::uint8_t> edgeFlags;       // per triangle (kEdgeShear bits), or empty: all stretch
    std::vector<SpanLink> spanLinks;
    std::vector<std::uint32_t> spanSupport;
    int columns = 0;                           // grid producers only
    int rows = 0;
};

// Masses (per particle, or density x area shared by the corners), links, hinges and
// the pin preset, from a shape whose triangles are valid (validateShape in topology.hpp).
Cloth buildCloth(const ClothShape& shape, const ClothSettings& settings);

// A rectangular grid of columns x rows particles, two triangles per cell, links to
// neighbours up to linkLevel apart (grid_cloth.cpp).
ClothShape gridShape(const ClothSettings& settings);

// buildCloth(gridShape(settings), settings).
Cloth buildGridCloth(const ClothSettings& settings);

// The stretch and shear links only (links are sorted by kind, bending last).
std::span<const Link> stretchAndShearLinks(const Cloth& cloth);

// Grids: the preset's grid particles. Other meshes: top_row pins the particles at
// the top of the rest shape (highest y, within 1 mm), top_corners the two ends of
// that row, corners the extremes of the rest shape's outline in x and z. Border
// pins every particle of the outline on any mesh: a drum skin.
void applyPinPreset(Cloth& cloth, PinPreset preset);

// Toggles the pin of one grid corner: 0 top-left, 1 top-right, 2 bottom-left,
// 3 bottom-right (macri's keys 0-3, docs/sources.md). Does nothing on a cloth that is
// not a grid.
void toggleCornerPin(Cloth& cloth, int corner);

// The hinges of a triangle mesh: every edge shared by exactly two triangles and not
// cut between them (edgeFlags may be empty: nothing cut); rest angles from `positions`.
std::vector<BendElement> findBendElements(const std::vector<glm::vec3>& positions,
                                          const std::vector<glm::uvec3>& triangles,
                                          const std::vector<std::uint8_t>& edgeFlags = {});

// The one rule for a hinge (findBendElements, and the link update after an edit): the
// edge that slot s0 of triangle t0 and slot s1 of triangle t1 share, t0 the lower of
// the two triangles on it, is a hinge unless either side is cut; it runs along t0's
// edge, a -> b, so that (a, b, c) is t0's winding, and d is t1's corner opposite it.
// Returns false for a cut edge. Its rest angle is left to the caller (dihedralAngle).
bool hingeBetween(const std::vector<glm::uvec3>& triangles, const std::vector<std::uint8_t>& edgeFlags,
                  std::uint32_t t0, int s0, std::uint32_t t1, int s1, BendElement& hinge);

// Signed angle between the normals of triangles (a, b, c) and (b, a, d) about the
// edge a -> b, radians in (-pi, pi]: 0 when flat.
float dihedralAngle(glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d);

// Area-weighted vertex normals (the cross products are not normalised before
// summing, so larger triangles count more).
void computeVertexNormals(const Cloth& cloth, std::span<glm::vec3> normals);
// The same for positions that are not the cloth's own (a kept frame of the history,
// an export): `normals` has one entry per position.
void computeVertexNormals(std::span<const glm::vec3> positions, std::span<const glm::uvec3> triangles,
                          std::span<glm::vec3> normals);

float totalMass(const Cloth& cloth);

} // namespace cs
