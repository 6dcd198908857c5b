#include "debug_buffers_panel.hpp"

#include "sim/params.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdint>

namespace cs {
namespace {

constexpr float kAutoImageWidth = 160.0f;  // pixels an image is scaled up to by default
constexpr int kMaxPixelsPerTexel = 16;

ImTextureID textureId(GLuint texture) {
    return reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(texture));  // the OpenGL3 backend's convention
}

} // namespace

void DebugBuffersPanel::draw(AppContext& ctx) {
    World& world = ctx.sim->world();
    if (!world.settings.render.debugBuffers) return;

    bool open = true;
    // top right: the main panel has the top left
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(viewport->WorkPos.x + viewport->WorkSize.x - 10.0f, viewport->WorkPos.y + 10.0f),
                            ImGuiCond_FirstUseEver, ImVec2(1.0f, 0.0f));
    const bool visible = ImGui::Begin("buffers", &open, ImGuiWindowFlags_AlwaysAutoResize);
    if (visible && world.cloth.particleCount() > 0) {
        m_textures.update(world.cloth);
        const glm::ivec2 size = m_textures.size();
        if (m_pixelsPerTexel <= 0)
            m_pixelsPerTexel = std::clamp(static_cast<int>(kAutoImageWidth / static_cast<float>(std::max(size.x, size.y))),
                                          1, kMaxPixelsPerTexel);
        ImGui::SliderInt("pixels per particle", &m_pixelsPerTexel, 1, kMaxPixelsPerTexel);
        const ImVec2 imageSize(static_cast<float>(size.x * m_pixelsPerTexel), static_cast<float>(size.y * m_pixelsPerTexel));
        const auto textures = m_textures.textures();
        for (std::size_t i = 0; i < textures.size(); ++i) {
            if (i % 2 == 1) ImGui::SameLine();
            ImGui::BeginGroup();
            ImGui::TextUnformatted(textures[i].name);
            ImGui::Image(textureId(textures[i].id), imageSize);
            ImGui::EndGroup();
        }
        const glm::vec3 lo = m_textures.boundsMin(), hi = m_textures.boundsMax();
        ImGui::Text("%d x %d texels, %zu particles", size.x, size.y, world.cloth.particleCount());
        ImGui::TextDisabled("positions: RGB = xyz from (%.2f, %.2f, %.2f) to (%.2f, %.2f, %.2f) m", lo.x, lo.y, lo.z,
                            hi.x, hi.y, hi.z);
        ImGui::TextDisabled("velocities: RGB = xyz from -%.2f to +%.2f m/s, grey at rest", m_textures.maxSpeed(),
                            m_textures.maxSpeed());
        ImGui::TextDisabled("normals: RGB = xyz from -1 to +1");
    }
    ImGui::End();
    if (!open)  // through the table, so that the checkbox in the panel follows
        if (const ParamDef* def = findParam("render.debug_buffers"))
            ctx.paramError = setParam(world.settings, *def, ParamValue(false));
}

} // namespace cs
