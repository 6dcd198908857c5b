#pragma once
// The renderer's side of the debug views: a DebugSink (sim/debug_draw.hpp) that
// collects the points and lines the core describes into vertex arrays kept between
// frames, uploads them once per frame and draws them over the scene with
// shaders/debug_line.vert/.frag — GL_LINES, then GL_POINTS as round dots. What lies
// behind the cloth or a collider shows faintly; what is in front in full. Needs a
// current GL context for every call, including construction and destruction.
#include "camera.hpp"
#include "shader.hpp"
#include "sim/debug_draw.hpp"

#include <filesystem>
#include <vector>

namespace cs {

class DebugDraw final : public DebugSink {
public:
    explicit DebugDraw(const std::filesystem::path& shaderDir);
    ~DebugDraw() override;
    DebugDraw(const DebugDraw&) = delete;
    DebugDraw& operator=(const DebugDraw&) = delete;

    // The program, for the renderer's (re)load of every shader.
    ShaderProgram& program() { return m_program; }

    // Draws the debug views world.settings.render asks for, over the frame being
    // drawn (its depth buffer decides what is hidden). Does nothing when they are off.
    void draw(const World& world, const CameraView& view);

    void point(glm::vec3 position, glm::vec3 color, float diameter) override;
    void line(glm::vec3 a, glm::vec3 b, glm::vec3 color) override;

private:
    struct Vertex {
        glm::vec3 position;  // metres
        glm::vec3 color;     // linear RGB
        float size;          // point diameter, pixels (lines: unused)
    };
    void upload();

    ShaderProgram m_program;
    DebugDrawScratch m_scratch;
    std::vector<Vertex> m_lineVertices;   // two per line; kept between frames
    std::vector<Vertex> m_pointVertices;
    GLuint m_vao = 0;
    GLuint m_buffer = 0;
    std::size_t m_bufferCapacity = 0;     // vertices the buffer holds
};

} // namespace cs
