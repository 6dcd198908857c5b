#include "debug_draw.hpp"

#include <cstddef>

namespace cs {
namespace {

constexpr float kHiddenOpacity = 0.25f;      // debug geometry behind the cloth or a collider
constexpr float kDepthPullPerMetre = 0.003f; // of the eye distance: lines on the cloth win against it

bool anyDebugView(const RenderSettings& r) {
    return r.debugPoints || r.debugLinks != DebugLinkColoring::Off || r.debugNormals || r.debugColliders ||
           r.debugPins || r.debugContacts;
}

} // namespace

DebugDraw::DebugDraw(const std::filesystem::path& shaderDir)
    : m_program(shaderDir / "debug_line.vert", shaderDir / "debug_line.frag") {
    glGenVertexArrays(1, &m_vao);
    glGenBuffers(1, &m_buffer);
    glBindVertexArray(m_vao);
    glBindBuffer(GL_ARRAY_BUFFER, m_buffer);
    const auto stride = static_cast<GLsizei>(sizeof(Vertex));
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(Vertex, position)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(Vertex, color)));
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 1, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(Vertex, size)));
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
}

DebugDraw::~DebugDraw() {
    if (m_buffer) glDeleteBuffers(1, &m_buffer);
    if (m_vao) glDeleteVertexArrays(1, &m_vao);
}

void DebugDraw::point(glm::vec3 position, glm::vec3 color, float diameter) {
    m_pointVertices.push_back({position, color, diameter});  // allocates only when the count grows
}

void DebugDraw::line(glm::vec3 a, glm::vec3 b, glm::vec3 color) {
    m_lineVertices.push_back({a, color, 1.0f});
    m_lineVertices.push_back({b, color, 1.0f});
}

void DebugDraw::upload() {
    const std::size_t lines = m_lineVertices.size(), total = lines + m_pointVertices.size();
    glBindBuffer(GL_ARRAY_BUFFER, m_buffer);
    if (total > m_bufferCapacity) {
        m_bufferCapacity = total + total / 2;  // room to grow before the next reallocation
        glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(m_bufferCapacity * sizeof(Vertex)), nullptr,
                     GL_STREAM_DRAW);
    }
    glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(lines * sizeof(Vertex)), m_lineVertices.data());
    glBufferSubData(GL_ARRAY_BUFFER, static_cast<GLintptr>(lines * sizeof(Vertex)),
                    static_cast<GLsizeiptr>(m_pointVertices.size() * sizeof(Vertex)), m_pointVertices.data());
    glBindBuffer(GL_ARRAY_BUFFER, 0);
}

void DebugDraw::draw(const World& world, const CameraView& view) {
    const RenderSettings& render = world.settings.render;
    if (!m_program.valid() || !anyDebugView(render)) return;
    m_lineVertices.clear();  // keeps the capacity
    m_pointVertices.clear();
    describeDebugGeometry(world, render, *this, m_scratch);
    if (m_lineVertices.empty() && m_pointVertices.empty()) return;
    upload();

    m_program.use();
    m_program.set("uViewProjection", view.viewProjection);
    m_program.set("uEye", view.eye);
    m_program.set("uNearPlane", view.nearPlane);
    m_program.set("uDepthPullPerMetre", kDepthPullPerMetre);
    glBindVertexArray(m_vao);
    glEnable(GL_PROGRAM_POINT_SIZE);
    glDisable(GL_MULTISAMPLE);  // one-pixel lines at full coverage keep their colour over the cloth
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glDepthMask(GL_FALSE);  // debug geometry never hides the scene from itself
    const auto lineCount = static_cast<GLsizei>(m_lineVertices.size());
    const auto pointCount = static_cast<GLsizei>(m_pointVertices.size());
    const auto drawAll = [&](float opacity) {
        m_program.set("uOpacity", opacity);
        m_program.set("uPoints", 0);
        if (lineCount > 0) glDrawArrays(GL_LINES, 0, lineCount);
        m_program.set("uPoints", 1);
        if (pointCount > 0) glDrawArrays(GL_POINTS, lineCount, pointCount);
    };
    // what something hides, faintly; then what is in view
    glDepthFunc(GL_GREATER);
    drawAll(kHiddenOpacity);
    glDepthFunc(GL_LEQUAL);
    drawAll(1.0f);

    glDepthFunc(GL_LESS);
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
    glDisable(GL_PROGRAM_POINT_SIZE);
    glEnable(GL_MULTISAMPLE);
    glBindVertexArray(0);
}

} // namespace cs
