#include "input_recorder.hpp"

#include "replay.hpp"
#include "scene/scene.hpp"
#include "sim/params.hpp"

namespace cs {

std::string portableScenePath(const std::filesystem::path& scene) {
    const std::filesystem::path root = projectRoot();
    std::error_code ec;
    if (!root.empty()) {
        const std::filesystem::path absolute = std::filesystem::weakly_canonical(scene, ec);
        const std::filesystem::path base = std::filesystem::weakly_canonical(root, ec);
        const std::filesystem::path relative = absolute.lexically_relative(base);
        if (!ec && !relative.empty() && *relative.begin() != "..") return relative.generic_string();
    }
    // elsewhere: absolute, so that the replay finds it from any working directory
    std::filesystem::path absolute = std::filesystem::absolute(scene, ec);
    return ec ? scene.string() : absolute.lexically_normal().string();
}

std::string InputRecorder::open(const std::filesystem::path& path) {
    m_out.open(path, std::ios::binary | std::ios::trunc);
    if (!m_out) return path.string() + ": cannot be written";
    m_path = path;
    m_out << "# clothsim inputs: a window session (replay with clothsim --headless --replay "
          << path.filename().string() << ")\n";
    return {};
}

void InputRecorder::listen(Listener listener, const Settings& now) {
    m_listener = std::move(listener);
    if (!m_listener || recording()) return;
    m_written = now;  // no file: the edits count from here
    m_haveScene = true;
}

void InputRecorder::write(const InputAction& action) {
    // flushed line by line: should the program die, the file still replays up to there
    if (recording()) m_out << formatAction({m_steps, action.verb, action.args}) << std::endl;
    if (m_listener) m_listener({m_steps, action.verb, action.args});
    ++m_lines;
}

void InputRecorder::writeSettingsEdits(const Settings& now) {
    if (!m_haveScene) return;
    for (const ParamDef& def : paramTable()) {
        if (def.group == ParamGroup::Camera) continue;  // the view: the simulation never reads it
        ParamValue value = getParam(now, def);
        if (value == getParam(m_written, def)) continue;
        write(actions::set(m_steps, def.key, tomlValue(value)));
        setParam(m_written, def, value);
    }
}

void InputRecorder::sceneOpened(const std::filesystem::path& scene, const std::vector<std::string>& overrides,
                                const Settings& settings) {
    if (!active()) return;
    // the window's --set holds for the first scene only; later ones load as they are
    if (m_baseWritten) write(actions::baseClear(m_steps));
    m_baseWritten = false;
    for (const std::string& assignment : overrides) {
        write(actions::base(m_steps, assignment));
        m_baseWritten = true;
    }
    write(actions::scene(m_steps, portableScenePath(scene)));
    m_written = settings;
    m_haveScene = true;
}

void InputRecorder::action(const Settings& now, const InputAction& action) {
    if (!active()) return;
    writeSettingsEdits(now);
    write(action);
}

void InputRecorder::beforeStep(const Settings& now) {
    if (active()) writeSettingsEdits(now);
}

std::string InputRecorder::finish() {
    if (!recording()) return {};
    m_out << formatAction(actions::end(m_steps)) << "\n";
    m_out.close();
    if (m_out.fail()) return m_path.string() + ": could not be written completely";
    return {};
}

} // namespace cs
