#pragma once
// The free particles of a cloth as the rows of a linear system (desbrun,
// projective_dynamics): pinned and held particles leave it, their springs' terms
// moving to the right-hand side. Also the key of everything the rows and the
// matrix's pattern depend on: the topology, the pins, the masses (compared every
// step: a mass or a pin changed by hand must not reuse a stale factor).
#include "../cloth.hpp"

#include <cstdint>
#include <vector>

namespace cs {

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

private:
    bool m_valid = false;
    std::uint64_t m_topologyVersion = ~0ull;
    std::uint64_t m_pinVersion = ~0ull;
    std::size_t m_particles = 0;
    std::size_t m_links = 0;
    std::vector<float> m_inverseMasses;
};

} // namespace cs
