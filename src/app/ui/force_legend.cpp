#include "force_legend.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

namespace cs {
namespace {

// Viridis as sRGB at t = 0, 1/8, ..., 1 (the points shaders/colormap.glsl is fitted to).
constexpr std::array<std::array<float, 3>, 9> kViridis = {{{0.267f, 0.005f, 0.329f}, {0.283f, 0.141f, 0.458f},
                                                          {0.230f, 0.322f, 0.546f}, {0.173f, 0.449f, 0.558f},
                                                          {0.128f, 0.567f, 0.551f}, {0.135f, 0.659f, 0.518f},
                                                          {0.369f, 0.789f, 0.383f}, {0.678f, 0.864f, 0.190f},
                                                          {0.993f, 0.906f, 0.144f}}};

ImU32 viridis(float t) {
    const float x = std::clamp(t, 0.0f, 1.0f) * 8.0f;
    const int i = std::min(static_cast<int>(x), 7);
    const float f = x - static_cast<float>(i);
    const auto& a = kViridis[static_cast<std::size_t>(i)];
    const auto& b = kViridis[static_cast<std::size_t>(i) + 1];
    return ImGui::GetColorU32(ImVec4((1 - f) * a[0] + f * b[0], (1 - f) * a[1] + f * b[1], (1 - f) * a[2] + f * b[2], 1.0f));
}

// The load at place t of the map, newtons.
float newtonsAt(const ForceColourScale& scale, float t) {
    return scale.logarithmic ? scale.low * std::pow(scale.high / scale.low, t) : scale.high * t;
}

} // namespace

void forceLegend(const AppContext& ctx) {
    if (!ctx.forceLegend) return;
    const ForceColourScale& scale = *ctx.forceLegend;
    ImGui::Separator();
    ImGui::TextUnformatted(scale.logarithmic ? "load, newtons (log scale: 5th to 90th percentile of this frame)"
                                             : "load, newtons (linear from 0 to render.force_scale)");
    constexpr int kSegments = 32;
    const float width = ImGui::GetContentRegionAvail().x;
    const float height = ImGui::GetFontSize();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    for (int k = 0; k < kSegments; ++k) {
        const float t0 = static_cast<float>(k) / kSegments, t1 = static_cast<float>(k + 1) / kSegments;
        draw->AddRectFilledMultiColor(ImVec2(origin.x + t0 * width, origin.y), ImVec2(origin.x + t1 * width, origin.y + height),
                                      viridis(t0), viridis(t1), viridis(t1), viridis(t0));
    }
    // the newtons under the bar's ends and middle (the top clips: "+")
    const float labelY = origin.y + height + ImGui::GetStyle().ItemInnerSpacing.y;
    char text[32];
    for (const float t : {0.0f, 0.5f, 1.0f}) {
        std::snprintf(text, sizeof text, "%.3g%s", newtonsAt(scale, t), t == 1.0f ? "+" : "");
        const float textWidth = ImGui::CalcTextSize(text).x;
        const float x = std::clamp(origin.x + t * width - 0.5f * textWidth, origin.x, origin.x + width - textWidth);
        draw->AddText(ImVec2(x, labelY), ImGui::GetColorU32(ImGuiCol_Text), text);
    }
    ImGui::Dummy(ImVec2(width, labelY - origin.y + ImGui::GetTextLineHeight()));
}

} // namespace cs
