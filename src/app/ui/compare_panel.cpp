#include "compare_panel.hpp"

#include "sim/collision/contact.hpp"
#include "sim/params.hpp"
#include "sim/solver.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

namespace cs {
namespace {

// One plot: every copy's history of one quantity, scaled together, a line each.
template <std::size_t N>
void plotCopies(const char* title, const CompareMode& mode, History<N> CompareTrace::*member, const char* format) {
    float top = 0.0f, bottom = 0.0f;
    for (std::size_t k = 0; k < mode.methods.size(); ++k) {
        const History<N>& h = mode.traces[k].*member;
        top = std::max(top, h.max());
        bottom = std::min(bottom, h.min());
    }
    if (top - bottom <= 0.0f) top = bottom + 1.0f;
    ImGui::TextUnformatted(title);
    const float width = ImGui::GetContentRegionAvail().x;
    const float height = 4.0f * ImGui::GetFontSize();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(origin, ImVec2(origin.x + width, origin.y + height), ImGui::GetColorU32(ImGuiCol_FrameBg));
    for (std::size_t k = 0; k < mode.methods.size(); ++k) {
        const History<N>& h = mode.traces[k].*member;
        if (h.count < 2) continue;
        const auto point = [&](std::size_t i) {  // i: 0 the oldest value kept
            const float value = h.values[(h.next + N - h.count + i) % N];
            return ImVec2(origin.x + width * static_cast<float>(i) / static_cast<float>(N - 1),
                          origin.y + height * (1.0f - (value - bottom) / (top - bottom)));
        };
        for (std::size_t i = 0; i + 1 < h.count; ++i) draw->AddLine(point(i), point(i + 1), compareColour(k), 1.5f);
    }
    char text[64];
    std::snprintf(text, sizeof text, format, top);
    draw->AddText(ImVec2(origin.x + 3.0f, origin.y + 1.0f), ImGui::GetColorU32(ImGuiCol_TextDisabled), text);
    ImGui::Dummy(ImVec2(width, height));
}

// The substeps a step of `world` takes where solver.contact_substeps decides them
// (self-contact runs), else 0.
int contactSubstepsOf(const World& world) {
    const int taken = substepsThisStep(world);
    return taken != std::max(world.settings.solver.substeps, 1) ? taken : 0;
}

void contactSubstepsTip(int taken) {
    if (taken > 0 && ImGui::IsItemHovered())
        ImGui::SetTooltip("%d a step while self-contact runs (solver.contact_substeps)", taken);
}

// Copy k's substeps: the panels edit the first copy's; a companion's is set here, for it alone.
void substepsCell(AppContext& ctx, std::size_t k) {
    const ParamDef& def = *findParam("solver.substeps");
    if (k == 0) {
        const World& world = ctx.sim->world();
        const int taken = contactSubstepsOf(world);
        if (taken > 0)
            ImGui::Text("%d (%d)", world.settings.solver.substeps, taken);
        else
            ImGui::Text("%d", world.settings.solver.substeps);
        contactSubstepsTip(taken);
        return;
    }
    CompareCopy& copy = ctx.compare.companions.copies()[k - 1];
    const World& world = copy.player->simulation()->world();
    int substeps = world.settings.solver.substeps;
    ImGui::PushID(static_cast<int>(k));
    ImGui::SetNextItemWidth(-1.0f);
    const int taken = contactSubstepsOf(world);
    char format[32] = "%d";  // as the first copy's cell: "1 (4)" where contact takes 4
    if (taken > 0) std::snprintf(format, sizeof format, "%%d (%d)", taken);
    if (ImGui::DragInt("##substeps", &substeps, 0.2f, static_cast<int>(def.minValue), static_cast<int>(def.maxValue),
                       format)) {
        const std::string error =
            ctx.compare.companions.applyTo(k - 1, actions::set(0, def.key, std::to_string(substeps)));
        if (!error.empty()) ctx.paramError = error;
    }
    contactSubstepsTip(taken);
    ImGui::PopID();
}

void pickMethods(AppContext& ctx) {
    CompareMode& mode = ctx.compare;
    ImGui::TextWrapped("Run 2 to 4 methods side by side on this scene, each with its recommended settings "
                       "(scenes/compare_ID.toml). Grabs, cuts, pins, wind, colliders and resets reach every copy.");
    for (const SolverInfo& info : solverRegistry()) {
        if (info.gpu()) continue;
        const std::string id(info.id);
        const auto it = std::find(mode.picked.begin(), mode.picked.end(), id);
        bool on = it != mode.picked.end();
        const bool full = mode.picked.size() >= kMaxWindowCompareMethods;
        ImGui::BeginDisabled(!on && full);
        if (ImGui::Checkbox(id.c_str(), &on)) {
            if (on) mode.picked.push_back(id);
            else mode.picked.erase(it);
        }
        ImGui::EndDisabled();
    }
    ImGui::BeginDisabled(mode.picked.size() < kMinCompareMethods);
    if (ImGui::Button("Compare")) {
        const std::vector<std::string> picked = mode.picked;
        if (const std::string error = startCompare(ctx, picked); !error.empty()) ctx.paramError = error;
    }
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::TextDisabled("in the order picked; the first is the one the panels edit");
}

} // namespace

unsigned int compareColour(std::size_t k) {
    constexpr ImU32 kColours[] = {IM_COL32(90, 170, 255, 255), IM_COL32(255, 110, 90, 255),
                                  IM_COL32(110, 220, 110, 255), IM_COL32(230, 170, 255, 255)};
    return kColours[k % std::size(kColours)];
}

void compareSection(AppContext& ctx) {
    CompareMode& mode = ctx.compare;
    if (!mode.active()) {
        pickMethods(ctx);
        return;
    }
    if (ImGui::Button("Stop comparing")) {
        stopCompare(ctx);
        return;
    }
    ImGui::SameLine();
    ImGui::TextDisabled("left to right; the panels edit the first");
    if (ImGui::BeginTable("copies", 6, ImGuiTableFlags_SizingStretchProp)) {
        for (const char* heading : {"method", "substeps", "stretch %", "energy J", "ms / step", "residual"})
            ImGui::TableSetupColumn(heading);
        ImGui::TableHeadersRow();
        for (std::size_t k = 0; k < mode.methods.size(); ++k) {
            const CompareTrace& t = mode.traces[k];
            const std::string& id = k == 0 ? ctx.sim->world().settings.solver.id : mode.methods[k];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::PushStyleColor(ImGuiCol_Text, compareColour(k));
            ImGui::TextUnformatted(id.c_str());
            ImGui::PopStyleColor();
            ImGui::TableNextColumn();
            substepsCell(ctx, k);
            ImGui::TableNextColumn();
            ImGui::Text("%.2f", t.maxStretchPct.latest());
            ImGui::TableNextColumn();
            ImGui::Text("%.3g", t.kineticEnergy.latest());
            ImGui::TableNextColumn();
            ImGui::Text("%.2f", t.stepMs.mean());
            ImGui::TableNextColumn();
            ImGui::Text("%.3g", t.residual.latest());
        }
        ImGui::EndTable();
    }
    plotCopies("max stretch (%)", mode, &CompareTrace::maxStretchPct, "%.2f %%");
    plotCopies("kinetic energy (J)", mode, &CompareTrace::kineticEnergy, "%.3g J");
    plotCopies("ms per step", mode, &CompareTrace::stepMs, "%.2f ms");
    plotCopies("residual: largest |length / rest - 1| of a stretch link", mode, &CompareTrace::residual, "%.3g");
}

} // namespace cs
