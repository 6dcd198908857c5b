#include "panels.hpp"

#include "data_paths.hpp"
#include "sim/params.hpp"
#include "sim/stats.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <iostream>

namespace cs {
namespace {

const ImVec4 kErrorColor(1.0f, 0.35f, 0.30f, 1.0f);
const ImVec4 kOnResetColor(1.0f, 0.72f, 0.25f, 1.0f);  // labels of parameters that apply on reset
const ImVec4 kDimColor(0.60f, 0.60f, 0.65f, 1.0f);

constexpr std::array kGroups = {ParamGroup::Scene,     ParamGroup::Solver, ParamGroup::Cloth,  ParamGroup::Collision,
                                ParamGroup::Wind,      ParamGroup::Render, ParamGroup::Camera};

constexpr std::array<KeyHelp, 17> kKeys = {{
    {"P", "pause / resume"},
    {"N", "one physics step (while paused)"},
    {"R", "reset: rebuild the cloth, apply (reset) parameters"},
    {"W", "wireframe cloth"},
    {"F", "frame the cloth"},
    {"0 1 2 3", "toggle the pin of a corner (top-left, top-right, bottom-left, bottom-right)"},
    {"H", "this help"},
    {"F5", "reload shaders"},
    {"Tab or U", "show / hide the panels"},
    {"F11", "fullscreen"},
    {"Esc", "quit"},
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

void applyEdit(AppContext& ctx, const ParamDef& def, const ParamValue& value) {
    const std::string error = setParam(ctx.sim->world().settings, def, value);
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
    ImGui::Text("triangles %zu", world.cloth.triangles.size());
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
        statsSection(ctx);
        parameterGroups(ctx);
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
