#pragma once
// Time travel: a ring buffer of recent world states that the app records once
// per rendered frame in which physics advanced, so that the user can pause,
// scrub back and forth through the last seconds and resume from any of them.
//
// A snapshot holds everything a step reads that changes while the simulation
// runs: the cloth's particle state (positions, previous positions, velocities,
// inverse masses and pins, which the user can change), the colliders (poses,
// velocities, scripts, holds), the clock and the step count, and the cloth's
// topology. The topology (triangles, links, masses, rest shape) changes only
// when the cloth is cut or torn, so snapshots share one immutable copy of it
// per topology version; a new copy is made only when the version changes.
// Settings are not part of a snapshot: a scrubbed state resumes under the
// parameters as they are now (wind, gravity and the rest are read from the
// settings every step; gusts depend only on the clock, which is restored).
//
// Memory: one snapshot costs about 53 bytes per particle (three vec3 arrays,
// the inverse masses and the pin flags), e.g. 85 kB for a 40 x 40 cloth.
// Every slot's arrays are sized for the cloth when the capacity is set, so
// recording does not allocate while the particle count stays the same.
//
// Scrubbing: show(index) puts a recorded state into the world and marks it as
// the cursor. record() while scrubbed first discards the frames after the
// cursor (the future that is being rewritten), then appends.
#include "world.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace cs {

struct WorldSnapshot {
    std::vector<glm::vec3> positions;
    std::vector<glm::vec3> previousPositions;
    std::vector<glm::vec3> velocities;
    std::vector<float> inverseMasses;
    std::vector<std::uint8_t> pinned;
    Colliders colliders;
    double time = 0.0;
    std::uint64_t steps = 0;
    std::uint64_t tag = 0;   // the caller's name for the moment (the app: its input recording's)
    // The cloth as it was, with its state arrays empty: shared by every snapshot
    // of the same topology version.
    std::shared_ptr<const Cloth> topology;
};

// Bytes one snapshot of a cloth with this many particles takes (the state arrays).
std::size_t snapshotBytes(std::size_t particles);

class StateHistory {
public:
    StateHistory() = default;

    // Keeps at most `frames` snapshots (0 turns recording off). Changing it clears
    // the history. The slots are sized for `world`'s cloth and colliders now, so
    // that recording that world does not allocate.
    void setCapacity(std::size_t frames, const World& world);
    std::size_t capacity() const { return m_slots.size(); }

    // Forgets every snapshot (a reset, a scene change); the capacity stays.
    void clear();

    // Appends the world's state as the newest snapshot, overwriting the oldest when
    // full. While scrubbed, the snapshots after the cursor are dropped first.
    void record(const World& world, std::uint64_t tag = 0);

    std::size_t size() const { return m_count; }
    bool empty() const { return m_count == 0; }
    // index 0 is the oldest snapshot, size() - 1 the newest.
    const WorldSnapshot& at(std::size_t index) const;

    // Puts snapshot `index` into the world and makes it the cursor. Returns whether
    // the cloth's topology (triangles, links, particle count) was replaced, so that
    // the caller can tell the renderer. The caller must also tell the simulation
    // (Simulation::stateRestored) so that the solver drops its caches.
    bool show(std::size_t index, World& world);

    // The snapshot on show while scrubbing; empty while live.
    std::optional<std::size_t> cursor() const { return m_cursor; }
    bool scrubbing() const { return m_cursor.has_value(); }

    // Resume from the cursor: the snapshots after it are discarded and the
    // history is live again (the next record() appends after the cursor).
    void resumeHere();

    // Drops the snapshots after the cursor but stays scrubbed there (a cut made
    // while scrubbed rewrites the future).
    void truncateAfterCursor();

    // Bytes held by the snapshots' state arrays (not counting shared topology).
    std::size_t bytesUsed() const;

    // The world's topology version at the last record() or show(): when the world's
    // differs, its cloth was cut (or undone) since.
    std::uint64_t topologyVersion() const { return m_topologyVersion; }

private:
    std::size_t slotOf(std::size_t index) const { return (m_first + index) % m_slots.size(); }
    const std::shared_ptr<const Cloth>& topologyOf(const Cloth& cloth);

    std::vector<WorldSnapshot> m_slots;
    std::size_t m_first = 0;   // slot of the oldest snapshot
    std::size_t m_count = 0;
    std::optional<std::size_t> m_cursor;
    // The topology copy that matches the world's cloth at version m_topologyVersion
    // (the last one recorded or shown), so that unchanged topology is shared.
    std::shared_ptr<const Cloth> m_topology;
    std::uint64_t m_topologyVersion = ~0ull;
};

} // namespace cs
