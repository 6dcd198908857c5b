#pragma once
// Draws a World with OpenGL 3.3 core: a sky gradient, the gridded ground, the
// colliders at their poses (spheres, oriented boxes, capsules, plane panels), the
// cloth (two-sided, in the view render.shader picks: GGX with a fabric texture,
// force or strain heat maps, normals; grey with its crossing triangles magenta in the
// contacts debug view) and the markers of the interaction tools. It
// reads the World and never changes it. The key light casts shadows (a shadow
// map fitted around the cloth and the finite colliders each frame). Needs a
// current context with GL loaded (glad) for every call, including construction
// and destruction. Collider drawing lives in collider_draw.cpp.
#include "camera.hpp"
#include "debug_draw.hpp"
#include "mesh.hpp"
#include "shader.hpp"
#include "texture.hpp"
#include "sim/particle_forces.hpp"
#include "sim/world.hpp"

#include <array>
#include <cstdint>
#include <filesystem>
#include <glm/vec3.hpp>

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace cs {

inline constexpr int kClothShaderCount = 5;  // the values of ClothShader

// A highlight for the interaction tools (hovered or grabbed particle): a small
// sphere in a flat colour that shows through the cloth it sits in.
struct Marker {
    glm::vec3 position;  // centre, metres
    float radius;        // metres
    glm::vec3 color;     // linear RGB
};

class Renderer {
public:
    using Marker = cs::Marker;

    // Makes the static meshes, remembers where the shader files are (compiles
    // nothing yet, see loadShaders) and loads the fabric texture; without it
    // (missing or unreadable file) the cloth is drawn untextured and stderr says why.
    explicit Renderer(std::filesystem::path shaderDir, const std::filesystem::path& fabricPath = {});
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

    // Compare mode: after draw(), another copy of the scene (its cloth and solid
    // colliders, no shadows of its own) shifted by `offset` metres, seen by the camera
    // of that draw. The legend keeps draw()'s scale.
    void drawCompanion(const World& world, glm::vec3 offset);

    // Markers drawn on top of the next frames (hovered / grabbed particle) until
    // replaced; an empty span removes them. Copies them (no allocation once the
    // count has been reached before).
    void setMarkers(std::span<const Marker> markers);

    // Cloth vertices that the GPU solvers keep on the GPU (positions every `stride`
    // bytes, vec4 normals): the next draws take them from there instead of
    // uploading World::cloth's positions and normals, while `count` matches the
    // cloth. Nothing: back to uploading. The other cloth data (UVs, forces,
    // strain, triangles) still come from World::cloth.
    struct ClothVertexBuffers {
        GLuint positions = 0;
        GLsizei stride = 0;
        GLuint normals = 0;
        std::size_t count = 0;
    };
    void setClothVertexBuffers(std::optional<ClothVertexBuffers> buffers) { m_clothBuffers = buffers; }

    // The contacts view (render.debug_contacts) paints the cloth's triangles by these
    // marks: 1 (in a crossing pair) magenta, 0 grey; marks of another triangle count
    // than the cloth's (none yet, or a cut since) paint it all grey. Copies them (no
    // allocation once the count has been reached before).
    void setCrossingTriangles(std::span<const std::uint8_t> marks);

    // The camera matrices used by the last draw.
    const CameraView& lastView() const { return m_view; }
    // The colour scale of the last frame drawn with a force view (the panel's legend);
    // empty when the last frame showed another view.
    const std::optional<ForceColourScale>& forceColourScale() const { return m_forceScale; }

    bool fabricLoaded() const { return m_fabric.valid(); }

private:
    void updateShadowMap(const World& world);
    void drawSky();
    void drawGround(const World& world);
    // the cloth in `mesh` (the scene's, or a companion's in compare mode) shifted by `offset`
    void drawCloth(const World& world, const GpuMesh& mesh, glm::vec3 offset);
    void updateClothData(const World& world, GpuMesh& mesh);  // forces or strains, when the cloth view shows them
    // the cloth while render.debug_contacts is on; `marked`: paint the crossing marks
    void drawCrossingView(const World& world, const GpuMesh& mesh, glm::vec3 offset, bool marked);
    bool crossingMarksFit(const Cloth& cloth) const;
    void drawMarkers();
    void setLighting(const ShaderProgram& program, const Settings& settings) const;
    void useGroundProgram(const Settings& settings) const;  // lighting, fog

    // collider_draw.cpp
    // solids with the cloth program, planes with the ground's; shifted by `offset`, metres
    void drawColliders(const World& world, glm::vec3 offset = glm::vec3(0.0f));
    void drawColliderShadows(const World& world);  // into the bound shadow map, with the shadow program
    // Grows [lo, hi] by the collider's world-space bounding box; infinite planes add nothing.
    static void growBounds(const Collider& collider, glm::vec3& lo, glm::vec3& hi);

    std::filesystem::path m_shaderDir;
    ShaderProgram m_clothProgram;   // cloth.vert + ggx.frag: the solid colliders
    // the cloth views by ClothShader (render.shader), each its own program so that the
    // cloth's uniforms (the fabric) never leak into the colliders' program
    std::array<ShaderProgram, kClothShaderCount> m_clothViews;
    ShaderProgram m_groundProgram;  // ground.vert + ground.frag: ground and plane colliders
    ShaderProgram m_skyProgram;     // sky.vert + sky.frag: full-screen gradient
    ShaderProgram m_shadowProgram;  // shadow.vert + shadow.frag: depth from the key light
    ShaderProgram m_markerProgram;  // marker.vert + marker.frag: tool highlights
    ShaderProgram m_crossingProgram;  // cloth.vert + crossings.frag: the cloth in the contacts view
    DebugDraw m_debugDraw{m_shaderDir};  // debug_line.vert + .frag: the render.debug_* views

    GpuMesh m_clothMesh;
    GpuMesh m_sphereMesh;    // radius 1: spheres, capsule caps, markers
    GpuMesh m_cubeMesh;      // [-1, 1]^3: boxes
    GpuMesh m_cylinderMesh;  // radius 1, y in [-1, 1], open: capsule walls
    GpuMesh m_quadMesh;      // [-1, 1]^2 in x-z: ground, planes
    GLuint m_emptyVao = 0;          // core profile needs a VAO even for attribute-less draws
    GLuint m_shadowFramebuffer = 0;
    GLuint m_shadowTexture = 0;     // depth, compared in the shaders (sampler2DShadow)
    glm::mat4 m_lightViewProjection{1.0f};
    float m_shadowTexel = 0.0f;     // metres per shadow-map texel
    std::vector<glm::vec3> m_clothNormals;  // kept between frames: no allocation per frame
    GpuMesh m_companionMesh;                // compare mode: each other copy's cloth, uploaded in turn
    std::vector<glm::vec3> m_companionNormals;
    std::vector<float> m_clothLoads;        // force views: the load each particle carries, newtons
    std::vector<float> m_loadScratch;       // ... partly sorted for the percentile
    std::vector<float> m_forceMapPositions; // ... and its place on the colour map, [0, 1]
    std::optional<ForceColourScale> m_forceScale;  // of the last frame with a force view
    std::vector<float> m_triangleStrains;   // strain view: one per triangle
    GLuint m_strainBuffer = 0;              // ... in this buffer, read through m_strainTexture
    GLuint m_strainTexture = 0;             // GL_TEXTURE_BUFFER, R32F: gl_PrimitiveID indexes it
    std::size_t m_strainCapacity = 0;       // bytes the strain buffer holds
    std::vector<std::uint8_t> m_crossingMarks;  // contacts view: one per triangle (setCrossingTriangles)
    GLuint m_crossingBuffer = 0;            // ... in this buffer, read through m_crossingTexture
    GLuint m_crossingTexture = 0;           // GL_TEXTURE_BUFFER, R8: gl_PrimitiveID indexes it
    std::size_t m_crossingCapacity = 0;     // bytes the crossing buffer holds
    GreyTexture m_fabric;                   // the weave multiplied into the ggx view's colour
    std::vector<Marker> m_markers;          // kept until replaced
    std::optional<ClothVertexBuffers> m_clothBuffers;  // the GPU solvers' buffers, when drawing from them
    bool m_clothTopologyDirty = true;
    std::uint64_t m_clothTopologyVersion = 0;  // of the triangles last uploaded
    CameraView m_view;
};

} // namespace cs
