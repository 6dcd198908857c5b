#include "stats_panel.hpp"

#include "panel_widgets.hpp"
#include "sim/stats.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

namespace cs {
namespace {
using namespace panel;

// One scrolling plot of a history, its latest value and the peak in the overlay.
// `format` takes the latest value then the peak. The scale starts at 0 (or the
// lowest value, when negative) and reaches at least `floorMax`.
template <std::size_t N>
void plotHistory(const char* id, const History<N>& history, const char* format, float floorMax) {
    char overlay[64];
    std::snprintf(overlay, sizeof overlay, format, static_cast<double>(history.latest()),
                  static_cast<double>(history.max()));
    ImGui::PlotLines(id, history.values.data(), static_cast<int>(history.values.size()),
                     static_cast<int>(history.next), overlay, std::min(0.0f, history.min()),
                     std::max(floorMax, history.max()),
                     ImVec2(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 3.0f));
}

} // namespace

void statsSection(AppContext& ctx) {
    const World& world = ctx.sim->world();
    const AppStats& s = ctx.stats;
    const ClothStats& cloth = s.cloth;  // measured by the loop once per frame

    ImGui::Text("physics %.3f ms / step   %d step(s) last frame", static_cast<double>(s.stepMs.mean()),
                s.stepsLastFrame);
    ImGui::Text("  integrate %.3f   constraints %.3f", static_cast<double>(s.integrateMs),
                static_cast<double>(s.constraintMs));
    ImGui::Text("  collision %.3f ms", static_cast<double>(s.collisionMs));
    plotHistory("##frame", s.frameMs, "frame %.1f ms (max %.1f)", 33.3f);
    plotHistory("##physics", s.physicsMs, "physics %.2f ms / step (max %.2f)", 1.0f);

    ImGui::Separator();
    ImGui::TextDisabled("cloth");
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
    ImGui::Text("max penetration %.2f mm", static_cast<double>(cloth.maxPenetration * 1000.0f));
    plotHistory("##energy", s.kineticEnergy, "kinetic energy %.4g J (max %.4g)", 1e-6f);
    plotHistory("##stretch", s.maxStretchPct, "max stretch %.2f %% (max %.2f)", 1.0f);
    // the exact count, every 10th frame; its cost is not part of the step's
    const CrossingSampler& crossings = s.crossings;
    if (crossings.counted())
        ImGui::Text("crossings %zu   largest %zu   (%.2f ms / %d frames)", crossings.current(), crossings.largest(),
                    static_cast<double>(crossings.lastMs()), CrossingSampler::kEveryFrames);
    else
        ImGui::TextDisabled("crossings: not counted yet");
    plotHistory("##crossings", crossings.history(), "crossing pairs %.0f (max %.0f)", 1.0f);

    ImGui::Separator();
    ImGui::TextDisabled("solver");
    plotHistory("##residual", s.residual, "residual %.3g (max %.3g)", 1e-9f);
    plotHistory("##iterations", s.iterations, "iterations %.0f (max %.0f)", 1.0f);
    if (cloth.nanCount > 0) ImGui::TextColored(kErrorColor, "%zu particles not finite", cloth.nanCount);
    if (ctx.sim->recoveries() > 0) {
        ImGui::TextColored(kErrorColor, "recoveries: %d", ctx.sim->recoveries());
        errorBox("recovery", ctx.recoveryMessage);
    }
}

} // namespace cs
