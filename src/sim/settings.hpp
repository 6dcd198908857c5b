#pragma once
// The tunable values of a simulation, grouped as the UI groups them.
// Defaults, ranges and help text are NOT here: they live in one row each of the
// parameter table (params.cpp). Use defaultSettings() to get a filled struct.
// The names in parentheses (verlet-cloth, gpu-cloth) are the source documents a
// setting comes from (docs/sources.md).
#include <glm/vec3.hpp>
#include <glm/vec2.hpp>
#include <string>
#include <vector>

namespace cs {

enum class Orientation : int { Vertical, Horizontal };
enum class MassMode : int { PerParticle, Density };
enum class PinPreset : int { None, TopCorners, TopRow, AllCorners, Border };
enum class LinkPattern : int { Level, Stencil12 };
enum class BendingModel : int { Links, Dihedral };
enum class ClothShader : int { Ggx, BlinnPhongForce, GgxForce, Strain, Normals };  // render.shader
enum class DebugLinkColoring : int { Off, ByType, ByStrain };
enum class RecoveryMode : int { Restore, HalveStep, RaiseIterations };  // sim.recovery

struct SimSettings {
    float dt{};                 // physics step, seconds
    int maxStepsPerFrame{};     // catch-up limit; beyond it the backlog is dropped
    float timeScale{};          // simulated seconds per real second
    glm::vec3 gravity{};        // metres per second squared
    float historySeconds{};     // time travel: seconds of rendered frames kept for scrubbing back; 0 = off
    RecoveryMode recovery{};    // what the explosion guard may change besides restoring a good state
};

struct SolverSettings {
    std::string id;             // registry id, e.g. "xpbd"
    int substeps{};             // every solver advances in steps of dt / substeps
    int contactSubsteps{};      // ... at least this many while self-contact runs (0: substeps alone)
    int iterations{};           // constraint passes per substep
    float stretchCompliance{};  // metres per newton (inverse stiffness), structural links
    float shearCompliance{};    // metres per newton, diagonal links
    float bendCompliance{};     // m/N on distance >= 2 links, rad/(N m) on dihedral hinges
    float damping{};            // air drag rate, 1 / second: every solver loses this fraction of velocity per second
    BendingModel bending{};     // position-based solvers: long links or dihedral (hinge) angles resist bending
    bool tethers{};             // position-based solvers: long-range attachments to pinned particles
    float tetherSlack{};        // tethers allow this ratio of the rest distance, >= 1
    int threads{};              // position-based link sweeps: threads per colour; 1 = the serial reference
};

// Springs of the force-based solvers: every link is a Hooke spring.
struct SpringSettings {
    float stretchStiffness{};   // newtons per metre, structural links
    float shearStiffness{};     // newtons per metre, diagonal links
    float bendStiffness{};      // newtons per metre, long links
    float damping{};            // k_d, newton seconds per metre, along each spring (verlet-cloth)
    float pointDamping{};       // b, newton seconds per metre, -b v on every particle (gpu-cloth)
};

struct ImplicitSettings {
    float cgTolerance{};        // relative residual at which conjugate gradient stops
    int cgMaxIterations{};
};

// Provot 1995 deformation constraints: a fix-up after force-based steps.
struct ProvotSettings {
    bool enabled{};
    float maxStretch{};         // tau: springs longer than (1 + tau) rest are pulled back
    int iterations{};
};

struct PbdSettings {
    float stretchStiffness{};   // in [0, 1], Müller et al. 2007
    float shearStiffness{};
    float bendStiffness{};
};

struct JakobsenSettings {
    float relaxation{};         // K in (0, 1]: fraction of each constraint error removed per pass
};

// Vertex Block Descent (Chen et al. 2024): Gauss-Seidel sweeps of per-vertex Newton steps.
struct VbdSettings {
    int iterations{};           // sweeps over every vertex per substep
    float chebyshevRho{};       // spectral radius estimate of Chebyshev acceleration; 0 = off
    bool adaptiveStart{};       // sweeps start from the last substep's acceleration along the external load, not from y
};

// Projective Dynamics (Bouaziz et al. 2014): local projections, one prefactored global solve.
struct ProjectiveSettings {
    int iterations{};           // local/global iterations per substep
    float chebyshevRho{};       // spectral radius estimate of Chebyshev acceleration (Wang 2015); 0 = off
};

struct ClothSettings {
    glm::ivec2 resolution{};    // particles along u (columns) and v (rows)
    float spacing{};            // rest distance between neighbours, metres
    Orientation orientation{};  // hanging in the x-y plane, or lying in the x-z plane
    glm::vec3 origin{};         // vertical: middle of the top edge; horizontal: centre, metres
    LinkPattern linkPattern{};  // verlet-cloth's levels, or gpu-cloth's 12-neighbour stencil
    int linkLevel{};            // links to neighbours up to this grid distance (verlet-cloth)
    MassMode massMode{};
    float particleMass{};       // kilograms, when massMode == PerParticle
    float density{};            // kilograms per square metre, when massMode == Density
    PinPreset pins{};
    // A triangle mesh instead of the grid (mesh_import.hpp); the grid keys above then
    // do not apply, except origin, where the mesh's own origin is placed.
    std::string mesh;           // Wavefront OBJ file; empty: the grid
    float meshScale{};          // metres per unit of the file
    glm::vec3 meshRotation{};   // degrees about x, then y, then z (as colliders)
    bool allowPieces{};         // accept a mesh of several unconnected pieces
    // Pins added to the preset, for grids and meshes alike.
    std::vector<int> pinVertices;   // particle numbers: OBJ vertices from 0, or grid row * columns + column
    glm::vec3 pinRegionMin{};   // metres: every particle whose rest position lies in the box is pinned;
    glm::vec3 pinRegionMax{};   // no box while min > max on any axis
};

struct CollisionSettings {
    float thickness{};          // particles keep this distance from collider surfaces, metres
    int iterations{};           // contact passes per substep (verlet-cloth's collision iterations)
    float maxDepenetrationSpeed{};  // m/s: penetration already there at a substep's start leaves no faster
    bool ground{};              // an infinite horizontal plane
    float groundHeight{};       // metres
    float groundStaticFriction{};   // mu_s against the ground
    float groundKineticFriction{};  // mu_k against the ground
    float groundRestitution{};      // fraction of the approach speed the ground gives back
    bool selfCollision{};       // triangle contact: no two triangles of the cloth come to cross
    float selfStaticFriction{};     // Coulomb mu_s between touching layers: they stick below it
    float selfKineticFriction{};    // mu_k while they slide on each other
    // Triangle contact (Offset Geometric Contact, collision/triangle_contact.hpp):
    float selfRadius{};             // metres: vertex-triangle and edge-edge pairs closer than this push apart
    float selfQueryRadius{};        // metres: pairs within it are found and bound each vertex's motion
    float selfSkin{};               // metres added to the query radius for the candidate pairs kept between searches
    float selfBoundFraction{};      // gamma_p: a vertex moves at most this fraction of its nearest distance
    float selfRedetectFraction{};   // gamma_e: more than this fraction of vertices truncated -> detect again
    int selfDetectEvery{};          // substeps between detections at most
    float selfCompliance{};         // m/N of each contact pair (XPBD)
};

struct WindSettings {
    glm::vec3 direction{};      // normalised on use
    float strength{};           // wind speed, metres per second
    float gustAmplitude{};      // relative: speed varies by ±amplitude
    float gustFrequency{};      // hertz
    float airDensity{};         // kilograms per cubic metre
    float dragCoefficient{};    // C_D of a cloth triangle
    float liftCoefficient{};    // C_L of a cloth triangle
};

// Links stretched past a ratio of their rest length break (tearing.hpp).
struct TearingSettings {
    bool enabled{};
    float maxStretch{};         // length / rest length at which a stretch or shear link breaks
                                // (verlet-cloth's cut length)
    bool cutSplitsTriangles{};  // a cut splits the triangles it crosses (blade_cut.hpp), else parts edges
    bool splitsTriangles{};     // tearing cracks triangles across their principal stretch (crack_tearing.hpp)
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
    // cloth views (shaders/): what the cloth's colour shows
    ClothShader shader{};       // shaded fabric, force on each particle, stretch per triangle or normals
    float forceScale{};         // newtons at the top of ggx_force's colour map
    float strainScale{};        // relative elongation at the top of the strain map
    bool texture{};             // fabric weave multiplied into the base colour (ggx)
    float textureRepeat{};      // weave repeats across the rest UV square
    // debug views (debug_draw.hpp): geometry the renderer draws over the scene
    bool debugPoints{};         // every particle as a point
    DebugLinkColoring debugLinks{};  // links as lines, coloured by kind or by strain
    bool debugNormals{};        // vertex normals as short lines
    bool debugColliders{};      // collider outlines
    bool debugPins{};           // pinned particles highlighted
    bool toolMarkers{};         // hovered / grabbed particle markers of the mouse tools
    bool debugContacts{};       // triangle contact's pairs closer than the self radius, and crossing triangles
    bool debugBuffers{};        // the particle buffers as textures in a window
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
    SpringSettings springs;
    ImplicitSettings implicit;
    ProvotSettings provot;
    PbdSettings pbd;
    JakobsenSettings jakobsen;
    VbdSettings vbd;
    ProjectiveSettings projective;
    ClothSettings cloth;
    CollisionSettings collision;
    WindSettings wind;
    TearingSettings tearing;
    RenderSettings render;
    CameraSettings camera;
};

} // namespace cs
