#include "state_history.hpp"

#include <algorithm>
#include <cassert>

namespace cs {
namespace {

void reserveFor(WorldSnapshot& slot, std::size_t particles, const Colliders& colliders) {
    slot.positions.reserve(particles);
    slot.previousPositions.reserve(particles);
    slot.velocities.reserve(particles);
    slot.inverseMasses.reserve(particles);
    slot.pinned.reserve(particles);
    // copying fills the colliders' script paths too, so later copies of the same
    // colliders reuse every inner array
    slot.colliders = colliders;
}

} // namespace

std::size_t snapshotBytes(std::size_t particles) {
    return particles * (3 * sizeof(glm::vec3) + sizeof(float) + sizeof(std::uint8_t));
}

void StateHistory::setCapacity(std::size_t frames, const World& world) {
    if (frames == m_slots.size()) return;
    m_slots.clear();
    m_slots.shrink_to_fit();  // give the memory back when the history shrinks or is turned off
    m_slots.resize(frames);
    for (WorldSnapshot& slot : m_slots) reserveFor(slot, world.cloth.particleCount(), world.colliders);
    clear();
}

void StateHistory::clear() {
    m_first = 0;
    m_count = 0;
    m_cursor.reset();
    for (WorldSnapshot& slot : m_slots) slot.topology.reset();
    m_topology.reset();
    m_topologyVersion = ~0ull;
}

const std::shared_ptr<const Cloth>& StateHistory::topologyOf(const Cloth& cloth) {
    if (!m_topology || m_topologyVersion != cloth.topologyVersion) {
        // a cut or a tear: one copy of the new topology, without the state arrays
        auto copy = std::make_shared<Cloth>(cloth);
        copy->positions = {};
        copy->previousPositions = {};
        copy->velocities = {};
        copy->inverseMasses = {};
        copy->pinned = {};
        m_topology = std::move(copy);
        m_topologyVersion = cloth.topologyVersion;
    }
    return m_topology;
}

void StateHistory::record(const World& world, std::uint64_t tag) {
    if (m_slots.empty()) return;
    if (m_cursor) resumeHere();
    std::size_t slot = 0;
    if (m_count < m_slots.size()) {
        slot = slotOf(m_count);
        ++m_count;
    } else {
        slot = m_first;  // the oldest goes
        m_first = (m_first + 1) % m_slots.size();
    }
    WorldSnapshot& s = m_slots[slot];
    const Cloth& cloth = world.cloth;
    // assignment between equal sizes copies into the existing storage
    s.positions = cloth.positions;
    s.previousPositions = cloth.previousPositions;
    s.velocities = cloth.velocities;
    s.inverseMasses = cloth.inverseMasses;
    s.pinned = cloth.pinned;
    s.colliders = world.colliders;
    s.time = world.time;
    s.steps = world.steps;
    s.tag = tag;
    s.topology = topologyOf(cloth);
}

const WorldSnapshot& StateHistory::at(std::size_t index) const {
    assert(index < m_count);
    return m_slots[slotOf(index)];
}

bool StateHistory::show(std::size_t index, World& world) {
    if (m_count == 0) return false;
    index = std::min(index, m_count - 1);
    m_cursor = index;
    const WorldSnapshot& s = m_slots[slotOf(index)];
    Cloth& cloth = world.cloth;
    bool topologyChanged = false;
    if (s.topology != m_topology || cloth.topologyVersion != m_topologyVersion) {
        // another topology (before a cut, or the world was edited since): the whole
        // cloth comes back, with a version newer than any the caches have seen but
        // of the same generation, so a grab of the same cloth stays valid
        const std::uint64_t version = cloth.topologyVersion + 1;
        const std::uint64_t pinVersion = cloth.pinVersion + 1;
        cloth = *s.topology;
        cloth.topologyVersion = version;
        cloth.pinVersion = pinVersion;
        m_topology = s.topology;
        m_topologyVersion = version;
        topologyChanged = true;
    } else if (cloth.pinned != s.pinned || cloth.inverseMasses != s.inverseMasses) {
        ++cloth.pinVersion;  // tethers and factorisations key on it
    }
    cloth.positions = s.positions;
    cloth.previousPositions = s.previousPositions;
    cloth.velocities = s.velocities;
    cloth.inverseMasses = s.inverseMasses;
    cloth.pinned = s.pinned;
    world.colliders = s.colliders;
    world.time = s.time;
    world.steps = s.steps;
    return topologyChanged;
}

void StateHistory::truncateAfterCursor() {
    if (!m_cursor) return;
    for (std::size_t i = *m_cursor + 1; i < m_count; ++i) m_slots[slotOf(i)].topology.reset();
    m_count = *m_cursor + 1;
}

void StateHistory::resumeHere() {
    truncateAfterCursor();
    m_cursor.reset();
}

std::size_t StateHistory::bytesUsed() const {
    std::size_t bytes = 0;
    for (std::size_t i = 0; i < m_count; ++i) bytes += snapshotBytes(at(i).positions.size());
    return bytes;
}

} // namespace cs
