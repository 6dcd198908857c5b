#pragma once
// The headless runner: the same World and solvers as the app, no window and no
// OpenGL. Tests, benchmarks and scripts all go through it.
#include "command_line.hpp"
#include "sim/simulation.hpp"
#include "sim/stats.hpp"

#include <string>
#include <vector>

namespace cs {

// A dynamic collider at the end of the run.
struct RigidBodyReport {
    std::size_t collider;  // index among the scene's colliders
    float mass;            // kilograms
    glm::vec3 position;    // metres
    glm::vec3 velocity;    // metres per second
};

struct HeadlessReport {
    std::string scene;
    std::string solver;
    long long steps = 0;
    float dt = 0.0f;
    std::size_t particles = 0;
    std::size_t constraints = 0;
    double simTime = 0.0;
    double wallMsMean = 0.0;
    double wallMsMedian = 0.0;
    int recoveries = 0;
    std::string lastRecovery;  // the guard's last message, empty with no recovery
    StepStats lastStep;
    ClothStats cloth;
    TopologyStats topology;
    std::vector<RigidBodyReport> rigidBodies;
    std::string stateHash;  // --replay: stateHash of the final cloth, hex; empty otherwise
};

// Runs `steps` physics steps; per-step wall times go into `stepMs` (sized by the caller).
HeadlessReport runSteps(Simulation& sim, long long steps, std::vector<double>& stepMs);

std::string reportJson(const HeadlessReport& report);
std::string clothObj(const Cloth& cloth);

int runHeadless(const CommandLine& commandLine);

} // namespace cs
