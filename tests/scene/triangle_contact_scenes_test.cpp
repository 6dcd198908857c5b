// Triangle self-contact (collision.self_collision) with every solver that
// honours it (the registry's rows: every CPU method) at its recommended settings on
// the six contact scenes at their test sizes (heap, pile, sheets, push_ball, twist,
// fold): no two triangles ever cross (the exact count after every step), and the cloth
// still does what the scene means (down to the floor, the ball rolled away, the edge
// turned twice, four layers). Pin groups go through the bound like any vertex: an edge
// driven into a pile stops on it. At rest xpbd's heap does not buzz: its kinetic
// energy stays within 10 x that of the same run without self-contact.
#include "../support/scene_fixture.hpp"
#include "../support/sim_fixture.hpp"
#include "../support/temp_dir.hpp"
#include "crossing_check.hpp"
#include "scene/scene.hpp"
#include "sim/collision/contact.hpp"
#include "sim/collision/crossing_count.hpp"
#include "sim/topology_edit.hpp"
#include "sim/simulation.hpp"
#include "sim/stats.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <limits>
#include <filesystem>
#include <fstream>
#include <glm/trigonometric.hpp>
#include <sstream>
#include <ostream>
#include <string>
#include <vector>

namespace cs {
namespace {

// What a scene means the cloth to do, checked at the end of the run.
enum class Motion {
    ReachesTheFloor,  // heap, pile, sheets: the cloth comes down to the floor
    PushesTheBall,    // push_ball: the falling cloth rolls the ball away
    TurnsTwice,       // twist: the turning edge is on its script (two turns by 4 s)
    EndsFolded,       // fold: four layers: the cloth spans at most a third of its width
};

struct TriangleScene {
    const char* file;
    std::vector<std::string> testSize;  // the overrides that make it small (and turn contact on)
    Motion motion;
    int floorBy = 0;  // steps by which the lowest particle is within 5 mm of the floor (0: only checked at the end)
};

struct TriangleCase {
    TriangleScene scene;
    std::string solver;
};

void PrintTo(const TriangleCase& c, std::ostream* out) { *out << c.scene.file << " with " << c.solver; }

std::string asset(const char* name) { return (std::filesystem::path(CLOTHSIM_SOURCE_DIR) / "assets" / name).string(); }

// twist and fold: 24 x 24 over the same square (spacing 0.975 m / 23); push_ball: over
// its 1.17 m square, with self-contact on (the shipped scene has it off).
const TriangleScene kCases[] = {
    {"heap.toml", {"cloth.resolution=[12,48]"}, Motion::ReachesTheFloor},
    // pile and sheets: contact does not slow the fall (the floor within 2 s)
    {"pile.toml", {"cloth.mesh=" + asset("pile_24.obj")}, Motion::ReachesTheFloor, 120},
    {"sheets.toml", {"cloth.mesh=" + asset("sheets_24.obj")}, Motion::ReachesTheFloor, 120},
    {"push_ball.toml", {"cloth.resolution=[24,24]", "cloth.spacing=0.05087", "collision.self_collision=true"},
     Motion::PushesTheBall},
    {"twist.toml", {"cloth.resolution=[24,24]", "cloth.spacing=0.04239"}, Motion::TurnsTwice},
    {"fold.toml", {"cloth.resolution=[24,24]", "cloth.spacing=0.04239"}, Motion::EndsFolded}};

std::vector<TriangleCase> everySceneAndSolver() {
    std::vector<TriangleCase> cases;
    for (const TriangleScene& scene : kCases)
        for (const std::string& solver : test::triangleContactSolverIds()) cases.push_back({scene, solver});
    return cases;
}

SceneDesc loadWithTriangles(const TriangleScene& scene, const std::string& solver = "xpbd",
                            std::vector<std::string> extra = {}) {
    std::vector<std::string> overrides = scene.testSize;
    overrides.insert(overrides.end(), {"solver=" + solver, "collision.self_collision=true"});
    overrides.insert(overrides.end(), extra.begin(), extra.end());
    return test::loadRecommendedOrFail(scene.file, overrides);
}

class TriangleContactScene : public ::testing::TestWithParam<TriangleCase> {};

// The crossing pairs of the cloth's mesh by part 1's brute-force checker.
std::uint64_t bruteForceCrossings(const Cloth& cloth) {
    crossing_check::Mesh mesh;
    for (const glm::vec3& x : cloth.positions) mesh.positions.push_back({x.x, x.y, x.z});
    for (const glm::uvec3& t : cloth.triangles) mesh.triangles.push_back({t.x, t.y, t.z});
    return crossing_check::countCrossingPairs(mesh);
}

// The largest distance of a held vertex from where its group's script puts it now, metres.
float pinLag(const World& world) {
    float lag = 0.0f;
    for (const PinGroup& group : world.pinGroups) {
        if (!group.holding) continue;
        for (std::size_t k = 0; k < group.vertices.size(); ++k)
            lag = std::max(lag, glm::distance(world.cloth.positions[group.vertices[k]],
                                              pinnedPosition(group, k, world.time)));
    }
    return lag;
}

TEST_P(TriangleContactScene, NothingCrossesIn300StepsAndTheClothMovesAsTheSceneMeans) {
    const SceneDesc scene = loadWithTriangles(GetParam().scene, GetParam().solver);
    ASSERT_EQ(scene.settings.solver.id, GetParam().solver);
    Simulation sim(makeWorld(scene));
    CrossingCounter counter;
    ASSERT_EQ(counter.count(sim.world().cloth, 1), 0u);
    std::size_t worst = 0;
    int worstStep = -1;
    long detections = 0;
    const float floorHeight = scene.settings.collision.groundHeight + scene.settings.collision.thickness;
    int reachedFloor = -1;  // the first step after which the lowest particle was within 5 mm of the floor
    float lowestEver = std::numeric_limits<float>::infinity();  // metres, the lowest particle after any step
    const auto began = std::chrono::steady_clock::now();
    for (int step = 1; step <= 300; ++step) {
        detections += sim.step().selfDetections;
        const std::size_t crossings = counter.count(sim.world().cloth, 1);
        if (crossings > worst) {
            worst = crossings;
            worstStep = step;
        }
        for (const glm::vec3& x : sim.world().cloth.positions) lowestEver = std::min(lowestEver, x.y);
        if (reachedFloor < 0 && GetParam().scene.floorBy > 0 && measureCloth(sim.world()).minY <= floorHeight + 0.005f)
            reachedFloor = step;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    EXPECT_EQ(worst, 0u) << "first at its largest at step " << worstStep;
    EXPECT_EQ(sim.recoveries(), 0);
    EXPECT_EQ(measureCloth(sim.world()).nanCount, 0u);
    if (GetParam().scene.floorBy > 0) {
        EXPECT_GT(reachedFloor, 0) << "the cloth never came within 5 mm of the floor";
        EXPECT_LE(reachedFloor, GetParam().scene.floorBy) << "contact slowed the fall";
    }
    // part 1's brute-force checker (all pairs, exact predicates, its own code) on the final mesh
    const std::uint64_t bruteForce = bruteForceCrossings(sim.world().cloth);
    EXPECT_EQ(bruteForce, 0u);
    const ClothStats stats = measureCloth(sim.world());
    // a row of the table the resolution note quotes (ctest -V -R TriangleContactScene)
    std::cout << "| " << GetParam().scene.file << " | " << GetParam().solver << " | " << worst << " | " << bruteForce
              << " | " << 1000.0 * seconds / 300.0 << " ms | " << static_cast<double>(detections) / 300.0
              << " | lowest " << stats.minY << " m (at any step " << lowestEver << " m) |\n";
    const float floor = scene.settings.collision.groundHeight + scene.settings.collision.thickness;
    // self-contact's pushes do not press the lower layers through the floor (the ground
    // holds the cloth its thickness above it; within that layer, a landing may give)
    if (scene.settings.collision.ground) {
        EXPECT_GE(lowestEver, scene.settings.collision.groundHeight) << "pushed through the floor";
    }
    switch (GetParam().scene.motion) {
    case Motion::ReachesTheFloor: EXPECT_LT(stats.minY, floor + 0.01f) << "the cloth comes down to the floor"; break;
    case Motion::PushesTheBall:
        ASSERT_EQ(sim.world().colliders.size(), 1u);
        EXPECT_GT(sim.world().colliders[0].pose.position.x, 0.5f) << "the ball rolls away from under the cloth";
        break;
    case Motion::TurnsTwice:
        // its script turned the edge 720 degrees by 4 s; held back by contact on the way, it caught up
        EXPECT_LT(pinLag(sim.world()), 1e-4f);
        break;
    case Motion::EndsFolded: {
        const float width = static_cast<float>(scene.settings.cloth.resolution.x - 1) * scene.settings.cloth.spacing;
        const float folded = stats.bboxMax.x - stats.bboxMin.x;
        // folded in half twice: a third of the width, and half a spacing for the bends
        // around the layers below, each a contact radius thick on a floor that holds them
        // (pbd and vbd: 0.34 m of the 0.975 m square, 0.325 m a third)
        if (folded < width / 3.0f + 0.5f * scene.settings.cloth.spacing) break;
        // Not folded twice: only right where the method does not fold twice on its own
        // either (desbrun at one step a frame: 0.555 m of the 0.975 m square, contact
        // off), and then contact must leave it no wider than that, give or take a spacing.
        Simulation free(makeWorld(loadWithTriangles(GetParam().scene, GetParam().solver,
                                                    {"collision.self_collision=false"})));
        for (int step = 0; step < 300; ++step) free.step();
        const ClothStats freeStats = measureCloth(free.world());
        const float freeFolded = freeStats.bboxMax.x - freeStats.bboxMin.x;
        EXPECT_GE(freeFolded, width / 3.0f) << "the method folds twice without contact, but not with it: "
                                            << folded << " m wide";
        EXPECT_LT(folded, freeFolded + scene.settings.cloth.spacing) << "contact kept the fold open";
        break;
    }
    }
}

INSTANTIATE_TEST_SUITE_P(Scenes, TriangleContactScene, ::testing::ValuesIn(everySceneAndSolver()),
                         [](const ::testing::TestParamInfo<TriangleCase>& c) {
                             return test::sceneTestName(c.param.scene.file) + "_" + c.param.solver;
                         });

// The one-step methods (one solve a frame) take solver.contact_substeps from their
// recommended settings, and so more substeps while self-contact runs: in one step
// contact holds each vertex to its bound (millimetres) far from where the solve put it,
// and the 24^2 pile's longest edge reached 2.13 / 5.56 / 3.01 x its rest length at some
// step (projective_dynamics, desbrun, implicit_euler; the 64^2 pile's 24 x); with 4 / 4
// / 2 substeps 1.19 / 1.39 / 1.32 x (implicit_euler takes 2: at 4 the wrung 24^2 twist
// jammed, its edge 0.18 m off its script at 5 s). Without contact (or with a GPU id,
// which has none) they keep their one step.
struct OneStepMethod {
    const char* id;
    int contactSubsteps;  // what its compare_<id>.toml gives
};

void PrintTo(const OneStepMethod& m, std::ostream* out) { *out << m.id; }

class OneStepMethodUnderContact : public ::testing::TestWithParam<OneStepMethod> {};

TEST_P(OneStepMethodUnderContact, TakesMoreSubstepsAndThePileKeepsItsEdges) {
    const TriangleScene& pile = kCases[1];
    ASSERT_STREQ(pile.file, "pile.toml");
    const SceneDesc scene = loadWithTriangles(pile, GetParam().id);
    EXPECT_EQ(scene.settings.solver.substeps, 1);
    EXPECT_EQ(scene.settings.solver.contactSubsteps, GetParam().contactSubsteps);
    Simulation sim(makeWorld(scene));
    EXPECT_EQ(substepsThisStep(sim.world()), GetParam().contactSubsteps);
    float stretched = 0.0f;  // the longest edge over its rest length at any step
    for (int step = 0; step < 300; ++step) {
        sim.step();
        stretched = std::max(stretched, measureCloth(sim.world()).maxStretchRatio);
    }
    std::cout << GetParam().id << ": longest edge " << stretched << " x its rest length\n";
    EXPECT_LT(stretched, 1.5f);
    EXPECT_EQ(sim.recoveries(), 0);

    World without = makeWorld(scene);
    without.settings.collision.selfCollision = false;
    EXPECT_EQ(substepsThisStep(without), 1);
    without.settings.collision.selfCollision = true;
    without.settings.solver.substeps = 6;  // more than contact asks for: the setting's own
    EXPECT_EQ(substepsThisStep(without), 6);
    without.settings.solver.substeps = 1;
    without.settings.solver.id = "xpbd_gpu";  // no self-contact, though the setting is on
    EXPECT_EQ(substepsThisStep(without), 1);
}

INSTANTIATE_TEST_SUITE_P(Methods, OneStepMethodUnderContact,
                         ::testing::Values(OneStepMethod{"projective_dynamics", 4}, OneStepMethod{"desbrun", 4},
                                           OneStepMethod{"implicit_euler", 2}),
                         [](const ::testing::TestParamInfo<OneStepMethod>& m) { return std::string(m.param.id); });

// A cloth that is already crossed when self-contact starts (the 24^2 pile dropped with
// it off: 448 crossing pairs after 150 steps): contact reports the crossings and never
// makes more. Pairs that cross are at distance 0, so their vertices' bounds are 0 and
// they stay as they are; every other pair keeps apart as usual.
TEST(TriangleContactCrossedStart, TheCrossingsAreNeverMore) {
    const SceneDesc scene = loadWithTriangles(kCases[1], "xpbd", {"collision.self_collision=false"});
    Simulation sim(makeWorld(scene));
    for (int step = 0; step < 150; ++step) sim.step();
    CrossingCounter counter;
    const std::size_t crossedAtStart = counter.count(sim.world().cloth, 1);
    ASSERT_GT(crossedAtStart, 50u) << "the cloth must start crossed, or the test proves nothing";
    sim.world().settings.collision.selfCollision = true;
    std::size_t most = 0;
    for (int step = 0; step < 30; ++step) {
        sim.step();
        most = std::max(most, counter.count(sim.world().cloth, 1));
    }
    EXPECT_LE(most, crossedAtStart);
    EXPECT_EQ(sim.recoveries(), 0);
    std::cout << "crossed at the start " << crossedAtStart << ", the most after any step " << most << "\n";
}

// A hanging cloth cut across its middle: the lower half falls away to the floor (the
// copies along the cut are one vertex while they touch, so neither side holds the
// other), and nothing crosses on the way.
class TriangleContactCut : public ::testing::TestWithParam<std::string> {};

TEST_P(TriangleContactCut, TheLowerHalfFallsAwayWithoutACrossing) {
    const SceneDesc scene = test::loadRecommendedOrFail(
        "hanging_top_row.toml", {"cloth.resolution=[24,24]", "cloth.spacing=0.065", "solver=" + GetParam(),
                                 "collision.self_collision=true"});
    Simulation sim(makeWorld(scene));
    const CutResult cut = cutAlongRestSegment(sim.world().cloth, {0.0f, 0.5f}, {1.0f, 0.5f});
    sim.topologyEdited();
    ASSERT_GT(cut.particlesAdded, 0u) << "the cut must part the cloth";
    const float floor = scene.settings.collision.groundHeight + scene.settings.collision.thickness;
    const float startLowest = measureCloth(sim.world()).minY;
    ASSERT_GT(startLowest, floor + 0.5f) << "the cloth must hang well above the floor for the fall to show";
    CrossingCounter counter;
    std::size_t worst = 0;
    for (int step = 0; step < 150; ++step) {
        sim.step();
        worst = std::max(worst, counter.count(sim.world().cloth, 1));
    }
    EXPECT_EQ(worst, 0u);
    EXPECT_EQ(sim.recoveries(), 0);
    EXPECT_LT(measureCloth(sim.world()).minY, floor + 0.01f) << "the lower half reaches the floor";
}

INSTANTIATE_TEST_SUITE_P(Solvers, TriangleContactCut, ::testing::ValuesIn(test::triangleContactSolverIds()),
                         [](const ::testing::TestParamInfo<std::string>& c) { return c.param; });

// A cloth hanging from its top edge, which a pin group's path lowers straight down to
// 0.1 m below the floor and raises back: the cloth below piles up on the floor, and the
// bound stops the held edge on the pile instead of letting the script put it through.
// (The edge then stays buried: the pile has folded over it, and a held vertex pressed
// onto a layer keeps a bound near 0 — the README says what is next.)
constexpr const char* kDrivenEdgeScene = R"(
[solver]
id = "xpbd"
[cloth]
resolution = [16, 16]
spacing = 0.04
orientation = "vertical"
origin = [0.0, 0.7, 0.0]
link_level = 2
mass_mode = "density"
density = 0.2
pins = "none"
[collision]
thickness = 0.01
ground = true
self_collision = true
[[pin_group]]
uv_min = [0.0, 0.0]
uv_max = [1.0, 0.0]
script = "path"
path = [[0.0, 0.0, 0.0], [0.0, -0.8, 0.0], [0.0, 0.0, 0.0]]
speed = 1.0
loop = false
)";

// 60 steps (the way down takes 0.8 s) of kDrivenEdgeScene with `solver`. With
// `restoreEveryStep` the stage is invalidated before every step as a restore (the
// guard's, time travel's) or a cut invalidates it: the step's scripts then put
// the held edge back on its path, up to its lag below where it was held, and contact
// must still hold it to its bounds, not take the restored step's start as safe.
struct DrivenEdgeRun {
    std::size_t worstCrossings = 0;
    float largestLag = 0.0f;  // metres
    int recoveries = 0;
};
DrivenEdgeRun driveTheEdgeIntoThePile(const std::string& solver, bool restoreEveryStep) {
    const test::TempDir folder("driven_edge");
    const std::filesystem::path file = folder.path() / "driven_edge.toml";
    std::ofstream(file) << kDrivenEdgeScene;
    const SceneLoad load = loadSceneFile(
        file, SceneLoadOptions{.overrides = {"solver=" + solver}, .recommended = true, .compareFolder = test::kScenes});
    EXPECT_TRUE(load.ok()) << load.errorText();
    DrivenEdgeRun run;
    if (!load.ok()) return run;
    Simulation sim(makeWorld(*load.scene));
    CrossingCounter counter;
    for (int step = 0; step < 60; ++step) {
        if (restoreEveryStep) sim.stateRestored();  // what a restore does to the stage, without moving the cloth
        sim.step();
        run.worstCrossings = std::max(run.worstCrossings, counter.count(sim.world().cloth, 1));
        run.largestLag = std::max(run.largestLag, pinLag(sim.world()));
    }
    run.recoveries = sim.recoveries();
    return run;
}

class TriangleContactPinGroup : public ::testing::TestWithParam<std::string> {};

TEST_P(TriangleContactPinGroup, AnEdgeDrivenIntoThePileStopsOnItWithoutACrossing) {
    const DrivenEdgeRun run = driveTheEdgeIntoThePile(GetParam(), false);
    EXPECT_EQ(run.worstCrossings, 0u);
    EXPECT_GT(run.largestLag, 0.05f) << "the script drives the edge 0.1 m below the floor: the pile under it must stop it";
    EXPECT_EQ(run.recoveries, 0);
}

TEST_P(TriangleContactPinGroup, AnEdgeDrivenIntoThePileStopsOnItThoughEveryStepStartsFromARestore) {
    const DrivenEdgeRun run = driveTheEdgeIntoThePile(GetParam(), true);
    EXPECT_EQ(run.worstCrossings, 0u);
    EXPECT_GT(run.largestLag, 0.05f) << "the pile must still stop the edge";
}

INSTANTIATE_TEST_SUITE_P(Solvers, TriangleContactPinGroup, ::testing::ValuesIn(test::triangleContactSolverIds()),
                         [](const ::testing::TestParamInfo<std::string>& c) { return c.param; });

// Friction between layers: a 6 x 6 sheet resting on a fixed 30 x 10 sheet, with gravity
// tilted by theta instead of the sheets (mu_s = 0.5: 26.6 degrees; mu_k = 0.3). Returns
// how far the small sheet's middle has slid down the slope after `seconds`, metres.
float slideOnATiltedSheet(float thetaDegrees, float seconds) {
    constexpr int kLongSide = 30, kShortSide = 10, kSmall = 6;
    constexpr float kSpacing = 0.05f, kHeight = 0.5f, kStart = 0.008f;  // resting at the contact radius
    const test::TempDir folder("tilted_sheets");
    std::ofstream obj(folder.path() / "sheets.obj");
    for (int z = 0; z < kShortSide; ++z)
        for (int x = 0; x < kLongSide; ++x) obj << "v " << x * kSpacing << " " << kHeight << " " << z * kSpacing << "\n";
    // the small sheet near the upper end, half a spacing off the grid: its vertices over face interiors
    for (int z = 0; z < kSmall; ++z)
        for (int x = 0; x < kSmall; ++x)
            obj << "v " << 1.0f + (x + 0.5f) * kSpacing << " " << kHeight + kStart << " " << (z + 1.5f) * kSpacing << "\n";
    const auto quads = [&](int columns, int rows, int first) {
        for (int z = 0; z + 1 < rows; ++z)
            for (int x = 0; x + 1 < columns; ++x) {
                const int a = first + z * columns + x + 1, b = a + 1, c = a + columns, d = c + 1;  // OBJ counts from 1
                obj << "f " << a << " " << c << " " << b << "\nf " << b << " " << c << " " << d << "\n";
            }
    };
    quads(kLongSide, kShortSide, 0);
    quads(kSmall, kSmall, kLongSide * kShortSide);
    obj.close();
    const float theta = glm::radians(thetaDegrees);
    std::ostringstream scene;
    scene << "[sim]\ngravity = [" << -9.81f * std::sin(theta) << ", " << -9.81f * std::cos(theta) << ", 0.0]\n"
          << "[solver]\nid = \"xpbd\"\nsubsteps = 20\ndamping = 0.0\n"
          << "[wind]\ndrag_coefficient = 0.0\nlift_coefficient = 0.0\n"
          << "[cloth]\nmesh = \"sheets.obj\"\nallow_pieces = true\nmass_mode = \"density\"\ndensity = 0.2\npins = \"none\"\npin_vertices = [";
    for (int i = 0; i < kLongSide * kShortSide; ++i) scene << (i ? ", " : "") << i;
    scene << "]\n[collision]\nground = false\nself_collision = true\n"
          << "self_static_friction = 0.5\nself_kinetic_friction = 0.3\n";
    std::ofstream(folder.path() / "tilted.toml") << scene.str();
    const SceneLoad load = loadSceneFile(folder.path() / "tilted.toml", SceneLoadOptions{});
    EXPECT_TRUE(load.ok()) << load.errorText();
    if (!load.ok()) return 0.0f;
    Simulation sim(makeWorld(*load.scene));
    const auto smallSheetX = [&] {
        float sum = 0.0f;
        for (int i = kLongSide * kShortSide; i < kLongSide * kShortSide + kSmall * kSmall; ++i)
            sum += sim.world().cloth.positions[static_cast<std::size_t>(i)].x;
        return sum / static_cast<float>(kSmall * kSmall);
    };
    const float startX = smallSheetX();
    CrossingCounter counter;
    std::size_t worst = 0;
    while (sim.world().time < seconds - 1e-6) {
        sim.step();
        worst = std::max(worst, counter.count(sim.world().cloth, 1));
    }
    EXPECT_EQ(worst, 0u);
    return startX - smallSheetX();  // the sheets lie in x-z: down the slope is -x
}

TEST(TriangleContactFriction, ASheetOnASheetStaysBelowTheStaticAngleAndSlidesAtMuKAbove) {
    // tan(20 deg) = 0.36 < mu_s: it stays (less than 2 mm in a second)
    EXPECT_LT(slideOnATiltedSheet(20.0f, 1.0f), 0.002f);
    // tan(35 deg) = 0.70 > mu_s: it slides, braked by mu_k: x = g (sin - mu_k cos) t^2 / 2
    const float theta = glm::radians(35.0f), t = 0.5f;
    const float slid = slideOnATiltedSheet(35.0f, t);
    const float acceleration = 2.0f * slid / (t * t);
    const float measuredMuK = (std::sin(theta) - acceleration / 9.81f) / std::cos(theta);
    EXPECT_NEAR(measuredMuK, 0.3f, 0.05f) << "slid " << slid << " m in " << t << " s: " << acceleration << " m/s^2";
}

TEST(TriangleContactHeap, SettlesWithoutBuzzing) {
    const TriangleScene& heap = kCases[0];
    ASSERT_STREQ(heap.file, "heap.toml");
    Simulation with(makeWorld(loadWithTriangles(heap)));
    const SceneDesc off = loadWithTriangles(heap, "xpbd", {"collision.self_collision=false"});
    Simulation without(makeWorld(off));
    for (int step = 0; step < 300; ++step) {
        with.step();
        without.step();
    }
    const double kineticWith = measureCloth(with.world()).kineticEnergy;
    const double kineticWithout = measureCloth(without.world()).kineticEnergy;
    EXPECT_LE(kineticWith, 10.0 * kineticWithout) << kineticWith << " J against " << kineticWithout << " J";
}

} // namespace
} // namespace cs
