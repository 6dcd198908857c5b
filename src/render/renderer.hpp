#pragma once
// Draws a World with OpenGL 3.3 core: a sky gradient, the gridded ground, the
// colliders and the cloth (GGX shading, two-sided). It reads the World and never
// changes it. The key light casts shadows (a shadow map fitted around the cloth
// and the colliders each frame). Needs a current context with GL loaded (glad) for every call,
// including construction and destruction.
#include "camera.hpp"
#include "mesh.hpp"
#include "shader.hpp"
#include "sim/world.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace cs {

class Renderer {
public:
    // Makes the static meshes and remembers where the shader files are; compiles
    // nothing yet (see loadShaders).
    explicit Renderer(std::filesystem::path shaderDir);
    ~Renderer();
    Renderer(const Renderer&) = delete;
    Renderer& operator=(const Renderer&) = delete;

    // Reads and compiles every program. Returns "" on success, otherwise the
    // errors (file names and GL logs); programs that failed keep their previous
    // version, so a bad edit during a session never blanks the picture. At start
    // there is no previous version: treat a non-empty result as fatal.
    std::string loadShaders();

    // The cloth's triangles changed without a change of count (reset, new scene,
    // tearing): upload the index buffer again on the next draw.
    void invalidateClothTopology() { m_clothTopologyDirty = true; }

    // Sets the viewport to the framebuffer, clears and draws the scene as seen by
    // world.settings.camera. Does nothing for an empty (minimised) framebuffer.
    void draw(const World& world, int framebufferWidth, int framebufferHeight);

    // The camera matrices used by the last draw.
    const CameraView& lastView() const { return m_view; }

private:
    void updateShadowMap(const World& world);
    void drawSky();
    void drawGround(const World& world);
    void drawColliders(const World& world);
    void drawCloth(const World& world);
    void setLighting(const ShaderProgram& program, const Settings& settings) const;

    std::filesystem::path m_shaderDir;
    ShaderProgram m_clothProgram;   // cloth.vert + ggx.frag: cloth and sphere colliders
    ShaderProgram m_groundProgram;  // ground.vert + ground.frag: ground and plane colliders
    ShaderProgram m_skyProgram;     // sky.vert + sky.frag: full-screen gradient
    ShaderProgram m_shadowProgram;  // shadow.vert + shadow.frag: depth from the key light

    GpuMesh m_clothMesh;
    GpuMesh m_sphereMesh;
    GpuMesh m_quadMesh;
    GLuint m_emptyVao = 0;          // core profile needs a VAO even for attribute-less draws
    GLuint m_shadowFramebuffer = 0;
    GLuint m_shadowTexture = 0;     // depth, compared in the shaders (sampler2DShadow)
    glm::mat4 m_lightViewProjection{1.0f};
    float m_shadowTexel = 0.0f;     // metres per shadow-map texel
    std::vector<glm::vec3> m_clothNormals;  // kept between frames: no allocation per frame
    bool m_clothTopologyDirty = true;
    CameraView m_view;
};

// Prints GL errors and warnings to stderr through GL_KHR_debug when the context
// offers it (a debug context gives the most). Returns whether it was installed.
bool installGlDebugOutput();

} // namespace cs
