// The three ways to set a parameter agree on its range: the panel (the model the
// panel draws from), a scene file and `--set`. For every row of the table: the
// panel offers it exactly once to every solver that reads it, with the table's
// bounds; a scene file and --set accept it at its min and its max and refuse it
// just beyond, naming the place (FILE:LINE, or the --set argument) and the same
// allowed range.
#include "../../support/temp_dir.hpp"
#include "app/ui/panel_model.hpp"
#include "scene/scene.hpp"
#include "sim/params.hpp"
#include "sim/solver.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

namespace cs {
namespace {

std::map<const ParamDef*, int> rowsPerParam(const std::vector<PanelGroup>& model) {
    std::map<const ParamDef*, int> count;
    for (const PanelGroup& group : model)
        for (const PanelRow& row : group.rows) ++count[row.def];
    return count;
}

std::set<WidgetKind> widgetsFor(ParamType type) {
    using W = WidgetKind;
    switch (type) {
    case ParamType::Bool: return {W::Checkbox};
    case ParamType::Int: return {W::Slider, W::Drag};
    case ParamType::Float: return {W::Slider, W::LogSlider};
    case ParamType::Int2: return {W::Slider, W::Drag};
    case ParamType::Vec3: return {W::Slider, W::Drag, W::Colour};
    case ParamType::Choice: return {W::Combo};
    case ParamType::Solver: return {W::SolverCombo};
    case ParamType::Path: return {W::TextPath};
    case ParamType::IntList: return {W::IntList};
    }
    return {};
}

// Where a widget's ends land: its bound, and the next value past it. The bound
// must be taken, the value past it refused — the widget spans the table's range.
void expectWidgetSpansTheRange(const PanelRow& row) {
    const ParamDef& def = *row.def;
    auto accepts = [&](const ParamValue& value) { return validateParam(def, value).empty(); };
    switch (def.type) {
    case ParamType::Int:
        EXPECT_TRUE(accepts(row.widgetMinInt) && accepts(row.widgetMaxInt)) << def.key;
        EXPECT_FALSE(accepts(row.widgetMinInt - 1) || accepts(row.widgetMaxInt + 1)) << def.key;
        break;
    case ParamType::Int2:
        EXPECT_TRUE(accepts(glm::ivec2(row.widgetMinInt)) && accepts(glm::ivec2(row.widgetMaxInt))) << def.key;
        EXPECT_FALSE(accepts(glm::ivec2(row.widgetMinInt - 1)) || accepts(glm::ivec2(row.widgetMaxInt + 1))) << def.key;
        break;
    case ParamType::Float:
    case ParamType::Vec3: {
        const float below = std::nextafter(row.widgetMin, -INFINITY);
        const float above = std::nextafter(row.widgetMax, INFINITY);
        auto value = [&](float x) -> ParamValue {
            if (def.type == ParamType::Float) return x;
            return glm::vec3(x);
        };
        EXPECT_TRUE(accepts(value(row.widgetMin))) << def.key << " at the slider's left end " << row.widgetMin;
        EXPECT_TRUE(accepts(value(row.widgetMax))) << def.key << " at the slider's right end " << row.widgetMax;
        EXPECT_FALSE(accepts(value(below))) << def.key << " one float below the slider";
        EXPECT_FALSE(accepts(value(above))) << def.key << " one float above the slider";
        break;
    }
    default: break;
    }
}

TEST(PanelModel, EveryParameterOncePerSolverThatReadsIt) {
    ASSERT_FALSE(solverRegistry().empty());
    for (const SolverInfo& solver : solverRegistry()) {
        const std::vector<PanelGroup> model = buildPanelModel(solver.id);
        const auto count = rowsPerParam(model);
        for (const ParamDef& def : paramTable()) {
            const auto found = count.find(&def);
            const int rows = found == count.end() ? 0 : found->second;
            EXPECT_EQ(rows, paramAppliesTo(def, solver.id) ? 1 : 0) << def.key << " under " << solver.id;
        }
        for (const PanelGroup& group : model)
            for (const PanelRow& row : group.rows) EXPECT_EQ(row.def->group, group.group) << row.def->key;
    }
}

TEST(PanelModel, UnionOfSolversHoldsEveryEntryOnce) {
    const auto count = rowsPerParam(buildPanelModelForAllSolvers());
    EXPECT_EQ(count.size(), paramTable().size());
    for (const ParamDef& def : paramTable()) {
        const auto found = count.find(&def);
        EXPECT_TRUE(found != count.end() && found->second == 1) << def.key;
    }
    // and each solver-specific row is shown to some solver: none is unreachable
    for (const ParamDef& def : paramTable()) {
        bool shown = false;
        for (const SolverInfo& solver : solverRegistry()) shown = shown || paramAppliesTo(def, solver.id);
        EXPECT_TRUE(shown) << def.key << " names no solver of the registry";
    }
}

TEST(PanelModel, RowsCarryTheTableRangeWidgetLabelAndTooltip) {
    const std::vector<PanelGroup> model = buildPanelModelForAllSolvers();
    ASSERT_EQ(model.size(), 8u);
    EXPECT_EQ(model.front().name, "Scene");
    EXPECT_EQ(model.back().name, "Camera");
    for (const PanelGroup& group : model) {
        bool anyOnReset = false;
        for (const PanelRow& row : group.rows) {
            const ParamDef& def = *row.def;
            EXPECT_EQ(row.minValue, def.minValue) << def.key;  // identical, not close
            EXPECT_EQ(row.maxValue, def.maxValue) << def.key;
            EXPECT_TRUE(widgetsFor(def.type).count(row.widget)) << def.key << ": " << widgetKindName(row.widget);
            EXPECT_EQ(row.widget == WidgetKind::LogSlider, def.logarithmic && def.type == ParamType::Float) << def.key;
            EXPECT_EQ(row.onReset, def.apply == ParamApply::OnReset) << def.key;
            EXPECT_EQ(row.solverSpecific, !def.solvers.empty()) << def.key;
            EXPECT_EQ(row.label.rfind(std::string(def.label), 0), 0u) << row.label;
            EXPECT_EQ(row.label.find("(reset)") != std::string::npos, row.onReset) << row.label;
            EXPECT_NE(row.tooltip.find(std::string(def.help)), std::string::npos) << def.key;
            EXPECT_NE(row.tooltip.find("range " + describeRange(def)), std::string::npos) << row.tooltip;
            EXPECT_NE(row.tooltip.find("default " + formatValue(def.defaultValue)), std::string::npos) << row.tooltip;
            if (!def.unit.empty()) {
                EXPECT_NE(row.tooltip.find("unit " + std::string(def.unit)), std::string::npos) << row.tooltip;
            }
            EXPECT_NE(row.tooltip.find(row.onReset ? "on reset" : "at once"), std::string::npos) << row.tooltip;
            expectWidgetSpansTheRange(row);
            anyOnReset = anyOnReset || row.onReset;
        }
        EXPECT_EQ(group.hasOnReset, anyOnReset) << group.name;
    }
}

TEST(PanelModel, SolverRowsFollowTheRunningSolver) {
    auto keys = [](std::string_view solver) {
        std::set<std::string_view> out;
        for (const PanelGroup& group : buildPanelModel(solver))
            for (const PanelRow& row : group.rows) out.insert(row.def->key);
        return out;
    };
    const auto xpbd = keys("xpbd"), pbd = keys("pbd");
    EXPECT_TRUE(xpbd.count("solver.stretch_compliance"));
    EXPECT_FALSE(pbd.count("solver.stretch_compliance"));
    EXPECT_TRUE(pbd.count("solver.substeps") && xpbd.count("solver.substeps"));  // every solver's row
}

// --- the scene file and --set, at the bounds of every parameter ----------------

// A TOML literal for a number: integers as they are, floats with all their digits.
std::string number(double x, bool whole) {
    if (whole) return std::to_string(static_cast<long long>(x));
    char text[40];
    std::snprintf(text, sizeof text, "%.17g", x);
    std::string s = text;
    if (s.find_first_of(".eE") == std::string::npos) s += ".0";
    return s;
}

struct Probe {
    std::string value;    // as written after "key = " and after "--set key="
    bool accepted;
};

// The values to try: the bounds (accepted) and just beyond them (refused). For
// choices, each name, and one that is none; for paths the empty one.
std::vector<Probe> probesFor(const ParamDef& def) {
    const double lo = def.minValue, hi = def.maxValue;
    const double step = def.type == ParamType::Float || def.type == ParamType::Vec3 ? (hi - lo) * 1e-3 : 1.0;
    const bool whole = def.type == ParamType::Int || def.type == ParamType::Int2 || def.type == ParamType::IntList;
    const std::string l = number(lo, whole), h = number(hi, whole);
    const std::string below = number(lo - step, whole), above = number(hi + step, whole);
    switch (def.type) {
    case ParamType::Bool: return {{"true", true}, {"false", true}};
    case ParamType::Int:
    case ParamType::Float: return {{l, true}, {h, true}, {below, false}, {above, false}};
    case ParamType::Int2:
        return {{"[" + l + ", " + l + "]", true}, {"[" + h + ", " + h + "]", true},
                {"[" + l + ", " + below + "]", false}, {"[" + above + ", " + h + "]", false}};
    case ParamType::Vec3:
        return {{"[" + l + ", " + l + ", " + l + "]", true}, {"[" + h + ", " + h + ", " + h + "]", true},
                {"[" + l + ", " + below + ", " + l + "]", false}, {"[" + h + ", " + h + ", " + above + "]", false}};
    case ParamType::IntList: return {{"[" + l + ", " + h + "]", true}, {"[" + below + "]", false}, {"[" + l + ", " + above + "]", false}};
    case ParamType::Choice: {
        std::vector<Probe> probes;
        for (std::string_view choice : def.choices) probes.push_back({"\"" + std::string(choice) + "\"", true});
        probes.push_back({"\"no_such_choice\"", false});
        return probes;
    }
    case ParamType::Solver: {
        std::vector<Probe> probes;
        for (const SolverInfo& info : solverRegistry()) probes.push_back({"\"" + std::string(info.id) + "\"", true});
        probes.push_back({"\"no_such_solver\"", false});
        return probes;
    }
    case ParamType::Path: return {{"\"\"", true}};
    }
    return {};
}

// Parameters that the scene reader also checks against the cloth they build (a
// pin list naming particle 999999, a pin box with no particle in it): at their
// bounds the range is accepted but the cloth may not be. Their range is still
// checked: an error at a bound must not be a range error.
bool checkedAgainstTheCloth(std::string_view key) {
    return key == "cloth.pin_vertices" || key == "cloth.pin_region_min" || key == "cloth.pin_region_max" ||
           key == "cloth.mesh";
}

bool onlyClothErrors(const SceneLoad& load, const ParamDef& def) {
    if (!checkedAgainstTheCloth(def.key)) return false;
    for (const SceneError& e : load.errors)
        if (e.message.find("out of range") != std::string::npos || e.message.find("expected") != std::string::npos)
            return false;
    return !load.errors.empty();
}

// The text after "'KEY': " of the error about `key`, or "" when none names it.
std::string messageAbout(const SceneLoad& load, std::string_view key, const SceneError** where = nullptr) {
    const std::string prefix = "'" + std::string(key) + "': ";
    for (const SceneError& e : load.errors) {
        const auto at = e.message.find(prefix);
        if (at == std::string::npos) continue;
        if (where) *where = &e;
        return e.message.substr(at + prefix.size());
    }
    return {};
}

TEST(ParameterRanges, SceneFileAndSetAcceptTheBoundsAndRefuseBeyondAlike) {
    const test::TempDir folder("ranges");
    const std::filesystem::path base = folder.path() / "base.toml";
    std::ofstream(base) << "[scene]\nname = \"base\"\n";
    const std::string fileName = (folder.path() / "probe.toml").string();

    int probes = 0;
    for (const ParamDef& def : paramTable()) {
        const std::string key(def.key);
        const auto dot = key.find('.');
        ASSERT_NE(dot, std::string::npos) << key;
        for (const Probe& probe : probesFor(def)) {
            ++probes;
            SCOPED_TRACE(key + " = " + probe.value);
            // the scene file: the value on line 4
            const std::string text = "[scene]\nname = \"probe\"\n[" + key.substr(0, dot) + "]\n" + key.substr(dot + 1) +
                                     " = " + probe.value + "\n";
            const SceneLoad fromFile = parseScene(text, fileName);
            // --set, through the loader the headless runner and the app use
            const std::string assignment = key + "=" + probe.value;
            const SceneLoad fromSet = loadSceneFile(base, {assignment});

            if (probe.accepted) {
                EXPECT_TRUE(fromFile.ok() || onlyClothErrors(fromFile, def)) << fromFile.errorText();
                EXPECT_TRUE(fromSet.ok() || onlyClothErrors(fromSet, def)) << fromSet.errorText();
                continue;
            }
            ASSERT_FALSE(fromFile.ok());
            ASSERT_FALSE(fromSet.ok());
            const SceneError* fileError = nullptr;
            const SceneError* setError = nullptr;
            const std::string fileMessage = messageAbout(fromFile, key, &fileError);
            const std::string setMessage = messageAbout(fromSet, key, &setError);
            ASSERT_TRUE(fileError && setError) << fromFile.errorText() << fromSet.errorText();
            EXPECT_EQ(fileError->file, fileName);
            EXPECT_EQ(fileError->line, 4);
            EXPECT_EQ(setError->file, "--set " + assignment);
            const std::string range = def.type == ParamType::Choice || def.type == ParamType::Solver
                                          ? describeRange(def)
                                          : "(allowed " + describeRange(def) + ")";
            EXPECT_NE(fileMessage.find(range), std::string::npos) << fileMessage;
            EXPECT_EQ(fileMessage, setMessage);  // one validation, one message
        }
    }
    EXPECT_GE(probes, 4 * static_cast<int>(paramTable().size()) / 2);
}

// The float nearest a bound is the bound: "0.01" (float 0.0099999998) is the
// least Jakobsen relaxation, and 1/30 (float 0.033333335) the longest step.
TEST(ParameterRanges, DecimalBoundsReadAsFloatsAreInside) {
    Settings settings = defaultSettings();
    EXPECT_EQ(applyOverride(settings, "jakobsen.relaxation=0.01"), "");
    EXPECT_EQ(applyOverride(settings, "tearing.max_stretch=1.01"), "");
    EXPECT_EQ(applyOverride(settings, "sim.dt=0.0333333333333333333"), "");
    EXPECT_NE(applyOverride(settings, "sim.dt=0.0334"), "");
    EXPECT_NE(applyOverride(settings, "jakobsen.relaxation=0.0099"), "");
}

// A scene file on disk names itself and the line in its errors, as the string does.
TEST(ParameterRanges, FileErrorsNameTheFileAndLine) {
    const test::TempDir folder("ranges");
    const std::filesystem::path file = folder.path() / "bad.toml";
    std::ofstream(file) << "[scene]\nname = \"bad\"\n\n[solver]\nsubsteps = 1001\n";
    const SceneLoad load = loadSceneFile(file);
    ASSERT_FALSE(load.ok());
    EXPECT_NE(load.errorText().find(file.string() + ":5: 'solver.substeps': 1001 is out of range (allowed [1, 1000])"),
              std::string::npos)
        << load.errorText();
}

} // namespace
} // namespace cs
