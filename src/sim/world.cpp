#include "world.hpp"

#include "mesh_import.hpp"

#include <cstdio>
#include <glm/common.hpp>

namespace cs {
namespace {

std::string formatPoint(glm::vec3 p) {
    char text[96];
    std::snprintf(text, sizeof text, "[%g, %g, %g]", static_cast<double>(p.x), static_cast<double>(p.y),
                  static_cast<double>(p.z));
    return text;
}

// Pins cloth.pin_vertices and the particles inside the pin box (rest positions), on
// top of the preset. Returns what names no particle; the rest is pinned regardless.
ClothProblem applyExtraPins(Cloth& cloth, const ClothSettings& settings) {
    ClothProblem problem;
    const std::size_t count = cloth.particleCount();
    for (int v : settings.pinVertices) {
        if (v >= 0 && static_cast<std::size_t>(v) < count) {
            cloth.setPinned(static_cast<std::size_t>(v), true);
        } else if (problem.message.empty()) {
            problem = {"particle " + std::to_string(v) + " does not exist: the cloth has " + std::to_string(count) +
                           " particles (numbered from 0" +
                           (cloth.columns > 0 ? ", row x columns + column on the grid)" : ", in the order of the OBJ's v lines)"),
                       "cloth.pin_vertices"};
        }
    }
    if (pinRegionEnabled(settings)) {
        std::size_t inside = 0;
        for (std::size_t i = 0; i < count; ++i) {
            const glm::vec3 p = cloth.restPositions[i];
            if (glm::all(glm::greaterThanEqual(p, settings.pinRegionMin)) && glm::all(glm::lessThanEqual(p, settings.pinRegionMax))) {
                cloth.setPinned(i, true);
                ++inside;
            }
        }
        if (inside == 0 && problem.message.empty())
            problem = {"the pin box from " + formatPoint(settings.pinRegionMin) + " to " +
                           formatPoint(settings.pinRegionMax) + " (pin_region_min to pin_region_max) holds no particle "
                           "of the cloth at rest",
                       "cloth.pin_region_min"};
    }
    return problem;
}

} // namespace

bool pinRegionEnabled(const ClothSettings& settings) {
    return glm::all(glm::lessThanEqual(settings.pinRegionMin, settings.pinRegionMax));
}

ClothBuild buildClothFromSettings(const ClothSettings& settings) {
    ClothBuild build;
    std::optional<ClothShape> shape;
    if (!settings.mesh.empty()) {
        MeshImport mesh = importClothMesh(settings);
        if (mesh.shape) {
            shape = std::move(mesh.shape);
        } else {
            build.error = std::move(mesh.error);
            build.errorKey = "cloth.mesh";
            build.meshFailed = true;
        }
    }
    if (!shape) shape = gridShape(settings);
    build.cloth = buildCloth(*shape, settings);
    ClothProblem pins = applyExtraPins(build.cloth, settings);
    if (build.error.empty() && !pins.message.empty()) {
        build.error = std::move(pins.message);
        build.errorKey = pins.key;
    }
    return build;
}

ClothProblem checkClothSettings(const ClothSettings& settings) {
    if (settings.mesh.empty() && settings.pinVertices.empty() && !pinRegionEnabled(settings)) return {};
    if (!settings.mesh.empty()) {
        MeshImport mesh = importClothMesh(settings);
        if (!mesh.shape) return {std::move(mesh.error), "cloth.mesh"};
        if (settings.pinVertices.empty() && !pinRegionEnabled(settings)) return {};
    }
    ClothBuild build = buildClothFromSettings(settings);
    return {std::move(build.error), build.errorKey};
}

World makeWorld(const Settings& settings, Colliders colliders, PinGroups pinGroups) {
    World world;
    world.settings = settings;
    world.colliders = std::move(colliders);
    world.pinGroups = std::move(pinGroups);
    resetWorld(world);
    return world;
}

std::string resetWorld(World& world) {
    ClothBuild build = buildClothFromSettings(world.settings.cloth);
    world.cloth = std::move(build.cloth);
    world.clothError.clear();
    if (!build.error.empty())
        world.clothError = std::string(build.errorKey) + ": " + build.error +
                           (build.meshFailed ? " (the grid stands in for the mesh)" : "");
    world.clothErrorKey = build.errorKey;
    world.time = 0.0;
    world.steps = 0;
    // colliders go back to where the scene put them, at rest
    for (Collider& c : world.colliders) {
        c.pose = c.stepStart = c.stepEnd = c.substepStart = c.home;
        c.velocity = c.initialVelocity;
        c.held = false;
    }
    const std::string pinProblem = bindPinGroups(world.pinGroups, world.cloth);
    if (!pinProblem.empty() && world.clothError.empty()) {
        world.clothError = "pin_group: " + pinProblem;
        world.clothErrorKey = "pin_group";
    }
    return world.clothError;
}

std::optional<Collider> groundCollider(const CollisionSettings& collision) {
    if (!collision.ground) return std::nullopt;
    Collider ground = makePlane({0.0f, collision.groundHeight, 0.0f}, {0.0f, 1.0f, 0.0f});
    ground.material = {collision.groundStaticFriction, collision.groundKineticFriction, collision.groundRestitution};
    return ground;
}

} // namespace cs
