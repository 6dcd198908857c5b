#include "panels.hpp"
#include "compare_panel.hpp"
#include "force_legend.hpp"

#include "collider_panel.hpp"
#include "panel_widgets.hpp"
#include "stats_panel.hpp"

#include "session/data_paths.hpp"
#include "app/key_bindings.hpp"
#include "panel_model.hpp"
#include "sim/params.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/common.hpp>
#include <iostream>

namespace cs {
namespace {
using namespace panel;

std::string sceneLabel(const std::filesystem::path& path) { return path.stem().string(); }

// The model for the running solver, built again only when the solver changes:
// the panel draws from it every frame without building strings.
const std::vector<PanelGroup>& panelModel(const std::string& solverId) {
    static std::string builtFor;
    static std::vector<PanelGroup> groups;
    if (groups.empty() || builtFor != solverId) {
        groups = buildPanelModel(solverId);
        builtFor = solverId;
    }
    return groups;
}

void paramTooltip(const PanelRow& row) {
    if (!ImGui::IsItemHovered()) return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
    ImGui::PushStyleColor(ImGuiCol_Text, kDimColor);
    textView(row.def->key);
    ImGui::PopStyleColor();
    // the help, then the range, default and when it applies under a rule
    const std::string_view text = row.tooltip;
    const std::size_t details = text.find("\nrange ");
    textView(text.substr(0, details));
    if (details != std::string_view::npos) {
        ImGui::Separator();
        textView(text.substr(details + 1));
    }
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

// Logarithmic sliders. ImGui 1.86 derives the slider's "zero" from the display
// format's precision, so a range starting at 0 cannot reach 1e-8 with a readable
// format. We slide over the decimal exponent instead and print the value itself;
// a range starting at 0 keeps nine decades above 0 and puts 0 at the left end.
bool logarithmicSlider(float& value, const PanelRow& row) {
    const double hi = std::log10(row.maxValue);
    const bool hasZero = row.minValue <= 0.0;
    const double lo = hasZero ? hi - 9.0 : std::log10(row.minValue);
    float exponent = value > 0.0f ? static_cast<float>(std::clamp(std::log10(static_cast<double>(value)), lo, hi))
                                  : static_cast<float>(lo);
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", static_cast<double>(value));  // digits, '.', 'e', '-': no '%'
    if (!ImGui::SliderFloat("##value", &exponent, static_cast<float>(lo), static_cast<float>(hi), text,
                            ImGuiSliderFlags_NoInput | ImGuiSliderFlags_AlwaysClamp | ImGuiSliderFlags_NoRoundToFormat))
        return false;
    if (hasZero && exponent <= static_cast<float>(lo) + 1e-4f) value = 0.0f;
    else value = static_cast<float>(std::pow(10.0, static_cast<double>(exponent)));
    value = std::clamp(value, row.widgetMin, row.widgetMax);
    return true;
}

// The row's widget, as the model chose it; returns a new value when edited.
std::optional<ParamValue> paramWidget(const PanelRow& row, const ParamValue& current) {
    const ParamDef& def = *row.def;
    const float lo = row.widgetMin, hi = row.widgetMax;
    const int loInt = row.widgetMinInt, hiInt = row.widgetMaxInt;
    constexpr ImGuiSliderFlags kClamp = ImGuiSliderFlags_AlwaysClamp;
    const bool drag = row.widget == WidgetKind::Drag;

    switch (def.type) {
    case ParamType::Bool: {
        bool v = std::get<bool>(current);
        if (ImGui::Checkbox("##value", &v)) return v;
        break;
    }
    case ParamType::Int: {
        int v = std::get<int>(current);
        const bool changed = drag ? ImGui::DragInt("##value", &v, 1.0f, loInt, hiInt, "%d", kClamp)
                                  : ImGui::SliderInt("##value", &v, loInt, hiInt, "%d", kClamp);
        if (changed) return v;
        break;
    }
    case ParamType::Float: {
        float v = std::get<float>(current);
        const bool changed = row.widget == WidgetKind::LogSlider
                                 ? logarithmicSlider(v, row)
                                 : ImGui::SliderFloat("##value", &v, lo, hi, "%.4g", kClamp | ImGuiSliderFlags_NoRoundToFormat);
        if (changed) return v;
        break;
    }
    case ParamType::Int2: {
        glm::ivec2 v = std::get<glm::ivec2>(current);
        const bool changed = drag ? ImGui::DragInt2("##value", &v.x, 1.0f, loInt, hiInt, "%d", kClamp)
                                  : ImGui::SliderInt2("##value", &v.x, loInt, hiInt, "%d", kClamp);
        if (changed) return v;
        break;
    }
    case ParamType::Vec3: {
        glm::vec3 v = std::get<glm::vec3>(current);
        bool changed = false;
        if (row.widget == WidgetKind::Colour)
            changed = ImGui::ColorEdit3("##value", &v.x, ImGuiColorEditFlags_Float);
        else if (drag)
            changed = ImGui::DragFloat3("##value", &v.x, (hi - lo) / 2000.0f, lo, hi, "%.3g", kClamp);
        else
            changed = ImGui::SliderFloat3("##value", &v.x, lo, hi, "%.3g", kClamp | ImGuiSliderFlags_NoRoundToFormat);
        if (changed) return glm::clamp(v, glm::vec3(lo), glm::vec3(hi));  // ColorEdit3 takes typed values as they are
        break;
    }
    case ParamType::Choice: {
        const std::string& name = std::get<std::string>(current);
        if (ImGui::BeginCombo("##value", name.c_str())) {
            std::optional<ParamValue> picked;
            for (std::string_view choice : def.choices) {
                const std::string item(choice);
                if (ImGui::Selectable(item.c_str(), item == name)) picked = item;
            }
            ImGui::EndCombo();
            return picked;
        }
        break;
    }
    case ParamType::Path: {
        // applied on Enter: a half-typed name is not a file
        char text[1024];
        std::snprintf(text, sizeof text, "%s", std::get<std::string>(current).c_str());
        if (ImGui::InputTextWithHint("##value", "empty: the grid; a path, then Enter", text, sizeof text,
                                     ImGuiInputTextFlags_EnterReturnsTrue))
            return std::string(text);
        break;
    }
    case ParamType::IntList: {
        // "0, 5, 12", applied on Enter; text that is no list goes on as text, for applyEdit to refuse
        const std::vector<int>& list = std::get<std::vector<int>>(current);
        std::string shown;
        for (std::size_t i = 0; i < list.size(); ++i) shown += (i ? ", " : "") + std::to_string(list[i]);
        char text[4096];
        std::snprintf(text, sizeof text, "%s", shown.c_str());
        if (ImGui::InputTextWithHint("##value", "0, 5, 12 then Enter", text, sizeof text,
                                     ImGuiInputTextFlags_EnterReturnsTrue)) {
            if (std::optional<std::vector<int>> parsed = parseIntList(text)) return *parsed;
            return std::string(text);
        }
        break;
    }
    case ParamType::Solver: {
        const std::string& id = std::get<std::string>(current);
        const SolverInfo* active = findSolver(id);
        const std::string preview = active ? std::string(active->name) : id;
        if (ImGui::BeginCombo("##value", preview.c_str())) {
            std::optional<ParamValue> picked;
            for (const SolverInfo& info : solverRegistry()) {
                const std::string name(info.name);
                if (ImGui::Selectable(name.c_str(), info.id == id)) picked = std::string(info.id);
                if (ImGui::IsItemHovered()) {
                    ImGui::BeginTooltip();
                    textView(info.description);
                    if (!info.contactLacks.empty()) textView("Contact: " + std::string(info.contactLacks) + ".");
                    ImGui::EndTooltip();
                }
            }
            ImGui::EndCombo();
            return picked;
        }
        // the GPU solvers' contact is not the CPU's: said under the choice, not only in a tooltip
        if (active && !active->contactLacks.empty()) {
            ImGui::PushStyleColor(ImGuiCol_Text, kDimColor);
            ImGui::TextWrapped("Contact on the GPU: %s.", std::string(active->contactLacks).c_str());
            ImGui::PopStyleColor();
        }
        break;
    }
    }
    return std::nullopt;
}
// Why an edit cannot be taken, beyond the table's own validation: a path that names
// no file, a list that is not one, a cloth that could not be built (a mesh the
// importer rejects, a pin naming no particle). The running cloth stays either way.
std::string editProblem(AppContext& ctx, const ParamDef& def, ParamValue& value) {
    if (def.type == ParamType::IntList && std::holds_alternative<std::string>(value))
        return "cannot read '" + std::get<std::string>(value) + "' as " + describeRange(def);
    if (def.type == ParamType::Path && std::holds_alternative<std::string>(value)) {
        std::string& text = std::get<std::string>(value);
        if (!text.empty()) {
            // next to the scene file, then in the project root, as the scene reader does
            const std::filesystem::path folder = std::filesystem::path(ctx.scene.path).parent_path();
            const FoundFile found = findSceneFile(text, folder);
            if (!found.path) return "cannot find '" + text + "' (looked " + found.looked + ")";
            text = found.path->string();
        }
    }
    if (!def.checksCloth) return {};
    Settings trial = ctx.sim->world().settings;
    if (std::string error = setParam(trial, def, value); !error.empty()) return error;
    return checkClothSettings(trial.cloth).message;
}

void applyEdit(AppContext& ctx, const ParamDef& def, const ParamValue& edited) {
    ParamValue value = edited;
    std::string error = editProblem(ctx, def, value);
    if (error.empty()) error = setParam(ctx.sim->world().settings, def, value);
    if (error.empty()) return;
    ctx.paramError = std::string(def.key) + ": " + error;
    std::cerr << "clothsim: " << ctx.paramError << '\n';
}

// The small button in front of a row: back to the table's default, enabled only
// when the value differs from it (the context menu also offers the scene's value).
void defaultButton(AppContext& ctx, const PanelRow& row, const ParamValue& current) {
    const ParamDef& def = *row.def;
    const bool atDefault = current == def.defaultValue;
    ImGui::PushStyleVar(ImGuiStyleVar_DisabledAlpha, 0.25f);  // at its default: barely there
    ImGui::BeginDisabled(atDefault);
    if (ImGui::SmallButton("x")) applyEdit(ctx, def, def.defaultValue);
    ImGui::EndDisabled();
    ImGui::PopStyleVar();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("reset to default: %s", formatValue(def.defaultValue).c_str());
    ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
}

// One row: the reset button, the control, its label (amber for on-reset
// parameters), tooltip and context menu.
void paramRow(AppContext& ctx, const PanelRow& row) {
    const ParamDef& def = *row.def;
    Settings& settings = ctx.sim->world().settings;
    const ParamValue current = getParam(settings, def);
    const bool pending = row.onReset && current != getParam(ctx.settingsAtReset, def);

    ImGui::PushID(def.key.data(), def.key.data() + def.key.size());
    defaultButton(ctx, row, current);
    if (std::optional<ParamValue> edited = paramWidget(row, current)) applyEdit(ctx, def, *edited);
    paramTooltip(row);

    if (ImGui::BeginPopupContextItem("context")) {
        if (ImGui::MenuItem("Reset to scene value")) applyEdit(ctx, def, getParam(ctx.scene.settings, def));
        if (ImGui::MenuItem("Reset to default")) applyEdit(ctx, def, def.defaultValue);
        if (def.type == ParamType::Float) {
            float exact = std::get<float>(current);
            ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
            if (ImGui::InputFloat("exact value", &exact, 0.0f, 0.0f, "%g", ImGuiInputTextFlags_EnterReturnsTrue)) {
                applyEdit(ctx, def, exact);
                ImGui::CloseCurrentPopup();
            }
        }
        ImGui::EndPopup();
    }

    ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
    if (row.onReset) ImGui::TextColored(kOnResetColor, "%s%s", row.label.c_str(), pending ? " *" : "");
    else ImGui::TextUnformatted(row.label.c_str());
    paramTooltip(row);
    // what went wrong with this parameter at the last reset (a mesh that failed since it was checked)
    const World& world = ctx.sim->world();
    if (!world.clothError.empty() && world.clothErrorKey == def.key) {
        ImGui::PushStyleColor(ImGuiCol_Text, kErrorColor);
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(world.clothError.c_str());
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
    }
    ImGui::PopID();
}

void parameterGroups(AppContext& ctx) {
    // a solver's own rows show only while it runs: the model leaves the others out
    for (const PanelGroup& group : panelModel(ctx.sim->world().settings.solver.id)) {
        if (group.rows.empty()) continue;
        const std::string header(group.name);
        if (!ImGui::CollapsingHeader(header.c_str(), group.openByDefault ? ImGuiTreeNodeFlags_DefaultOpen : 0)) continue;
        ImGui::PushID(header.c_str());

        if (group.hasOnReset) {
            bool pending = false;
            for (const PanelRow& row : group.rows)
                pending = pending || (row.onReset && getParam(ctx.sim->world().settings, *row.def) !=
                                                         getParam(ctx.settingsAtReset, *row.def));
            if (ImGui::Button("Reset (R)")) ctx.resetRequested = true;
            ImGui::SameLine();
            if (pending) ImGui::TextColored(kOnResetColor, "edits marked * wait for a reset");
            else ImGui::TextDisabled("(reset) parameters apply on reset");
        }

        // room for the group's longest label (" *" included), up to half the panel
        float labelWidth = 0.0f;
        for (const PanelRow& row : group.rows) labelWidth = std::max(labelWidth, ImGui::CalcTextSize(row.label.c_str()).x);
        labelWidth += ImGui::CalcTextSize(" *").x + ImGui::GetStyle().ItemInnerSpacing.x;
        ImGui::PushItemWidth(-std::min(labelWidth, 0.5f * ImGui::GetContentRegionAvail().x));
        for (const PanelRow& row : group.rows) paramRow(ctx, row);
        ImGui::PopItemWidth();
        if (group.group == ParamGroup::Render) forceLegend(ctx);
        ImGui::PopID();
    }
}

// Save scene: a button, the file name it writes (scenes/<stem>_saved.toml unless
// edited), and "Overwrite?" when that file exists. Ctrl + S does what the button does;
// the loop carries out the request (saveRunningScene), so the panel only asks.
void saveSceneRow(AppContext& ctx) {
    SceneSaveState& save = ctx.sceneSave;
    if (save.fileNameFor != ctx.scene.path) {  // a new scene proposes its own file
        save = SceneSaveState{};
        save.fileName = defaultSaveName(ctx.scene.path);
        save.fileNameFor = ctx.scene.path;
    }
    if (ImGui::Button("Save scene (Ctrl+S)")) ctx.saveSceneRequested = true;
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Writes the running scene to the file on the right: every parameter as it is now\n"
                          "(on-reset edits included) and the colliders where they rest. It then appears\n"
                          "in the scene list. A relative name starts in %s.", dataDir().string().c_str());
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-FLT_MIN);
    if (ImGui::InputText("##save file", &save.fileName)) save.confirmPath.clear();  // another file: ask again
    if (!save.confirmPath.empty()) {
        ImGui::TextColored(kOnResetColor, "%s exists. Overwrite?", save.confirmPath.filename().string().c_str());
        ImGui::SameLine();
        if (ImGui::SmallButton("Overwrite")) ctx.saveSceneRequested = true;  // the second, explicit request
        ImGui::SameLine();
        if (ImGui::SmallButton("Cancel")) save.confirmPath.clear(), save.status.clear();
    } else if (!save.status.empty()) {
        ImGui::TextColored(kDimColor, "%s", save.status.c_str());
    }
    errorBox("save error", save.error);
}

// One scene of the selector: its name, its one-line description dim beside it
// (and as the tooltip), or why its [scene] table cannot be read.
void sceneItem(AppContext& ctx, const SceneSummary& scene) {
    const bool selected = !ctx.scene.path.empty() && std::filesystem::path(ctx.scene.path) == scene.path;
    const std::string stem = sceneLabel(scene.path);
    const std::string label = (scene.name.empty() ? stem : scene.name) + "##" + stem;
    if (ImGui::Selectable(label.c_str(), selected)) ctx.sceneRequested = scene.path;
    if (selected) ImGui::SetItemDefaultFocus();
    const bool hovered = ImGui::IsItemHovered();
    ImGui::SameLine();
    if (!scene.error.empty()) ImGui::TextColored(kErrorColor, "(cannot read its [scene] table)");
    else ImGui::TextColored(kDimColor, "%s", scene.description.c_str());
    if (!hovered && !ImGui::IsItemHovered()) return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
    ImGui::TextColored(kDimColor, "scenes/%s.toml", stem.c_str());
    textView(scene.error.empty() ? scene.description : scene.error);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

void sceneSelector(AppContext& ctx) {
    const std::string current = ctx.scene.path.empty() ? ctx.scene.name : sceneLabel(ctx.scene.path);
    ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 4.0f);
    if (ImGui::BeginCombo("scene", current.c_str(), ImGuiComboFlags_HeightLargest)) {
        if (ImGui::IsWindowAppearing()) ctx.sceneCatalogue = readSceneCatalogue(sceneDir());  // pick up new files
        const std::string* category = nullptr;
        for (const SceneSummary& scene : ctx.sceneCatalogue) {
            if (!category || scene.category != *category) {  // the catalogue comes grouped by category
                category = &scene.category;
                if (&scene != &ctx.sceneCatalogue.front()) ImGui::Spacing();
                ImGui::TextColored(kOnResetColor, "%s", category->empty() ? "Other" : category->c_str());
                ImGui::Separator();
            }
            sceneItem(ctx, scene);
        }
        if (ctx.sceneCatalogue.empty()) ImGui::TextDisabled("no *.toml in %s", sceneDir().string().c_str());
        ImGui::EndCombo();
    }
    ImGui::TextWrapped("%s", ctx.scene.name.c_str());
    if (!ctx.scene.description.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kDimColor);
        ImGui::TextWrapped("%s", ctx.scene.description.c_str());
        ImGui::PopStyleColor();
    }
    errorBox("scene error", ctx.sceneError);
    saveSceneRow(ctx);
}

void runControls(AppContext& ctx) {
    if (ImGui::Button(ctx.paused ? "Resume (P)" : "Pause (P)", ImVec2(ImGui::GetFontSize() * 7.0f, 0.0f)))
        ctx.paused = !ctx.paused;
    ImGui::SameLine();
    if (ImGui::Button("Step (N)")) {
        ctx.paused = true;
        ctx.stepRequested = true;
    }
    ImGui::SameLine();
    if (ImGui::Button("Reset (R)")) ctx.resetRequested = true;
    ImGui::SameLine();
    if (ImGui::Button("Frame (F)")) ctx.frameRequested = true;
    if (ImGui::Button("Reload shaders (F5)")) ctx.reloadShadersRequested = true;
    ImGui::SameLine();
    if (ImGui::Button("Help (H)")) ctx.showHelp = !ctx.showHelp;
    errorBox("shader error", ctx.shaderError);
    errorBox("param error", ctx.paramError);
}

void pinButtons(AppContext& ctx) {
    auto tooltip = [](const char* text) {
        if (!ImGui::IsItemHovered()) return;
        ImGui::BeginTooltip();
        ImGui::TextUnformatted(text);
        ImGui::TextDisabled("Ctrl + click on the cloth pins one particle; keys 0-3 toggle the corners.");
        ImGui::EndTooltip();
    };
    if (ImGui::Button("pin top row")) applyPins(ctx, PinPreset::TopRow);
    tooltip("Pin every particle of the top row (the rest are released).");
    ImGui::SameLine();
    if (ImGui::Button("pin two corners")) applyPins(ctx, PinPreset::TopCorners);
    tooltip("Pin the two top corners only.");
    ImGui::SameLine();
    if (ImGui::Button("unpin all")) applyPins(ctx, PinPreset::None);
    tooltip("Release every pin: the cloth falls.");
}

// --- cutting: the mode (C), the undo (Ctrl + Z) and what the last cut did

void cutSection(AppContext& ctx) {
    CutTool& cut = ctx.tools.cut;
    bool mode = cut.mode();
    if (ImGui::Checkbox("cut mode (C)", &mode)) cut.setMode(mode);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Left-drag across the cloth cuts every edge the stroke crosses on the visible surface.\n"
                          "Ctrl + right-drag cuts in any mode.");
    ImGui::SameLine();
    const bool canUndo = cut.canUndo(ctx.sim->world().cloth);
    ImGui::BeginDisabled(!canUndo);
    if (ImGui::Button("undo cut (Ctrl+Z)")) ctx.undoCutRequested = true;
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("Puts the cloth back as it was just before the last cut (up to eight cuts back).\n"
                          "A reset or another scene forgets them.");
    ImGui::SameLine();
    ImGui::BeginDisabled(!cut.canRedo(ctx.sim->world().cloth));
    if (ImGui::Button("redo (Ctrl+Shift+Z)")) ctx.redoCutRequested = true;
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("Makes the last undone cut again. A new cut forgets what was undone.");
    if (cut.mode()) ImGui::TextColored(kOnResetColor, "cutting: left-drag across the cloth");
    else ImGui::TextDisabled("Ctrl + right-drag cuts; C for cut mode");
    if (canUndo) {
        const CutSummary& last = cut.lastCut();
        ImGui::TextDisabled("last cut: %zu triangles split, %zu edges cut, %zu particles split", last.result.trianglesSplit,
                            last.result.edgesCut, last.result.particlesAdded);
    } else {
        ImGui::TextDisabled("no cut to undo");
    }
}

// One line above the tabs: running, paused or lagging, and the frame rate.
void statusLine(AppContext& ctx) {
    const ImGuiIO& io = ImGui::GetIO();
    if (ctx.lagging()) ImGui::TextColored(kErrorColor, "lagging: dropping time");
    else if (ctx.paused) ImGui::TextColored(kOnResetColor, "paused");
    else ImGui::TextDisabled("running in real time");
    ImGui::SameLine();
    ImGui::TextDisabled("  %.0f fps  %.2f ms / frame", static_cast<double>(io.Framerate),
                        static_cast<double>(1000.0f / std::max(io.Framerate, 1e-3f)));
    // a GPU solver without a GL 4.3 context runs its CPU twin: say so where the user looks
    if (const std::string& note = ctx.sim->solverNote(); !note.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kOnResetColor);
        ImGui::TextWrapped("%s", note.c_str());
        ImGui::PopStyleColor();
    }
}

} // namespace

void drawMainPanel(AppContext& ctx) {
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    const float margin = 8.0f;
    ImGui::SetNextWindowPos(ImVec2(viewport->WorkPos.x + margin, viewport->WorkPos.y + margin), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(ImGui::GetFontSize() * 32.0f, viewport->WorkSize.y - 2.0f * margin),
                             ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowBgAlpha(0.88f);
    if (ImGui::Begin("clothsim")) {
        sceneSelector(ctx);
        ImGui::Separator();
        runControls(ctx);
        statusLine(ctx);
        if (ImGui::BeginTabBar("sections")) {
            if (ImGui::BeginTabItem("Parameters")) {
                parameterGroups(ctx);
                ImGui::EndTabItem();
            }
            if (ImGui::BeginTabItem("Tools")) {
                pinButtons(ctx);
                ImGui::Separator();
                cutSection(ctx);
                ImGui::Separator();
                colliderSection(ctx);
                ImGui::EndTabItem();
            }
            if (ImGui::BeginTabItem("Stats")) {
                statsSection(ctx);
                ImGui::EndTabItem();
            }
            if (ImGui::BeginTabItem("Compare")) {
                compareSection(ctx);
                ImGui::EndTabItem();
            }
            ImGui::EndTabBar();
        }
    }
    ImGui::End();
}

void drawHelpWindow(AppContext& ctx) {
    if (!ctx.showHelp) return;
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(viewport->WorkPos.x + viewport->WorkSize.x * 0.5f,
                                   viewport->WorkPos.y + viewport->WorkSize.y * 0.5f),
                            ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (ImGui::Begin("Help", &ctx.showHelp, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse)) {
        constexpr ImGuiTableFlags kTable = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV;
        ImGui::TextDisabled("keys");
        if (ImGui::BeginTable("keys", 2, kTable)) {
            for (const KeyBinding& binding : keyBindings()) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextColored(kOnResetColor, "%s", binding.keys);
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(binding.action);
            }
            ImGui::EndTable();
        }
        ImGui::TextDisabled("mouse");
        if (ImGui::BeginTable("mouse", 2, kTable)) {
            for (const GestureHelp& gesture : mouseGestures()) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextColored(kOnResetColor, "%s", gesture.gesture);
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(gesture.action);
            }
            ImGui::EndTable();
        }
        ImGui::Separator();
        ImGui::TextDisabled("Hover a control for its meaning, unit and range.");
        ImGui::TextColored(kOnResetColor, "Amber (reset) parameters apply when you press R.");
    }
    ImGui::End();
}

} // namespace cs
