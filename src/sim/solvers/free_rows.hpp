#pragma once
// The free particles of a cloth as the rows of a linear system (desbrun,
// projective_dynamics): pinned and held particles leave it, their springs' terms
// moving to the right-hand side. Also the key of everything the rows and the
// matrix's pattern depend on: the topology, the pins, the masses (compared every
// step: a mass or a pin changed by hand must not reuse a stale factor), and the
// matrix both methods build over the rows: a diagonal plus a weighted graph Laplacian.
#include "../cloth.hpp"
#include "../settings.hpp"
#include "sparse_ldlt.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace cs {

// What a matrix of springs and drag depends on besides the pattern: the step, the
// three stiffnesses, the springs' damping, the point damping and the air drag.
inline std::array<float, 7> springMatrixKey(const Settings& settings, float h) {
    const SpringSettings& s = settings.springs;
    return {h, s.stretchStiffness, s.shearStiffness, s.bendStiffness, s.damping, s.pointDamping, settings.solver.damping};
}

struct FreeRows {
    std::vector<int> row;                // particle -> row of the system, -1 when pinned or held
    std::vector<std::uint32_t> particle; // row of the system -> particle

    // Rebuilds the rows when the cloth's pattern changed since the last call; true then.
    // Allocates only then.
    bool refresh(const Cloth& cloth) {
        const std::size_t n = cloth.particleCount();
        if (m_valid && m_topologyVersion == cloth.topologyVersion && m_pinVersion == cloth.pinVersion &&
            m_particles == n && m_links == cloth.links.size() && m_inverseMasses == cloth.inverseMasses)
            return false;
        m_valid = true;
        m_topologyVersion = cloth.topologyVersion;
        m_pinVersion = cloth.pinVersion;
        m_particles = n;
        m_links = cloth.links.size();
        m_inverseMasses = cloth.inverseMasses;
        row.assign(n, -1);
        particle.clear();
        for (std::size_t i = 0; i < n; ++i)
            if (cloth.inverseMasses[i] != 0.0f) {
                row[i] = static_cast<int>(particle.size());
                particle.push_back(static_cast<std::uint32_t>(i));
            }
        return true;
    }
    void invalidate() { m_valid = false; }  // a cut, a reset, a restore: rebuild at the next refresh

    // matrix = diag(diagonal(mass)) + sum over links of weight(link) (e_a - e_b)(e_a - e_b)^T
    // over the rows: a spring to a pinned or held particle adds to its free end's diagonal
    // only. Allocates (once per factorisation).
    template <class Diagonal, class Weight>
    void assemble(const Cloth& cloth, Diagonal&& diagonal, Weight&& weight, SparseMatrixD& matrix) const {
        std::vector<Eigen::Triplet<double, int>> entries;
        entries.reserve(particle.size() + 4 * cloth.links.size());
        for (std::size_t f = 0; f < particle.size(); ++f)
            entries.emplace_back(static_cast<int>(f), static_cast<int>(f), diagonal(cloth.masses[particle[f]]));
        for (const Link& link : cloth.links) {
            const double w = weight(link);
            const int a = row[link.a], b = row[link.b];
            if (a >= 0) entries.emplace_back(a, a, w);
            if (b >= 0) entries.emplace_back(b, b, w);
            if (a >= 0 && b >= 0) {
                entries.emplace_back(a, b, -w);
                entries.emplace_back(b, a, -w);
            }
        }
        const auto rows = static_cast<Eigen::Index>(particle.size());
        matrix.resize(rows, rows);
        matrix.setFromTriplets(entries.begin(), entries.end());
    }

private:
    bool m_valid = false;
    std::uint64_t m_topologyVersion = ~0ull;
    std::uint64_t m_pinVersion = ~0ull;
    std::size_t m_particles = 0;
    std::size_t m_links = 0;
    std::vector<float> m_inverseMasses;
};

} // namespace cs
