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
};

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
    std::vector<Link> links;                   // sorted by kind
    std::vector<BendElement> bendElements;     // one per interior edge
    int columns = 0;                           // grid size when built from a grid, else 0
    int rows = 0;

    // Caches key on these. Every built cloth starts a new topology generation (so a
    // rebuilt cloth never matches an old cache); topology edits bump it, pins bump theirs.
    std::uint64_t topologyVersion = 0;         // triangles, links or masses changed
    std::uint64_t pinVersion = 0;              // a pin was set or released

    std::size_t particleCount() const { return positions.size(); }
    void setPinned(std::size_t particle, bool pin);
};

// Builds a rectangular cloth from the cloth settings: a grid of columns x rows
// particles, two triangles per cell, links to neighbours up to linkLevel apart.
Cloth buildGridCloth(const ClothSettings& settings);

// The stretch and shear links only (links are sorted by kind, bending last).
std::span<const Link> stretchAndShearLinks(const Cloth& cloth);

void applyPinPreset(Cloth& cloth, PinPreset preset);

// Toggles the pin of one grid corner: 0 top-left, 1 top-right, 2 bottom-left,
// 3 bottom-right (seed 002's keys 0-3). Does nothing on a cloth that is not a grid.
void toggleCornerPin(Cloth& cloth, int corner);

// The hinges of a triangle mesh: every edge shared by exactly two triangles.
std::vector<BendElement> findBendElements(const std::vector<glm::vec3>& positions,
                                          const std::vector<glm::uvec3>& triangles);

// Signed angle between the normals of triangles (a, b, c) and (b, a, d) about the
// edge a -> b, radians in (-pi, pi]: 0 when flat.
float dihedralAngle(glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d);

// Area-weighted vertex normals (the cross products are not normalised before
// summing, so larger triangles count more).
void computeVertexNormals(const Cloth& cloth, std::span<glm::vec3> normals);

float totalMass(const Cloth& cloth);

} // namespace cs
