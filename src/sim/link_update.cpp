#include "link_update.hpp"

#include "topology.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <glm/geometric.hpp>

namespace cs {
namespace {

// The order of cloth.links: kind, colour, lower particle (topology.cpp's orderLinksByColour).
bool linkBefore(const Link& l, const Link& r) {
    if (l.kind != r.kind) return l.kind < r.kind;
    if (l.colour != r.colour) return l.colour < r.colour;
    return std::min(l.a, l.b) < std::min(r.a, r.b);
}

// A link as a key for removal: its ends (either way round), kind and rest length.
struct LinkKey {
    EdgeKey ends;
    LinkKind kind;
    float restLength;
    friend bool operator<(const LinkKey& l, const LinkKey& r) {
        if (l.ends != r.ends) return l.ends < r.ends;
        if (l.kind != r.kind) return l.kind < r.kind;
        return l.restLength < r.restLength;
    }
    friend bool operator==(const LinkKey& l, const LinkKey& r) {
        return l.ends == r.ends && l.kind == r.kind && l.restLength == r.restLength;
    }
};

bool sameSpan(const SpanLink& l, const SpanLink& r) {
    return l.firstSupport == r.firstSupport && l.supportCount == r.supportCount && l.cornerA == r.cornerA &&
           l.cornerB == r.cornerB && l.kind == r.kind && l.restLength == r.restLength;
}

// Greedy colours for new links, given the colours the links that stay already use
// at their particles (noted while those are compacted: one pass over the list).
class NewLinkColours {
public:
    NewLinkColours(const std::vector<Link>& added, std::size_t particles) : m_slot(particles, kNone) {
        for (const Link& l : added)
            for (std::uint32_t p : {l.a, l.b})
                if (m_slot[p] == kNone) {
                    m_slot[p] = static_cast<std::uint32_t>(m_taken.size() / kLinkKindCount);
                    m_taken.resize(m_taken.size() + kLinkKindCount, 0);
                }
    }
    void noteKept(const Link& l) {
        if (m_slot[l.a] != kNone) mask(l.a, l.kind) |= std::uint64_t{1} << l.colour;
        if (m_slot[l.b] != kNone) mask(l.b, l.kind) |= std::uint64_t{1} << l.colour;
    }
    // `added` in a fixed order (kind, then ends): the first free colour at both ends
    void assign(std::vector<Link>& added) {
        for (Link& l : added) {
            const std::uint64_t used = mask(l.a, l.kind) | mask(l.b, l.kind);
            // as orderLinksByColour: a particle with over 63 links of one kind shares the last colour
            const int c = used == ~std::uint64_t{0} ? 63 : std::countr_one(used);
            l.colour = static_cast<std::uint8_t>(c);
            mask(l.a, l.kind) |= std::uint64_t{1} << c;
            mask(l.b, l.kind) |= std::uint64_t{1} << c;
        }
    }

private:
    static constexpr std::uint32_t kNone = ~0u;
    std::uint64_t& mask(std::uint32_t p, LinkKind kind) {
        return m_taken[m_slot[p] * kLinkKindCount + static_cast<std::size_t>(kind)];
    }
    std::vector<std::uint32_t> m_slot;   // particle -> index into m_taken
    std::vector<std::uint64_t> m_taken;  // per (slot, kind): colours used
};

// The sorts below order a few thousand edges per cut by one integer each (an edge's
// ends, then a triangle or a kind): comparing structs field by field cost a 128² cut
// half a millisecond. The indices fit at every resolution the solvers take (beyond
// 2^20 particles the update rebuilds).
struct EdgePacking {
    int particleBits, triangleBits;
    EdgePacking(std::size_t particles, std::size_t triangles)
        : particleBits(std::bit_width(std::max<std::size_t>(particles, 1))),
          triangleBits(std::bit_width(std::max<std::size_t>(triangles, 1))) {}
    bool fits() const { return 2 * particleBits + triangleBits + 2 <= 64; }
    std::uint64_t edge(EdgeKey k) const { return (std::uint64_t{k.a} << particleBits) | k.b; }
    EdgeKey unpack(std::uint64_t e) const {
        return {static_cast<std::uint32_t>(e >> particleBits),
                static_cast<std::uint32_t>(e & ((std::uint64_t{1} << particleBits) - 1))};
    }
    // a triangle's edge: by edge, then triangle, then slot
    std::uint64_t halfEdge(EdgeKey k, std::uint32_t t, int slot) const {
        return (edge(k) << (triangleBits + 2)) | (std::uint64_t{t} << 2) | static_cast<std::uint64_t>(slot);
    }
    std::uint64_t edgeOfHalf(std::uint64_t h) const { return h >> (triangleBits + 2); }
    std::uint32_t triangleOfHalf(std::uint64_t h) const {
        return static_cast<std::uint32_t>((h >> 2) & ((std::uint64_t{1} << triangleBits) - 1));
    }
    static int slotOfHalf(std::uint64_t h) { return static_cast<int>(h & 3); }
};

// Marks element i in a bitmap of those that go (mergeKept).
void markGone(std::vector<std::uint64_t>& gone, std::size_t i) { gone[i / 64] |= std::uint64_t{1} << (i % 64); }

// The first index at or after `from` whose element comes after `value`, galloping on
// from `from` (the next one is near: the values spread over the list in order).
template <class T, class Less>
std::size_t upperBoundFrom(const std::vector<T>& list, std::size_t from, const T& value, Less less) {
    std::size_t lo = from, step = 1, hi = from;  // list[from, lo) are not after `value`
    while (hi < list.size() && !less(value, list[hi])) {
        lo = hi + 1;
        hi += step;
        step *= 2;
    }
    hi = std::min(hi, list.size());
    return static_cast<std::size_t>(std::upper_bound(list.begin() + static_cast<std::ptrdiff_t>(lo),
                                                     list.begin() + static_cast<std::ptrdiff_t>(hi), value, less) -
                                    list.begin());
}

// `list` without the elements marked in `gone`, merged with the sorted `added` (on
// ties the list's element first, as std::merge). Written once, into a buffer kept
// between edits (the links are ~2 MB at 128²: compacting them in place and then moving
// them again to make room cost twice the memory traffic), which then becomes the list.
template <class T, class Less>
void mergeKept(std::vector<T>& list, const std::vector<std::uint64_t>& gone, const std::vector<T>& added, Less less) {
    static thread_local std::vector<T> merged;
    merged.clear();
    const std::size_t total = list.size() + added.size();
    if (merged.capacity() < total) merged.reserve(total + total / 8);  // room for the next edits (a tear front makes many)
    // the elements in [begin, end) that stay, in runs between the gone ones
    auto keep = [&](std::size_t begin, std::size_t end) {
        while (begin < end) {
            std::size_t word = begin / 64;
            std::uint64_t bits = gone[word] & (~std::uint64_t{0} << (begin % 64));
            while (bits == 0 && (word + 1) * 64 < end) bits = gone[++word];
            const std::size_t next = bits ? std::min(end, word * 64 + static_cast<std::size_t>(std::countr_zero(bits))) : end;
            merged.insert(merged.end(), list.begin() + static_cast<std::ptrdiff_t>(begin),
                          list.begin() + static_cast<std::ptrdiff_t>(next));
            begin = next + 1;  // past the gone one (or the end)
        }
    };
    std::size_t at = 0;
    for (const T& element : added) {
        const std::size_t end = upperBoundFrom(list, at, element, less);
        keep(at, end);
        merged.push_back(element);
        at = end;
    }
    keep(at, list.size());
    list.swap(merged);
}

// The triangles with a dirty corner now (in no particular order), from the fans of the
// dirty old particles — a triangle the edit did not write has the corners it had, so
// it is in those fans whether they were taken before the edit or after — and the
// triangles the record noted or the edit added, which hold every new particle. (At
// 128², passes over every triangle instead cost a blade cut a millisecond.)
std::vector<std::uint32_t> trianglesAround(const Cloth& c, const TopologyEdit& edit, const TriangleFans& fans,
                                           const std::vector<std::uint8_t>& dirty, std::vector<std::uint8_t>& isNear) {
    std::vector<std::uint32_t> out;
    auto consider = [&](std::uint32_t t) {
        if (isNear[t]) return;
        const glm::uvec3& tri = c.triangles[t];
        if (dirty[tri.x] | dirty[tri.y] | dirty[tri.z]) {
            isNear[t] = 1;
            out.push_back(t);
        }
    };
    for (std::uint32_t v = 0; v < edit.particlesBefore; ++v)
        if (dirty[v])
            for (std::uint32_t t : fans.of(v)) consider(t);
    for (std::uint32_t t : edit.triangles) consider(t);
    for (auto t = static_cast<std::uint32_t>(edit.trianglesBefore); t < c.triangles.size(); ++t) consider(t);
    return out;
}

} // namespace

void updateLinks(Cloth& c, TopologyEdit& edit, const TriangleFans* fansSinceStart) {
    const std::size_t n0 = edit.particlesBefore, t0 = edit.trianglesBefore;
    const std::size_t n = c.particleCount(), triangleCount = c.triangles.size();
    edit.particlesChanged.clear();
    edit.regionJoined = false;
    const EdgePacking pack(n, triangleCount);
    if (edit.whole || !pack.fits() || n < n0 || triangleCount < t0 || c.restPositions.size() != n ||
        edit.spanLinksBefore != c.spanLinks.size() || edit.topologyVersion != c.topologyVersion) {
        rebuildLinks(c);
        edit.whole = true;
        return;
    }
    c.edgeFlags.resize(triangleCount, 0);
    // 1. what changed: triangles (corners or flags), and the particles whose links or
    // hinges may change — the corners of changed triangles, before and after, the
    // particles whose rest position moved, the new ones
    std::vector<std::uint8_t> changed(triangleCount, 0);
    std::vector<std::uint8_t> dirty(n, 0);
    auto markChanged = [&](std::uint32_t t) {
        changed[t] = 1;
        for (int k = 0; k < 3; ++k) dirty[c.triangles[t][k]] = 1;
    };
    for (std::size_t i = 0; i < edit.triangles.size(); ++i) {
        const std::uint32_t t = edit.triangles[i];
        // noted but written back as it was: unchanged
        if (c.triangles[t] == edit.oldCorners[i] && c.edgeFlags[t] == edit.oldFlags[i]) continue;
        markChanged(t);
        for (int k = 0; k < 3; ++k) dirty[edit.oldCorners[i][k]] = 1;
    }
    for (std::size_t t = t0; t < triangleCount; ++t) markChanged(static_cast<std::uint32_t>(t));
    for (std::size_t i = 0; i < edit.restMoved.size(); ++i)
        if (c.restPositions[edit.restMoved[i]] != edit.oldRest[i]) dirty[edit.restMoved[i]] = 1;
    for (std::size_t v = n0; v < n; ++v) dirty[v] = 1;

    // 2. span links: one whose record, support or an end changed is taken out and, if
    // its support still holds, put back as it is now; the broken ones are dropped
    // per triangle: a corner is dirty (a span whose end triangles have none keeps its ends)
    const bool given = fansSinceStart && fansSinceStart->start.size() > n0 && fansSinceStart->items.size() >= 3 * t0;
    const TriangleFans taken = given ? TriangleFans{} : TriangleFans(c.triangles, n);
    const TriangleFans& fans = given ? *fansSinceStart : taken;  // see trianglesAround
    std::vector<std::uint8_t> nearDirty(triangleCount, 0);
    const std::vector<std::uint32_t> near = trianglesAround(c, edit, fans, dirty, nearDirty);  // those triangles
    {
        std::vector<std::uint32_t> touched;
        for (std::uint32_t v = 0; v < n; ++v)
            if (dirty[v]) touched.push_back(v);
        edit.regionJoined = joinedThrough(c.triangles, near, touched, n);
    }
    // the span links to look at: those the edit wrote (broken, or measured again) and
    // those on a triangle with a dirty corner (a changed triangle has dirty corners,
    // and an end can be dirty only there); in order, as a pass over all of them
    std::vector<std::uint32_t> spans = spanLinksOn(c, near);
    spans.insert(spans.end(), edit.spans.begin(), edit.spans.end());
    std::sort(spans.begin(), spans.end());
    spans.erase(std::unique(spans.begin(), spans.end()), spans.end());
    std::vector<LinkKey> removed;  // old links whose ends are not dirty (those go anyway)
    std::vector<Link> added;
    std::vector<std::uint32_t> brokenSpan;  // in order: `spans` is
    // the record's spans in order, read alongside `spans` (a lookup each in the record's
    // hash map, or an array over every span link, cost more than the loop below); the
    // record's triangles are looked up only where they changed
    std::vector<std::pair<std::uint32_t, std::uint32_t>> notedSpans;  // span, slot in the record
    for (std::size_t k = 0; k < edit.spans.size(); ++k) notedSpans.emplace_back(edit.spans[k], static_cast<std::uint32_t>(k));
    std::sort(notedSpans.begin(), notedSpans.end());
    std::size_t nextNoted = 0;
    auto cornersBefore = [&](std::uint32_t t) { return changed[t] ? edit.cornersBefore(c, t) : c.triangles[t]; };
    for (const std::uint32_t i : spans) {
        while (nextNoted < notedSpans.size() && notedSpans[nextNoted].first < i) ++nextNoted;
        const bool noted = nextNoted < notedSpans.size() && notedSpans[nextNoted].first == i;
        const SpanLink& was = noted ? edit.oldSpans[notedSpans[nextNoted].second] : c.spanLinks[i];
        const SpanLink& now = c.spanLinks[i];
        bool touched = (&was != &now && !sameSpan(was, now)) || was.supportCount == 0;
        for (std::uint32_t s = 0; s < was.supportCount && !touched; ++s)
            touched = changed[c.spanSupport[was.firstSupport + s]] != 0;
        // with its support unchanged, its end triangles are as they were: an end can be
        // dirty only where one of them has a dirty corner
        if (!touched && !nearDirty[c.spanSupport[was.firstSupport]] &&
            !nearDirty[c.spanSupport[was.firstSupport + was.supportCount - 1]])
            continue;
        std::uint32_t wasA = 0, wasB = 0;
        if (was.supportCount > 0) {
            wasA = cornersBefore(c.spanSupport[was.firstSupport])[was.cornerA];
            wasB = cornersBefore(c.spanSupport[was.firstSupport + was.supportCount - 1])[was.cornerB];
            touched = touched || dirty[wasA] || dirty[wasB];
        }
        if (!touched) continue;
        if (was.supportCount > 0 && !dirty[wasA] && !dirty[wasB])
            removed.push_back({edgeKey(wasA, wasB), was.kind, was.restLength});
        if (spanLinkIntact(c, now)) {
            added.push_back({spanEndA(c, now), spanEndB(c, now), now.restLength, now.kind});
        } else {
            brokenSpan.push_back(i);
            ++c.tornLinks;
        }
    }
    std::sort(removed.begin(), removed.end());

    // 3. the edge links at dirty particles, from the triangles with a dirty corner
    std::vector<std::uint64_t> edges;  // packed edge, then its kind
    // ... and the hinges with a dirty particle: each has a triangle with a dirty corner
    // (its four particles are the corners of its two triangles), so it is on an edge of
    // one of those. Their half-edges, with those of every other triangle on such an
    // edge, are sorted here as findBendElements sorts them all, and an edge with exactly
    // two triangles is a hinge by the same rule (hingeBetween). The other triangles on
    // an edge with a dirty end have a dirty corner too; on an edge with none, they have
    // none and were not written, so they are in the fans of its ends.
    std::vector<std::uint64_t> half;  // packed
    for (std::uint32_t t : near) {
        const glm::uvec3& tri = c.triangles[t];
        for (int k = 0; k < 3; ++k) {
            const EdgeKey key = triangleEdge(tri, k);
            half.push_back(pack.halfEdge(key, t, k));
            if (dirty[key.a] || dirty[key.b]) {
                const bool shear = (c.edgeFlags[t] & (kEdgeShear << k)) != 0;
                edges.push_back(pack.edge(key) << 2 | static_cast<std::uint64_t>(shear ? LinkKind::Shear : LinkKind::Stretch));
                continue;
            }
            for (std::uint32_t u : fans.of(key.a)) {
                if (nearDirty[u]) continue;  // among `near`, or written: its corners now have a dirty one
                const glm::uvec3& other = c.triangles[u];
                for (int j = 0; j < 3; ++j)
                    if (triangleEdge(other, j) == key) half.push_back(pack.halfEdge(key, u, j));
            }
        }
    }
    std::sort(half.begin(), half.end());
    // a triangle across an edge of several (not a hinge) may have been found from more than one
    half.erase(std::unique(half.begin(), half.end()), half.end());
    std::vector<BendElement> hinges;
    for (std::size_t i = 0; i < half.size();) {
        std::size_t j = i;
        const std::uint64_t edge = pack.edgeOfHalf(half[i]);
        while (j < half.size() && pack.edgeOfHalf(half[j]) == edge) ++j;
        const std::size_t sharing = j - i;
        const std::uint32_t tLo = pack.triangleOfHalf(half[i]), tHi = pack.triangleOfHalf(half[j - 1]);
        const int s0 = EdgePacking::slotOfHalf(half[i]), s1 = EdgePacking::slotOfHalf(half[j - 1]);
        i = j;
        BendElement e{};
        if (sharing != 2 || !hingeBetween(c.triangles, c.edgeFlags, tLo, s0, tHi, s1, e)) continue;
        if (!(dirty[e.a] || dirty[e.b] || dirty[e.c] || dirty[e.d])) continue;
        const auto& r = c.restPositions;
        e.restAngle = dihedralAngle(r[e.a], r[e.b], r[e.c], r[e.d]);
        hinges.push_back(e);
    }
    // by edge, then kind: the first of an edge's is the kind it takes (a stretch edge
    // of one triangle that is the shear diagonal of another stays stretch)
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end(), [](std::uint64_t l, std::uint64_t r) { return l >> 2 == r >> 2; }),
                edges.end());
    for (const std::uint64_t e : edges) {
        const EdgeKey key = pack.unpack(e >> 2);
        added.push_back({key.a, key.b, glm::distance(c.restPositions[key.a], c.restPositions[key.b]),
                         static_cast<LinkKind>(e & 3)});
    }

    // 4. the links: the old ones that stay, in their order, merged with the new ones
    std::vector<std::uint8_t> removedUsed(removed.size(), 0);
    {
        // kind, ends, rest length (ties, which no mesh makes, by where they were found)
        struct Order {
            std::uint64_t kindAndEdge;
            std::uint32_t restBits;  // a rest length is >= 0: its bits order as it does
            std::uint32_t index;
        };
        std::vector<Order> order(added.size());
        for (std::size_t i = 0; i < added.size(); ++i) {
            const Link& l = added[i];
            order[i] = {static_cast<std::uint64_t>(l.kind) << (2 * pack.particleBits) | pack.edge(edgeKey(l.a, l.b)),
                        std::bit_cast<std::uint32_t>(l.restLength), static_cast<std::uint32_t>(i)};
        }
        std::sort(order.begin(), order.end(), [](const Order& l, const Order& r) {
            if (l.kindAndEdge != r.kindAndEdge) return l.kindAndEdge < r.kindAndEdge;
            return l.restBits != r.restBits ? l.restBits < r.restBits : l.index < r.index;
        });
        std::vector<Link> sorted(added.size());
        for (std::size_t i = 0; i < order.size(); ++i) sorted[i] = added[order[i].index];
        added.swap(sorted);
    }
    NewLinkColours colours(added, n);
    // the region the solvers take again: the dirty particles and the other ends of every
    // link or hinge taken out or put in
    std::vector<std::uint8_t> region(dirty);
    for (const Link& l : added) region[l.a] = region[l.b] = 1;
    for (const BendElement& e : hinges) region[e.a] = region[e.b] = region[e.c] = region[e.d] = 1;
    // per particle what the pass over all links must look at: a link neither of whose
    // ends is marked stays as it is (nearly all: one test, one well-predicted branch)
    constexpr std::uint8_t kDirty = 1, kRemovedEnd = 2, kNewColours = 4;
    std::vector<std::uint8_t> mark(n, 0);
    for (std::size_t v = 0; v < n; ++v) mark[v] = dirty[v] ? kDirty : 0;
    for (const LinkKey& key : removed) mark[key.ends.a] |= kRemovedEnd;
    for (const Link& l : added) mark[l.a] |= kNewColours, mark[l.b] |= kNewColours;
    // which old links go: one bit each, read in one pass that writes nothing (the
    // links that stay are copied once, below, merged with the new ones)
    const std::size_t linkCount = c.links.size();
    std::vector<std::uint64_t> gone(linkCount / 64 + 1, 0);
    for (std::size_t i = 0; i < linkCount; ++i) {
        const Link& l = c.links[i];
        const std::uint8_t m = mark[l.a] | mark[l.b];
        if (m == 0) continue;
        if (m & kDirty) {
            region[l.a] = region[l.b] = 1;
            markGone(gone, i);
            continue;
        }
        if (mark[std::min(l.a, l.b)] & kRemovedEnd) {
            const LinkKey key{edgeKey(l.a, l.b), l.kind, l.restLength};
            auto it = std::lower_bound(removed.begin(), removed.end(), key);
            while (it != removed.end() && *it == key && removedUsed[static_cast<std::size_t>(it - removed.begin())]) ++it;
            if (it != removed.end() && *it == key) {
                removedUsed[static_cast<std::size_t>(it - removed.begin())] = 1;
                region[l.a] = region[l.b] = 1;
                markGone(gone, i);
                continue;
            }
        }
        colours.noteKept(l);
    }
    colours.assign(added);
    {
        // into the list's order (kind, colour, lower end): `added` is in order of kind
        // and lower end, so counting by kind and colour keeps the rest
        constexpr std::size_t kColours = 64;
        std::vector<std::uint32_t> start(kLinkKindCount * kColours + 1, 0);
        auto bucket = [](const Link& l) { return static_cast<std::size_t>(l.kind) * kColours + l.colour; };
        for (const Link& l : added) ++start[bucket(l) + 1];
        for (std::size_t b = 1; b < start.size(); ++b) start[b] += start[b - 1];
        std::vector<Link> sorted(added.size());
        for (const Link& l : added) sorted[start[bucket(l)]++] = l;
        added.swap(sorted);
    }
    mergeKept(c.links, gone, added, linkBefore);

    // 5. the span links that broke are gone for good: the blocks between them move up
    if (!brokenSpan.empty()) {
        std::size_t keptSpans = brokenSpan.front();
        for (std::size_t b = 0; b < brokenSpan.size(); ++b) {
            const std::size_t from = brokenSpan[b] + 1;
            const std::size_t to = b + 1 < brokenSpan.size() ? brokenSpan[b + 1] : c.spanLinks.size();
            std::move(c.spanLinks.begin() + static_cast<std::ptrdiff_t>(from),
                      c.spanLinks.begin() + static_cast<std::ptrdiff_t>(to),
                      c.spanLinks.begin() + static_cast<std::ptrdiff_t>(keptSpans));
            keptSpans += to - from;
        }
        c.spanLinks.resize(keptSpans);
    }

    // 6. the hinges, by edge as findBendElements orders them
    auto hingeKey = [](const BendElement& e) { return edgeKey(e.a, e.b); };
    std::vector<std::uint64_t> goneHinges(c.bendElements.size() / 64 + 1, 0);  // as for the links
    for (std::size_t i = 0; i < c.bendElements.size(); ++i) {
        const BendElement& e = c.bendElements[i];
        if ((dirty[e.a] | dirty[e.b] | dirty[e.c] | dirty[e.d]) == 0) continue;
        region[e.a] = region[e.b] = region[e.c] = region[e.d] = 1;
        markGone(goneHinges, i);
    }
    mergeKept(c.bendElements, goneHinges, hinges,
              [&](const BendElement& l, const BendElement& r) { return hingeKey(l) < hingeKey(r); });
    ++c.topologyVersion;
    for (std::uint32_t v = 0; v < n0; ++v)
        if (region[v]) edit.particlesChanged.push_back(v);
}

} // namespace cs
