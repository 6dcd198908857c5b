#pragma once
// Everything one simulation holds: how it is tuned (settings), the cloth, the
// colliders and the clock. Solvers step it; the renderer and the stats read it.
#include "cloth.hpp"
#include "collision/colliders.hpp"
#include "pin_groups.hpp"
#include "settings.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace cs {

struct World {
    Settings settings;
    Colliders colliders;      // the ground is not here: it comes from settings.collision (groundCollider)
    PinGroups pinGroups;      // cloth held by scripts; bound to the cloth at every reset
    Cloth cloth;
    double time = 0.0;        // simulated seconds since reset
    std::uint64_t steps = 0;  // physics steps since reset
    // Why the cloth is not quite what settings.cloth asks for, from the last reset: a
    // mesh that could not be used (the grid stands in for it), a pin that names no
    // particle. Empty when it is. The app and the headless runner show it.
    std::string clothError;
    std::string_view clothErrorKey;  // the parameter at fault ("cloth.mesh", ...), empty with no error
    // Self-contact's room: per particle, metres it may still move before triangle contact
    // must detect again (its bound less how far it moved since the last detection). A
    // move within it cannot make a crossing; a cut's node snap keeps to it (blade_cut.hpp).
    // Empty where self-contact does not run or knows no bounds (a fresh stage).
    std::vector<float> contactRoom;
};

// The cloth that cloth settings describe: the mesh of cloth.mesh (mesh_import.hpp), or
// the grid; pinned by the preset, cloth.pin_vertices and the cloth.pin_region box.
struct ClothBuild {
    Cloth cloth;
    std::string error;              // empty when the cloth is exactly what the settings ask for
    std::string_view errorKey;      // the parameter at fault: cloth.mesh, cloth.pin_vertices, cloth.pin_region_min
    bool meshFailed = false;        // the mesh could not be used: `cloth` is the grid instead
};
ClothBuild buildClothFromSettings(const ClothSettings& settings);

// What is wrong with cloth settings before anything is built from them (scene files,
// --set and the panel check with it): the mesh's import error, or a pin that names no
// particle. Quick when there is no mesh and no extra pin.
struct ClothProblem {
    std::string message;            // empty: fine
    std::string_view key;           // the parameter at fault
};
ClothProblem checkClothSettings(const ClothSettings& settings);

// Whether the pin box is on (min <= max on every axis).
bool pinRegionEnabled(const ClothSettings& settings);

// A world at t = 0 with its cloth built from settings.cloth, held by the pin groups.
World makeWorld(const Settings& settings, Colliders colliders, PinGroups pinGroups = {});

// Rebuilds the cloth from the current settings, binds the pin groups to it and
// restarts the clock. Returns (and keeps in world.clothError) what went wrong: a
// mesh that cannot be used leaves the grid in its place, with the importer's
// message; a pin group that holds no vertex of this cloth.
std::string resetWorld(World& world);

// The ground as a static plane collider with the ground's material, when enabled.
std::optional<Collider> groundCollider(const CollisionSettings& collision);

} // namespace cs
