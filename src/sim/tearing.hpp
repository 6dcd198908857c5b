#pragma once
// Tearing: links stretched past a ratio of their rest length break.
//
// An over-stretched triangle edge (stretch or shear) splits one of its ends with
// Müller et al. 2007's plane: the plane through the particle, across the edge;
// the triangles on the far side get a copy of the particle, so the cloth opens
// across the direction it was pulled in. The end with more triangles around it
// is split (an interior particle), the other when that one cannot be. A span
// link that is over-stretched simply breaks. After the splits, links that are
// still longer than the limit (the split copies are where the particle was) are
// shortened to it, the way the torn edge of a fabric springs back; then the
// check runs again, a few rounds at most.
//
// With self-contact on there is no spring-back: it moves particles outside the
// contact's bounds (collision/triangle_contact.hpp), which only the solver's step
// respects, and the flag shredded at tearing.max_stretch = 1.2 crossed itself (12
// triangle pairs by step 60). Links still past the limit then stay as long as they are,
// and the next step's solver pulls them in, through the bounds.
//
// Cost: one pass over the stretch and shear links per step, without allocation
// while nothing tears; a tear rebuilds the links (O(links log links)).
#include "cloth.hpp"
#include "topology_change.hpp"

#include <optional>
#include <vector>

namespace cs {

struct TearResult {
    std::size_t linksTorn = 0;
    std::size_t particlesAdded = 0;
    std::size_t trianglesSplit = 0;  // by a crack across a triangle (crack_tearing.hpp)
    std::size_t particlesMoved = 0;  // slid onto a crack's line (node snapping)
    bool changed() const { return linksTorn > 0 || particlesAdded > 0 || trianglesSplit > 0 || particlesMoved > 0; }
    // What the edits changed, for the solvers (none: nothing was edited).
    std::optional<TopologyEdit> edit;
    void add(const TopologyEdit& e) {
        if (edit) edit->absorb(e);
        else edit = e;
    }
};

class Tearing {
public:
    // Breaks the links longer than maxStretch x rest length (see the top of the file);
    // with springBack, shortens those still longer to it.
    TearResult apply(Cloth& cloth, float maxStretch, bool springBack);

private:
    struct Overstretched {
        std::size_t link;
        float ratio;
    };
    std::vector<Overstretched> m_over;  // reused: no allocation while nothing tears
};

} // namespace cs
