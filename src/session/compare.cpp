#include "compare.hpp"

#include "json_text.hpp"
#include "scene/scene.hpp"
#include "sim/params.hpp"
#include "sim/solver.hpp"

#include <algorithm>
#include <chrono>
#include <sstream>

namespace cs {
namespace {

std::string trimmed(std::string_view text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(" \t");
    return std::string(text.substr(first, last - first + 1));
}

// "solver=ID" or "solver.id=ID" (findParam knows the alias): what tells the copies
// apart, so not for all of them.
bool setsSolver(std::string_view assignment) {
    const ParamDef* def = findParam(assignment.substr(0, assignment.find('=')));
    return def && def->key == "solver.id";
}

std::string knownMethods() {
    std::string list;
    for (const SolverInfo& info : solverRegistry())
        if (!info.gpu()) list += (list.empty() ? "" : ", ") + std::string(info.id);
    return list;
}

} // namespace

std::string CompareSession::parseMethods(const std::string& list, std::vector<std::string>& out) {
    out.clear();
    if (!list.empty() && list.back() == ',') return "--compare: an empty method at the end of '" + list + "'";
    std::istringstream in(list);
    for (std::string item; std::getline(in, item, ',');) {
        out.push_back(trimmed(item));
        if (out.back().empty()) return "--compare: an empty method in '" + list + "' (write them as xpbd,vbd,pbd)";
    }
    return checkMethods(out);
}

std::string CompareSession::checkMethods(const std::vector<std::string>& methods) {
    for (auto id = methods.begin(); id != methods.end(); ++id) {
        const SolverInfo* info = findSolver(*id);
        if (!info || info->gpu())
            return "--compare: '" + *id + "' is not a CPU method (they are: " + knownMethods() + ")";
        if (std::find(methods.begin(), id, *id) != id) return "--compare: '" + *id + "' is named twice";
    }
    if (methods.empty()) return "--compare needs at least one method (xpbd,vbd,pbd)";
    if (methods.size() > kMaxCompareMethods)
        return "--compare: at most " + std::to_string(kMaxCompareMethods) + " methods";
    return {};
}

std::string CompareSession::start(const std::vector<std::string>& methods, const std::string& scenePath,
                                  const std::vector<std::string>& overrides, bool headless) {
    for (const std::string& assignment : overrides)
        if (setsSolver(assignment))
            return "compare mode runs each method with its own solver: '" + assignment +
                   "' would make them all one (name the methods in --compare)";
    std::vector<CompareCopy> copies;
    for (const std::string& id : methods) {
        std::vector<std::string> base{"solver=" + id};
        base.insert(base.end(), overrides.begin(), overrides.end());
        CompareCopy copy;
        copy.solver = id;
        copy.player = std::make_unique<InputPlayer>(std::move(base), /*recommended=*/true);
        if (std::string error = copy.player->loadScene(scenePath); !error.empty()) return id + ": " + error;
        if (headless) copy.recorder = std::make_unique<RunRecorder>(*copy.player->simulation());
        copies.push_back(std::move(copy));
    }
    m_copies = std::move(copies);
    m_notes.clear();
    m_steps = 0;
    m_headless = headless;
    return {};
}

std::string CompareSession::applyTo(std::size_t index, const InputAction& action) {
    if (index >= m_copies.size()) return "no copy " + std::to_string(index);
    return m_copies[index].player->apply(action);
}

std::string CompareSession::apply(const InputAction& action) {
    const ReplayVerb* verb = findReplayVerb(action.verb);
    if (verb && (verb->verb == Verb::Set || verb->verb == Verb::Base) && setsSolver(action.args))
        return "compare mode runs each method with its own solver: '" + action.verb + " " + action.args +
               "' applies to one copy only";
    for (CompareCopy& copy : m_copies)
        if (std::string error = copy.player->apply(action); !error.empty()) return copy.solver + ": " + error;
    return {};
}

void CompareSession::step() {
    ++m_steps;
    for (CompareCopy& copy : m_copies) {
        InputPlayer& player = *copy.player;
        Simulation& sim = *player.simulation();
        // headless: a copy the guard holds has stopped, as a single run does (its report
        // counts the steps it took); the window leaves it held until a reset
        if (sim.halted()) continue;
        const auto start = std::chrono::steady_clock::now();
        const StepStats stats = player.step();
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        for (std::string& note : player.takeNotes()) m_notes.push_back(copy.solver + ": " + std::move(note));
        if (!m_headless) {  // the window shows what the guard did; a headless run prints it (RunRecorder)
            copy.lastStepMs = stats.totalMs;  // the solver's step, as the app's own copy is timed
            if (stats.diverged) m_notes.push_back(copy.solver + ": " + sim.lastRecoveryMessage());
            if (sim.halted()) m_notes.push_back(copy.solver + ": held by the explosion guard until a reset");
            continue;
        }
        copy.lastStepMs = ms;
        copy.recorder->stepped(sim, stats, ms);
        const ClothStats cloth = measureCloth(sim.world());
        copy.samples.push_back({m_steps, cloth.maxStretchRatio, cloth.kineticEnergy, cloth.maxLinkError, ms});
    }
}

std::vector<std::string> CompareSession::takeNotes() { return std::exchange(m_notes, {}); }

std::string compareJson(const std::string& scene, long long steps, const std::vector<HeadlessReport>& reports) {
    Json j;
    j["scene"] = scene;
    j["steps"] = steps;
    Json& methods = j["methods"] = Json::object();
    for (const HeadlessReport& report : reports) methods[report.solver] = reportObject(report);
    return jsonText(j);
}

std::string compareCsv(const std::vector<CompareCopy>& copies) {
    std::ostringstream out;
    out.precision(9);
    out << "step,solver,max_stretch_ratio,kinetic_energy,residual,ms\n";
    std::size_t rows = 0;
    for (const CompareCopy& copy : copies) rows = std::max(rows, copy.samples.size());
    for (std::size_t k = 0; k < rows; ++k)
        for (const CompareCopy& copy : copies) {
            if (k >= copy.samples.size()) continue;
            const CompareSample& s = copy.samples[k];
            out << s.step << "," << copy.solver << "," << s.maxStretchRatio << "," << s.kineticEnergy << ","
                << s.residual << "," << s.ms << "\n";
        }
    return out.str();
}

} // namespace cs
