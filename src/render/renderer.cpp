#include "renderer.hpp"

#include "sim/particle_forces.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <limits>
#include <optional>
#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/matrix.hpp>

namespace cs {
namespace {

// Colours are linear RGB; the shaders convert to sRGB on output.
constexpr glm::vec3 kSkyZenith(0.012f, 0.020f, 0.045f);
constexpr glm::vec3 kSkyHorizon(0.15f, 0.17f, 0.21f);
constexpr glm::vec3 kSkyBelow(0.035f, 0.037f, 0.045f);
constexpr glm::vec3 kFillFromSky(0.60f, 0.70f, 0.95f);    // hemispheric fill, upper half
constexpr glm::vec3 kFillFromGround(0.40f, 0.36f, 0.32f); // light bounced off the floor
constexpr glm::vec3 kGroundColor(0.20f, 0.20f, 0.21f);
constexpr float kGroundHalfSize = 500.0f;  // metres; fog hides the edge
constexpr float kMarkerDepthPull = 1.5f;   // radii: a marker beats what lies less than this in front of it ...
constexpr float kMarkerGhostOpacity = 0.4f;  // ... and shows faintly through what lies further in front
constexpr int kShadowMapSize = 2048;       // texels per side
constexpr GLint kShadowTextureUnit = 1;    // unit 0 is left to the UI
constexpr GLint kStrainTextureUnit = 2;    // the strain view's per-triangle buffer
constexpr GLint kFabricTextureUnit = 3;    // the ggx view's weave
constexpr GLint kCrossingTextureUnit = 4;  // the contacts view's per-triangle marks
constexpr float kClothTranslucency = 0.25f;  // thin fabric: some light comes through
constexpr float kForceViewShininess = 24.0f; // blinn_phong_force: a broad, soft highlight

// The fragment files of each cloth view (ClothShader order); all share cloth.vert
// and the lighting library.
struct ClothViewFiles {
    const char* fragment;
    bool colorMaps;  // links colormap.glsl too
};
constexpr std::array<ClothViewFiles, kClothShaderCount> kClothViewFiles = {{
    {"ggx.frag", false},
    {"blinn_phong_force.frag", true},
    {"ggx_force.frag", true},
    {"strain.frag", true},
    {"normals.frag", false},
}};

bool showsForces(ClothShader view) { return view == ClothShader::BlinnPhongForce || view == ClothShader::GgxForce; }

// Sends one value per triangle to `buffer`, read through the buffer texture `texture`
// in `format`; new storage (and the texture re-attached to it) only when the size changed.
void uploadTriangleValues(GLuint buffer, GLuint texture, GLenum format, const void* data, std::size_t bytes,
                          std::size_t& capacity) {
    glBindBuffer(GL_TEXTURE_BUFFER, buffer);
    if (bytes != capacity) {
        glBufferData(GL_TEXTURE_BUFFER, static_cast<GLsizeiptr>(bytes), data, GL_DYNAMIC_DRAW);
        capacity = bytes;
        glBindTexture(GL_TEXTURE_BUFFER, texture);
        glTexBuffer(GL_TEXTURE_BUFFER, format, buffer);  // re-attach the new storage
        glBindTexture(GL_TEXTURE_BUFFER, 0);
    } else {
        glBufferSubData(GL_TEXTURE_BUFFER, 0, static_cast<GLsizeiptr>(bytes), data);
    }
    glBindBuffer(GL_TEXTURE_BUFFER, 0);
}

} // namespace

Renderer::Renderer(std::filesystem::path shaderDir, const std::filesystem::path& fabricPath)
    : m_shaderDir(std::move(shaderDir)),
      m_clothProgram(m_shaderDir / "cloth.vert", m_shaderDir / "ggx.frag", {m_shaderDir / "lighting.glsl"}),
      m_groundProgram(m_shaderDir / "ground.vert", m_shaderDir / "ground.frag"),
      m_skyProgram(m_shaderDir / "sky.vert", m_shaderDir / "sky.frag"),
      m_shadowProgram(m_shaderDir / "shadow.vert", m_shaderDir / "shadow.frag"),
      m_markerProgram(m_shaderDir / "marker.vert", m_shaderDir / "marker.frag"),
      m_crossingProgram(m_shaderDir / "cloth.vert", m_shaderDir / "crossings.frag", {m_shaderDir / "lighting.glsl"}) {
    constexpr int kSlices = 48;  // the sphere and the cylinder share them: capsules meet without a seam
    m_sphereMesh.upload(makeUvSphere(kSlices, 24));
    m_cubeMesh.upload(makeUnitCube());
    m_cylinderMesh.upload(makeUnitCylinder(kSlices));
    m_quadMesh.upload(makeUnitQuad());
    glGenVertexArrays(1, &m_emptyVao);
    for (std::size_t i = 0; i < m_clothViews.size(); ++i) {
        std::vector<std::filesystem::path> libraries = {m_shaderDir / "lighting.glsl"};
        if (kClothViewFiles[i].colorMaps) libraries.push_back(m_shaderDir / "colormap.glsl");
        m_clothViews[i] = ShaderProgram(m_shaderDir / "cloth.vert", m_shaderDir / kClothViewFiles[i].fragment,
                                        std::move(libraries));
    }
    if (fabricPath.empty()) {
        std::cerr << "clothsim: no fabric texture given; the cloth is drawn untextured\n";
    } else if (const std::string error = m_fabric.load(fabricPath); !error.empty()) {
        std::cerr << "clothsim: " << error << "; the cloth is drawn untextured\n";
    }
    glGenBuffers(1, &m_strainBuffer);
    glGenTextures(1, &m_strainTexture);
    glGenBuffers(1, &m_crossingBuffer);
    glGenTextures(1, &m_crossingTexture);

    // shadow map: a depth texture that the lit shaders compare against (hardware PCF)
    glGenTextures(1, &m_shadowTexture);
    glBindTexture(GL_TEXTURE_2D, m_shadowTexture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, kShadowMapSize, kShadowMapSize, 0, GL_DEPTH_COMPONENT,
                 GL_FLOAT, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
    const float border[4] = {1.0f, 1.0f, 1.0f, 1.0f};  // outside the map: nothing casts
    glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
    glBindTexture(GL_TEXTURE_2D, 0);
    glGenFramebuffers(1, &m_shadowFramebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, m_shadowFramebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, m_shadowTexture, 0);
    glDrawBuffer(GL_NONE);
    glReadBuffer(GL_NONE);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

Renderer::~Renderer() {
    if (m_crossingTexture) glDeleteTextures(1, &m_crossingTexture);
    if (m_crossingBuffer) glDeleteBuffers(1, &m_crossingBuffer);
    if (m_strainTexture) glDeleteTextures(1, &m_strainTexture);
    if (m_strainBuffer) glDeleteBuffers(1, &m_strainBuffer);
    if (m_shadowFramebuffer) glDeleteFramebuffers(1, &m_shadowFramebuffer);
    if (m_shadowTexture) glDeleteTextures(1, &m_shadowTexture);
    if (m_emptyVao) glDeleteVertexArrays(1, &m_emptyVao);
}

std::string Renderer::loadShaders() {
    std::string errors;
    const auto load = [&errors](ShaderProgram& program) {
        const std::string error = program.load();
        if (error.empty()) return;
        if (!errors.empty()) errors += '\n';
        errors += error;
    };
    for (ShaderProgram* program :
         {&m_clothProgram, &m_groundProgram, &m_skyProgram, &m_shadowProgram, &m_markerProgram, &m_crossingProgram})
        load(*program);
    for (ShaderProgram& program : m_clothViews) load(program);
    load(m_debugDraw.program());
    return errors;
}

void Renderer::setMarkers(std::span<const Marker> markers) {
    m_markers.assign(markers.begin(), markers.end());  // reuses the capacity it has
}

void Renderer::setCrossingTriangles(std::span<const std::uint8_t> marks) {
    m_crossingMarks.assign(marks.begin(), marks.end());  // reuses the capacity it has
}

void Renderer::draw(const World& world, int framebufferWidth, int framebufferHeight) {
    if (framebufferWidth <= 0 || framebufferHeight <= 0) return;
    const float aspect = static_cast<float>(framebufferWidth) / static_cast<float>(framebufferHeight);
    m_view = makeCameraView(world.settings.camera, aspect);

    // cloth vertices first: the shadow pass and the main pass draw the same buffers
    const Cloth& cloth = world.cloth;
    if (cloth.particleCount() > 0 && !cloth.triangles.empty()) {
        // a tear or cut re-points triangles at new particles: upload the indices again
        const bool topologyChanged = m_clothTopologyDirty || cloth.topologyVersion != m_clothTopologyVersion;
        if (m_clothBuffers && m_clothBuffers->count == cloth.particleCount()) {
            // a GPU solver's positions and normals, where its kernels wrote them: no upload
            m_clothMesh.useExternalVertices(m_clothBuffers->positions, m_clothBuffers->stride, m_clothBuffers->normals,
                                            cloth.triangles, topologyChanged);
        } else {
            m_clothNormals.resize(cloth.particleCount());  // allocates only when the count grows
            computeVertexNormals(cloth, m_clothNormals);
            m_clothMesh.updateDynamic(cloth.positions, m_clothNormals, cloth.triangles, topologyChanged);
        }
        // rest UVs do not move with the cloth: only a new topology (tears copy them along) sends them
        if (topologyChanged) m_clothMesh.updateUVs(cloth.restUV);
        m_clothTopologyDirty = false;
        m_clothTopologyVersion = cloth.topologyVersion;
        updateClothData(world, m_clothMesh);
    }
    updateShadowMap(world);

    // state the UI pass may have changed; set it all every frame
    glViewport(0, 0, framebufferWidth, framebufferHeight);
    glDisable(GL_BLEND);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_CULL_FACE);
    glEnable(GL_MULTISAMPLE);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    glDepthMask(GL_TRUE);
    glClearColor(kSkyHorizon.x, kSkyHorizon.y, kSkyHorizon.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);

    drawSky();
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    drawGround(world);
    drawColliders(world);
    drawCloth(world, m_clothMesh, glm::vec3(0.0f));
    m_debugDraw.draw(world, m_view);
    if (world.settings.render.toolMarkers) drawMarkers();
    glBindVertexArray(0);
    glUseProgram(0);
}

void Renderer::setLighting(const ShaderProgram& program, const Settings& settings) const {
    const RenderSettings& r = settings.render;
    const float length = glm::length(r.lightDirection);
    const glm::vec3 light = length > 1e-6f ? r.lightDirection / length : glm::vec3(0.0f, -1.0f, 0.0f);
    program.set("uViewProjection", m_view.viewProjection);
    program.set("uEye", m_view.eye);
    program.set("uLightDirection", light);
    program.set("uLightIntensity", r.lightIntensity);
    program.set("uAmbient", r.ambient);
    program.set("uFillFromSky", kFillFromSky);
    program.set("uFillFromGround", kFillFromGround);
    glActiveTexture(GL_TEXTURE0 + kShadowTextureUnit);
    glBindTexture(GL_TEXTURE_2D, m_shadowTexture);
    glActiveTexture(GL_TEXTURE0);
    program.set("uShadowMap", kShadowTextureUnit);
    program.set("uLightViewProjection", m_lightViewProjection);
    program.set("uShadowTexel", m_shadowTexel);
    program.set("uShadowTexelUv", 1.0f / static_cast<float>(kShadowMapSize));
}

void Renderer::useGroundProgram(const Settings& settings) const {
    m_groundProgram.use();
    setLighting(m_groundProgram, settings);
    // fog grows with the orbit distance so that overviews are not swallowed by it
    const float fogStart = 12.0f + 3.0f * settings.camera.distance;
    m_groundProgram.set("uFogStart", fogStart);
    m_groundProgram.set("uFogEnd", 5.0f * fogStart);
    m_groundProgram.set("uFogColor", kSkyHorizon);
}

void Renderer::updateShadowMap(const World& world) {
    // fit an orthographic light frustum around everything finite that casts: cloth and colliders
    glm::vec3 lo(std::numeric_limits<float>::max()), hi(std::numeric_limits<float>::lowest());
    for (const glm::vec3& p : world.cloth.positions) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    for (const Collider& collider : world.colliders) growBounds(collider, lo, hi);
    if (lo.x > hi.x) lo = hi = world.settings.camera.target;  // nothing casts: any small box will do
    const glm::vec3 center = 0.5f * (lo + hi);
    const float radius = std::max(0.5f * glm::length(hi - lo), 0.1f) * 1.05f;

    const float length = glm::length(world.settings.render.lightDirection);
    const glm::vec3 light = length > 1e-6f ? world.settings.render.lightDirection / length : glm::vec3(0.0f, -1.0f, 0.0f);
    const glm::vec3 up = std::abs(light.y) < 0.99f ? glm::vec3(0.0f, 1.0f, 0.0f) : glm::vec3(1.0f, 0.0f, 0.0f);
    const glm::vec3 eye = center - light * (radius + 1.0f);
    const glm::mat4 view = glm::lookAt(eye, center, up);
    const glm::mat4 projection = glm::ortho(-radius, radius, -radius, radius, 0.5f, 2.0f * radius + 1.5f);
    m_lightViewProjection = projection * view;
    m_shadowTexel = 2.0f * radius / static_cast<float>(kShadowMapSize);

    glBindFramebuffer(GL_FRAMEBUFFER, m_shadowFramebuffer);
    glViewport(0, 0, kShadowMapSize, kShadowMapSize);
    glDisable(GL_SCISSOR_TEST);  // the UI pass of the last frame may have left it on
    glDisable(GL_CULL_FACE);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    glDepthMask(GL_TRUE);
    glClear(GL_DEPTH_BUFFER_BIT);
    if (m_shadowProgram.valid()) {
        glEnable(GL_DEPTH_TEST);
        glDepthFunc(GL_LESS);
        glEnable(GL_POLYGON_OFFSET_FILL);
        glPolygonOffset(1.5f, 3.0f);  // slope-scaled bias against acne on grazing surfaces
        m_shadowProgram.use();
        m_shadowProgram.set("uLightViewProjection", m_lightViewProjection);
        m_shadowProgram.set("uModel", glm::mat4(1.0f));
        if (!world.cloth.triangles.empty()) m_clothMesh.draw();
        drawColliderShadows(world);
        glDisable(GL_POLYGON_OFFSET_FILL);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

void Renderer::drawSky() {
    if (!m_skyProgram.valid()) return;
    glDisable(GL_DEPTH_TEST);
    glDepthMask(GL_FALSE);
    m_skyProgram.use();
    m_skyProgram.set("uInverseViewProjection", glm::inverse(m_view.viewProjection));
    m_skyProgram.set("uZenith", kSkyZenith);
    m_skyProgram.set("uHorizon", kSkyHorizon);
    m_skyProgram.set("uBelow", kSkyBelow);
    glBindVertexArray(m_emptyVao);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glDepthMask(GL_TRUE);
}

void Renderer::drawGround(const World& world) {
    const Settings& s = world.settings;
    const std::optional<Collider> ground = groundCollider(s.collision);
    if (!m_groundProgram.valid() || !ground || !s.render.showGround) return;
    useGroundProgram(s);
    // centred under the camera, snapped to whole metres so the grid stays put in the world
    const glm::vec3 center(std::round(s.camera.target.x), ground->pose.position.y, std::round(s.camera.target.z));
    const glm::mat4 model =
        glm::scale(glm::translate(glm::mat4(1.0f), center), glm::vec3(kGroundHalfSize, 1.0f, kGroundHalfSize));
    m_groundProgram.set("uModel", model);
    m_groundProgram.set("uGridHalfSize", glm::vec2(kGroundHalfSize));
    m_groundProgram.set("uGridOrigin", glm::vec2(center.x, center.z));
    m_groundProgram.set("uColor", kGroundColor);
    m_quadMesh.draw();
}

void Renderer::drawCompanion(const World& world, glm::vec3 offset) {
    glEnable(GL_DEPTH_TEST);
    drawColliders(world, offset);
    const Cloth& cloth = world.cloth;
    if (cloth.particleCount() == 0 || cloth.triangles.empty()) {
        glUseProgram(0);
        return;
    }
    m_companionNormals.resize(cloth.particleCount());  // allocates only when the count grows
    computeVertexNormals(cloth, m_companionNormals);
    m_companionMesh.updateDynamic(cloth.positions, m_companionNormals, cloth.triangles, true);
    m_companionMesh.updateUVs(cloth.restUV);
    const std::optional<ForceColourScale> legend = m_forceScale;  // the first copy's
    updateClothData(world, m_companionMesh);
    drawCloth(world, m_companionMesh, offset);
    m_forceScale = legend;
    glBindVertexArray(0);
    glUseProgram(0);
}

void Renderer::updateClothData(const World& world, GpuMesh& mesh) {
    const Cloth& cloth = world.cloth;
    const ClothShader view = world.settings.render.shader;
    m_forceScale.reset();
    if (showsForces(view)) {
        const std::size_t n = cloth.particleCount();
        m_clothLoads.resize(n);  // allocates only when the count grows
        m_loadScratch.resize(n);
        m_forceMapPositions.resize(n);
        computeParticleLoads(cloth, world.settings.springs, m_clothLoads);
        m_forceScale = cs::forceColourScale(view, m_clothLoads, world.settings.render.forceScale, m_loadScratch);
        for (std::size_t i = 0; i < n; ++i) m_forceMapPositions[i] = m_forceScale->position(m_clothLoads[i]);
        mesh.updateScalars(m_forceMapPositions);
    } else if (view == ClothShader::Strain) {
        m_triangleStrains.resize(cloth.triangles.size());
        computeTriangleStrains(cloth, m_triangleStrains);
        uploadTriangleValues(m_strainBuffer, m_strainTexture, GL_R32F, m_triangleStrains.data(),
                             m_triangleStrains.size() * sizeof(float), m_strainCapacity);
    }
    if (world.settings.render.debugContacts && crossingMarksFit(cloth))
        uploadTriangleValues(m_crossingBuffer, m_crossingTexture, GL_R8, m_crossingMarks.data(),
                             m_crossingMarks.size(), m_crossingCapacity);
}

bool Renderer::crossingMarksFit(const Cloth& cloth) const {
    return !m_crossingMarks.empty() && m_crossingMarks.size() == cloth.triangles.size();
}

// The contacts view: crossing triangles magenta, the rest grey (crossings.frag).
void Renderer::drawCrossingView(const World& world, const GpuMesh& mesh, glm::vec3 offset, bool marked) {
    const ShaderProgram& program = m_crossingProgram;
    if (!program.valid()) return;
    program.use();
    setLighting(program, world.settings);
    program.set("uModel", glm::translate(glm::mat4(1.0f), offset));
    program.set("uNormalMatrix", glm::mat3(1.0f));
    program.set("uRoughness", world.settings.render.roughness);
    program.set("uCrossingColor", crossingViewColor(true));
    program.set("uOtherColor", crossingViewColor(false));
    program.set("uMarked", marked && crossingMarksFit(world.cloth) ? 1 : 0);
    glActiveTexture(GL_TEXTURE0 + kCrossingTextureUnit);
    glBindTexture(GL_TEXTURE_BUFFER, m_crossingTexture);
    program.set("uCrossing", kCrossingTextureUnit);
    glActiveTexture(GL_TEXTURE0);
    mesh.draw();
}

void Renderer::drawCloth(const World& world, const GpuMesh& mesh, glm::vec3 offset) {
    const Cloth& cloth = world.cloth;
    const RenderSettings& r = world.settings.render;
    if (r.debugContacts && cloth.particleCount() > 0 && !cloth.triangles.empty()) {
        if (r.wireframe) glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
        drawCrossingView(world, mesh, offset, &mesh == &m_clothMesh);
        if (r.wireframe) glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
        return;
    }
    const auto viewIndex = static_cast<std::size_t>(r.shader);
    if (viewIndex >= m_clothViews.size()) return;
    const ShaderProgram& program = m_clothViews[viewIndex];
    if (!program.valid() || cloth.particleCount() == 0 || cloth.triangles.empty()) return;

    program.use();
    setLighting(program, world.settings);
    program.set("uModel", glm::translate(glm::mat4(1.0f), offset));
    program.set("uNormalMatrix", glm::mat3(1.0f));
    program.set("uRoughness", r.roughness);
    program.set("uTranslucency", kClothTranslucency);
    switch (r.shader) {
    case ClothShader::Ggx: {
        program.set("uFrontColor", r.clothColor);
        program.set("uBackColor", r.backColor);
        const bool textured = r.texture && m_fabric.valid();
        program.set("uFabricAmount", textured ? 1.0f : 0.0f);
        program.set("uFabricRepeat", r.textureRepeat);
        glActiveTexture(GL_TEXTURE0 + kFabricTextureUnit);
        glBindTexture(GL_TEXTURE_2D, textured ? m_fabric.id() : 0);
        program.set("uFabric", kFabricTextureUnit);
        break;
    }
    case ClothShader::BlinnPhongForce:  // the places on the map come from updateClothData
        program.set("uShininess", kForceViewShininess);
        break;
    case ClothShader::GgxForce: break;
    case ClothShader::Strain:
        glActiveTexture(GL_TEXTURE0 + kStrainTextureUnit);
        glBindTexture(GL_TEXTURE_BUFFER, m_strainTexture);
        program.set("uStrain", kStrainTextureUnit);
        program.set("uStrainScale", r.strainScale);
        break;
    case ClothShader::Normals: break;
    }
    glActiveTexture(GL_TEXTURE0);
    if (r.wireframe) glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    mesh.draw();
    if (r.wireframe) glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
}

void Renderer::drawMarkers() {
    if (!m_markerProgram.valid() || m_markers.empty()) return;
    m_markerProgram.use();
    m_markerProgram.set("uViewProjection", m_view.viewProjection);
    m_markerProgram.set("uEye", m_view.eye);
    m_markerProgram.set("uNearPlane", m_view.nearPlane);
    const auto drawAll = [this](float opacity) {
        m_markerProgram.set("uOpacity", opacity);
        for (const Marker& marker : m_markers) {
            m_markerProgram.set("uCenter", marker.position);
            m_markerProgram.set("uRadius", marker.radius);
            m_markerProgram.set("uDepthPull", kMarkerDepthPull * marker.radius);
            m_markerProgram.set("uColor", marker.color);
            m_sphereMesh.draw();
        }
    };
    glEnable(GL_CULL_FACE);  // front faces only: the ghost must not blend twice
    glCullFace(GL_BACK);
    // the hidden part, faintly (a marker behind a fold or a collider still shows where it is) ...
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glDepthMask(GL_FALSE);
    glDepthFunc(GL_GREATER);
    drawAll(kMarkerGhostOpacity);
    // ... then the visible part over it
    glDisable(GL_BLEND);
    glDepthMask(GL_TRUE);
    glDepthFunc(GL_LESS);
    drawAll(1.0f);
    glDisable(GL_CULL_FACE);
}

} // namespace cs
