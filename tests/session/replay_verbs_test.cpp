// The replay verb table: every row's constructor writes a line its row reads back,
// bit for bit, and the parser's errors come from the table.
#include "session/replay.hpp"
#include "session/replay_verbs.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace cs {
namespace {

// One line per verb, built by its typed constructor, and the values its row must
// parse back out of it.
struct Sample {
    Verb verb;
    InputAction action;
    VerbArgs expected;
};

std::vector<Sample> samples() {
    const std::vector<EdgeKey> edges{edgeKey(1, 2), edgeKey(5, 4), edgeKey(70000, 3)};
    const BladePath blade{{{edgeKey(1, 2), 0.25f, 0.0f}, {edgeKey(3, 70000), 1.0f / 3.0f, 1.0f}}, {7, 123456}};
    const glm::vec3 point{0.1f, -3.3333333f, 1e-7f};
    return {
        {Verb::Base, actions::base(0, "sim.dt=0.001"), {.text = "sim.dt=0.001"}},
        {Verb::BaseClear, actions::baseClear(0), {}},
        {Verb::Scene, actions::scene(0, "scenes/hanging.toml"), {.text = "scenes/hanging.toml"}},
        {Verb::Set, actions::set(1, "solver.id", "pbd"), {.text = "solver.id=pbd"}},
        {Verb::Reset, actions::reset(2), {}},
        {Verb::Cut, actions::cut(3, {0.25f, 1.0f / 3.0f}, {1.0f, 0.0f}),
         {.from = {0.25f, 1.0f / 3.0f}, .to = {1.0f, 0.0f}}},
        {Verb::CutEdges, actions::cutEdges(4, edges), {.edges = edges}},
        {Verb::CutBlade, actions::cutBlade(4, blade), {.blade = blade}},
        {Verb::UndoCut, actions::undoCut(5), {}},
        {Verb::RedoCut, actions::redoCut(5), {}},
        {Verb::Grab, actions::grab(6, 7), {.index = 7}},
        {Verb::Drag, actions::drag(7, point), {.point = point}},
        {Verb::Release, actions::release(8), {}},
        {Verb::ColliderGrab, actions::colliderGrab(9, 1), {.index = 1}},
        {Verb::ColliderDrag, actions::colliderDrag(10, -point), {.point = -point}},
        {Verb::ColliderRelease, actions::colliderRelease(11), {}},
        {Verb::Pin, actions::pin(12, 120), {.index = 120}},
        {Verb::PinCorner, actions::pinCorner(13, 3), {.index = 3}},
        {Verb::PinPreset, actions::pinPreset(14, PinPreset::TopRow), {.preset = PinPreset::TopRow}},
        {Verb::ColliderAdd, actions::colliderAdd(15, ShapeKind::Capsule, point),
         {.point = point, .shape = ShapeKind::Capsule}},
        {Verb::ColliderDelete, actions::colliderDelete(16, 2), {.index = 2}},
        {Verb::ColliderSet, actions::colliderSet(17, 2, "radius", "0.25"), {.text = "radius=0.25", .index = 2}},
        {Verb::Rewind, actions::rewind(18, 12345678901ull), {.index = 12345678901ull}},
        {Verb::End, actions::end(19), {}},
    };
}

void expectSameArgs(const VerbArgs& got, const VerbArgs& want, const std::string& line) {
    EXPECT_EQ(got.text, want.text) << line;
    EXPECT_EQ(got.index, want.index) << line;
    EXPECT_TRUE(got.point == want.point) << line;  // bit-exact: formatFloat reads back the same float
    EXPECT_TRUE(got.from == want.from && got.to == want.to) << line;
    ASSERT_EQ(got.edges.size(), want.edges.size()) << line;
    for (std::size_t k = 0; k < got.edges.size(); ++k)
        EXPECT_TRUE(got.edges[k].a == want.edges[k].a && got.edges[k].b == want.edges[k].b) << line;
    ASSERT_EQ(got.blade.crossings.size(), want.blade.crossings.size()) << line;
    for (std::size_t k = 0; k < got.blade.crossings.size(); ++k) {
        EXPECT_TRUE(got.blade.crossings[k].edge == want.blade.crossings[k].edge) << line;
        EXPECT_EQ(got.blade.crossings[k].t, want.blade.crossings[k].t) << line;  // bit-exact
        EXPECT_EQ(got.blade.crossings[k].along, want.blade.crossings[k].along) << line;
    }
    EXPECT_EQ(got.blade.onVertices, want.blade.onVertices) << line;
    EXPECT_EQ(got.shape, want.shape) << line;
    EXPECT_EQ(got.preset, want.preset) << line;
}

TEST(ReplayVerbs, TheTableHasOneRowPerVerbInOrderWithNamesAndHelp) {
    ASSERT_EQ(replayVerbs().size(), kVerbCount);
    std::set<std::string_view> names;
    for (std::size_t k = 0; k < kVerbCount; ++k) {
        const ReplayVerb& row = replayVerbs()[k];
        EXPECT_EQ(row.verb, static_cast<Verb>(k));
        EXPECT_FALSE(row.name.empty());
        EXPECT_FALSE(row.help.empty()) << row.name;
        EXPECT_TRUE(names.insert(row.name).second) << "two rows named " << row.name;
        EXPECT_EQ(findReplayVerb(row.name), &row);
        EXPECT_EQ(row.apply == nullptr, row.verb == Verb::End) << row.name;  // every verb but end applies
    }
    EXPECT_EQ(findReplayVerb("jump"), nullptr);
}

// Each constructor spells its own row's verb, and its arguments parse by that row's
// shape back to the values given: a row whose shape changes without its
// constructor (or the reverse) fails here.
TEST(ReplayVerbs, EveryConstructorAgreesWithItsRow) {
    std::set<Verb> covered;
    for (const Sample& sample : samples()) {
        const ReplayVerb& row = replayVerb(sample.verb);
        const std::string line = formatAction(sample.action);
        EXPECT_EQ(sample.action.verb, row.name) << line;
        VerbArgs parsed;
        EXPECT_EQ(parseVerbArgs(row, sample.action.args, parsed), "") << line;
        expectSameArgs(parsed, sample.expected, line);
        EXPECT_TRUE(covered.insert(sample.verb).second) << "two samples of " << row.name;
    }
    EXPECT_EQ(covered.size(), kVerbCount) << "a row of the table has no constructor sample";
}

// constructor -> formatAction -> parseInputScript -> the same action.
TEST(ReplayVerbs, EveryVerbRoundTripsThroughText) {
    for (const Sample& sample : samples()) {
        const std::string line = formatAction(sample.action);
        const InputScript script = parseInputScript(line + "\n", "round_trip.txt");
        ASSERT_EQ(script.error, "") << line;
        if (sample.verb == Verb::End) {
            EXPECT_TRUE(script.actions.empty());
            EXPECT_EQ(script.endStep.value_or(-1), sample.action.step);
            continue;
        }
        ASSERT_EQ(script.actions.size(), 1u) << line;
        const InputAction& back = script.actions[0];
        EXPECT_EQ(back.step, sample.action.step) << line;
        EXPECT_EQ(back.verb, sample.action.verb) << line;
        EXPECT_EQ(back.args, sample.action.args) << line;
        EXPECT_EQ(formatAction(back), line);
    }
}

TEST(ReplayVerbs, AnUnknownVerbIsRefusedNamingTheKnownOnes) {
    const InputScript script = parseInputScript("0 scene a.toml\n3 jump 1 2\n", "in.txt");
    EXPECT_EQ(script.error, "in.txt:2: unknown action 'jump' (one of: " + replayVerbNames() + ")");
    for (const ReplayVerb& row : replayVerbs())
        EXPECT_NE(script.error.find(std::string(row.name)), std::string::npos) << row.name;
    InputPlayer player;
    EXPECT_NE(player.apply({0, "jump", ""}).find("(one of: " + replayVerbNames() + ")"), std::string::npos);
}

// An argument no row of the shape accepts.
std::string malformed(ArgShape shape) {
    switch (shape) {
    case ArgShape::None: return "1";
    case ArgShape::Assignment: return "no_equals_sign";
    case ArgShape::Path: return "";
    case ArgShape::Index: return "-1";
    case ArgShape::Corner: return "4";
    case ArgShape::Point: return "0 nan 0";
    case ArgShape::RestSegment: return "0 0 1";
    case ArgShape::EdgePairs: return "3 3";
    case ArgShape::EdgeCrossings: return "3 3 0.5";
    case ArgShape::PinPresetName: return "sideways";
    case ArgShape::ShapeAt: return "cone 0 0 0";
    case ArgShape::IndexAssignment: return "x radius=1";
    }
    ADD_FAILURE() << "a shape without a malformed example";
    return "";
}

TEST(ReplayVerbs, AMalformedArgumentIsRefusedWithFileAndLine) {
    for (const ReplayVerb& row : replayVerbs()) {
        const std::string bad = malformed(row.args);
        const std::string text = "# a comment\n0 " + std::string(row.name) + (bad.empty() ? "" : " " + bad) + "\n";
        const InputScript script = parseInputScript(text, "bad.txt");
        const std::string head = "bad.txt:2: " + std::string(row.name) + " ";
        EXPECT_EQ(script.error.substr(0, head.size()), head) << script.error;
        if (row.args != ArgShape::None) {
            EXPECT_NE(script.error.find(std::string(argUsage(row.args))), std::string::npos) << script.error;
        }
    }
}

TEST(ReplayVerbs, TheUsageHasALinePerVerb) {
    const std::string usage = replayVerbUsage();
    for (const ReplayVerb& row : replayVerbs()) {
        std::string head = "  " + std::string(row.name);
        if (row.args != ArgShape::None) head += " " + std::string(argUsage(row.args));
        EXPECT_NE(usage.find(head), std::string::npos) << row.name;
        EXPECT_NE(usage.find(std::string(row.help)), std::string::npos) << row.name;
    }
}

// The README's list of verbs is for people; it must not fall behind the table.
TEST(ReplayVerbs, TheReadmeNamesEveryVerb) {
    std::ifstream file(std::string(CLOTHSIM_SOURCE_DIR) + "/README.md");
    ASSERT_TRUE(file) << "README.md";
    std::ostringstream text;
    text << file.rdbuf();
    for (const ReplayVerb& row : replayVerbs()) {
        const std::string name = "`" + std::string(row.name);
        EXPECT_TRUE(text.str().find(name + "`") != std::string::npos || text.str().find(name + " ") != std::string::npos)
            << row.name << " is missing from README.md's replay list";
    }
}

} // namespace
} // namespace cs
