#pragma once
// The soak test (--soak): random actions within the declared ranges — live
// parameter edits, solver and scene switches, cuts, tearing on and off, grabs and
// drags, collider moves, pins, resets — every few steps, from a PRNG seeded by
// --seed, checking after each action that the state is sound. Actions go through
// the same InputPlayer as --replay, so a soak's recording replays it exactly.
#include "sim/cloth.hpp"

#include <cstdint>
#include <iosfwd>
#include <map>
#include <string>
#include <vector>

namespace cs {

struct ParamDef;

struct SoakOptions {
    long long steps = 20'000;
    std::uint64_t seed = 1;
    std::string scenePath;                 // the first scene
    std::vector<std::string> overrides;    // applied to every scene the soak loads (keep cloths small)
    std::string sceneFolder;               // scenes to switch among (grid cloths only; ones that load)
    int meanActionInterval = 20;           // steps between actions, on average
    // When > 0, the parameters that multiply the work of a step (ParamDef::scalesWork) are drawn
    // in [min, workCap] (integers: substeps, iterations) or [min, workCap x default] (floats:
    // the self-contact radii, whose pairs grow with their cube: at 0.15 m every pair of a
    // 10 x 10 cloth is a candidate, 3 ms a detection instead of 0.1), and when the explosion
    // guard has raised one above it the next action puts it back: a 20 000-step soak then
    // takes a minute, not an hour.
    int workCap = 0;
    std::ostream* record = nullptr;        // the actions, in the --replay format
};

// Memory: after the warm-up (a tenth of the run, at least 1000 steps) the resident
// set may not grow more than this above its largest warm-up value.
inline constexpr long long kSoakRssGrowthLimitKb = 64 * 1024;

struct SoakReport {
    long long steps = 0;
    std::map<std::string, long long> actions;  // applied, by kind
    long long skippedActions = 0;              // rejected by the player (a cut that misses the cloth)
    long long recoveries = 0;                  // steps the explosion guard took back
    long long invariantFailures = 0;
    std::string firstFailure;                  // "step N after ACTION: what"
    long long warmRssKb = 0;
    long long maxRssKb = 0;
    std::size_t scenes = 0;                    // in the pool
    std::uint64_t finalHash = 0;               // stateHash of the last cloth
    // Crossing pairs of the cloth's own triangles (crossing_count.hpp), counted at every
    // invariant check (around each action, and at the end): the largest and the last.
    std::size_t selfIntersectionsMax = 0;
    std::size_t selfIntersectionsFinal = 0;
    std::string error;                         // the soak could not start
    std::vector<std::string> notes;            // the simulation's notes for the user, in order
};

// The process's resident set, kilobytes (0 where /proc is missing).
long long residentSetKb();

SoakReport runSoak(const SoakOptions& options);
// `count` values for a parameter row drawn as the soak draws them (from `seed`, under
// `workCap`), in the text form of a set action.
std::vector<std::string> soakValues(const ParamDef& def, int workCap, std::uint64_t seed, int count);
std::string soakJson(const SoakReport& report);

} // namespace cs
