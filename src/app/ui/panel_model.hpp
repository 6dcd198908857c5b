#pragma once
// What the parameter panels show, apart from how ImGui draws it: the groups in
// order, and in each the rows of the parameter table that apply to the running
// solver, with the widget, its bounds, the label and the tooltip text. panels.cpp
// draws nothing else, so a test that walks this model walks what the user sees.
// No ImGui here.
#include "sim/params.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace cs {

enum class WidgetKind {
    Checkbox,     // Bool
    Slider,       // Int, Int2, Float and Vec3 with a range a slider spans well
    LogSlider,    // Float values spanning decades (compliances): the slider moves the exponent
    Drag,         // Int and Vec3 ranges too wide for a slider (positions, iteration caps)
    Combo,        // Choice
    Colour,       // Vec3 colours
    TextPath,     // Path: a file name, applied on Enter
    IntList,      // IntList: "0, 5, 12", applied on Enter
    SolverCombo,  // Solver: the registry's names, each with its description
};
std::string_view widgetKindName(WidgetKind kind);

struct PanelRow {
    const ParamDef* def = nullptr;
    WidgetKind widget = WidgetKind::Slider;
    double minValue = 0.0;      // the table's range, as it is (per component for vectors)
    double maxValue = 0.0;
    // The bounds handed to ImGui, which works in float/int: the table's bounds as
    // the nearest float (validateParam takes that as the bound: float(1/30) is
    // above 1/30) and, for whole numbers, rounded towards the inside.
    float widgetMin = 0.0f;
    float widgetMax = 0.0f;
    int widgetMinInt = 0;
    int widgetMaxInt = 0;
    bool onReset = false;       // applies on reset (R): drawn with the amber "(reset)" mark
    bool solverSpecific = false;  // read by some solvers only; shown while one of them runs
    std::string label;          // "stretch compliance", plus " (reset)" for on-reset rows
    std::string tooltip;        // key, help, range and unit, default, when it applies
};

struct PanelGroup {
    ParamGroup group;
    std::string_view name;
    bool openByDefault = false;
    bool hasOnReset = false;    // gets a Reset button and the pending-edits line
    std::vector<PanelRow> rows;
};

// The groups in panel order (Scene, Solver, Cloth, Collision, Wind, Tearing,
// Render, Camera), each with its rows in table order; a row a solver does not
// read is left out (paramAppliesTo). Groups left with no rows are kept, empty.
std::vector<PanelGroup> buildPanelModel(std::string_view solverId);

// The union over every solver: every row of the table, once.
std::vector<PanelGroup> buildPanelModelForAllSolvers();

// One row as the model builds it (for a parameter the caller already has).
PanelRow makePanelRow(const ParamDef& def);

} // namespace cs
