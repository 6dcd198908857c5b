#include "params.hpp"

#include "solver.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <sstream>
#include <type_traits>

namespace cs {
namespace {

// Points a row at its field; the static_assert keeps the row's type honest.
#define CS_FIELD(Type, path)                                                   \
    [](Settings& s) -> void* {                                                 \
        static_assert(std::is_same_v<std::remove_cvref_t<decltype(s.path)>, Type>); \
        return &s.path;                                                        \
    }
// Choice fields are enums backed by int.
#define CS_CHOICE_FIELD(Enum, path)                                            \
    [](Settings& s) -> void* {                                                 \
        static_assert(std::is_same_v<decltype(s.path), Enum>);                 \
        static_assert(sizeof(Enum) == sizeof(int));                            \
        return &s.path;                                                        \
    }

using T = ParamType;
using G = ParamGroup;
constexpr ParamApply kLive = ParamApply::Live;
constexpr ParamApply kOnReset = ParamApply::OnReset;

// The solver families, for rows only some solvers read.
const std::vector<std::string_view> kForceBased = {"explicit_euler", "symplectic_euler", "verlet",
                                                   "rk4", "implicit_euler", "desbrun"};
const std::vector<std::string_view> kPositionBased = {"jakobsen", "pbd", "xpbd"};
// Every solver that runs on the CPU (the GPU ones have their own parallelism).
const std::vector<std::string_view> kCpuSolvers = {"explicit_euler", "symplectic_euler", "verlet", "rk4",
                                                   "implicit_euler", "desbrun", "jakobsen", "pbd", "xpbd"};
// The springs' rows: the force-based solvers and verlet_gpu, which reads the same springs.
const std::vector<std::string_view> kSpringModel = {"explicit_euler", "symplectic_euler", "verlet", "rk4",
                                                    "implicit_euler", "desbrun", "verlet_gpu"};

std::vector<ParamDef> buildTable() {
    std::vector<ParamDef> t;
    auto row = [&t](ParamDef def) { t.push_back(std::move(def)); };
    auto rowFor = [&t](const std::vector<std::string_view>& solvers, ParamDef def) {
        def.solvers = solvers;
        t.push_back(std::move(def));
    };

    // --- simulation clock -------------------------------------------------
    row({"sim.dt", "physics step", T::Float, G::Scene, kLive, 1.0 / 240.0, 1.0 / 30.0, 1.0f / 60.0f, "s",
         "Simulated time advanced by one physics step. Smaller steps cost more per second of "
         "simulation and make force-based solvers more stable; XPBD stiffness does not depend on it.",
         {}, false, CS_FIELD(float, sim.dt)});
    row({"sim.max_steps_per_frame", "max steps / frame", T::Int, G::Scene, kLive, 1, 16, 4, "",
         "Most physics steps run per rendered frame. When the simulation cannot keep up the rest "
         "of the backlog is dropped and the stats show 'lagging'.",
         {}, false, CS_FIELD(int, sim.maxStepsPerFrame)});
    row({"sim.time_scale", "time scale", T::Float, G::Scene, kLive, 0.05, 4.0, 1.0f, "",
         "Simulated seconds per real second: below 1 is slow motion.",
         {}, false, CS_FIELD(float, sim.timeScale)});
    row({"sim.gravity", "gravity", T::Vec3, G::Scene, kLive, -50.0, 50.0, glm::vec3(0.0f, -9.81f, 0.0f),
         "m/s^2", "Acceleration of gravity (y is up).",
         {}, false, CS_FIELD(glm::vec3, sim.gravity)});
    row({"sim.history_seconds", "history", T::Float, G::Scene, kLive, 0.0, 60.0, 10.0f, "s",
         "Time travel: how many seconds of frames (60 per second) are kept for scrubbing back with the "
         "timeline or the arrow keys; 0 turns it off. Memory: about 53 bytes per particle per frame, "
         "5 MB per second for a 40 x 40 cloth, 13 MB per second at 64 x 64. Changing it clears the history.",
         {}, false, CS_FIELD(float, sim.historySeconds)});
    row({"sim.recovery", "on explosion", T::Choice, G::Scene, kLive, 0, 0, std::string("restore"), "",
         "What the explosion guard does when the state becomes non-finite or runs away: restore "
         "puts back the last good state with zero velocity; halve_step also doubles solver.substeps "
         "(up to 400), raise_iterations doubles solver.iterations (up to 64), so that it is less likely "
         "to explode again, at proportional cost.",
         {"restore", "halve_step", "raise_iterations"}, false, CS_CHOICE_FIELD(RecoveryMode, sim.recovery)});

    // --- solver -----------------------------------------------------------
    row({"solver.id", "solver", T::Solver, G::Solver, kLive, 0, 0, std::string("xpbd"), "",
         "The cloth method. Switching keeps the cloth where it is. On the command line "
         "'solver' is short for 'solver.id'.",
         {}, false, CS_FIELD(std::string, solver.id)});
    row({"solver.substeps", "substeps", T::Int, G::Solver, kLive, 1, 1000, 20, "",
         "Substeps per physics step: every solver advances in steps of dt / substeps. More substeps "
         "keep explicit integrators stable with stiffer springs and make XPBD stiffer, at proportional cost.",
         {}, false, CS_FIELD(int, solver.substeps)});
    rowFor({"jakobsen", "pbd", "xpbd", "xpbd_gpu"},
           {"solver.iterations", "iterations", T::Int, G::Solver, kLive, 1, 100, 1, "",
            "Constraint passes per substep. PBD and Jakobsen get stiffer with more; with XPBD's many "
            "substeps one pass is usually best.",
            {}, false, CS_FIELD(int, solver.iterations)});
    rowFor({"xpbd", "xpbd_gpu"}, {"solver.stretch_compliance", "stretch compliance", T::Float, G::Solver, kLive, 0.0, 1.0,
         1e-8f, "m/N",
         "Inverse stiffness of the structural links (row and column neighbours). 0 is "
         "inextensible; raising it lets the cloth stretch like rubber.",
         {}, true, CS_FIELD(float, solver.stretchCompliance)});
    rowFor({"xpbd", "xpbd_gpu"}, {"solver.shear_compliance", "shear compliance", T::Float, G::Solver, kLive, 0.0, 1.0,
         1e-6f, "m/N",
         "Inverse stiffness of the diagonal links. Raising it lets the weave skew, so the cloth "
         "drapes more softly.",
         {}, true, CS_FIELD(float, solver.shearCompliance)});
    rowFor({"xpbd", "xpbd_gpu"}, {"solver.bend_compliance", "bend compliance", T::Float, G::Solver, kLive, 0.0, 1000.0,
         1e-3f, "m/N",
         "Inverse stiffness of bending: of the long links (grid distance 2 and more, m/N), or with "
         "dihedral bending of the hinge angle between neighbouring triangles (rad/(N m)): hinges are "
         "stiff up to about 1e-2 and hang freely from about 100. Raising it gives more, finer folds; "
         "lowering it makes paper-like sheets.",
         {}, true, CS_FIELD(float, solver.bendCompliance)});
    row({"solver.damping", "air drag", T::Float, G::Solver, kLive, 0.0, 20.0, 0.2f, "1/s",
         "Global air drag: each second the velocity loses about this fraction (a force -m k v for the "
         "force-based solvers, Verlet's c = 1 - h k per substep h, a velocity scale for the position-based ones). "
         "Raising it calms the cloth faster, as if moving through honey.",
         {}, false, CS_FIELD(float, solver.damping)});
    rowFor({"pbd", "xpbd"},
           {"solver.bending", "bending", T::Choice, G::Solver, kLive, 0, 0, std::string("links"), "",
            "What resists bending: the long links (distance-2 and beyond), or dihedral constraints on "
            "the angle between neighbouring triangles (seed 003), which bend without resisting stretch.",
            {"links", "dihedral"}, false, CS_CHOICE_FIELD(BendingModel, solver.bending)});
    rowFor(kPositionBased,
           {"solver.tethers", "tethers", T::Bool, G::Solver, kLive, 0, 1, false, "",
            "Long-range attachments (Kim et al. 2012): no particle may move farther from a pinned "
            "particle than its rest distance times the slack. Stops the sag that unconverged links "
            "allow under a heavy cloth, at little cost.",
            {}, false, CS_FIELD(bool, solver.tethers)});
    rowFor(kPositionBased,
           {"solver.tether_slack", "tether slack", T::Float, G::Solver, kLive, 1.0, 2.0, 1.0f, "",
            "Tethers allow this ratio of the rest distance to the pin; above 1 they only catch "
            "large stretch.",
            {}, false, CS_FIELD(float, solver.tetherSlack)});
    rowFor(kCpuSolvers,
           {"solver.threads", "threads", T::Int, G::Solver, kLive, 1, 64, 1, "",
            "Threads that share the step: each colour of links (constraints or springs, colours of "
            "256 links or more), particle loops and matrix rows. The result is bit-for-bit the same "
            "for any count; raising it up to the number of cores makes large cloths faster, beyond "
            "that slower (and much slower when other programs keep the cores busy).",
            {}, false, CS_FIELD(int, solver.threads)});

    // --- springs of the force-based solvers -------------------------------
    rowFor(kSpringModel,
           {"springs.stretch_stiffness", "stretch stiffness", T::Float, G::Solver, kLive, 0.0, 1e8, 200.0f, "N/m",
            "Hooke constant of the structural links. Stiffer cloth stretches less but explicit "
            "integrators need smaller steps (more substeps) to stay stable.",
            {}, true, CS_FIELD(float, springs.stretchStiffness)});
    rowFor(kSpringModel,
           {"springs.shear_stiffness", "shear stiffness", T::Float, G::Solver, kLive, 0.0, 1e8, 50.0f, "N/m",
            "Hooke constant of the diagonal links: how much the weave resists skewing.",
            {}, true, CS_FIELD(float, springs.shearStiffness)});
    rowFor(kSpringModel,
           {"springs.bend_stiffness", "bend stiffness", T::Float, G::Solver, kLive, 0.0, 1e8, 5.0f, "N/m",
            "Hooke constant of the long links that resist bending. Lower gives finer folds.",
            {}, true, CS_FIELD(float, springs.bendStiffness)});
    rowFor(kSpringModel,
           {"springs.damping", "spring damping", T::Float, G::Solver, kLive, 0.0, 100.0, 0.01f, "N s/m",
            "k_d of every spring: a force k_d (d . (v_b - v_a)) d along the spring (seed 001). It damps "
            "the fast stretch oscillations that make explicit steps explode, not the swinging.",
            {}, true, CS_FIELD(float, springs.damping)});
    rowFor(kSpringModel,
           {"springs.point_damping", "point damping", T::Float, G::Solver, kLive, 0.0, 10.0, 0.0f, "N s/m",
            "b of seed 000: a force -b v on every particle, the same for light and heavy particles.",
            {}, true, CS_FIELD(float, springs.pointDamping)});
    rowFor({"implicit_euler"},
           {"implicit.cg_tolerance", "CG tolerance", T::Float, G::Solver, kLive, 1e-10, 0.1, 1e-4f, "",
            "Conjugate gradient stops when the residual is this fraction of the right-hand side. "
            "Smaller is more accurate and costs more iterations.",
            {}, true, CS_FIELD(float, implicit.cgTolerance)});
    rowFor({"implicit_euler"},
           {"implicit.cg_max_iterations", "CG max iterations", T::Int, G::Solver, kLive, 1, 2000, 100, "",
            "At most this many conjugate-gradient iterations per step.",
            {}, false, CS_FIELD(int, implicit.cgMaxIterations)});
    rowFor(kForceBased,
           {"provot.enabled", "Provot constraints", T::Bool, G::Solver, kLive, 0, 1, false, "",
            "Provot 1995: after each step, structural and shear springs stretched beyond (1 + tau) rest "
            "are pulled back, and velocities follow. Lets soft springs look like stiff cloth.",
            {}, false, CS_FIELD(bool, provot.enabled)});
    rowFor(kForceBased,
           {"provot.max_stretch", "Provot tau", T::Float, G::Solver, kLive, 0.0, 1.0, 0.1f, "",
            "tau: the stretch ratio above 1 that the Provot fix-up allows (0.1 = 10 %).",
            {}, false, CS_FIELD(float, provot.maxStretch)});
    rowFor(kForceBased,
           {"provot.iterations", "Provot iterations", T::Int, G::Solver, kLive, 1, 100, 4, "",
            "Passes of the Provot fix-up per step.",
            {}, false, CS_FIELD(int, provot.iterations)});
    rowFor({"pbd"},
           {"pbd.stretch_stiffness", "stretch stiffness", T::Float, G::Solver, kLive, 0.0, 1.0, 1.0f, "",
            "PBD stiffness k in [0, 1] of the structural links, corrected to 1 - (1 - k)^(1/n) for n "
            "iterations (seed 004) — yet the result still stiffens with more iterations and smaller steps.",
            {}, false, CS_FIELD(float, pbd.stretchStiffness)});
    rowFor({"pbd"},
           {"pbd.shear_stiffness", "shear stiffness", T::Float, G::Solver, kLive, 0.0, 1.0, 0.5f, "",
            "PBD stiffness k in [0, 1] of the diagonal links.", {}, false, CS_FIELD(float, pbd.shearStiffness)});
    rowFor({"pbd"},
           {"pbd.bend_stiffness", "bend stiffness", T::Float, G::Solver, kLive, 0.0, 1.0, 0.1f, "",
            "PBD stiffness k in [0, 1] of bending (long links or dihedral angles).",
            {}, false, CS_FIELD(float, pbd.bendStiffness)});
    rowFor({"jakobsen"},
           {"jakobsen.relaxation", "relaxation K", T::Float, G::Solver, kLive, 0.01, 1.0, 1.0f, "",
            "Fraction of each link's error removed per pass (Jakobsen 2001, seed 001's positional "
            "constraint). 1 is rigid; lower is softer and converges slower.",
            {}, false, CS_FIELD(float, jakobsen.relaxation)});

    // --- cloth (applied on reset: they change the topology) ---------------
    row({"cloth.resolution", "resolution", T::Int2, G::Cloth, kOnReset, 2, 512, glm::ivec2(32, 32), "",
         "Particles along u (columns) and v (rows). Cost grows with their product.",
         {}, false, CS_FIELD(glm::ivec2, cloth.resolution)});
    row({"cloth.spacing", "spacing", T::Float, G::Cloth, kOnReset, 0.001, 1.0, 0.05f, "m",
         "Rest distance between neighbouring particles; the cloth is (resolution - 1) x spacing wide.",
         {}, false, CS_FIELD(float, cloth.spacing)});
    row({"cloth.orientation", "orientation", T::Choice, G::Cloth, kOnReset, 0, 0, std::string("vertical"), "",
         "vertical: hangs in the x-y plane from its top edge; horizontal: lies flat in the x-z plane.",
         {"vertical", "horizontal"}, false, CS_CHOICE_FIELD(Orientation, cloth.orientation)});
    row({"cloth.origin", "origin", T::Vec3, G::Cloth, kOnReset, -100.0, 100.0, glm::vec3(0.0f, 2.0f, 0.0f), "m",
         "Where the cloth starts: the middle of its top edge when vertical, its centre when horizontal.",
         {}, false, CS_FIELD(glm::vec3, cloth.origin)});
    row({"cloth.link_pattern", "link pattern", T::Choice, G::Cloth, kOnReset, 0, 0, std::string("level"), "",
         "level: every neighbour up to link_level away along rows, columns and both diagonals (seed "
         "001); stencil12: seed 000's 12 neighbours (structural, shear, and every second particle along "
         "rows and columns).",
         {"level", "stencil12"}, false, CS_CHOICE_FIELD(LinkPattern, cloth.linkPattern)});
    row({"cloth.link_level", "link level", T::Int, G::Cloth, kOnReset, 1, 4, 2, "",
         "Connect each particle to neighbours up to this grid distance along rows, columns and "
         "diagonals (seed 001). 1: structural + shear only; 2 adds bending links; more is stiffer.",
         {}, false, CS_FIELD(int, cloth.linkLevel)});
    row({"cloth.mass_mode", "mass from", T::Choice, G::Cloth, kOnReset, 0, 0, std::string("density"), "",
         "per_particle: every particle weighs particle_mass; density: each triangle's area x "
         "density is shared among its corners.",
         {"per_particle", "density"}, false, CS_CHOICE_FIELD(MassMode, cloth.massMode)});
    row({"cloth.particle_mass", "particle mass", T::Float, G::Cloth, kOnReset, 1e-5, 10.0, 0.001f, "kg",
         "Mass of each particle when mass_mode is per_particle.",
         {}, true, CS_FIELD(float, cloth.particleMass)});
    row({"cloth.density", "areal density", T::Float, G::Cloth, kOnReset, 0.005, 5.0, 0.2f, "kg/m^2",
         "Mass per square metre when mass_mode is density (cotton is about 0.15). Heavier cloth "
         "is stretched more by gravity for the same compliance and pushed less by wind.",
         {}, true, CS_FIELD(float, cloth.density)});
    row({"cloth.pins", "pins", T::Choice, G::Cloth, kOnReset, 0, 0, std::string("top_corners"), "",
         "Which particles are held still: none, the two top corners, the whole top row, all "
         "four corners, or the whole outline (a drum skin).",
         {"none", "top_corners", "top_row", "corners", "border"}, false, CS_CHOICE_FIELD(PinPreset, cloth.pins)});
    row({"cloth.mesh", "mesh (OBJ)", T::Path, G::Cloth, kOnReset, 0, 0, std::string(), "",
         "A Wavefront OBJ file whose triangles are the cloth (polygons are triangulated; OBJ vertex k, "
         "from 0, is particle k). Empty: the grid of resolution x spacing. A relative path is looked up "
         "next to the scene file, then in the project root. The file's origin goes to cloth.origin.",
         {}, false, CS_FIELD(std::string, cloth.mesh)});
    row({"cloth.mesh_scale", "mesh scale", T::Float, G::Cloth, kOnReset, 1e-4, 1000.0, 1.0f, "",
         "Metres per unit of the OBJ file (0.01 for a file in centimetres).",
         {}, true, CS_FIELD(float, cloth.meshScale)});
    row({"cloth.mesh_rotation", "mesh rotation", T::Vec3, G::Cloth, kOnReset, -360.0, 360.0, glm::vec3(0.0f), "deg",
         "Turns the mesh about its origin: degrees about x, then y, then z (as collider rotation).",
         {}, false, CS_FIELD(glm::vec3, cloth.meshRotation)});
    row({"cloth.allow_pieces", "allow pieces", T::Bool, G::Cloth, kOnReset, 0, 1, false, "",
         "Accept a mesh made of several unconnected pieces (otherwise that is an error, since it is "
         "usually a modelling mistake).",
         {}, false, CS_FIELD(bool, cloth.allowPieces)});
    row({"cloth.pin_vertices", "pin vertices", T::IntList, G::Cloth, kOnReset, 0, 999999, std::vector<int>(), "",
         "Particles held still in addition to the preset, by number: OBJ vertex from 0 (the order of "
         "the v lines), or on a grid row x columns + column.",
         {}, false, CS_FIELD(std::vector<int>, cloth.pinVertices)});
    row({"cloth.pin_region_min", "pin box min", T::Vec3, G::Cloth, kOnReset, -100.0, 100.0, glm::vec3(1.0f), "m",
         "Lower corner of a box: every particle whose rest position lies inside it is held still, in "
         "addition to the preset. No box while min > max on any axis (the default).",
         {}, false, CS_FIELD(glm::vec3, cloth.pinRegionMin)});
    row({"cloth.pin_region_max", "pin box max", T::Vec3, G::Cloth, kOnReset, -100.0, 100.0, glm::vec3(-1.0f), "m",
         "Upper corner of the pin box (see pin_region_min).",
         {}, false, CS_FIELD(glm::vec3, cloth.pinRegionMax)});

    // --- collision --------------------------------------------------------
    row({"collision.thickness", "thickness", T::Float, G::Collision, kLive, 0.0, 0.1, 0.01f, "m",
         "Particles are kept this far from every collider surface. Raising it hides "
         "interpenetration of the rendered triangles but makes the cloth float visibly.",
         {}, false, CS_FIELD(float, collision.thickness)});
    row({"collision.iterations", "contact passes", T::Int, G::Collision, kLive, 1, 20, 1, "",
         "How many times per substep contact is detected and resolved (seed 001's collision "
         "iterations). More passes settle cloth caught between several colliders, or between a "
         "collider and the ground, and separate folded layers better.",
         {}, false, CS_FIELD(int, collision.iterations)});
    row({"collision.ground", "ground", T::Bool, G::Collision, kLive, 0, 1, true, "",
         "An infinite horizontal ground plane the cloth cannot pass.",
         {}, false, CS_FIELD(bool, collision.ground)});
    row({"collision.ground_height", "ground height", T::Float, G::Collision, kLive, -100.0, 100.0, 0.0f, "m",
         "Height of the ground plane.",
         {}, false, CS_FIELD(float, collision.groundHeight)});
    row({"collision.ground_static_friction", "ground static friction", T::Float, G::Collision, kLive, 0.0, 2.0,
         0.6f, "",
         "Coulomb mu_s of the ground: cloth resting on it sticks while the sideways pull is below "
         "mu_s times the pressing force.",
         {}, false, CS_FIELD(float, collision.groundStaticFriction)});
    row({"collision.ground_kinetic_friction", "ground kinetic friction", T::Float, G::Collision, kLive, 0.0, 2.0,
         0.4f, "",
         "Coulomb mu_k of the ground: how hard it brakes cloth that is already sliding.",
         {}, false, CS_FIELD(float, collision.groundKineticFriction)});
    row({"collision.ground_restitution", "ground restitution", T::Float, G::Collision, kLive, 0.0, 1.0, 0.0f, "",
         "Fraction of the approach speed the ground gives back (0: no bounce, 1: elastic).",
         {}, false, CS_FIELD(float, collision.groundRestitution)});
    row({"collision.self_collision", "self-collision", T::Bool, G::Collision, kLive, 0, 1, false, "",
         "Keep the cloth from passing through itself: particles that are not neighbours in the "
         "cloth are pushed apart when closer than the self thickness (spatial hash). Costs time.",
         {}, false, CS_FIELD(bool, collision.selfCollision)});
    row({"collision.self_thickness", "self thickness", T::Float, G::Collision, kLive, 0.001, 0.2, 0.02f, "m",
         "Distance kept between layers of the cloth. Keep it below the particle spacing times "
         "about 1.4, or the cloth's own neighbours start to count as layers.",
         {}, false, CS_FIELD(float, collision.selfThickness)});
    row({"collision.self_friction", "self friction", T::Float, G::Collision, kLive, 0.0, 2.0, 0.3f, "",
         "Coulomb coefficient between touching layers of the cloth.",
         {}, false, CS_FIELD(float, collision.selfFriction)});

    // --- wind -------------------------------------------------------------
    row({"wind.direction", "direction", T::Vec3, G::Wind, kLive, -1.0, 1.0, glm::vec3(0.0f, 0.0f, 1.0f), "",
         "Direction the wind blows towards (normalised).",
         {}, false, CS_FIELD(glm::vec3, wind.direction)});
    row({"wind.strength", "speed", T::Float, G::Wind, kLive, 0.0, 50.0, 0.0f, "m/s",
         "Wind speed. Each triangle feels drag and lift from the air moving past it (wind minus the "
         "triangle's velocity), so still air also slows a falling sheet.",
         {}, false, CS_FIELD(float, wind.strength)});
    row({"wind.gust_amplitude", "gust amplitude", T::Float, G::Wind, kLive, 0.0, 2.0, 0.5f, "",
         "Speed varies as 1 + amplitude x sin(2 pi f t) (seed 004). Above 1 the wind reverses.",
         {}, false, CS_FIELD(float, wind.gustAmplitude)});
    row({"wind.gust_frequency", "gust frequency", T::Float, G::Wind, kLive, 0.0, 10.0, 0.5f, "Hz",
         "How many gusts per second.",
         {}, false, CS_FIELD(float, wind.gustFrequency)});
    row({"wind.air_density", "air density", T::Float, G::Wind, kLive, 0.0, 10.0, 1.2f, "kg/m^3",
         "Density of the air (1.2 at sea level). 0 turns aerodynamics off, so a sheet falls like a stone.",
         {}, false, CS_FIELD(float, wind.airDensity)});
    row({"wind.drag_coefficient", "drag coefficient", T::Float, G::Wind, kLive, 0.0, 5.0, 1.0f, "",
         "C_D: force along the relative air flow, 1/2 rho C_D A |u|^2 cos(theta). Higher: the cloth "
         "is pushed harder by wind and falls slower.",
         {}, false, CS_FIELD(float, wind.dragCoefficient)});
    row({"wind.lift_coefficient", "lift coefficient", T::Float, G::Wind, kLive, 0.0, 5.0, 0.3f, "",
         "C_L: force across the flow on a tilted triangle, 1/2 rho C_L A |u|^2 cos(theta) sin(theta). "
         "Makes a flag flutter and a falling sheet glide sideways.",
         {}, false, CS_FIELD(float, wind.liftCoefficient)});

    // --- tearing ----------------------------------------------------------
    row({"tearing.enabled", "tearing", T::Bool, G::Tearing, kLive, 0, 1, false, "",
         "Stretch and shear links pulled past the cut length break, and the cloth splits there: "
         "the particle at the end of the link is duplicated so the triangles on either side come apart.",
         {}, false, CS_FIELD(bool, tearing.enabled)});
    row({"tearing.max_stretch", "cut length", T::Float, G::Tearing, kLive, 1.01, 10.0, 1.5f, "",
         "Length over rest length at which a link breaks (seed 001's cut length). Lower tears at a "
         "gentler pull; near 1 the cloth tears under its own weight.",
         {}, false, CS_FIELD(float, tearing.maxStretch)});

    // --- render -----------------------------------------------------------
    row({"render.cloth_color", "front colour", T::Vec3, G::Render, kLive, 0.0, 1.0,
         glm::vec3(0.70f, 0.12f, 0.08f), "", "Base colour of the cloth's front side (linear RGB).",
         {}, false, CS_FIELD(glm::vec3, render.clothColor)});
    row({"render.back_color", "back colour", T::Vec3, G::Render, kLive, 0.0, 1.0,
         glm::vec3(0.80f, 0.55f, 0.18f), "", "Base colour of the cloth's back side (linear RGB).",
         {}, false, CS_FIELD(glm::vec3, render.backColor)});
    row({"render.collider_color", "collider colour", T::Vec3, G::Render, kLive, 0.0, 1.0,
         glm::vec3(0.10f, 0.22f, 0.55f), "", "Base colour of spheres and other colliders (linear RGB).",
         {}, false, CS_FIELD(glm::vec3, render.colliderColor)});
    row({"render.roughness", "roughness", T::Float, G::Render, kLive, 0.04, 1.0, 0.65f, "",
         "GGX roughness: low is satin-shiny with a tight highlight, high is matte cotton.",
         {}, false, CS_FIELD(float, render.roughness)});
    row({"render.shader", "cloth shader", T::Choice, G::Render, kLive, 0, 0, std::string("ggx"), "",
         "What the cloth's colour shows (key S cycles): ggx, the shaded fabric; blinn_phong_force, the net "
         "force on each particle relative to the largest of this frame (always spans the whole colour map, so "
         "it looks lighter); ggx_force, the same force against the fixed render.force_scale (comparable between "
         "frames and scenes); strain, each triangle's largest edge stretch against render.strain_scale "
         "(compression in blue); normals, the world normal as colour.",
         {"ggx", "blinn_phong_force", "ggx_force", "strain", "normals"}, false,
         CS_CHOICE_FIELD(ClothShader, render.shader)});
    row({"render.force_scale", "force scale", T::Float, G::Render, kLive, 1e-4, 1e4, 0.5f, "N",
         "Net force on a particle that reaches the top (yellow) of ggx_force's colour map; larger forces "
         "clip there. Raising it darkens the cloth and shows differences among the largest forces.",
         {}, true, CS_FIELD(float, render.forceScale)});
    row({"render.strain_scale", "strain scale", T::Float, G::Render, kLive, 0.001, 1.0, 0.05f, "",
         "Relative elongation (length / rest length - 1) of a triangle's most stretched edge at the top of "
         "the strain map; 0.05 is 5 %. Raising it shows only large stretch, lowering it reveals small stretch.",
         {}, true, CS_FIELD(float, render.strainScale)});
    row({"render.texture", "fabric texture", T::Bool, G::Render, kLive, 0, 1, true, "",
         "Multiply a woven-fabric texture (assets/fabric.png) into the cloth's colour in the ggx view; "
         "laid out by the cloth's rest UVs, so it stretches and tears with the cloth.",
         {}, false, CS_FIELD(bool, render.texture)});
    row({"render.texture_repeat", "texture repeat", T::Float, G::Render, kLive, 0.25, 256.0, 4.0f, "",
         "How many times the weave repeats across the cloth's rest UV square; raising it makes the weave finer.",
         {}, true, CS_FIELD(float, render.textureRepeat)});
    row({"render.light_direction", "light direction", T::Vec3, G::Render, kLive, -1.0, 1.0,
         glm::vec3(-0.4f, -1.0f, -0.5f), "", "Direction the key light travels.",
         {}, false, CS_FIELD(glm::vec3, render.lightDirection)});
    row({"render.light_intensity", "light intensity", T::Float, G::Render, kLive, 0.0, 10.0, 3.0f, "",
         "Brightness of the key light.", {}, false, CS_FIELD(float, render.lightIntensity)});
    row({"render.ambient", "ambient", T::Float, G::Render, kLive, 0.0, 1.0, 0.25f, "",
         "Light arriving from everywhere; raising it lifts the shadows and flattens the look.",
         {}, false, CS_FIELD(float, render.ambient)});
    row({"render.wireframe", "wireframe", T::Bool, G::Render, kLive, 0, 1, false, "",
         "Draw the cloth's triangles as lines (key W).", {}, false, CS_FIELD(bool, render.wireframe)});
    row({"render.ground", "draw ground", T::Bool, G::Render, kLive, 0, 1, true, "",
         "Draw the gridded ground plane.", {}, false, CS_FIELD(bool, render.showGround)});
    // debug views: drawn over the scene by the renderer (src/sim/debug_draw.hpp); D toggles points + links
    row({"render.debug_points", "particles", T::Bool, G::Render, kLive, 0, 1, false, "",
         "Debug view: every particle as a small light-grey dot, so the resolution and how the particles "
         "bunch up or spread out show through the shading (key D, with links).",
         {}, false, CS_FIELD(bool, render.debugPoints)});
    row({"render.debug_links", "links", T::Choice, G::Render, kLive, 0, 0, std::string("off"), "",
         "Debug view: every link as a line. type: green stretch, blue shear, violet bend links (stretch drawn on top). "
         "strain: white-grey at rest length, redder the more it is stretched, bluer the more it is "
         "compressed (full colour at 10 % strain) (key D, with particles).",
         {"off", "type", "strain"}, false, CS_CHOICE_FIELD(DebugLinkColoring, render.debugLinks)});
    row({"render.debug_normals", "normals", T::Bool, G::Render, kLive, 0, 1, false, "",
         "Debug view: a short line along each vertex normal (half the mean rest link length), coloured "
         "like a normal map: red +x, green +y, blue +z. Lines through the cloth mean a flipped side.",
         {}, false, CS_FIELD(bool, render.debugNormals)});
    row({"render.debug_colliders", "collider outlines", T::Bool, G::Render, kLive, 0, 1, false, "",
         "Debug view: each collider's surface as mint-green lines (sphere: three great circles; box: "
         "its edges; capsule: four side lines and its rings; plane: its panel and normal), seen through the cloth.",
         {}, false, CS_FIELD(bool, render.debugColliders)});
    row({"render.debug_pins", "pins", T::Bool, G::Render, kLive, 0, 1, false, "",
         "Debug view: pinned particles as large amber dots.",
         {}, false, CS_FIELD(bool, render.debugPins)});
    row({"render.tool_markers", "tool markers", T::Bool, G::Render, kLive, 0, 1, true, "",
         "Highlight the particle under the cursor (what a click grabs) and the one held by the mouse.",
         {}, false, CS_FIELD(bool, render.toolMarkers)});
    row({"render.debug_contacts", "self contacts", T::Bool, G::Render, kLive, 0, 1, false, "",
         "Debug view: an orange line between every two particles closer than the self-collision "
         "thickness that are not neighbours at rest (shown also while self-collision is off: then they "
         "mark where the cloth passes through itself).",
         {}, false, CS_FIELD(bool, render.debugContacts)});
    row({"render.debug_buffers", "buffer textures", T::Bool, G::Render, kLive, 0, 1, false, "",
         "Debug view: a window showing the particle buffers (positions, previous positions, velocities, "
         "normals) as small images, one texel per particle in grid order. Positions map the bounding box "
         "to RGB (x red, y green, z blue); velocities and normals map -max..+max to 0..1 per axis (grey = 0).",
         {}, false, CS_FIELD(bool, render.debugBuffers)});

    // --- camera -----------------------------------------------------------
    row({"camera.yaw", "yaw", T::Float, G::Camera, kLive, -360.0, 360.0, 25.0f, "deg",
         "Orbit angle around the vertical axis (right-drag).", {}, false, CS_FIELD(float, camera.yaw)});
    row({"camera.pitch", "pitch", T::Float, G::Camera, kLive, -89.0, 89.0, 15.0f, "deg",
         "Orbit angle above the horizon (right-drag).", {}, false, CS_FIELD(float, camera.pitch)});
    row({"camera.distance", "distance", T::Float, G::Camera, kLive, 0.1, 100.0, 4.0f, "m",
         "Distance from the orbit target (mouse wheel).", {}, false, CS_FIELD(float, camera.distance)});
    row({"camera.target", "target", T::Vec3, G::Camera, kLive, -100.0, 100.0, glm::vec3(0.0f, 1.0f, 0.0f), "m",
         "Point the camera orbits around (middle-drag or shift+right-drag pans it).",
         {}, false, CS_FIELD(glm::vec3, camera.target)});
    row({"camera.fov", "field of view", T::Float, G::Camera, kLive, 10.0, 120.0, 45.0f, "deg",
         "Vertical field of view.", {}, false, CS_FIELD(float, camera.fov)});
    return t;
}

#undef CS_FIELD
#undef CS_CHOICE_FIELD

bool finite(const ParamValue& v) {
    if (auto f = std::get_if<float>(&v)) return std::isfinite(*f);
    if (auto f = std::get_if<glm::vec3>(&v)) return std::isfinite((*f).x) && std::isfinite((*f).y) && std::isfinite((*f).z);
    return true;
}

bool typeMatches(ParamType type, const ParamValue& v) {
    switch (type) {
    case T::Bool: return std::holds_alternative<bool>(v);
    case T::Int: return std::holds_alternative<int>(v);
    case T::Float: return std::holds_alternative<float>(v);
    case T::Int2: return std::holds_alternative<glm::ivec2>(v);
    case T::Vec3: return std::holds_alternative<glm::vec3>(v);
    case T::Choice:
    case T::Solver:
    case T::Path: return std::holds_alternative<std::string>(v);
    case T::IntList: return std::holds_alternative<std::vector<int>>(v);
    }
    return false;
}

std::string formatNumber(double x) {
    std::ostringstream out;
    out << x;
    return out.str();
}

} // namespace

bool paramAppliesTo(const ParamDef& def, std::string_view solverId) {
    return def.solvers.empty() || std::find(def.solvers.begin(), def.solvers.end(), solverId) != def.solvers.end();
}

std::span<const ParamDef> paramTable() {
    static const std::vector<ParamDef> table = buildTable();
    return table;
}

const ParamDef* findParam(std::string_view key) {
    if (key == "solver") key = "solver.id";
    for (const ParamDef& def : paramTable())
        if (def.key == key) return &def;
    return nullptr;
}

Settings defaultSettings() {
    Settings s;
    for (const ParamDef& def : paramTable()) {
        [[maybe_unused]] std::string error = setParam(s, def, def.defaultValue);
    }
    return s;
}

ParamValue getParam(const Settings& settings, const ParamDef& def) {
    // The accessor only hands out an address; reading through it does not modify.
    void* p = def.field(const_cast<Settings&>(settings));
    switch (def.type) {
    case T::Bool: return *static_cast<bool*>(p);
    case T::Int: return *static_cast<int*>(p);
    case T::Float: return *static_cast<float*>(p);
    case T::Int2: return *static_cast<glm::ivec2*>(p);
    case T::Vec3: return *static_cast<glm::vec3*>(p);
    case T::Choice: {
        int index = 0;
        std::memcpy(&index, p, sizeof index);
        return std::string(def.choices.at(static_cast<size_t>(index)));
    }
    case T::Solver:
    case T::Path: return *static_cast<std::string*>(p);
    case T::IntList: return *static_cast<std::vector<int>*>(p);
    }
    return {};
}

std::string validateParam(const ParamDef& def, const ParamValue& value) {
    if (!typeMatches(def.type, value))
        return std::string("expected ") + std::string(typeName(def.type));
    if (!finite(value)) return "value is not a finite number (allowed " + describeRange(def) + ")";
    auto outside = [&](double x) { return !(x >= def.minValue && x <= def.maxValue); };
    // Float values are compared with the bounds rounded to float: the float nearest
    // a bound is the bound ("0.01" reads as 0.0099999998, 1/30 as 0.033333335).
    auto outsideFloat = [&](float x) {
        return !(x >= static_cast<float>(def.minValue) && x <= static_cast<float>(def.maxValue));
    };
    bool bad = false;
    switch (def.type) {
    case T::Int: bad = outside(std::get<int>(value)); break;
    case T::Float: bad = outsideFloat(std::get<float>(value)); break;
    case T::Int2: {
        auto v = std::get<glm::ivec2>(value);
        bad = outside(v.x) || outside(v.y);
        break;
    }
    case T::Vec3: {
        auto v = std::get<glm::vec3>(value);
        bad = outsideFloat(v.x) || outsideFloat(v.y) || outsideFloat(v.z);
        break;
    }
    case T::Choice: {
        const auto& name = std::get<std::string>(value);
        bad = true;
        for (auto c : def.choices) bad = bad && c != name;
        if (bad) return "unknown value '" + name + "' (" + describeRange(def) + ")";
        break;
    }
    case T::Solver: {
        const auto& name = std::get<std::string>(value);
        if (!findSolver(name)) return "unknown solver '" + name + "' (" + describeRange(def) + ")";
        break;
    }
    case T::Path: {
        const auto& text = std::get<std::string>(value);
        if (text.find_first_of(std::string_view("\0\n\r", 3)) != std::string::npos)
            return "a path must be one line of text";
        break;
    }
    case T::IntList: {
        for (int x : std::get<std::vector<int>>(value))
            if (outside(x))
                return std::to_string(x) + " is out of range (allowed " + describeRange(def) + ")";
        break;
    }
    case T::Bool: break;
    }
    if (bad) return formatValue(value) + " is out of range (allowed " + describeRange(def) + ")";
    return {};
}

std::string setParam(Settings& settings, const ParamDef& def, const ParamValue& value) {
    if (std::string error = validateParam(def, value); !error.empty()) return error;
    void* p = def.field(settings);
    switch (def.type) {
    case T::Bool: *static_cast<bool*>(p) = std::get<bool>(value); break;
    case T::Int: *static_cast<int*>(p) = std::get<int>(value); break;
    case T::Float: *static_cast<float*>(p) = std::get<float>(value); break;
    case T::Int2: *static_cast<glm::ivec2*>(p) = std::get<glm::ivec2>(value); break;
    case T::Vec3: *static_cast<glm::vec3*>(p) = std::get<glm::vec3>(value); break;
    case T::Choice: {
        const auto& name = std::get<std::string>(value);
        for (size_t i = 0; i < def.choices.size(); ++i) {
            if (def.choices[i] != name) continue;
            int index = static_cast<int>(i);
            std::memcpy(p, &index, sizeof index);
        }
        break;
    }
    case T::Solver:
    case T::Path: *static_cast<std::string*>(p) = std::get<std::string>(value); break;
    case T::IntList: *static_cast<std::vector<int>*>(p) = std::get<std::vector<int>>(value); break;
    }
    return {};
}

float clampToRange(std::string_view key, float value) {
    const ParamDef* def = findParam(key);
    if (!def) return value;
    return std::clamp(value, static_cast<float>(def->minValue), static_cast<float>(def->maxValue));
}

glm::vec3 clampToRange(std::string_view key, glm::vec3 value) {
    return {clampToRange(key, value.x), clampToRange(key, value.y), clampToRange(key, value.z)};
}

std::string_view typeName(ParamType type) {
    switch (type) {
    case T::Bool: return "bool";
    case T::Int: return "int";
    case T::Float: return "float";
    case T::Int2: return "int[2]";
    case T::Vec3: return "float[3]";
    case T::Choice: return "choice";
    case T::Solver: return "solver";
    case T::Path: return "path";
    case T::IntList: return "int[]";
    }
    return "?";
}

std::string_view groupName(ParamGroup group) {
    switch (group) {
    case G::Scene: return "Scene";
    case G::Solver: return "Solver";
    case G::Cloth: return "Cloth";
    case G::Collision: return "Collision";
    case G::Wind: return "Wind";
    case G::Tearing: return "Tearing";
    case G::Render: return "Render";
    case G::Camera: return "Camera";
    }
    return "?";
}

std::string formatValue(const ParamValue& value) {
    struct Visitor {
        std::string operator()(bool b) const { return b ? "true" : "false"; }
        std::string operator()(int i) const { return std::to_string(i); }
        std::string operator()(float f) const { return formatNumber(f); }
        std::string operator()(glm::ivec2 v) const {
            return "[" + std::to_string(v.x) + ", " + std::to_string(v.y) + "]";
        }
        std::string operator()(glm::vec3 v) const {
            return "[" + formatNumber(v.x) + ", " + formatNumber(v.y) + ", " + formatNumber(v.z) + "]";
        }
        std::string operator()(const std::string& s) const {
            std::string out = "\"";
            for (char c : s) {
                if (c == '"' || c == '\\') out += '\\';
                out += c;
            }
            return out + "\"";
        }
        std::string operator()(const std::vector<int>& list) const {
            std::string out = "[";
            for (std::size_t i = 0; i < list.size(); ++i) out += (i ? ", " : "") + std::to_string(list[i]);
            return out + "]";
        }
    };
    return std::visit(Visitor{}, value);
}

std::string describeRange(const ParamDef& def) {
    switch (def.type) {
    case T::Bool: return "true or false";
    case T::Choice: {
        std::string s = "one of:";
        for (auto c : def.choices) s += " " + std::string(c);
        return s;
    }
    case T::Solver: {
        std::string s = "one of:";
        for (const SolverInfo& info : solverRegistry()) s += " " + std::string(info.id);
        return s;
    }
    case T::Int2:
    case T::Vec3:
        return "each component in [" + formatNumber(def.minValue) + ", " + formatNumber(def.maxValue) + "]";
    case T::Path: return "a file path, or \"\" for none";
    case T::IntList:
        return "a list of whole numbers like [0, 5, 12], each in [" + formatNumber(def.minValue) + ", " +
               formatNumber(def.maxValue) + "]";
    default: return "[" + formatNumber(def.minValue) + ", " + formatNumber(def.maxValue) + "]";
    }
}

std::optional<std::vector<int>> parseIntList(std::string_view text) {
    std::vector<int> list;
    std::size_t i = 0;
    auto skip = [&] { while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i; };
    skip();
    const bool bracketed = i < text.size() && text[i] == '[';
    if (bracketed) ++i;
    bool expectNumber = true;   // at the start, or right after a comma (a trailing one is fine, as in TOML)
    for (;;) {
        skip();
        if (i >= text.size() || text[i] == ']') break;
        if (text[i] == ',') {
            if (expectNumber) return std::nullopt;   // ",," or a leading comma
            expectNumber = true;
            ++i;
            continue;
        }
        int value = 0;
        const auto [end, ec] = std::from_chars(text.data() + i, text.data() + text.size(), value);
        if (ec != std::errc()) return std::nullopt;
        list.push_back(value);
        i = static_cast<std::size_t>(end - text.data());
        expectNumber = false;
    }
    if (bracketed) {
        if (i >= text.size() || text[i] != ']') return std::nullopt;
        ++i;
    } else if (i < text.size()) {
        return std::nullopt;  // a ']' without '['
    }
    skip();
    if (i != text.size()) return std::nullopt;
    return list;
}

std::string listParams() {
    std::string out;
    for (const ParamDef& def : paramTable()) {
        out += std::string(def.key) + "\t" + std::string(typeName(def.type)) + "\tdefault " +
               formatValue(def.defaultValue) + "\t" + describeRange(def) +
               (def.unit.empty() ? "" : " " + std::string(def.unit)) + "\t" +
               (def.apply == ParamApply::Live ? "live" : "on reset") + "\t" + std::string(def.help);
        if (!def.solvers.empty()) {
            out += " (solvers:";
            for (auto id : def.solvers) out += " " + std::string(id);
            out += ")";
        }
        out += "\n";
    }
    return out;
}

} // namespace cs
