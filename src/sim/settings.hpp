#pragma once
// The tunable values of a simulation, grouped as the UI groups them.
// Defaults, ranges and help text are NOT here: they live in one row each of the
// parameter table (params.cpp). Use defaultSettings() to get a filled struct.
#include <glm/vec3.hpp>
#include <glm/vec2.hpp>
#include <string>

namespace cs {

enum class Orientation : int { Vertical, Horizontal };
enum class MassMode : int { PerParticle, Density };
enum class PinPreset : int { None, TopCorners, TopRow, AllCorners };

struct SimSettings {
    float dt{};                 // physics step, seconds
    int maxStepsPerFrame{};     // catch-up limit; beyond it the backlog is dropped
    float timeScale{};          // simulated seconds per real second
    glm::vec3 gravity{};        // metres per second squared
};

struct SolverSettings {
    std::string id;             // registry id, e.g. "xpbd"
    int substeps{};             // XPBD "small steps" per physics step
    int iterations{};           // constraint passes per substep
    float stretchCompliance{};  // metres per newton (inverse stiffness), structural links
    float shearCompliance{};    // metres per newton, diagonal links
    float bendCompliance{};     // metres per newton, distance >= 2 links
    float damping{};            // velocity damping rate, 1 / second
};

struct ClothSettings {
    glm::ivec2 resolution{};    // particles along u (columns) and v (rows)
    float spacing{};            // rest distance between neighbours, metres
    Orientation orientation{};  // hanging in the x-y plane, or lying in the x-z plane
    glm::vec3 origin{};         // vertical: middle of the top edge; horizontal: centre, metres
    int linkLevel{};            // links to neighbours up to this grid distance (seed 001)
    MassMode massMode{};
    float particleMass{};       // kilograms, when massMode == PerParticle
    float density{};            // kilograms per square metre, when massMode == Density
    PinPreset pins{};
};

struct CollisionSettings {
    float thickness{};          // particles keep this distance from collider surfaces, metres
    float friction{};           // Coulomb coefficient, dimensionless
    bool ground{};              // an infinite horizontal plane
    float groundHeight{};       // metres
};

struct WindSettings {
    glm::vec3 direction{};      // normalised on use
    float strength{};           // pressure on a face turned to the wind, newtons per square metre
    float gustAmplitude{};      // relative: strength varies by ±amplitude
    float gustFrequency{};      // hertz
};

struct RenderSettings {
    glm::vec3 clothColor{};     // linear RGB base colour (front side)
    glm::vec3 backColor{};      // linear RGB base colour (back side)
    glm::vec3 colliderColor{};  // linear RGB base colour of the colliders
    float roughness{};          // GGX roughness
    glm::vec3 lightDirection{}; // direction the light travels
    float lightIntensity{};
    float ambient{};
    bool wireframe{};
    bool showGround{};
};

struct CameraSettings {
    float yaw{};                // degrees around +y
    float pitch{};              // degrees above the horizon
    float distance{};           // metres from the target
    glm::vec3 target{};         // metres
    float fov{};                // vertical field of view, degrees
};

struct Settings {
    SimSettings sim;
    SolverSettings solver;
    ClothSettings cloth;
    CollisionSettings collision;
    WindSettings wind;
    RenderSettings render;
    CameraSettings camera;
};

} // namespace cs
