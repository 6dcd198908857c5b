// Recording the window's inputs, without a window: a session driven through
// the same functions the loop, the keys, the panels and the mouse tools call
// (every kind of action the user has) is written by the recorder, and the
// headless replay of that file reaches the same cloth, bit for bit.
#include "../support/temp_dir.hpp"
#include "app/app_context.hpp"
#include "session/replay.hpp"
#include "scene/scene.hpp"
#include "sim/collision/collider_fields.hpp"
#include "sim/params.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace cs {
namespace {

const std::filesystem::path kSource = CLOTHSIM_SOURCE_DIR;
constexpr glm::vec2 kViewport{1280.0f, 800.0f};

std::string readText(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The app's loop as far as the simulation sees it: the timeline's requests, the
// physics steps of one frame, the history.
class Session {
public:
    AppContext ctx;
    CameraView camera;

    Session() {
        CameraSettings c;  // looking at the hanging cloth (x-y plane, top edge at y = 2.4) along -z
        c.target = {0.0f, 1.9f, 0.0f};
        c.yaw = 0.0f;
        c.pitch = 0.0f;
        c.distance = 3.0f;
        camera = makeCameraView(c, kViewport.x / kViewport.y);
    }
    World& world() { return ctx.sim->world(); }
    void frames(int count, int stepsPerFrame = 1) {
        for (int f = 0; f < count; ++f) {
            handleTimeTravelRequests(ctx);
            const bool step = !ctx.paused || ctx.stepRequested;
            for (int k = 0; step && k < stepsPerFrame; ++k) stepSimulation(ctx);
            ctx.stepRequested = false;
            ctx.stats.stepsLastFrame = step ? stepsPerFrame : 0;
            recordHistoryFrame(ctx);
        }
    }
    ToolContext atPixel(glm::vec2 pixel, bool ctrl = false) {
        return {world(), camera, rayThroughPixel(camera.view, camera.projection, pixel, kViewport),
                ctrl, false, pixel, kViewport, &ctx.inputs};
    }
    ToolContext at(glm::vec3 point, bool ctrl = false) {
        return atPixel(*projectToPixel(camera.view, camera.projection, point, kViewport), ctrl);
    }
    void set(const char* key, const ParamValue& value) {
        ASSERT_EQ(setParam(world().settings, *findParam(key), value), "") << key;
    }
};

// The cloth's state after a number of steps (before the actions at that step).
struct Checkpoint {
    long long step = 0;
    std::uint64_t hash = 0;
};

// Everything a user can do to the simulation, in one session, recorded to `file`
// (in the calling test's own TempDir). The cloth's state after each part goes to
// `checkpoints`.
void recordFullSession(const std::filesystem::path& file, std::vector<Checkpoint>& checkpoints) {
    Session s;
    AppContext& ctx = s.ctx;
    auto checkpoint = [&] { checkpoints.push_back({ctx.inputs.steps(), stateHash(s.world().cloth)}); };
    EXPECT_EQ(ctx.inputs.open(file), "");
    EXPECT_TRUE(openScene(ctx, kSource / "scenes/hanging.toml", {"cloth.resolution=[10,10]", "cloth.spacing=0.1"}))
        << ctx.sceneError;
    s.frames(10, 2);

    // panel edits and keys: parameters, a solver switch, the camera (not recorded)
    s.set("wind.strength", 3.3333333f);
    s.set("sim.gravity", glm::vec3(0.1f, -9.7f, 0.0f));
    s.world().settings.camera.distance = 4.0f;
    s.frames(5);

    // grab the middle of the cloth, drag it around, let go
    const std::size_t middle = 5 * 10 + 5;
    glm::vec3 p = s.world().cloth.positions[middle];
    ctx.tools.press(s.at(p));
    EXPECT_EQ(ctx.tools.grab.grab().particle(), middle);
    for (int f = 0; f < 12; ++f) {
        ctx.tools.drag(s.at(p + glm::vec3(0.02f * static_cast<float>(f), 0.01f * static_cast<float>(f), 0.0f)));
        s.frames(1);
    }
    ctx.tools.release(s.at(p));
    s.frames(5);
    checkpoint();

    // Ctrl + click pins a particle; the corner keys and the pin buttons
    // a tenth of the way into one of its quads: a ray exactly through a vertex runs along
    // the borders of its triangles and may miss them all by rounding
    const auto nearParticle = [&](std::size_t i) {
        const std::vector<glm::vec3>& x = s.world().cloth.positions;
        return x[i] + 0.1f * (0.5f * (x[i + 1] + x[i + 10]) - x[i]);
    };
    ctx.tools.press(s.at(nearParticle(3 * 10 + 7), true));
    ctx.tools.release(s.at(nearParticle(3 * 10 + 7), true));
    toggleCorner(ctx, 2);
    s.frames(5);
    applyPins(ctx, PinPreset::TopRow);
    s.set("solver.id", std::string("pbd"));
    s.frames(8);
    checkpoint();

    // a cut across the cloth, taken back, then another one that stays: each a stroke
    // across the whole window at the height where a row of the cloth shows, so that it
    // crosses the cloth however the wind has folded it
    auto cutAcross = [&](std::size_t row) {
        const Cloth& cloth = s.world().cloth;
        glm::vec3 centre(0.0f);
        for (std::size_t i = 0; i < 10; ++i) centre += cloth.positions[row * 10 + i] / 10.0f;
        const float y = projectToPixel(s.camera.view, s.camera.projection, centre, kViewport)->y;
        ctx.tools.pressCut(s.atPixel({1.0f, y}));
        ctx.tools.drag(s.atPixel({0.5f * kViewport.x, y}));
        ctx.tools.release(s.atPixel({kViewport.x - 1.0f, y}));
        EXPECT_TRUE(commitToolEdits(ctx)) << "the stroke crosses the cloth";
    };
    cutAcross(4);
    s.frames(4);
    EXPECT_TRUE(undoLastCut(ctx));
    s.frames(2);
    EXPECT_TRUE(redoLastCut(ctx));  // made again, and taken back again
    s.frames(1);
    EXPECT_TRUE(undoLastCut(ctx));
    s.frames(3);
    cutAcross(6);
    s.frames(6);
    checkpoint();

    // a sphere added in front of the cloth, its radius edited, moved with the mouse, one more, deleted
    const glm::vec3 ball(0.0f, 1.6f, 0.6f);
    addCollider(ctx, ShapeKind::Sphere, ball);
    EXPECT_TRUE(setColliderField(ctx, 0, *findColliderField("radius"), ColliderValue(0.2f)));
    ctx.tools.press(s.at(ball + glm::vec3(0.0f, 0.0f, 0.2f)));
    EXPECT_TRUE(ctx.tools.collider.grab().active()) << "the press takes the sphere";
    for (int f = 0; f < 10; ++f) {
        ctx.tools.drag(s.at(ball + glm::vec3(0.0f, 0.0f, 0.2f) - glm::vec3(0.0f, 0.0f, 0.05f * static_cast<float>(f))));
        s.frames(1);
    }
    ctx.tools.release(s.at(ball));
    addCollider(ctx, ShapeKind::Box, {1.0f, 0.5f, 0.0f});
    s.frames(3);
    deleteCollider(ctx, 1);
    s.frames(10);
    checkpoint();

    // the timeline: five frames back, then on from there under another wind
    ctx.historyStepRequested = -5;
    s.frames(1);
    EXPECT_TRUE(ctx.timeTravel.history.scrubbing());
    s.set("wind.strength", 0.5f);
    ctx.timeTravel.resumeRequested = true;
    s.frames(10);
    checkpoint();

    // a reset, then another scene (the window's --set no longer applies), with a grab
    resetSimulation(ctx);
    s.frames(6);
    checkpoint();
    EXPECT_TRUE(openScene(ctx, kSource / "scenes/hanging_top_row.toml", {"cloth.resolution=[8,8]"})) << ctx.sceneError;
    ctx.tools.cancel();
    s.frames(4);
    p = s.world().cloth.positions[20];
    ctx.tools.press(s.at(p));
    ctx.tools.drag(s.at(p + glm::vec3(0.1f, 0.1f, 0.0f)));
    s.frames(7);

    checkpoint();
    EXPECT_EQ(ctx.inputs.finish(), "");
}

// The replay's state at each checkpoint's step. The first part of
// replayScript's loop, with a look at the cloth before each step's actions.
std::vector<std::uint64_t> replayHashes(const std::string& text, const std::vector<Checkpoint>& checkpoints) {
    const InputScript script = parseInputScript(text, "recording");
    EXPECT_EQ(script.error, "");
    InputPlayer player;
    std::vector<std::uint64_t> moments;
    for (const InputAction& a : script.actions)
        if (a.verb == "rewind") moments.push_back(std::stoull(a.args));
    player.keepMoments(moments);
    std::vector<std::uint64_t> hashes;
    std::size_t next = 0, check = 0;
    for (long long s = 0; s <= script.endStep.value_or(0); ++s) {
        for (; check < checkpoints.size() && checkpoints[check].step == s; ++check)
            hashes.push_back(stateHash(player.simulation()->world().cloth));
        for (; next < script.actions.size() && script.actions[next].step == s; ++next)
            EXPECT_EQ(player.apply(script.actions[next]), "") << formatAction(script.actions[next]);
        if (s < script.endStep.value_or(0)) player.step();
    }
    return hashes;
}

TEST(InputRecording, AWindowSessionReplaysHeadlessToTheSameState) {
    const test::TempDir dir("window_inputs");
    std::vector<Checkpoint> checkpoints;
    recordFullSession(dir / "inputs.txt", checkpoints);
    const std::string text = readText(dir / "inputs.txt");
    // every kind of action made it into the file, each once at least
    for (const char* verb : {" base cloth.resolution=[10,10]", " scene ", " set wind.strength=3.3333333",
                             " set solver.id=\"pbd\"", " grab 55", " drag ", " release", " pin 37", " pin_corner 2",
                             " pin_preset top_row", " cut_blade ", " undo_cut", " redo_cut", " collider_add sphere 0 1.60000002 0.600000024",
                             " collider_set 0 radius=0.2", " collider_grab 0", " collider_drag ", " collider_release",
                             " collider_delete 1", " rewind ", " reset", " base_clear", " end"})
        EXPECT_NE(text.find(verb), std::string::npos) << "missing '" << verb << "' in\n" << text;
    EXPECT_EQ(text.find("camera."), std::string::npos) << "the view is not an input of the simulation";

    // bit for bit after every part of the session (a reset or a new scene would hide
    // an earlier difference from the final state alone)
    const std::vector<std::uint64_t> replayed = replayHashes(text, checkpoints);
    ASSERT_EQ(replayed.size(), checkpoints.size());
    for (std::size_t k = 0; k < checkpoints.size(); ++k)
        EXPECT_EQ(replayed[k], checkpoints[k].hash) << "checkpoint " << k << " at step " << checkpoints[k].step;

    // and through replayScript, as --replay runs it
    ReplayResult replay = replayScript(parseInputScript(text, "recording"), "", {}, 0);
    ASSERT_EQ(replay.error, "");
    EXPECT_EQ(stateHash(replay.player->simulation()->world().cloth), checkpoints.back().hash);
}

TEST(InputRecording, LeavingOutOneRecordedDragChangesTheReplay) {
    const test::TempDir dir("window_inputs");
    std::vector<Checkpoint> checkpoints;
    recordFullSession(dir / "inputs.txt", checkpoints);
    const std::string text = readText(dir / "inputs.txt");
    // the same file less its first drag: the replay must notice
    const auto drag = text.find(" drag ");
    ASSERT_NE(drag, std::string::npos);
    const auto lineStart = text.rfind('\n', drag) + 1;
    const std::string edited = text.substr(0, lineStart) + text.substr(text.find('\n', drag) + 1);
    const std::vector<std::uint64_t> replayed = replayHashes(edited, checkpoints);
    ASSERT_FALSE(replayed.empty());
    EXPECT_NE(replayed.front(), checkpoints.front().hash) << "the drag moved the cloth";
}

TEST(InputRecording, SceneLinesNameProjectScenesRelativeAndOthersAbsolute) {
    const std::filesystem::path before = projectRoot();
    setProjectRoot(kSource);
    EXPECT_EQ(portableScenePath(kSource / "scenes/hanging.toml"), "scenes/hanging.toml") << "replays on another checkout";
    EXPECT_EQ(portableScenePath("mine/cape.toml"), (std::filesystem::current_path() / "mine/cape.toml").string())
        << "replays from any working directory";
    setProjectRoot(before);
}

TEST(InputRecording, NothingIsWrittenWithoutARecordingAndABadPathSaysSo) {
    AppContext ctx;
    ASSERT_TRUE(openScene(ctx, kSource / "scenes/hanging.toml", {"cloth.resolution=[6,6]"}));
    resetSimulation(ctx);
    stepSimulation(ctx);
    EXPECT_FALSE(ctx.inputs.recording());
    EXPECT_EQ(ctx.inputs.lines(), 0);
    const test::TempDir dir("bad_inputs_path");
    const std::string error = ctx.inputs.open(dir / "no_such_folder" / "inputs.txt");
    EXPECT_NE(error.find("no_such_folder/inputs.txt: cannot be written"), std::string::npos) << error;
}

} // namespace
} // namespace cs
