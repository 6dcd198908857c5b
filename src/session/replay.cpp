#include "replay.hpp"

#include "scene/scene.hpp"
#include "sim/topology_edit.hpp"

#include <algorithm>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <ostream>
#include <sstream>

namespace cs {

InputScript parseInputScript(const std::string& text, const std::string& fileName) {
    InputScript script;
    std::istringstream in(text);
    std::string line;
    long long lastStep = 0;
    for (int lineNumber = 1; std::getline(in, line); ++lineNumber) {
        auto fail = [&](const std::string& what) {
            script.error = fileName + ":" + std::to_string(lineNumber) + ": " + what;
            return script;
        };
        if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        std::istringstream fields(line);
        std::string stepText, verb;
        if (!(fields >> stepText)) continue;  // blank or comment
        long long step = 0;
        auto [end, ec] = std::from_chars(stepText.data(), stepText.data() + stepText.size(), step);
        if (ec != std::errc() || end != stepText.data() + stepText.size() || step < 0)
            return fail("a line starts with its step, a whole number >= 0, not '" + stepText + "'");
        if (step < lastStep) return fail("steps must not decrease (" + std::to_string(step) + " after " +
                                         std::to_string(lastStep) + ")");
        if (script.endStep) return fail("nothing may follow the end line");
        if (!(fields >> verb)) return fail("an action is missing after the step");
        std::string args;
        std::getline(fields, args);
        const auto first = args.find_first_not_of(" \t");
        args = first == std::string::npos ? "" : args.substr(first);
        while (!args.empty() && (args.back() == ' ' || args.back() == '\t')) args.pop_back();
        VerbArgs parsed;
        if (std::string problem = checkAction(verb, args, parsed); !problem.empty()) return fail(problem);
        lastStep = step;
        if (findReplayVerb(verb)->verb == Verb::End) script.endStep = step;
        else script.actions.push_back({step, verb, args});
    }
    return script;
}

InputScript loadInputScript(const std::filesystem::path& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        InputScript script;
        script.error = path.string() + ": is a folder, not an input file";
        return script;
    }
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        InputScript script;
        script.error = path.string() + ": cannot be read";
        return script;
    }
    std::ostringstream text;
    text << file.rdbuf();
    return parseInputScript(text.str(), path.string());
}

InputPlayer::InputPlayer(std::vector<std::string> baseOverrides, bool recommended)
    : m_base(std::move(baseOverrides)), m_recommended(recommended) {}

std::string InputPlayer::loadScene(const std::string& path) {
    // a relative path not found here is looked for in the project root, like --set's files
    std::filesystem::path file = path;
    std::error_code ec;
    if (file.is_relative() && !std::filesystem::exists(file, ec) && std::filesystem::exists(projectRoot() / file, ec))
        file = projectRoot() / file;
    SceneLoad load = loadSceneFile(file, SceneLoadOptions{.overrides = m_base, .recommended = m_recommended});
    if (!load.ok()) return load.errorText();
    auto sim = std::make_unique<Simulation>(makeWorld(*load.scene));
    if (!sim->world().clothError.empty()) return sim->world().clothError;
    letGo();
    m_sim = std::move(sim);
    m_scenePath = path;
    return {};
}

void InputPlayer::letGo() {
    m_grab.drop();
    m_colliderGrab.drop();
    m_cutUndo.clear();
}

void InputPlayer::keepMoments(std::vector<std::uint64_t> moments) {
    std::sort(moments.begin(), moments.end());
    moments.erase(std::unique(moments.begin(), moments.end()), moments.end());
    m_moments = std::move(moments);
}

void InputPlayer::keepMomentIfNamed() {
    if (!m_sim || !std::binary_search(m_moments.begin(), m_moments.end(), moment())) return;
    if (m_kept.capacity() == 0) m_kept.setCapacity(m_moments.size(), m_sim->world());
    m_kept.record(m_sim->world(), moment());
}

void InputPlayer::keepState(std::uint64_t tag, std::size_t capacity) {
    if (!m_sim) return;
    if (m_kept.capacity() != capacity) m_kept.setCapacity(capacity, m_sim->world());
    if (capacity > 0) m_kept.record(m_sim->world(), tag);
}

std::string InputPlayer::apply(const InputAction& action) {
    VerbArgs args;
    if (std::string problem = checkAction(action.verb, action.args, args); !problem.empty()) return problem;
    const ReplayVerb& row = *findReplayVerb(action.verb);
    if (!row.apply) return "'" + action.verb + "' cannot be applied";
    if (row.needsSimulation) {
        if (!m_sim) return "no scene is loaded";
        m_sim->syncToCpu();
    }
    if (std::string error = row.apply(*this, args); !error.empty()) return error;
    if (m_record) *m_record << formatAction({m_steps, action.verb, action.args}) << "\n";
    ++m_applied;
    keepMomentIfNamed();
    return {};
}

StepStats InputPlayer::step() {
    const auto start = std::chrono::steady_clock::now();
    World& world = m_sim->world();
    const float dt = world.settings.sim.dt;
    if (m_grab.holding(world)) m_grab.apply(world, dt);
    if (m_colliderGrab.holding(world)) m_colliderGrab.apply(world, dt);
    ++m_steps;
    const StepStats stats = m_sim->step();
    m_lastStats = stats;
    m_lastStepMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    for (std::string& note : m_sim->takeNotes()) m_notes.push_back(std::move(note));
    keepMomentIfNamed();
    return stats;
}

ReplayResult replayScript(const InputScript& script, const std::string& fallbackScene,
                          const std::vector<std::string>& overrides, long long steps,
                          const ReplayObserver& observe) {
    ReplayResult result;
    result.player = std::make_unique<InputPlayer>(overrides);
    InputPlayer& player = *result.player;
    std::vector<std::uint64_t> moments;
    for (const InputAction& a : script.actions) {
        VerbArgs args;
        if (a.verb == verbName(Verb::Rewind) && parseVerbArgs(replayVerb(Verb::Rewind), a.args, args).empty())
            moments.push_back(args.index);
    }
    player.keepMoments(std::move(moments));
    const bool ownScene = !script.actions.empty() && script.actions.front().step == 0 &&
                          [&] {
                              for (const InputAction& a : script.actions)
                                  if (a.step == 0 && a.verb == verbName(Verb::Scene)) return true;
                              return false;
                          }();
    if (!ownScene) {
        if (std::string error = player.loadScene(fallbackScene); !error.empty()) {
            result.error = error;
            return result;
        }
    }
    const long long endStep = script.endStep.value_or(steps);
    std::size_t next = 0;
    for (long long s = 0;; ++s) {
        if (s > 0 && observe && !observe(player, s)) {  // the state after step s
            result.stopped = true;
            return result;
        }
        for (; next < script.actions.size() && script.actions[next].step == s; ++next) {
            const InputAction& action = script.actions[next];
            if (std::string error = player.apply(action); !error.empty()) {
                result.error = "step " + std::to_string(s) + ": " + formatAction(action) + ": " + error;
                return result;
            }
        }
        if (s == 0 && observe && player.simulation() && !observe(player, 0)) {  // before the first step
            result.stopped = true;
            return result;
        }
        if (s >= endStep) break;
        if (!player.simulation()) {
            result.error = "the inputs load no scene before the first step";
            return result;
        }
        player.step();
    }
    if (next < script.actions.size())
        result.error = "actions after the end step " + std::to_string(endStep) + " were not applied";
    return result;
}

std::string hashText(std::uint64_t hash) {
    char text[20];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
    return text;
}

std::uint64_t stateHash(const Cloth& cloth) {
    std::uint64_t hash = 14695981039346656037ull;
    auto mix = [&](const std::vector<glm::vec3>& values) {
        const auto* bytes = reinterpret_cast<const unsigned char*>(values.data());
        for (std::size_t k = 0; k < values.size() * sizeof(glm::vec3); ++k) {
            hash ^= bytes[k];
            hash *= 1099511628211ull;
        }
    };
    mix(cloth.positions);
    mix(cloth.velocities);
    return hash;
}

} // namespace cs
