#pragma once
// The "buffers" window of render.debug_buffers: the cloth's particle buffers
// (positions, previous positions, velocities, normals) as small images, one texel
// per particle, with what their colours stand for. The textures are filled only
// while the window shows. When the GPU path exists its buffers belong here too.
#include "app/app_context.hpp"
#include "render/buffer_textures.hpp"

namespace cs {

class DebugBuffersPanel {
public:
    // Needs a current GL context (it makes the textures), as does every call.
    DebugBuffersPanel() = default;

    // Inside an ImGui frame: the window, while render.debug_buffers is on. Closing
    // it turns the parameter off through the table, as the checkbox would.
    void draw(AppContext& ctx);

private:
    BufferTextures m_textures;
    int m_pixelsPerTexel = 0;  // 0: chosen from the cloth's size
};

} // namespace cs
