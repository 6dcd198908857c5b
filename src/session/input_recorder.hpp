#pragma once
// Recording the window's inputs (--record-inputs FILE): every change the user
// makes to the simulation from outside — a scene opened, a reset, a parameter
// edited in a panel or by a key, a grab, a drag, a cut, an undo, a pin, a
// collider added, moved, edited or deleted, a jump back in the timeline — is
// written as one line of the --replay format (replay.hpp) with the number of
// physics steps taken before it. `clothsim --headless --replay FILE` then
// reaches the same state bit for bit (one thread), so a bug met in the window
// becomes a test.
//
// Parameter edits are not reported by the panels one by one: before every
// other line and before every step the recorder compares the settings with the
// ones it last wrote and writes a `set` line for each parameter that differs
// (the camera's excepted: it does not touch the simulation). That catches every
// way a parameter can change — sliders, keys, presets, the guard halving the
// step — in the order the simulation sees them.
//
// Moments: the timeline names the state it jumps back to by the recorder's
// moment, the number of steps plus lines written so far. Both only grow, so a
// moment names one state of the session, and the replay, counting the same
// way, keeps a copy of the states that a `rewind` line names.
#include "replay_verbs.hpp"
#include "sim/settings.hpp"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace cs {

class InputRecorder {
public:
    // Starts writing to `path` (replacing it). Returns an error message, or "".
    std::string open(const std::filesystem::path& path);
    bool recording() const { return m_out.is_open(); }

    // Every line from now on also goes to `listener` (the window's compare mode, whose
    // other copies do what the user does), with or without a file; `now`: the settings
    // the edits are measured from. An empty listener stops it.
    using Listener = std::function<void(const InputAction& action)>;
    void listen(Listener listener, const Settings& now);
    const std::filesystem::path& path() const { return m_path; }

    // A scene was loaded as the session's first (`overrides`: the command line's
    // --set, applied to it only) or a later one. Its settings become the ones
    // parameter edits are measured from.
    void sceneOpened(const std::filesystem::path& scene, const std::vector<std::string>& overrides,
                     const Settings& settings);

    // One action (built by replay_verbs.hpp's actions::), after the parameter edits
    // made before it. `now`: the settings as they are. It is written at the steps
    // counted here (action.step is not read: build it with steps()).
    void action(const Settings& now, const InputAction& action);

    // Before each physics step: the parameter edits since the last line.
    void beforeStep(const Settings& now);
    void stepTaken() { ++m_steps; }

    long long steps() const { return m_steps; }
    long long lines() const { return m_lines; }
    std::uint64_t moment() const { return static_cast<std::uint64_t>(m_steps + m_lines); }

    // Writes the end line (the replay stops at this step) and closes the file.
    // Returns an error message when the file could not be written, or "".
    std::string finish();

private:
    void write(const InputAction& action);
    void writeSettingsEdits(const Settings& now);

    bool active() const { return recording() || m_listener != nullptr; }

    std::ofstream m_out;
    std::filesystem::path m_path;
    Listener m_listener;
    Settings m_written;            // the settings as the written lines leave them
    bool m_haveScene = false;
    bool m_baseWritten = false;    // `base` lines from --set are in force
    long long m_steps = 0;
    long long m_lines = 0;         // actions written (every line but comments and the end)
};

// A path inside the project root as relative to it, so that a recording
// replays on another checkout; others absolute, so that it replays from any
// working directory.
std::string portableScenePath(const std::filesystem::path& scene);

} // namespace cs
