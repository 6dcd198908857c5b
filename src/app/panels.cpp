#include "panels.hpp"

#include "data_paths.hpp"
#include "render/camera.hpp"
#include "sim/collision/collider_fields.hpp"
#include "sim/params.hpp"
#include "sim/stats.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <glm/geometric.hpp>
#include <iostream>

namespace cs {
namespace {

const ImVec4 kErrorColor(1.0f, 0.35f, 0.30f, 1.0f);
const ImVec4 kOnResetColor(1.0f, 0.72f, 0.25f, 1.0f);  // labels of parameters that apply on reset
const ImVec4 kDimColor(0.60f, 0.60f, 0.65f, 1.0f);

constexpr std::array kGroups = {ParamGroup::Scene,     ParamGroup::Solver, ParamGroup::Cloth,  ParamGroup::Collision,
                                ParamGroup::Wind,      ParamGroup::Tearing, ParamGroup::Render, ParamGroup::Camera};

constexpr std::array<KeyHelp, 26> kKeys = {{
    {"P", "pause / resume"},
    {"N", "one physics step (while paused)"},
    {"R", "reset: rebuild the cloth, apply (reset) parameters"},
    {"W", "wireframe cloth"},
    {"F", "frame the cloth"},
    {"0 1 2 3", "toggle the pin of a corner (top-left, top-right, bottom-left, bottom-right)"},
    {"C", "cut mode on / off: left-drag then cuts instead of grabbing"},
    {"ctrl + Z", "undo the last cut"},
    {"H", "this help"},
    {"F5", "reload shaders"},
    {"Tab or U", "show / hide the panels"},
    {"F11", "fullscreen"},
    {"Esc", "quit"},
    {"left-drag the cloth", "grab the particle under the cursor; it is thrown on release"},
    {"wheel while grabbing", "push the held particle or collider farther / pull it nearer"},
    {"left-drag a collider", "move it (it pushes the cloth); a dynamic one is thrown on release"},
    {"ctrl + click the cloth", "pin / unpin the particle under the cursor"},
    {"ctrl + right-drag", "cut (in any mode): every edge the stroke crosses on the visible surface"},
    {"left-drag in cut mode", "cut along the stroke; the layer behind stays whole"},
    {"hover the cloth", "highlights the particle a click would take"},
    {"right-drag", "orbit the camera"},
    {"middle-drag", "pan"},
    {"shift + right-drag", "pan"},
    {"wheel", "zoom"},
    {"right-click a control", "reset it to the scene value or default"},
    {"ctrl + click a slider", "type a value"},
}};

void textView(std::string_view text) { ImGui::TextUnformatted(text.data(), text.data() + text.size()); }

void errorBox(const char* id, std::string& message) {
    if (message.empty()) return;
    ImGui::PushID(id);
    ImGui::PushStyleColor(ImGuiCol_Text, kErrorColor);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(message.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    if (ImGui::SmallButton("dismiss")) message.clear();
    ImGui::PopID();
}

std::string sceneLabel(const std::filesystem::path& path) { return path.stem().string(); }

void paramTooltip(const ParamDef& def) {
    if (!ImGui::IsItemHovered()) return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
    ImGui::PushStyleColor(ImGuiCol_Text, kDimColor);
    textView(def.key);
    ImGui::PopStyleColor();
    textView(def.help);
    ImGui::Separator();
    const std::string range = describeRange(def);
    ImGui::Text("range %s%s%.*s", range.c_str(), def.unit.empty() ? "" : "  unit ",
                static_cast<int>(def.unit.size()), def.unit.data());
    ImGui::Text("default %s", formatValue(def.defaultValue).c_str());
    if (def.apply == ParamApply::OnReset) ImGui::TextColored(kOnResetColor, "applies on reset (R)");
    else ImGui::TextUnformatted("applies at once");
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

// Logarithmic sliders. ImGui 1.86 derives the slider's "zero" from the display
// format's precision, so a range starting at 0 cannot reach 1e-8 with a readable
// format. We slide over the decimal exponent instead and print the value itself;
// a range starting at 0 keeps nine decades above 0 and puts 0 at the left end.
bool logarithmicSlider(float& value, const ParamDef& def) {
    const double hi = std::log10(def.maxValue);
    const bool hasZero = def.minValue <= 0.0;
    const double lo = hasZero ? hi - 9.0 : std::log10(def.minValue);
    float exponent = value > 0.0f ? static_cast<float>(std::clamp(std::log10(static_cast<double>(value)), lo, hi))
                                  : static_cast<float>(lo);
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", static_cast<double>(value));  // digits, '.', 'e', '-': no '%'
    if (!ImGui::SliderFloat("##value", &exponent, static_cast<float>(lo), static_cast<float>(hi), text,
                            ImGuiSliderFlags_NoInput | ImGuiSliderFlags_AlwaysClamp | ImGuiSliderFlags_NoRoundToFormat))
        return false;
    if (hasZero && exponent <= static_cast<float>(lo) + 1e-4f) value = 0.0f;
    else value = static_cast<float>(std::pow(10.0, static_cast<double>(exponent)));
    value = std::clamp(value, static_cast<float>(def.minValue), static_cast<float>(def.maxValue));
    return true;
}

// The widget for one parameter, chosen by its type; returns a new value when edited.
std::optional<ParamValue> paramWidget(const ParamDef& def, const ParamValue& current) {
    const float lo = static_cast<float>(def.minValue);
    const float hi = static_cast<float>(def.maxValue);
    const int loInt = static_cast<int>(def.minValue);
    const int hiInt = static_cast<int>(def.maxValue);
    constexpr ImGuiSliderFlags kClamp = ImGuiSliderFlags_AlwaysClamp;

    switch (def.type) {
    case ParamType::Bool: {
        bool v = std::get<bool>(current);
        if (ImGui::Checkbox("##value", &v)) return v;
        break;
    }
    case ParamType::Int: {
        int v = std::get<int>(current);
        const bool changed = (hiInt - loInt > 1000) ? ImGui::DragInt("##value", &v, 1.0f, loInt, hiInt, "%d", kClamp)
                                                    : ImGui::SliderInt("##value", &v, loInt, hiInt, "%d", kClamp);
        if (changed) return v;
        break;
    }
    case ParamType::Float: {
        float v = std::get<float>(current);
        const bool changed = def.logarithmic
                                 ? logarithmicSlider(v, def)
                                 : ImGui::SliderFloat("##value", &v, lo, hi, "%.4g", kClamp | ImGuiSliderFlags_NoRoundToFormat);
        if (changed) return v;
        break;
    }
    case ParamType::Int2: {
        glm::ivec2 v = std::get<glm::ivec2>(current);
        if (ImGui::SliderInt2("##value", &v.x, loInt, hiInt, "%d", kClamp)) return v;
        break;
    }
    case ParamType::Vec3: {
        glm::vec3 v = std::get<glm::vec3>(current);
        bool changed = false;
        if (def.key.find("color") != std::string_view::npos)
            changed = ImGui::ColorEdit3("##value", &v.x, ImGuiColorEditFlags_Float);
        else if (hi - lo <= 2.0f)
            changed = ImGui::SliderFloat3("##value", &v.x, lo, hi, "%.3g", kClamp | ImGuiSliderFlags_NoRoundToFormat);
        else
            changed = ImGui::DragFloat3("##value", &v.x, (hi - lo) / 2000.0f, lo, hi, "%.3g", kClamp);
        if (changed) return v;
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
                    ImGui::EndTooltip();
                }
            }
            ImGui::EndCombo();
            return picked;
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
    if (def.key != "cloth.mesh" && def.key != "cloth.allow_pieces" && def.key != "cloth.pin_vertices") return {};
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

// One row: the control, its label (amber for on-reset parameters), tooltip and context menu.
void paramRow(AppContext& ctx, const ParamDef& def) {
    Settings& settings = ctx.sim->world().settings;
    const ParamValue current = getParam(settings, def);
    const bool onReset = def.apply == ParamApply::OnReset;
    const bool pending = onReset && current != getParam(ctx.settingsAtReset, def);

    ImGui::PushID(def.key.data(), def.key.data() + def.key.size());
    if (std::optional<ParamValue> edited = paramWidget(def, current)) applyEdit(ctx, def, *edited);
    paramTooltip(def);

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
    if (onReset) {
        ImGui::TextColored(kOnResetColor, "%.*s (reset)%s", static_cast<int>(def.label.size()), def.label.data(),
                           pending ? " *" : "");
    } else {
        textView(def.label);
    }
    paramTooltip(def);
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
    const auto table = paramTable();
    for (ParamGroup group : kGroups) {
        const std::string_view name = groupName(group);
        const std::string header(name);
        const bool openByDefault = group == ParamGroup::Solver || group == ParamGroup::Cloth;
        if (!ImGui::CollapsingHeader(header.c_str(), openByDefault ? ImGuiTreeNodeFlags_DefaultOpen : 0)) continue;
        ImGui::PushID(header.c_str());

        bool hasOnReset = false, pending = false;
        for (const ParamDef& def : table) {
            if (def.group != group || def.apply != ParamApply::OnReset) continue;
            hasOnReset = true;
            pending = pending || getParam(ctx.sim->world().settings, def) != getParam(ctx.settingsAtReset, def);
        }
        if (hasOnReset) {
            if (ImGui::Button("Reset (R)")) ctx.resetRequested = true;
            ImGui::SameLine();
            if (pending) ImGui::TextColored(kOnResetColor, "edits marked * wait for a reset");
            else ImGui::TextDisabled("(reset) parameters apply on reset");
        }

        ImGui::PushItemWidth(-ImGui::GetFontSize() * 10.0f);  // leave room for the labels
        // a solver's own rows show only while it runs
        const std::string& solver = ctx.sim->world().settings.solver.id;
        for (const ParamDef& def : table)
            if (def.group == group && paramAppliesTo(def, solver)) paramRow(ctx, def);
        ImGui::PopItemWidth();
        ImGui::PopID();
    }
}

void sceneSelector(AppContext& ctx) {
    const std::string current = ctx.scene.path.empty() ? ctx.scene.name : sceneLabel(ctx.scene.path);
    ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 4.0f);
    if (ImGui::BeginCombo("scene", current.c_str())) {
        if (ImGui::IsWindowAppearing()) ctx.sceneFiles = listSceneFiles(sceneDir());  // pick up new files
        for (const std::filesystem::path& file : ctx.sceneFiles) {
            const std::string label = sceneLabel(file);
            const bool selected = !ctx.scene.path.empty() && std::filesystem::path(ctx.scene.path) == file;
            if (ImGui::Selectable(label.c_str(), selected)) ctx.sceneRequested = file;
        }
        if (ctx.sceneFiles.empty()) ImGui::TextDisabled("no *.toml in %s", sceneDir().string().c_str());
        ImGui::EndCombo();
    }
    ImGui::TextWrapped("%s", ctx.scene.name.c_str());
    if (!ctx.scene.description.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kDimColor);
        ImGui::TextWrapped("%s", ctx.scene.description.c_str());
        ImGui::PopStyleColor();
    }
    errorBox("scene error", ctx.sceneError);
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
    Cloth& cloth = ctx.sim->world().cloth;
    auto tooltip = [](const char* text) {
        if (!ImGui::IsItemHovered()) return;
        ImGui::BeginTooltip();
        ImGui::TextUnformatted(text);
        ImGui::TextDisabled("Ctrl + click on the cloth pins one particle; keys 0-3 toggle the corners.");
        ImGui::EndTooltip();
    };
    if (ImGui::Button("pin top row")) applyPinPreset(cloth, PinPreset::TopRow);
    tooltip("Pin every particle of the top row (the rest are released).");
    ImGui::SameLine();
    if (ImGui::Button("pin two corners")) applyPinPreset(cloth, PinPreset::TopCorners);
    tooltip("Pin the two top corners only.");
    ImGui::SameLine();
    if (ImGui::Button("unpin all")) applyPinPreset(cloth, PinPreset::None);
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
        ImGui::SetTooltip("Puts the cloth back as it was just before the last cut.\nA reset or another scene forgets it.");
    if (cut.mode()) ImGui::TextColored(kOnResetColor, "cutting: left-drag across the cloth");
    else ImGui::TextDisabled("Ctrl + right-drag cuts; C for cut mode");
    if (canUndo) {
        const CutSummary& last = cut.lastCut();
        ImGui::TextDisabled("last cut: %zu edges, %zu particles split", last.result.edgesCut, last.result.particlesAdded);
    } else {
        ImGui::TextDisabled("no cut to undo");
    }
}

// --- colliders: one entry per collider, its controls generated from colliderFields()

void colliderTooltip(const ColliderField& field) {
    if (!ImGui::IsItemHovered()) return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
    ImGui::PushStyleColor(ImGuiCol_Text, kDimColor);
    textView(field.key);
    ImGui::PopStyleColor();
    textView(field.help);
    ImGui::Separator();
    const std::string range = describeRange(field);
    ImGui::Text("range %s%s%.*s", range.c_str(), field.unit.empty() ? "" : "  unit ",
                static_cast<int>(field.unit.size()), field.unit.data());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

// Drag speed per pixel. Angles: half a degree. Signed values (positions,
// directions): a constant pace, 1 cm per pixel at most. Sizes, masses and
// coefficients (ranges from 0 up): also relative to the value, so that a 1 cm
// radius and a 100 kg mass both move at a usable pace.
float dragSpeed(const ColliderField& field, float magnitude) {
    if (field.unit == "deg") return 0.5f;
    const float range = static_cast<float>(field.maxValue - field.minValue);
    const float base = std::clamp(range * 1e-3f, 1e-4f, 0.01f);
    if (field.minValue < 0.0) return base;
    return std::max(base, std::abs(magnitude) * 0.005f);
}

// The widget for one field, chosen by its type; returns a new value when edited.
std::optional<ColliderValue> colliderWidget(const ColliderField& field, const ColliderValue& current,
                                            const Collider& collider) {
    const float lo = static_cast<float>(field.minValue);
    const float hi = static_cast<float>(field.maxValue);
    constexpr ImGuiSliderFlags kClamp = ImGuiSliderFlags_AlwaysClamp;
    switch (field.type) {
    case ColliderFieldType::Float: {
        float v = std::get<float>(current);
        if (ImGui::DragFloat("##value", &v, dragSpeed(field, v), lo, hi, "%.4g", kClamp)) return v;
        break;
    }
    case ColliderFieldType::Vec3: {
        glm::vec3 v = std::get<glm::vec3>(current);
        const float magnitude = std::max({std::abs(v.x), std::abs(v.y), std::abs(v.z)});
        if (ImGui::DragFloat3("##value", &v.x, dragSpeed(field, magnitude), lo, hi, "%.3g", kClamp)) return v;
        break;
    }
    case ColliderFieldType::Choice: {
        const std::string& name = std::get<std::string>(current);
        std::optional<ColliderValue> picked;
        if (ImGui::BeginCombo("##value", name.c_str())) {
            for (std::string_view choice : field.choices) {
                const std::string item(choice);
                if (ImGui::Selectable(item.c_str(), item == name)) picked = item;
            }
            ImGui::EndCombo();
        }
        return picked;
    }
    case ColliderFieldType::Vec3List: {
        std::vector<glm::vec3> points = std::get<std::vector<glm::vec3>>(current);
        bool changed = false;
        std::optional<std::size_t> remove;
        for (std::size_t i = 0; i < points.size(); ++i) {
            ImGui::PushID(static_cast<int>(i));
            glm::vec3& p = points[i];
            const float magnitude = std::max({std::abs(p.x), std::abs(p.y), std::abs(p.z)});
            changed |= ImGui::DragFloat3("##point", &p.x, dragSpeed(field, magnitude), lo, hi, "%.3g", kClamp);
            colliderTooltip(field);
            ImGui::SameLine();
            ImGui::BeginDisabled(points.size() <= 1);  // a path needs a point
            if (ImGui::SmallButton("remove")) remove = i;
            ImGui::EndDisabled();
            ImGui::PopID();
        }
        if (remove) {
            points.erase(points.begin() + static_cast<std::ptrdiff_t>(*remove));
            changed = true;
        }
        if (ImGui::SmallButton("add keyframe")) {
            // a step on from the last point (or from where the collider rests)
            points.push_back(points.empty() ? collider.home.position : points.back() + glm::vec3(0.3f, 0.0f, 0.0f));
            changed = true;
        }
        if (changed) return points;
        break;
    }
    }
    return std::nullopt;
}

bool samePose(const Pose& a, const Pose& b) { return a.position == b.position && a.orientation == b.orientation; }

// Stores an edit. Placement fields keep `home` (what a reset returns to) and
// `pose` (where it is now) together: whichever the field set, the other
// follows by the same move, so an edited centre shows at once and survives a reset.
void applyColliderEdit(AppContext& ctx, std::size_t index, const ColliderField& field, const ColliderValue& value) {
    Collider& c = ctx.sim->world().colliders[index];
    const Pose home = c.home, pose = c.pose;
    if (const std::string error = setColliderValue(c, field, value); !error.empty()) {
        ctx.paramError = "collider " + std::to_string(index) + ": " + error;
        std::cerr << "clothsim: " << ctx.paramError << '\n';
        return;
    }
    const bool homeMoved = !samePose(c.home, home), poseMoved = !samePose(c.pose, pose);
    if (homeMoved && !poseMoved) {
        c.pose.position += c.home.position - home.position;
        c.pose.orientation = glm::normalize(c.home.orientation * glm::conjugate(home.orientation) * c.pose.orientation);
    } else if (poseMoved && !homeMoved) {
        c.home.position += c.pose.position - pose.position;
        c.home.orientation = glm::normalize(c.pose.orientation * glm::conjugate(pose.orientation) * c.home.orientation);
    }
    if (homeMoved || poseMoved) c.stepStart = c.stepEnd = c.substepStart = c.pose;  // a paused world shows it moved
}

// Where a new collider appears: beside the cloth, on the camera's side of it.
glm::vec3 spawnPoint(const World& world) {
    const Cloth& cloth = world.cloth;
    glm::vec3 lo(0.0f), hi(0.0f);
    if (cloth.particleCount() > 0) {
        lo = hi = cloth.positions.front();
        for (const glm::vec3& p : cloth.positions) {
            lo = glm::min(lo, p);
            hi = glm::max(hi, p);
        }
    }
    const glm::vec3 centre = 0.5f * (lo + hi);
    glm::vec3 towardsEye = cameraEye(world.settings.camera) - centre;
    towardsEye.y = 0.0f;
    const float length = glm::length(towardsEye);
    towardsEye = length > 1e-6f ? towardsEye / length : glm::vec3(0.0f, 0.0f, 1.0f);
    const float reach = 0.5f * glm::length(glm::vec2(hi.x - lo.x, hi.z - lo.z));
    glm::vec3 point = centre + towardsEye * (reach + 0.5f);
    // clear of the ground, where the cloth has fallen onto it
    const CollisionSettings& collision = world.settings.collision;
    if (collision.ground) point.y = std::max(point.y, collision.groundHeight + 0.5f);
    return point;
}

void colliderSection(AppContext& ctx) {
    World& world = ctx.sim->world();
    const std::string header = "Colliders (" + std::to_string(world.colliders.size()) + ")###Colliders";
    if (!ImGui::CollapsingHeader(header.c_str())) return;
    ImGui::PushID("colliders");

    constexpr std::array kAddable = {ShapeKind::Sphere, ShapeKind::Box, ShapeKind::Capsule, ShapeKind::Plane};
    for (std::size_t k = 0; k < kAddable.size(); ++k) {
        if (k > 0) ImGui::SameLine();
        const std::string label = "Add " + std::string(shapeName(kAddable[k]));
        if (ImGui::Button(label.c_str())) world.colliders.push_back(defaultCollider(kAddable[k], spawnPoint(world)));
    }
    if (world.colliders.empty()) ImGui::TextDisabled("no colliders: add one, then drag it with the left button");

    std::optional<std::size_t> toDelete;
    ImGui::PushItemWidth(-ImGui::GetFontSize() * 9.0f);  // leave room for the labels
    for (std::size_t k = 0; k < world.colliders.size(); ++k) {
        const Collider& c = world.colliders[k];
        ImGui::PushID(static_cast<int>(k));
        const std::string label = std::string(shapeName(c.shape.kind)) + " " + std::to_string(k) + " (" +
                                  std::string(motionName(c.motion)) + (c.held ? ", held" : "") + ")###entry";
        if (ImGui::TreeNode(label.c_str())) {
            for (const ColliderField& field : colliderFields()) {
                // the collider may have changed shape or motion above: ask again for every field
                if (!field.get || !field.set || !fieldAppliesTo(field, world.colliders[k])) continue;
                ImGui::PushID(field.key.data(), field.key.data() + field.key.size());
                const ColliderValue current = field.get(world.colliders[k]);
                if (auto edited = colliderWidget(field, current, world.colliders[k])) applyColliderEdit(ctx, k, field, *edited);
                colliderTooltip(field);
                ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
                textView(field.label);
                colliderTooltip(field);
                ImGui::PopID();
            }
            if (ImGui::Button("Delete")) toDelete = k;
            ImGui::TreePop();
        }
        ImGui::PopID();
    }
    ImGui::PopItemWidth();
    if (toDelete) {
        ctx.tools.colliderRemoved(world, *toDelete);  // a held collider is let go before it goes
        world.colliders.erase(world.colliders.begin() + static_cast<std::ptrdiff_t>(*toDelete));
    }
    ImGui::PopID();
}

void statsSection(AppContext& ctx) {
    if (!ImGui::CollapsingHeader("Stats", ImGuiTreeNodeFlags_DefaultOpen)) return;
    const World& world = ctx.sim->world();
    const AppStats& s = ctx.stats;
    const ImGuiIO& io = ImGui::GetIO();

    if (ctx.lagging()) ImGui::TextColored(kErrorColor, "simulation lagging: dropping time");
    else if (ctx.paused) ImGui::TextColored(kOnResetColor, "paused");
    else ImGui::TextDisabled("running in real time");

    ImGui::Text("%.0f fps   %.2f ms / frame", static_cast<double>(io.Framerate),
                static_cast<double>(1000.0f / std::max(io.Framerate, 1e-3f)));
    ImGui::Text("physics %.3f ms / step   %d step(s) last frame", static_cast<double>(s.stepMs.mean()),
                s.stepsLastFrame);
    ImGui::Text("  integrate %.3f   constraints %.3f", static_cast<double>(s.integrateMs),
                static_cast<double>(s.constraintMs));
    ImGui::Text("  collision %.3f ms", static_cast<double>(s.collisionMs));

    char overlay[48];
    std::snprintf(overlay, sizeof overlay, "frame ms (max %.1f)", static_cast<double>(s.frameMs.max()));
    ImGui::PlotLines("##frame", s.frameMs.values.data(), static_cast<int>(s.frameMs.values.size()),
                     static_cast<int>(s.frameMs.next), overlay, 0.0f, std::max(33.3f, s.frameMs.max()),
                     ImVec2(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 3.0f));
    std::snprintf(overlay, sizeof overlay, "physics ms (max %.2f)", static_cast<double>(s.physicsMs.max()));
    ImGui::PlotLines("##physics", s.physicsMs.values.data(), static_cast<int>(s.physicsMs.values.size()),
                     static_cast<int>(s.physicsMs.next), overlay, 0.0f, std::max(1.0f, s.physicsMs.max()),
                     ImVec2(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 3.0f));

    const ClothStats cloth = measureCloth(world);
    ImGui::Text("particles %zu   constraints %zu", world.cloth.particleCount(), world.cloth.links.size());
    if (ctx.topologyStatsVersion != world.cloth.topologyVersion) {
        ctx.topologyStats = measureTopology(world);
        ctx.topologyStatsVersion = world.cloth.topologyVersion;
    }
    const TopologyStats& topology = ctx.topologyStats;
    ImGui::Text("triangles %zu   pieces %zu", topology.triangles, topology.pieces.size());
    ImGui::Text("torn links %llu   border edges %zu", static_cast<unsigned long long>(topology.tornLinks),
                topology.borderEdges);
    ImGui::Text("sim time %.3f s   steps %llu", world.time, static_cast<unsigned long long>(world.steps));
    ImGui::Text("iterations %d   residual %.3g m", s.lastStep.iterations, static_cast<double>(s.lastStep.residual));
    ImGui::Text("kinetic energy %.4g J", cloth.kineticEnergy);
    ImGui::Text("max stretch %.2f %%   max penetration %.2f mm",
                static_cast<double>((cloth.maxStretchRatio - 1.0f) * 100.0f),
                static_cast<double>(cloth.maxPenetration * 1000.0f));
    if (cloth.nanCount > 0) ImGui::TextColored(kErrorColor, "%zu particles not finite", cloth.nanCount);
    if (ctx.sim->recoveries() > 0) {
        ImGui::TextColored(kErrorColor, "recoveries: %d", ctx.sim->recoveries());
        errorBox("recovery", ctx.recoveryMessage);
    }
}

} // namespace

std::span<const KeyHelp> keyHelp() { return kKeys; }

void drawMainPanel(AppContext& ctx) {
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    const float margin = 8.0f;
    ImGui::SetNextWindowPos(ImVec2(viewport->WorkPos.x + margin, viewport->WorkPos.y + margin), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(ImGui::GetFontSize() * 30.0f, viewport->WorkSize.y - 2.0f * margin),
                             ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowBgAlpha(0.88f);
    if (ImGui::Begin("clothsim")) {
        sceneSelector(ctx);
        ImGui::Separator();
        runControls(ctx);
        pinButtons(ctx);
        cutSection(ctx);
        statsSection(ctx);
        parameterGroups(ctx);
        colliderSection(ctx);
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
        if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
            for (const KeyHelp& key : kKeys) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextColored(kOnResetColor, "%s", key.keys);
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(key.action);
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
