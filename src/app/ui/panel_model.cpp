#include "panel_model.hpp"

#include <array>
#include <climits>
#include <cmath>

namespace cs {
namespace {

constexpr std::array kGroupOrder = {ParamGroup::Scene,     ParamGroup::Solver,  ParamGroup::Cloth,
                                    ParamGroup::Collision, ParamGroup::Wind,    ParamGroup::Tearing,
                                    ParamGroup::Render,    ParamGroup::Camera};

// Integer ranges wider than this get a drag box: a slider would move hundreds per pixel.
constexpr double kWidestIntSlider = 1000.0;
// Vector ranges wider than this get drag boxes (positions in metres, angles).
constexpr double kWidestVectorSlider = 2.0;

WidgetKind widgetFor(const ParamDef& def) {
    const double span = def.maxValue - def.minValue;
    switch (def.type) {
    case ParamType::Bool: return WidgetKind::Checkbox;
    case ParamType::Int: return span > kWidestIntSlider ? WidgetKind::Drag : WidgetKind::Slider;
    case ParamType::Int2: return span > kWidestIntSlider ? WidgetKind::Drag : WidgetKind::Slider;
    case ParamType::Float: return def.logarithmic ? WidgetKind::LogSlider : WidgetKind::Slider;
    case ParamType::Vec3:
        if (def.key.find("color") != std::string_view::npos) return WidgetKind::Colour;
        return span <= kWidestVectorSlider ? WidgetKind::Slider : WidgetKind::Drag;
    case ParamType::Choice: return WidgetKind::Combo;
    case ParamType::Solver: return WidgetKind::SolverCombo;
    case ParamType::Path: return WidgetKind::TextPath;
    case ParamType::IntList: return WidgetKind::IntList;
    }
    return WidgetKind::Slider;
}

// ImGui's float bound for a table bound: the nearest float, which validateParam
// takes as the bound itself (it compares floats with float-rounded bounds).
float widgetFloat(double bound) { return static_cast<float>(bound); }

int inwardInt(double bound, bool isMin) {
    const double rounded = isMin ? std::ceil(bound) : std::floor(bound);
    if (rounded <= static_cast<double>(INT_MIN)) return INT_MIN;
    if (rounded >= static_cast<double>(INT_MAX)) return INT_MAX;
    return static_cast<int>(rounded);
}

std::string tooltipFor(const ParamDef& def) {
    std::string text(def.help);
    text += "\nrange " + describeRange(def);
    if (!def.unit.empty()) text += "  unit " + std::string(def.unit);
    text += "\ndefault " + formatValue(def.defaultValue);
    text += def.apply == ParamApply::OnReset ? "\napplies on reset (R)" : "\napplies at once";
    return text;
}

std::vector<PanelGroup> buildModel(std::string_view solverId, bool everySolver) {
    std::vector<PanelGroup> groups;
    groups.reserve(kGroupOrder.size());
    for (ParamGroup group : kGroupOrder) {
        PanelGroup& out = groups.emplace_back();
        out.group = group;
        out.name = groupName(group);
        out.openByDefault = group == ParamGroup::Solver || group == ParamGroup::Cloth;
        for (const ParamDef& def : paramTable()) {
            if (def.group != group || !(everySolver || paramAppliesTo(def, solverId))) continue;
            out.rows.push_back(makePanelRow(def));
            out.hasOnReset = out.hasOnReset || out.rows.back().onReset;
        }
    }
    return groups;
}

} // namespace

std::string_view widgetKindName(WidgetKind kind) {
    switch (kind) {
    case WidgetKind::Checkbox: return "checkbox";
    case WidgetKind::Slider: return "slider";
    case WidgetKind::LogSlider: return "log slider";
    case WidgetKind::Drag: return "drag";
    case WidgetKind::Combo: return "combo";
    case WidgetKind::Colour: return "colour";
    case WidgetKind::TextPath: return "text path";
    case WidgetKind::IntList: return "int list";
    case WidgetKind::SolverCombo: return "solver combo";
    }
    return "?";
}

PanelRow makePanelRow(const ParamDef& def) {
    PanelRow row;
    row.def = &def;
    row.widget = widgetFor(def);
    row.minValue = def.minValue;
    row.maxValue = def.maxValue;
    row.widgetMin = widgetFloat(def.minValue);
    row.widgetMax = widgetFloat(def.maxValue);
    row.widgetMinInt = inwardInt(def.minValue, true);
    row.widgetMaxInt = inwardInt(def.maxValue, false);
    row.onReset = def.apply == ParamApply::OnReset;
    row.solverSpecific = !def.solvers.empty();
    row.label = std::string(def.label) + (row.onReset ? " (reset)" : "");
    row.tooltip = tooltipFor(def);
    return row;
}

std::vector<PanelGroup> buildPanelModel(std::string_view solverId) { return buildModel(solverId, false); }

std::vector<PanelGroup> buildPanelModelForAllSolvers() { return buildModel({}, true); }

} // namespace cs
