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

using R = SolverReads;

std::vector<ParamDef> buildTable() {
    std::vector<ParamDef> t;
    auto row = [&t](ParamDef def) {
        // rendering and camera never change a step: the soak leaves every one of them alone
        if (def.group == G::Render || def.group == G::Camera) def.soak = ParamSoak::NotPhysics;
        t.push_back(std::move(def));
    };

    // --- simulation clock -------------------------------------------------
    row({.key = "sim.dt", .label = "physics step", .type = T::Float, .group = G::Scene, .apply = kLive,
         .minValue = 1.0 / 240.0, .maxValue = 1.0 / 30.0, .defaultValue = 1.0f / 60.0f, .unit = "s",
         .help = "Simulated time advanced by one physics step. Smaller steps cost more per second of "
                 "simulation and make force-based solvers more stable; XPBD stiffness does not depend on it.",
         .field = CS_FIELD(float, sim.dt)});
    row({.key = "sim.max_steps_per_frame", .label = "max steps / frame", .type = T::Int, .group = G::Scene,
         .apply = kLive, .minValue = 1, .maxValue = 16, .defaultValue = 4,
         .help = "Most physics steps run per rendered frame. When the simulation cannot keep up the rest "
                 "of the backlog is dropped and the stats show 'lagging'.",
         .field = CS_FIELD(int, sim.maxStepsPerFrame), .soak = ParamSoak::AppPacing});
    row({.key = "sim.time_scale", .label = "time scale", .type = T::Float, .group = G::Scene, .apply = kLive,
         .minValue = 0.05, .maxValue = 4.0, .defaultValue = 1.0f,
         .help = "Simulated seconds per real second: below 1 is slow motion.",
         .field = CS_FIELD(float, sim.timeScale)});
    row({.key = "sim.gravity", .label = "gravity", .type = T::Vec3, .group = G::Scene, .apply = kLive,
         .minValue = -50.0, .maxValue = 50.0, .defaultValue = glm::vec3(0.0f, -9.81f, 0.0f), .unit = "m/s^2",
         .help = "Acceleration of gravity (y is up).",
         .field = CS_FIELD(glm::vec3, sim.gravity)});
    row({.key = "sim.history_seconds", .label = "history", .type = T::Float, .group = G::Scene, .apply = kLive,
         .minValue = 0.0, .maxValue = 60.0, .defaultValue = 10.0f, .unit = "s",
         .help = "Time travel: how many seconds of frames (60 per second) are kept for scrubbing back with the "
                 "timeline or the arrow keys; 0 turns it off. Memory: about 53 bytes per particle per frame, "
                 "5 MB per second for a 40 x 40 cloth, 13 MB per second at 64 x 64. Changing it clears the history.",
         .field = CS_FIELD(float, sim.historySeconds), .soak = ParamSoak::AppPacing});
    row({.key = "sim.recovery", .label = "on explosion", .type = T::Choice, .group = G::Scene, .apply = kLive,
         .defaultValue = std::string("restore"),
         .help = "What the explosion guard does when the state becomes non-finite or runs away: restore "
                 "puts back the last good state with zero velocity; halve_step also doubles solver.substeps "
                 "(solver.contact_substeps where that one decides; up to 400), raise_iterations doubles "
                 "solver.iterations (up to 64), so that it is less likely to explode again, at proportional "
                 "cost.",
         .choices = {"restore", "halve_step", "raise_iterations"},
         .field = CS_CHOICE_FIELD(RecoveryMode, sim.recovery)});

    // --- solver -----------------------------------------------------------
    row({.key = "solver.id", .label = "solver", .type = T::Solver, .group = G::Solver, .apply = kLive,
         .defaultValue = std::string("xpbd"),
         .help = "The cloth method. Switching keeps the cloth where it is. On the command line "
                 "'solver' is short for 'solver.id'.",
         .field = CS_FIELD(std::string, solver.id), .restartsSolver = true, .soak = ParamSoak::OwnAction});
    row({.key = "solver.substeps", .label = "substeps", .type = T::Int, .group = G::Solver, .apply = kLive,
         .minValue = 1, .maxValue = 1000, .defaultValue = 20,
         .help = "Substeps per physics step: every solver advances in steps of dt / substeps. More substeps "
                 "keep explicit integrators stable with stiffer springs and make XPBD stiffer, at proportional cost.",
         .field = CS_FIELD(int, solver.substeps), .scalesWork = true});
    row({.key = "solver.contact_substeps", .label = "substeps under contact", .type = T::Int, .group = G::Solver,
         .apply = kLive, .minValue = 0, .maxValue = 1000, .defaultValue = 0,
         .help = "While self-contact runs (collision.self_collision with a CPU method), take at least this many "
                 "substeps a step (0: solver.substeps alone). Contact holds each vertex within its bound, a "
                 "few millimetres, until it detects again: a method that takes the whole 1/60 s in one step "
                 "(projective_dynamics, desbrun, implicit_euler) then finds its vertices held back far from "
                 "where its solve put them, and on the 64^2 pile stretched edges up to 24 x. Their recommended "
                 "settings take 4 (implicit_euler 2), and keep one step a frame without contact.",
         .field = CS_FIELD(int, solver.contactSubsteps), .scalesWork = true});
    row({.key = "solver.iterations", .label = "iterations", .type = T::Int, .group = G::Solver, .apply = kLive,
         .minValue = 1, .maxValue = 100, .defaultValue = 1,
         .help = "Constraint passes per substep. PBD and Jakobsen get stiffer with more; with XPBD's many "
                 "substeps one pass is usually best.",
         .field = CS_FIELD(int, solver.iterations), .reads = R::Iterations, .scalesWork = true});
    row({.key = "solver.stretch_compliance", .label = "stretch compliance", .type = T::Float, .group = G::Solver,
         .apply = kLive, .minValue = 0.0, .maxValue = 1.0, .defaultValue = 1e-8f, .unit = "m/N",
         .help = "Inverse stiffness of the structural links (row and column neighbours). 0 is "
                 "inextensible; raising it lets the cloth stretch like rubber.",
         .logarithmic = true, .field = CS_FIELD(float, solver.stretchCompliance), .reads = R::Compliances});
    row({.key = "solver.shear_compliance", .label = "shear compliance", .type = T::Float, .group = G::Solver,
         .apply = kLive, .minValue = 0.0, .maxValue = 1.0, .defaultValue = 1e-6f, .unit = "m/N",
         .help = "Inverse stiffness of the diagonal links. Raising it lets the weave skew, so the cloth "
                 "drapes more softly.",
         .logarithmic = true, .field = CS_FIELD(float, solver.shearCompliance), .reads = R::Compliances});
    row({.key = "solver.bend_compliance", .label = "bend compliance", .type = T::Float, .group = G::Solver,
         .apply = kLive, .minValue = 0.0, .maxValue = 1000.0, .defaultValue = 1e-3f, .unit = "m/N",
         .help = "Inverse stiffness of bending: of the long links (grid distance 2 and more, m/N), or with "
                 "dihedral bending of the hinge angle between neighbouring triangles (rad/(N m)): hinges are "
                 "stiff up to about 1e-2 and hang freely from about 100. Raising it gives more, finer folds; "
                 "lowering it makes paper-like sheets.",
         .logarithmic = true, .field = CS_FIELD(float, solver.bendCompliance), .reads = R::Compliances});
    row({.key = "solver.damping", .label = "air drag", .type = T::Float, .group = G::Solver, .apply = kLive,
         .minValue = 0.0, .maxValue = 20.0, .defaultValue = 0.2f, .unit = "1/s",
         .help = "Global air drag: each second the velocity loses about this fraction (a force -m k v for the "
                 "force-based solvers, Verlet's c = 1 - h k per substep h, a velocity scale for the position-based ones). "
                 "Raising it calms the cloth faster, as if moving through honey.",
         .field = CS_FIELD(float, solver.damping)});
    row({.key = "solver.bending", .label = "bending", .type = T::Choice, .group = G::Solver, .apply = kLive,
         .defaultValue = std::string("links"),
         .help = "What resists bending: the long links (distance-2 and beyond), or dihedral constraints on "
                 "the angle between neighbouring triangles (pbd-jobs; docs/sources.md), which bend without "
                 "resisting stretch.",
         .choices = {"links", "dihedral"}, .field = CS_CHOICE_FIELD(BendingModel, solver.bending),
         .reads = R::BendingModel});
    row({.key = "solver.tethers", .label = "tethers", .type = T::Bool, .group = G::Solver, .apply = kLive,
         .minValue = 0, .maxValue = 1, .defaultValue = false,
         .help = "Long-range attachments (Kim et al. 2012): no particle may move farther from a pinned "
                 "particle than its rest distance times the slack. Stops the sag that unconverged links "
                 "allow under a heavy cloth, at little cost.",
         .field = CS_FIELD(bool, solver.tethers), .reads = R::Tethers});
    row({.key = "solver.tether_slack", .label = "tether slack", .type = T::Float, .group = G::Solver, .apply = kLive,
         .minValue = 1.0, .maxValue = 2.0, .defaultValue = 1.0f,
         .help = "Tethers allow this ratio of the rest distance to the pin; above 1 they only catch "
                 "large stretch.",
         .field = CS_FIELD(float, solver.tetherSlack), .reads = R::Tethers});
    row({.key = "solver.threads", .label = "threads", .type = T::Int, .group = G::Solver, .apply = kLive,
         .minValue = 1, .maxValue = 64, .defaultValue = 1,
         .help = "Threads that share the step: each colour of links (constraints or springs, colours of "
                 "256 links or more), particle loops and matrix rows. The result is bit-for-bit the same "
                 "for any count; raising it up to the number of cores makes large cloths faster, beyond "
                 "that slower (and much slower when other programs keep the cores busy).",
         .field = CS_FIELD(int, solver.threads), .reads = R::Threads, .soak = ParamSoak::KeepsCores});

    // --- springs of the force-based solvers -------------------------------
    row({.key = "springs.stretch_stiffness", .label = "stretch stiffness", .type = T::Float, .group = G::Solver,
         .apply = kLive, .minValue = 0.0, .maxValue = 1e8, .defaultValue = 200.0f, .unit = "N/m",
         .help = "Hooke constant of the structural links. Stiffer cloth stretches less but explicit "
                 "integrators need smaller steps (more substeps) to stay stable.",
         .logarithmic = true, .field = CS_FIELD(float, springs.stretchStiffness), .reads = R::Springs});
    row({.key = "springs.shear_stiffness", .label = "shear stiffness", .type = T::Float, .group = G::Solver,
         .apply = kLive, .minValue = 0.0, .maxValue = 1e8, .defaultValue = 50.0f, .unit = "N/m",
         .help = "Hooke constant of the diagonal links: how much the weave resists skewing.",
         .logarithmic = true, .field = CS_FIELD(float, springs.shearStiffness), .reads = R::Springs});
    row({.key = "springs.bend_stiffness", .label = "bend stiffness", .type = T::Float, .group = G::Solver,
         .apply = kLive, .minValue = 0.0, .maxValue = 1e8, .defaultValue = 5.0f, .unit = "N/m",
         .help = "Hooke constant of the long links that resist bending. Lower gives finer folds.",
         .logarithmic = true, .field = CS_FIELD(float, springs.bendStiffness), .reads = R::Springs});
    row({.key = "springs.damping", .label = "spring damping", .type = T::Float, .group = G::Solver, .apply = kLive,
         .minValue = 0.0, .maxValue = 100.0, .defaultValue = 0.01f, .unit = "N s/m",
         .help = "k_d of every spring: a force k_d (d . (v_b - v_a)) d along the spring (verlet-cloth). It damps "
                 "the fast stretch oscillations that make explicit steps explode, not the swinging.",
         .logarithmic = true, .field = CS_FIELD(float, springs.damping), .reads = R::Springs});
    row({.key = "springs.point_damping", .label = "point damping", .type = T::Float, .group = G::Solver,
         .apply = kLive, .minValue = 0.0, .maxValue = 10.0, .defaultValue = 0.0f, .unit = "N s/m",
         .help = "b of gpu-cloth: a force -b v on every particle, the same for light and heavy particles.",
         .logarithmic = true, .field = CS_FIELD(float, springs.pointDamping), .reads = R::Springs});
    row({.key = "implicit.cg_tolerance", .label = "CG tolerance", .type = T::Float, .group = G::Solver,
         .apply = kLive, .minValue = 1e-10, .maxValue = 0.1, .defaultValue = 1e-4f,
         .help = "Conjugate gradient stops when the residual is this fraction of the right-hand side. "
                 "Smaller is more accurate and costs more iterations.",
         .logarithmic = true, .field = CS_FIELD(float, implicit.cgTolerance), .reads = R::ImplicitCg});
    row({.key = "implicit.cg_max_iterations", .label = "CG max iterations", .type = T::Int, .group = G::Solver,
         .apply = kLive, .minValue = 1, .maxValue = 2000, .defaultValue = 100,
         .help = "At most this many conjugate-gradient iterations per step.",
         .field = CS_FIELD(int, implicit.cgMaxIterations), .reads = R::ImplicitCg, .scalesWork = true});
    row({.key = "provot.enabled", .label = "Provot constraints", .type = T::Bool, .group = G::Solver, .apply = kLive,
         .minValue = 0, .maxValue = 1, .defaultValue = false,
         .help = "Provot 1995: after each step, structural and shear springs stretched beyond (1 + tau) rest "
                 "are pulled back, and velocities follow. Lets soft springs look like stiff cloth.",
         .field = CS_FIELD(bool, provot.enabled), .reads = R::Provot});
    row({.key = "provot.max_stretch", .label = "Provot tau", .type = T::Float, .group = G::Solver, .apply = kLive,
         .minValue = 0.0, .maxValue = 1.0, .defaultValue = 0.1f,
         .help = "tau: the stretch ratio above 1 that the Provot fix-up allows (0.1 = 10 %).",
         .field = CS_FIELD(float, provot.maxStretch), .reads = R::Provot});
    row({.key = "provot.iterations", .label = "Provot iterations", .type = T::Int, .group = G::Solver,
         .apply = kLive, .minValue = 1, .maxValue = 100, .defaultValue = 4,
         .help = "Passes of the Provot fix-up per step.",
         .field = CS_FIELD(int, provot.iterations), .reads = R::Provot, .scalesWork = true});
    row({.key = "pbd.stretch_stiffness", .label = "stretch stiffness", .type = T::Float, .group = G::Solver,
         .apply = kLive, .minValue = 0.0, .maxValue = 1.0, .defaultValue = 1.0f,
         .help = "PBD stiffness k in [0, 1] of the structural links, corrected to 1 - (1 - k)^(1/n) for n "
                 "iterations (xpbd-thesis) — yet the result still stiffens with more iterations and smaller steps.",
         .field = CS_FIELD(float, pbd.stretchStiffness), .reads = R::PbdStiffness});
    row({.key = "pbd.shear_stiffness", .label = "shear stiffness", .type = T::Float, .group = G::Solver,
         .apply = kLive, .minValue = 0.0, .maxValue = 1.0, .defaultValue = 0.5f,
         .help = "PBD stiffness k in [0, 1] of the diagonal links.",
         .field = CS_FIELD(float, pbd.shearStiffness), .reads = R::PbdStiffness});
    row({.key = "pbd.bend_stiffness", .label = "bend stiffness", .type = T::Float, .group = G::Solver,
         .apply = kLive, .minValue = 0.0, .maxValue = 1.0, .defaultValue = 0.1f,
         .help = "PBD stiffness k in [0, 1] of bending (long links or dihedral angles).",
         .field = CS_FIELD(float, pbd.bendStiffness), .reads = R::PbdStiffness});
    row({.key = "jakobsen.relaxation", .label = "relaxation K", .type = T::Float, .group = G::Solver, .apply = kLive,
         .minValue = 0.01, .maxValue = 1.0, .defaultValue = 1.0f,
         .help = "Fraction of each link's error removed per pass (Jakobsen 2001, verlet-cloth's positional "
                 "constraint). 1 is rigid; lower is softer and converges slower.",
         .field = CS_FIELD(float, jakobsen.relaxation), .reads = R::Relaxation});

    row({.key = "vbd.iterations", .label = "VBD sweeps", .type = T::Int, .group = G::Solver, .apply = kLive,
         .minValue = 1, .maxValue = 200, .defaultValue = 3,
         .help = "Vertex Block Descent: Gauss-Seidel sweeps over every vertex per substep, each vertex one 3 x 3 "
                 "Newton step with its neighbours held. Stable at any number; more converge to the implicit step, "
                 "so the cloth stretches less.",
         .field = CS_FIELD(int, vbd.iterations), .reads = R::Vbd, .scalesWork = true});
    row({.key = "vbd.chebyshev_rho", .label = "VBD Chebyshev rho", .type = T::Float, .group = G::Solver,
         .apply = kLive, .minValue = 0.0, .maxValue = 0.999, .defaultValue = 0.0f,
         .help = "Chebyshev acceleration of the sweeps (Wang 2015): an estimate of their spectral radius. 0 is off; "
                 "about 0.8-0.9 converges in fewer sweeps (on a stretched 8 x 8 cloth, 3.4 x closer after 10), "
                 "too large overshoots and oscillates.",
         .field = CS_FIELD(float, vbd.chebyshevRho), .reads = R::Vbd});
    row({.key = "vbd.adaptive_start", .label = "VBD adaptive start", .type = T::Bool, .group = G::Solver,
         .apply = kLive, .minValue = 0, .maxValue = 1, .defaultValue = false,
         .help = "Where the sweeps start (the VBD paper's adaptive initialisation): from the position the last "
                 "substep's acceleration along the external force leads to (clamped between none and the whole "
                 "of it), instead of the inertial prediction with the whole external force. The same step at "
                 "convergence; at few sweeps a hanging cloth no longer sinks a step's gravity at every step "
                 "(64^2 hanging cloth, 1 substep of 3 sweeps: max stretch 6.7 instead of 25.8). Off by default: "
                 "a cloth resting on a slope starts without the pull down it, the few sweeps move it too little "
                 "for the friction after them to let it slide, and it stays (sheets: the three sheets stay on "
                 "the board). Restoring a time-travel frame drops the last acceleration, so the run after it "
                 "differs from the recorded one by a fraction of a millimetre.",
         .field = CS_FIELD(bool, vbd.adaptiveStart), .reads = R::Vbd});
    row({.key = "projective.iterations", .label = "PD iterations", .type = T::Int, .group = G::Solver,
         .apply = kLive, .minValue = 1, .maxValue = 200, .defaultValue = 5,
         .help = "Projective Dynamics: local/global rounds per substep, each every spring projected to its rest "
                 "length and one solve with the prefactored matrix. More converge to the implicit step. Small "
                 "substeps change little and need few; compare_projective_dynamics takes 10 at one step a frame.",
         .field = CS_FIELD(int, projective.iterations), .reads = R::Projective, .scalesWork = true});
    row({.key = "projective.chebyshev_rho", .label = "PD Chebyshev rho", .type = T::Float, .group = G::Solver,
         .apply = kLive, .minValue = 0.0, .maxValue = 0.999, .defaultValue = 0.0f,
         .help = "Chebyshev acceleration of the rounds (Wang 2015): an estimate of their spectral radius. 0 is off; "
                 "about 0.5-0.8 converges in fewer rounds (on a stretched 8 x 8 cloth, 9 x closer after 20), "
                 "too large overshoots and oscillates.",
         .field = CS_FIELD(float, projective.chebyshevRho), .reads = R::Projective});

    // --- cloth (applied on reset: they change the topology) ---------------
    row({.key = "cloth.resolution", .label = "resolution", .type = T::Int2, .group = G::Cloth, .apply = kOnReset,
         .minValue = 2, .maxValue = 512, .defaultValue = glm::ivec2(32, 32),
         .help = "Particles along u (columns) and v (rows). Cost grows with their product.",
         .field = CS_FIELD(glm::ivec2, cloth.resolution), .checksCloth = true});
    row({.key = "cloth.spacing", .label = "spacing", .type = T::Float, .group = G::Cloth, .apply = kOnReset,
         .minValue = 0.001, .maxValue = 1.0, .defaultValue = 0.05f, .unit = "m",
         .help = "Rest distance between neighbouring particles; the cloth is (resolution - 1) x spacing wide.",
         .field = CS_FIELD(float, cloth.spacing), .checksCloth = true});
    row({.key = "cloth.orientation", .label = "orientation", .type = T::Choice, .group = G::Cloth, .apply = kOnReset,
         .defaultValue = std::string("vertical"),
         .help = "vertical: hangs in the x-y plane from its top edge; horizontal: lies flat in the x-z plane.",
         .choices = {"vertical", "horizontal"}, .field = CS_CHOICE_FIELD(Orientation, cloth.orientation),
         .checksCloth = true});
    row({.key = "cloth.origin", .label = "origin", .type = T::Vec3, .group = G::Cloth, .apply = kOnReset,
         .minValue = -100.0, .maxValue = 100.0, .defaultValue = glm::vec3(0.0f, 2.0f, 0.0f), .unit = "m",
         .help = "Where the cloth starts: the middle of its top edge when vertical, its centre when horizontal.",
         .field = CS_FIELD(glm::vec3, cloth.origin), .checksCloth = true});
    row({.key = "cloth.link_pattern", .label = "link pattern", .type = T::Choice, .group = G::Cloth,
         .apply = kOnReset, .defaultValue = std::string("level"),
         .help = "level: every neighbour up to link_level away along rows, columns and both diagonals "
                 "(verlet-cloth); stencil12: gpu-cloth's 12 neighbours (structural, shear, and every second "
                 "particle along rows and columns).",
         .choices = {"level", "stencil12"}, .field = CS_CHOICE_FIELD(LinkPattern, cloth.linkPattern)});
    row({.key = "cloth.link_level", .label = "link level", .type = T::Int, .group = G::Cloth, .apply = kOnReset,
         .minValue = 1, .maxValue = 4, .defaultValue = 2,
         .help = "Connect each particle to neighbours up to this grid distance along rows, columns and "
                 "diagonals (verlet-cloth). 1: structural + shear only; 2 adds bending links; more is stiffer.",
         .field = CS_FIELD(int, cloth.linkLevel)});
    row({.key = "cloth.mass_mode", .label = "mass from", .type = T::Choice, .group = G::Cloth, .apply = kOnReset,
         .defaultValue = std::string("density"),
         .help = "per_particle: every particle weighs particle_mass; density: each triangle's area x "
                 "density is shared among its corners.",
         .choices = {"per_particle", "density"}, .field = CS_CHOICE_FIELD(MassMode, cloth.massMode)});
    row({.key = "cloth.particle_mass", .label = "particle mass", .type = T::Float, .group = G::Cloth,
         .apply = kOnReset, .minValue = 1e-5, .maxValue = 10.0, .defaultValue = 0.001f, .unit = "kg",
         .help = "Mass of each particle when mass_mode is per_particle.",
         .logarithmic = true, .field = CS_FIELD(float, cloth.particleMass)});
    row({.key = "cloth.density", .label = "areal density", .type = T::Float, .group = G::Cloth, .apply = kOnReset,
         .minValue = 0.005, .maxValue = 5.0, .defaultValue = 0.2f, .unit = "kg/m^2",
         .help = "Mass per square metre when mass_mode is density (cotton is about 0.15). Heavier cloth "
                 "is stretched more by gravity for the same compliance and pushed less by wind.",
         .logarithmic = true, .field = CS_FIELD(float, cloth.density)});
    row({.key = "cloth.pins", .label = "pins", .type = T::Choice, .group = G::Cloth, .apply = kOnReset,
         .defaultValue = std::string("top_corners"),
         .help = "Which particles are held still: none, the two top corners, the whole top row, all "
                 "four corners, or the whole outline (a drum skin).",
         .choices = {"none", "top_corners", "top_row", "corners", "border"},
         .field = CS_CHOICE_FIELD(PinPreset, cloth.pins), .checksCloth = true});
    row({.key = "cloth.mesh", .label = "mesh (OBJ)", .type = T::Path, .group = G::Cloth, .apply = kOnReset,
         .defaultValue = std::string(),
         .help = "A Wavefront OBJ file whose triangles are the cloth (polygons are triangulated; OBJ vertex k, "
                 "from 0, is particle k). Empty: the grid of resolution x spacing. A relative path is looked up "
                 "next to the scene file, then in the project root. The file's origin goes to cloth.origin.",
         .field = CS_FIELD(std::string, cloth.mesh), .checksCloth = true});
    row({.key = "cloth.mesh_scale", .label = "mesh scale", .type = T::Float, .group = G::Cloth, .apply = kOnReset,
         .minValue = 1e-4, .maxValue = 1000.0, .defaultValue = 1.0f,
         .help = "Metres per unit of the OBJ file (0.01 for a file in centimetres).",
         .logarithmic = true, .field = CS_FIELD(float, cloth.meshScale), .checksCloth = true});
    row({.key = "cloth.mesh_rotation", .label = "mesh rotation", .type = T::Vec3, .group = G::Cloth,
         .apply = kOnReset, .minValue = -360.0, .maxValue = 360.0, .defaultValue = glm::vec3(0.0f), .unit = "deg",
         .help = "Turns the mesh about its origin: degrees about x, then y, then z (as collider rotation).",
         .field = CS_FIELD(glm::vec3, cloth.meshRotation), .checksCloth = true});
    row({.key = "cloth.allow_pieces", .label = "allow pieces", .type = T::Bool, .group = G::Cloth, .apply = kOnReset,
         .minValue = 0, .maxValue = 1, .defaultValue = false,
         .help = "Accept a mesh made of several unconnected pieces (otherwise that is an error, since it is "
                 "usually a modelling mistake).",
         .field = CS_FIELD(bool, cloth.allowPieces), .checksCloth = true});
    row({.key = "cloth.pin_vertices", .label = "pin vertices", .type = T::IntList, .group = G::Cloth,
         .apply = kOnReset, .minValue = 0, .maxValue = 999999, .defaultValue = std::vector<int>(),
         .help = "Particles held still in addition to the preset, by number: OBJ vertex from 0 (the order of "
                 "the v lines), or on a grid row x columns + column.",
         .field = CS_FIELD(std::vector<int>, cloth.pinVertices), .checksCloth = true});
    row({.key = "cloth.pin_region_min", .label = "pin box min", .type = T::Vec3, .group = G::Cloth,
         .apply = kOnReset, .minValue = -100.0, .maxValue = 100.0, .defaultValue = glm::vec3(1.0f), .unit = "m",
         .help = "Lower corner of a box: every particle whose rest position lies inside it is held still, in "
                 "addition to the preset. No box while min > max on any axis (the default).",
         .field = CS_FIELD(glm::vec3, cloth.pinRegionMin), .checksCloth = true});
    row({.key = "cloth.pin_region_max", .label = "pin box max", .type = T::Vec3, .group = G::Cloth,
         .apply = kOnReset, .minValue = -100.0, .maxValue = 100.0, .defaultValue = glm::vec3(-1.0f), .unit = "m",
         .help = "Upper corner of the pin box (see pin_region_min).",
         .field = CS_FIELD(glm::vec3, cloth.pinRegionMax), .checksCloth = true});

    // --- collision --------------------------------------------------------
    row({.key = "collision.thickness", .label = "thickness", .type = T::Float, .group = G::Collision, .apply = kLive,
         .minValue = 0.0, .maxValue = 0.1, .defaultValue = 0.01f, .unit = "m",
         .help = "Particles are kept this far from every collider surface. Raising it hides "
                 "interpenetration of the rendered triangles but makes the cloth float visibly.",
         .field = CS_FIELD(float, collision.thickness)});
    row({.key = "collision.iterations", .label = "contact passes", .type = T::Int, .group = G::Collision,
         .apply = kLive, .minValue = 1, .maxValue = 20, .defaultValue = 1,
         .help = "How many times per substep contact is detected and resolved (verlet-cloth's collision "
                 "iterations). More passes settle cloth caught between several colliders, or between a "
                 "collider and the ground, and separate folded layers better.",
         .field = CS_FIELD(int, collision.iterations), .scalesWork = true});
    row({.key = "collision.max_depenetration_speed", .label = "max push-out speed", .type = T::Float,
         .group = G::Collision, .apply = kLive, .minValue = 0.1, .maxValue = 100.0, .defaultValue = 2.0f,
         .unit = "m/s",
         .help = "How fast a particle found already inside a collider or the ground at the start of a "
                 "substep (a cloth loaded or restored there, a collider added, moved by a script's jump or "
                 "teleported into it) is pushed out. Contact made during the substep (a cloth landing, a "
                 "moving collider) is resolved at once as always; only what was there before climbs out at "
                 "this speed, so the cloth is not flung. 2 m/s gets a cloth 1.6 m deep out in under a second.",
         .field = CS_FIELD(float, collision.maxDepenetrationSpeed)});
    row({.key = "collision.ground", .label = "ground", .type = T::Bool, .group = G::Collision, .apply = kLive,
         .minValue = 0, .maxValue = 1, .defaultValue = true,
         .help = "An infinite horizontal ground plane the cloth cannot pass.",
         .field = CS_FIELD(bool, collision.ground)});
    row({.key = "collision.ground_height", .label = "ground height", .type = T::Float, .group = G::Collision,
         .apply = kLive, .minValue = -100.0, .maxValue = 100.0, .defaultValue = 0.0f, .unit = "m",
         .help = "Height of the ground plane.",
         .field = CS_FIELD(float, collision.groundHeight)});
    row({.key = "collision.ground_static_friction", .label = "ground static friction", .type = T::Float,
         .group = G::Collision, .apply = kLive, .minValue = 0.0, .maxValue = 2.0, .defaultValue = 0.6f,
         .help = "Coulomb mu_s of the ground: cloth resting on it sticks while the sideways pull is below "
                 "mu_s times the pressing force.",
         .field = CS_FIELD(float, collision.groundStaticFriction)});
    row({.key = "collision.ground_kinetic_friction", .label = "ground kinetic friction", .type = T::Float,
         .group = G::Collision, .apply = kLive, .minValue = 0.0, .maxValue = 2.0, .defaultValue = 0.4f,
         .help = "Coulomb mu_k of the ground: how hard it brakes cloth that is already sliding.",
         .field = CS_FIELD(float, collision.groundKineticFriction)});
    row({.key = "collision.ground_restitution", .label = "ground restitution", .type = T::Float,
         .group = G::Collision, .apply = kLive, .minValue = 0.0, .maxValue = 1.0, .defaultValue = 0.0f,
         .help = "Fraction of the approach speed the ground gives back (0: no bounce, 1: elastic).",
         .field = CS_FIELD(float, collision.groundRestitution)});
    row({.key = "collision.self_collision", .label = "self-collision", .type = T::Bool, .group = G::Collision,
         .apply = kLive, .minValue = 0, .maxValue = 1, .defaultValue = true,
         .help = "Keep the cloth from passing through itself (Offset Geometric Contact): vertex-triangle and "
                 "edge-edge pairs closer than the self radius push apart, and no vertex moves farther than its "
                 "bound between two detections, so no two triangles can come to cross. Every CPU method runs "
                 "it (the GPU solvers have no self-contact). Off: layers pass through each other, and a step "
                 "costs less.",
         .field = CS_FIELD(bool, collision.selfCollision)});
    row({.key = "collision.self_static_friction", .label = "self static friction", .type = T::Float,
         .group = G::Collision, .apply = kLive, .minValue = 0.0, .maxValue = 2.0, .defaultValue = 0.3f,
         .help = "Coulomb mu_s between touching layers of the cloth: a layer resting on another sticks while "
                 "the sideways pull is below mu_s times the pressing force (on a slope: below atan(mu_s)).",
         .field = CS_FIELD(float, collision.selfStaticFriction)});
    row({.key = "collision.self_kinetic_friction", .label = "self kinetic friction", .type = T::Float,
         .group = G::Collision, .apply = kLive, .minValue = 0.0, .maxValue = 2.0, .defaultValue = 0.3f,
         .help = "Coulomb mu_k between layers that already slide on each other: how hard they brake.",
         .field = CS_FIELD(float, collision.selfKineticFriction)});
    row({.key = "collision.self_radius", .label = "self radius", .type = T::Float, .group = G::Collision,
         .apply = kLive, .minValue = 0.0005, .maxValue = 0.1, .defaultValue = 0.008f, .unit = "m",
         .help = "Triangle contact: vertex-triangle and edge-edge pairs closer than this are pushed apart; "
                 "the layers rest about this far apart. Well below the particle spacing is fine (contact is "
                 "against the triangles, not spheres).",
         .field = CS_FIELD(float, collision.selfRadius), .scalesWork = true});
    row({.key = "collision.self_query_radius", .label = "self query radius", .type = T::Float, .group = G::Collision,
         .apply = kLive, .minValue = 0.0005, .maxValue = 0.2, .defaultValue = 0.012f, .unit = "m",
         .help = "Triangle contact: pairs within this distance are found at each detection; it caps each "
                 "vertex's bound (larger: fewer truncations of fast motion, more pairs). Taken as at least "
                 "the self radius.",
         .field = CS_FIELD(float, collision.selfQueryRadius), .scalesWork = true});
    row({.key = "collision.self_skin", .label = "self skin", .type = T::Float, .group = G::Collision,
         .apply = kLive, .minValue = 0.0, .maxValue = 0.2, .defaultValue = 0.0f, .unit = "m",
         .help = "Triangle contact: a detection searches the bounding-volume trees for every pair within the "
                 "query radius plus this skin, and the detections after it test only those pairs until some "
                 "vertex has moved half the skin (larger: fewer searches, more pairs to test); a reset, a cut or "
                 "a larger query radius searches again. It is cut so that the query radius plus the skin stays "
                 "below 0.6 x the mean edge length at rest (beyond it a flat layer's own next ring would be "
                 "candidates). A search that no detection reused is followed by 8 without the skin. 0 (the "
                 "default) searches the trees at every detection. The pairs and bounds are "
                 "the same either way, but reused candidates are tested in another order, so the motion "
                 "differs: on twist with jakobsen a 12 mm skin led to divergences (8 restores by the guard, no "
                 "crossing) where 0 ran through.",
         .field = CS_FIELD(float, collision.selfSkin), .scalesWork = true});
    row({.key = "collision.self_bound_fraction", .label = "self bound fraction", .type = T::Float,
         .group = G::Collision, .apply = kLive, .minValue = 0.05, .maxValue = 0.49, .defaultValue = 0.45f,
         .help = "Triangle contact, gamma_p: between two detections a vertex moves at most this fraction of its "
                 "distance to the nearest triangle or edge it does not belong to. Below 1/2, two approaching "
                 "features cannot meet; smaller is safer and slower.",
         .field = CS_FIELD(float, collision.selfBoundFraction)});
    row({.key = "collision.self_redetect_fraction", .label = "self re-detect fraction", .type = T::Float,
         .group = G::Collision, .apply = kLive, .minValue = 0.0, .maxValue = 1.0, .defaultValue = 0.01f,
         .help = "Triangle contact, gamma_e: when more than this fraction of the vertices were held back by "
                 "their bound, contact is detected again and they advance further (up to 3 times a substep).",
         .field = CS_FIELD(float, collision.selfRedetectFraction)});
    row({.key = "collision.self_detect_every", .label = "self detect every", .type = T::Int, .group = G::Collision,
         .apply = kLive, .minValue = 1, .maxValue = 1000, .defaultValue = 20, .unit = "substeps",
         .help = "Triangle contact: detect at least every this many substeps (and always at a step's "
                 "start). 1 detects every substep: on heap 20 detections and 147 ms a step; 20 (once a step at "
                 "20 substeps) relies on the re-detect fraction when vertices are held back: 2.2 detections and "
                 "14 ms, both without a crossing.",
         .field = CS_FIELD(int, collision.selfDetectEvery)});
    row({.key = "collision.self_compliance", .label = "self compliance", .type = T::Float, .group = G::Collision,
         .apply = kLive, .minValue = 0.0, .maxValue = 1.0, .defaultValue = 1e-6f, .unit = "m/N",
         .help = "Triangle contact in XPBD: compliance of each pair's one-sided constraint (0: hard). A little "
                 "softness keeps layers at rest from buzzing.",
         .field = CS_FIELD(float, collision.selfCompliance)});

    // --- wind -------------------------------------------------------------
    row({.key = "wind.direction", .label = "direction", .type = T::Vec3, .group = G::Wind, .apply = kLive,
         .minValue = -1.0, .maxValue = 1.0, .defaultValue = glm::vec3(0.0f, 0.0f, 1.0f),
         .help = "Direction the wind blows towards (normalised).",
         .field = CS_FIELD(glm::vec3, wind.direction)});
    row({.key = "wind.strength", .label = "speed", .type = T::Float, .group = G::Wind, .apply = kLive,
         .minValue = 0.0, .maxValue = 50.0, .defaultValue = 0.0f, .unit = "m/s",
         .help = "Wind speed. Each triangle feels drag and lift from the air moving past it (wind minus the "
                 "triangle's velocity), so still air also slows a falling sheet.",
         .field = CS_FIELD(float, wind.strength)});
    row({.key = "wind.gust_amplitude", .label = "gust amplitude", .type = T::Float, .group = G::Wind, .apply = kLive,
         .minValue = 0.0, .maxValue = 2.0, .defaultValue = 0.5f,
         .help = "Speed varies as 1 + amplitude x sin(2 pi f t) (xpbd-thesis). Above 1 the wind reverses.",
         .field = CS_FIELD(float, wind.gustAmplitude)});
    row({.key = "wind.gust_frequency", .label = "gust frequency", .type = T::Float, .group = G::Wind, .apply = kLive,
         .minValue = 0.0, .maxValue = 10.0, .defaultValue = 0.5f, .unit = "Hz",
         .help = "How many gusts per second.",
         .field = CS_FIELD(float, wind.gustFrequency)});
    row({.key = "wind.air_density", .label = "air density", .type = T::Float, .group = G::Wind, .apply = kLive,
         .minValue = 0.0, .maxValue = 10.0, .defaultValue = 1.2f, .unit = "kg/m^3",
         .help = "Density of the air (1.2 at sea level). 0 turns aerodynamics off, so a sheet falls like a stone.",
         .field = CS_FIELD(float, wind.airDensity)});
    row({.key = "wind.drag_coefficient", .label = "drag coefficient", .type = T::Float, .group = G::Wind,
         .apply = kLive, .minValue = 0.0, .maxValue = 5.0, .defaultValue = 1.0f,
         .help = "C_D: force along the relative air flow, 1/2 rho C_D A |u|^2 cos(theta). Higher: the cloth "
                 "is pushed harder by wind and falls slower.",
         .field = CS_FIELD(float, wind.dragCoefficient)});
    row({.key = "wind.lift_coefficient", .label = "lift coefficient", .type = T::Float, .group = G::Wind,
         .apply = kLive, .minValue = 0.0, .maxValue = 5.0, .defaultValue = 0.3f,
         .help = "C_L: force across the flow on a tilted triangle, 1/2 rho C_L A |u|^2 cos(theta) sin(theta). "
                 "Makes a flag flutter and a falling sheet glide sideways.",
         .field = CS_FIELD(float, wind.liftCoefficient)});

    // --- tearing ----------------------------------------------------------
    row({.key = "tearing.enabled", .label = "tearing", .type = T::Bool, .group = G::Tearing, .apply = kLive,
         .minValue = 0, .maxValue = 1, .defaultValue = false,
         .help = "Stretch and shear links pulled past the cut length break, and the cloth splits there: "
                 "the particle at the end of the link is duplicated so the triangles on either side come apart.",
         .field = CS_FIELD(bool, tearing.enabled), .soak = ParamSoak::OwnAction});
    row({.key = "tearing.max_stretch", .label = "cut length", .type = T::Float, .group = G::Tearing, .apply = kLive,
         .minValue = 1.01, .maxValue = 10.0, .defaultValue = 1.5f,
         .help = "Length over rest length at which a link breaks (verlet-cloth's cut length). Lower tears at a "
                 "gentler pull; near 1 the cloth tears under its own weight.",
         .field = CS_FIELD(float, tearing.maxStretch)});
    row({.key = "tearing.cut_splits_triangles", .label = "cut follows the blade", .type = T::Bool, .group = G::Tearing,
         .apply = kLive, .minValue = 0, .maxValue = 1, .defaultValue = true,
         .help = "A cut (the mouse's stroke, --cut, a replayed cut) splits the triangles it crosses, so the new "
                 "border lies on the stroke: a vertex is inserted where it crosses an edge, or an end of the edge "
                 "slides onto the crossing when it lies within 20 % of the edge's length of it. Off: a cut parts "
                 "the triangles along their existing edges, and its border zig-zags around the stroke.",
         .field = CS_FIELD(bool, tearing.cutSplitsTriangles)});
    row({.key = "tearing.splits_triangles", .label = "tear across the pull", .type = T::Bool, .group = G::Tearing,
         .apply = kLive, .minValue = 0, .maxValue = 1, .defaultValue = false,
         .help = "Tearing cracks triangles instead of breaking links: a triangle whose largest principal stretch "
                 "passes the cut length splits across the direction it is pulled in, from a corner on the border "
                 "(a crack's tip first), so the crack runs straight across the weave. The cut length is then a "
                 "triangle's principal stretch, not a link's length over its rest length. Off: links past the cut "
                 "length break and the cloth parts along existing edges.",
         .field = CS_FIELD(bool, tearing.splitsTriangles)});

    // --- render -----------------------------------------------------------
    row({.key = "render.cloth_color", .label = "front colour", .type = T::Vec3, .group = G::Render, .apply = kLive,
         .minValue = 0.0, .maxValue = 1.0, .defaultValue = glm::vec3(0.70f, 0.12f, 0.08f),
         .help = "Base colour of the cloth's front side (linear RGB).",
         .field = CS_FIELD(glm::vec3, render.clothColor)});
    row({.key = "render.back_color", .label = "back colour", .type = T::Vec3, .group = G::Render, .apply = kLive,
         .minValue = 0.0, .maxValue = 1.0, .defaultValue = glm::vec3(0.80f, 0.55f, 0.18f),
         .help = "Base colour of the cloth's back side (linear RGB).",
         .field = CS_FIELD(glm::vec3, render.backColor)});
    row({.key = "render.collider_color", .label = "collider colour", .type = T::Vec3, .group = G::Render,
         .apply = kLive, .minValue = 0.0, .maxValue = 1.0, .defaultValue = glm::vec3(0.10f, 0.22f, 0.55f),
         .help = "Base colour of spheres and other colliders (linear RGB).",
         .field = CS_FIELD(glm::vec3, render.colliderColor)});
    row({.key = "render.roughness", .label = "roughness", .type = T::Float, .group = G::Render, .apply = kLive,
         .minValue = 0.04, .maxValue = 1.0, .defaultValue = 0.65f,
         .help = "GGX roughness: low is satin-shiny with a tight highlight, high is matte cotton.",
         .field = CS_FIELD(float, render.roughness)});
    row({.key = "render.shader", .label = "cloth shader", .type = T::Choice, .group = G::Render, .apply = kLive,
         .defaultValue = std::string("ggx"),
         .help = "What the cloth's colour shows (key S cycles): ggx, the shaded fabric; blinn_phong_force, the load "
                 "each particle carries (its largest link force) on a log scale from this frame's 5th to its 90th "
                 "percentile (always spans the whole colour map, so it looks lighter); ggx_force, the same load on a "
                 "linear scale from 0 to the fixed render.force_scale (comparable between frames and "
                 "scenes); the panel shows the scale in newtons; strain, each triangle's largest edge stretch against render.strain_scale "
                 "(compression in blue); normals, the world normal as colour.",
         .choices = {"ggx", "blinn_phong_force", "ggx_force", "strain", "normals"},
         .field = CS_CHOICE_FIELD(ClothShader, render.shader)});
    row({.key = "render.force_scale", .label = "force scale", .type = T::Float, .group = G::Render, .apply = kLive,
         .minValue = 1e-4, .maxValue = 1e4, .defaultValue = 0.015f, .unit = "N",
         .help = "The load on a particle (its largest link force) at the top (yellow) of ggx_force's colour map, "
                 "which is linear from 0; larger loads clip there. Raising it darkens the cloth and shows "
                 "differences among the largest loads.",
         .logarithmic = true, .field = CS_FIELD(float, render.forceScale)});
    row({.key = "render.strain_scale", .label = "strain scale", .type = T::Float, .group = G::Render, .apply = kLive,
         .minValue = 0.001, .maxValue = 1.0, .defaultValue = 0.05f,
         .help = "Relative elongation (length / rest length - 1) of a triangle's most stretched edge at the top of "
                 "the strain map; 0.05 is 5 %. Raising it shows only large stretch, lowering it reveals small stretch.",
         .logarithmic = true, .field = CS_FIELD(float, render.strainScale)});
    row({.key = "render.texture", .label = "fabric texture", .type = T::Bool, .group = G::Render, .apply = kLive,
         .minValue = 0, .maxValue = 1, .defaultValue = true,
         .help = "Multiply a woven-fabric texture (assets/fabric.png) into the cloth's colour in the ggx view; "
                 "laid out by the cloth's rest UVs, so it stretches and tears with the cloth.",
         .field = CS_FIELD(bool, render.texture)});
    row({.key = "render.texture_repeat", .label = "texture repeat", .type = T::Float, .group = G::Render,
         .apply = kLive, .minValue = 0.25, .maxValue = 256.0, .defaultValue = 4.0f,
         .help = "How many times the weave repeats across the cloth's rest UV square; raising it makes the weave finer.",
         .logarithmic = true, .field = CS_FIELD(float, render.textureRepeat)});
    row({.key = "render.light_direction", .label = "light direction", .type = T::Vec3, .group = G::Render,
         .apply = kLive, .minValue = -1.0, .maxValue = 1.0, .defaultValue = glm::vec3(-0.4f, -1.0f, -0.5f),
         .help = "Direction the key light travels.",
         .field = CS_FIELD(glm::vec3, render.lightDirection)});
    row({.key = "render.light_intensity", .label = "light intensity", .type = T::Float, .group = G::Render,
         .apply = kLive, .minValue = 0.0, .maxValue = 10.0, .defaultValue = 3.0f,
         .help = "Brightness of the key light.",
         .field = CS_FIELD(float, render.lightIntensity)});
    row({.key = "render.ambient", .label = "ambient", .type = T::Float, .group = G::Render, .apply = kLive,
         .minValue = 0.0, .maxValue = 1.0, .defaultValue = 0.25f,
         .help = "Light arriving from everywhere; raising it lifts the shadows and flattens the look.",
         .field = CS_FIELD(float, render.ambient)});
    row({.key = "render.wireframe", .label = "wireframe", .type = T::Bool, .group = G::Render, .apply = kLive,
         .minValue = 0, .maxValue = 1, .defaultValue = false,
         .help = "Draw the cloth's triangles as lines (key W).",
         .field = CS_FIELD(bool, render.wireframe)});
    row({.key = "render.ground", .label = "draw ground", .type = T::Bool, .group = G::Render, .apply = kLive,
         .minValue = 0, .maxValue = 1, .defaultValue = true,
         .help = "Draw the gridded ground plane.",
         .field = CS_FIELD(bool, render.showGround)});
    // debug views: drawn over the scene by the renderer (src/sim/debug_draw.hpp); D toggles points + links
    row({.key = "render.debug_points", .label = "particles", .type = T::Bool, .group = G::Render, .apply = kLive,
         .minValue = 0, .maxValue = 1, .defaultValue = false,
         .help = "Debug view: every particle as a small light-grey dot, so the resolution and how the particles "
                 "bunch up or spread out show through the shading (key D, with links).",
         .field = CS_FIELD(bool, render.debugPoints)});
    row({.key = "render.debug_links", .label = "links", .type = T::Choice, .group = G::Render, .apply = kLive,
         .defaultValue = std::string("off"),
         .help = "Debug view: every link as a line. type: green stretch, blue shear, violet bend links (stretch drawn on top). "
                 "strain: white-grey at rest length, redder the more it is stretched, bluer the more it is "
                 "compressed (full colour at 10 % strain) (key D, with particles).",
         .choices = {"off", "type", "strain"}, .field = CS_CHOICE_FIELD(DebugLinkColoring, render.debugLinks)});
    row({.key = "render.debug_normals", .label = "normals", .type = T::Bool, .group = G::Render, .apply = kLive,
         .minValue = 0, .maxValue = 1, .defaultValue = false,
         .help = "Debug view: a short line along each vertex normal (half the mean rest link length), coloured "
                 "like a normal map: red +x, green +y, blue +z. Lines through the cloth mean a flipped side.",
         .field = CS_FIELD(bool, render.debugNormals)});
    row({.key = "render.debug_colliders", .label = "collider outlines", .type = T::Bool, .group = G::Render,
         .apply = kLive, .minValue = 0, .maxValue = 1, .defaultValue = false,
         .help = "Debug view: each collider's surface as mint-green lines (sphere: three great circles; box: "
                 "its edges; capsule: four side lines and its rings; plane: its panel and normal), seen through the cloth.",
         .field = CS_FIELD(bool, render.debugColliders)});
    row({.key = "render.debug_pins", .label = "pins", .type = T::Bool, .group = G::Render, .apply = kLive,
         .minValue = 0, .maxValue = 1, .defaultValue = false,
         .help = "Debug view: pinned particles as large amber dots.",
         .field = CS_FIELD(bool, render.debugPins)});
    row({.key = "render.tool_markers", .label = "tool markers", .type = T::Bool, .group = G::Render, .apply = kLive,
         .minValue = 0, .maxValue = 1, .defaultValue = true,
         .help = "Highlight the particle under the cursor (what a click grabs) and the one held by the mouse.",
         .field = CS_FIELD(bool, render.toolMarkers)});
    row({.key = "render.debug_contacts", .label = "self contacts", .type = T::Bool, .group = G::Render,
         .apply = kLive, .minValue = 0, .maxValue = 1, .defaultValue = false,
         .help = "Debug view: an orange line across every vertex-triangle and edge-edge pair of triangle contact "
                 "closer than the self radius (found by a detection of its own each frame, also while "
                 "self-collision is off: then they mark where layers touch or pass); the cloth is drawn grey with "
                 "the triangles of every crossing pair magenta (counted every 10th frame).",
         .field = CS_FIELD(bool, render.debugContacts)});
    row({.key = "render.debug_buffers", .label = "buffer textures", .type = T::Bool, .group = G::Render,
         .apply = kLive, .minValue = 0, .maxValue = 1, .defaultValue = false,
         .help = "Debug view: a window showing the particle buffers (positions, previous positions, velocities, "
                 "normals) as small images, one texel per particle in grid order. Positions map the bounding box "
                 "to RGB (x red, y green, z blue); velocities and normals map -max..+max to 0..1 per axis (grey = 0).",
         .field = CS_FIELD(bool, render.debugBuffers)});

    // --- camera -----------------------------------------------------------
    row({.key = "camera.yaw", .label = "yaw", .type = T::Float, .group = G::Camera, .apply = kLive,
         .minValue = -360.0, .maxValue = 360.0, .defaultValue = 25.0f, .unit = "deg",
         .help = "Orbit angle around the vertical axis (right-drag).",
         .field = CS_FIELD(float, camera.yaw)});
    row({.key = "camera.pitch", .label = "pitch", .type = T::Float, .group = G::Camera, .apply = kLive,
         .minValue = -89.0, .maxValue = 89.0, .defaultValue = 15.0f, .unit = "deg",
         .help = "Orbit angle above the horizon (right-drag).",
         .field = CS_FIELD(float, camera.pitch)});
    row({.key = "camera.distance", .label = "distance", .type = T::Float, .group = G::Camera, .apply = kLive,
         .minValue = 0.1, .maxValue = 100.0, .defaultValue = 4.0f, .unit = "m",
         .help = "Distance from the orbit target (mouse wheel).",
         .field = CS_FIELD(float, camera.distance)});
    row({.key = "camera.target", .label = "target", .type = T::Vec3, .group = G::Camera, .apply = kLive,
         .minValue = -100.0, .maxValue = 100.0, .defaultValue = glm::vec3(0.0f, 1.0f, 0.0f), .unit = "m",
         .help = "Point the camera orbits around (middle-drag or shift+right-drag pans it).",
         .field = CS_FIELD(glm::vec3, camera.target)});
    row({.key = "camera.fov", .label = "field of view", .type = T::Float, .group = G::Camera, .apply = kLive,
         .minValue = 10.0, .maxValue = 120.0, .defaultValue = 45.0f, .unit = "deg",
         .help = "Vertical field of view.",
         .field = CS_FIELD(float, camera.fov)});
    // which solvers read each row, from the registry's capabilities
    for (ParamDef& def : t)
        if (def.reads != R::None) def.solvers = solverIdsReading(def.reads);
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

bool soakEdits(const ParamDef& def) {
    if (def.soak != ParamSoak::Edits || def.apply != ParamApply::Live) return false;
    return def.type == ParamType::Bool || def.type == ParamType::Int || def.type == ParamType::Float ||
           def.type == ParamType::Vec3 || def.type == ParamType::Choice;
}

std::span<const ParamDef> paramTable() {
    static const std::vector<ParamDef> table = buildTable();
    return table;
}

namespace {
// Keys a scene file may still carry from an older build: what took their place, and
// whether a scene file is read with a note on the line (the key otherwise ignored)
// instead of refused. Overrides (--set) refuse them all.
struct RetiredParam {
    std::string_view key;
    std::string_view replacement;
    bool ignoredInSceneFiles;
};
constexpr RetiredParam kRetiredParams[] = {
    {"collision.self_friction", "'collision.self_static_friction' and 'collision.self_kinetic_friction'", false},
    // The particle model of self-contact was removed (2026-11-29): triangle contact is the
    // only one. Every scene the app saved before names both keys (the writer writes every
    // parameter), so those files are read with a note.
    {"collision.self_model", "triangle contact, which collision.self_collision always uses now", true},
    {"collision.self_thickness", "'collision.self_radius' (triangle contact's distance between layers)", true},
};

const RetiredParam* findRetired(std::string_view key) {
    for (const RetiredParam& retired : kRetiredParams)
        if (retired.key == key) return &retired;
    return nullptr;
}
} // namespace

std::string_view retiredParamReplacement(std::string_view key) {
    const RetiredParam* retired = findRetired(key);
    return retired ? retired->replacement : std::string_view{};
}

bool retiredParamIsIgnored(std::string_view key) {
    const RetiredParam* retired = findRetired(key);
    return retired && retired->ignoredInSceneFiles;
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
        if (def.restartsSolver) out += " (restarts the solver)";
        out += "\n";
    }
    return out;
}

} // namespace cs
