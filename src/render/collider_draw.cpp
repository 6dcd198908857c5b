// Colliders on screen. Every shape is drawn at its pose from the unit meshes the
// Renderer keeps, each placed by a model matrix:
//   sphere:  the unit sphere scaled by the radius
//   box:     the cube [-1, 1]^3 scaled by the half extents
//   capsule: the open unit cylinder scaled by (radius, halfLength, radius) and
//            a sphere of the radius at each end; the sphere's equator and the
//            wall share their vertices, so the seam does not show
//   plane:   the unit quad; a finite panel scaled by its half size, an
//            infinite plane as a square piece around the camera target
// Solids take the cloth's GGX program with the collider colour. Their normals go
// through the inverse transpose of the model's 3x3, so the non-uniform scale of
// boxes and capsule walls shades right. Planes take the ground's gridded program
// so that their size can be read off the grid. Dynamic colliders are tinted, a
// held one is brighter. Everything finite casts and enters the shadow-map fit.
// Infinite planes, like the ground, receive shadows but cast none: lit from
// behind, their shadow would stop at the edge of the fitted map.
#include "renderer.hpp"

#include <cmath>
#include <glm/common.hpp>
#include <glm/gtc/matrix_inverse.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

namespace cs {
namespace {

constexpr glm::vec3 kPlaneColor(0.22f, 0.27f, 0.33f);   // infinite planes: the ground's grey, a little blue
constexpr glm::vec3 kDynamicTint(0.05f, 0.42f, 0.45f);  // teal, mixed into the colour of dynamic colliders
constexpr float kDynamicTintAmount = 0.45f;
constexpr float kHeldGain = 1.7f;                       // a held collider is this much brighter
constexpr glm::vec3 kHeldLift(0.05f);                   // ... and lifted, so that dark colours show it too
constexpr float kColliderRoughness = 0.35f;
constexpr float kPlaneHalfSize = 500.0f; // metres: the piece of an infinite plane drawn; fog hides its edge
constexpr float kMinScale = 1e-5f;       // metres: keeps degenerate shapes invertible

bool isFinite(const Shape& plane) { return plane.halfSize.x > 0.0f && plane.halfSize.y > 0.0f; }

glm::vec3 tinted(const Collider& collider, glm::vec3 base) {
    glm::vec3 color = collider.motion == MotionKind::Dynamic ? glm::mix(base, kDynamicTint, kDynamicTintAmount) : base;
    if (collider.held) color = glm::min(kHeldGain * color + kHeldLift, glm::vec3(1.0f));
    return color;
}

glm::mat4 poseMatrix(const Pose& pose) {
    return glm::translate(glm::mat4(1.0f), pose.position) * glm::mat4_cast(glm::normalize(pose.orientation));
}

glm::mat4 scaled(const glm::mat4& model, glm::vec3 scale) { return glm::scale(model, glm::max(scale, kMinScale)); }

// The unit quad on a plane collider, and the grid coordinates (metres, in the
// plane's local x-z) of its centre and half size. A finite panel counts its grid
// from a corner, so that its edges are lines. An infinite plane gets a large
// piece centred nearest the camera target (like the ground), snapped to whole
// metres so that its grid stays put in the world.
struct PlanePiece {
    glm::mat4 model;
    glm::vec2 gridOrigin;
    glm::vec2 gridHalfSize;
};

PlanePiece planePiece(const Collider& plane, glm::vec3 cameraTarget) {
    const glm::vec2 halfSize = plane.shape.halfSize;
    if (isFinite(plane.shape)) {
        return {scaled(poseMatrix(plane.pose), {halfSize.x, 1.0f, halfSize.y}), halfSize, halfSize};
    }
    const glm::vec3 local = plane.pose.toLocal(cameraTarget);
    const glm::vec2 origin(std::round(local.x), std::round(local.z));
    const Pose piece{plane.pose.toWorld({origin.x, 0.0f, origin.y}), plane.pose.orientation};
    return {scaled(poseMatrix(piece), {kPlaneHalfSize, 1.0f, kPlaneHalfSize}), origin, glm::vec2(kPlaneHalfSize)};
}

// The unit meshes a solid is made of.
struct SolidMeshes {
    const GpuMesh& sphere;
    const GpuMesh& cube;
    const GpuMesh& cylinder;
};

// Calls draw(mesh, model) for each piece of a sphere, box or capsule; nothing for a plane.
template <class Draw>
void forEachSolidPart(const Collider& collider, const SolidMeshes& meshes, Draw&& draw) {
    const Shape& shape = collider.shape;
    const glm::mat4 pose = poseMatrix(collider.pose);
    switch (shape.kind) {
    case ShapeKind::Sphere: draw(meshes.sphere, scaled(pose, glm::vec3(shape.radius))); break;
    case ShapeKind::Box: draw(meshes.cube, scaled(pose, shape.halfExtents)); break;
    case ShapeKind::Capsule:
        draw(meshes.cylinder, scaled(pose, {shape.radius, shape.halfLength, shape.radius}));
        for (const float end : {-shape.halfLength, shape.halfLength})
            draw(meshes.sphere, scaled(glm::translate(pose, {0.0f, end, 0.0f}), glm::vec3(shape.radius)));
        break;
    case ShapeKind::Plane: break;
    }
}

} // namespace

void Renderer::growBounds(const Collider& collider, glm::vec3& lo, glm::vec3& hi) {
    const Shape& shape = collider.shape;
    const glm::mat3 rotation = glm::mat3_cast(glm::normalize(collider.pose.orientation));
    glm::vec3 extent(0.0f);  // half size of the world-aligned box around the shape
    switch (shape.kind) {
    case ShapeKind::Sphere: extent = glm::vec3(shape.radius); break;
    case ShapeKind::Box:
        for (int i = 0; i < 3; ++i) extent += glm::abs(rotation[i]) * shape.halfExtents[i];
        break;
    case ShapeKind::Capsule: extent = glm::abs(rotation[1]) * shape.halfLength + glm::vec3(shape.radius); break;
    case ShapeKind::Plane:
        if (!isFinite(shape)) return;  // no box holds it
        extent = glm::abs(rotation[0]) * shape.halfSize.x + glm::abs(rotation[2]) * shape.halfSize.y;
        break;
    }
    lo = glm::min(lo, collider.pose.position - extent);
    hi = glm::max(hi, collider.pose.position + extent);
}

void Renderer::drawColliderShadows(const World& world) {
    const SolidMeshes meshes{m_sphereMesh, m_cubeMesh, m_cylinderMesh};
    const auto drawPart = [this](const GpuMesh& mesh, const glm::mat4& model) {
        m_shadowProgram.set("uModel", model);
        mesh.draw();
    };
    for (const Collider& collider : world.colliders) {
        if (collider.shape.kind != ShapeKind::Plane) forEachSolidPart(collider, meshes, drawPart);
        else if (isFinite(collider.shape)) drawPart(m_quadMesh, planePiece(collider, {}).model);
    }
}

void Renderer::drawColliders(const World& world, glm::vec3 offset) {
    if (world.colliders.empty()) return;
    const Settings& s = world.settings;
    const glm::mat4 shift = glm::translate(glm::mat4(1.0f), offset);

    // planes: gridded like the ground, a little towards the viewer so that they
    // do not fight with the ground or a box face where they coincide
    if (m_groundProgram.valid()) {
        bool programReady = false;
        glEnable(GL_POLYGON_OFFSET_FILL);
        glPolygonOffset(-1.0f, -1.0f);
        const bool shifted = offset != glm::vec3(0.0f);
        for (const Collider& collider : world.colliders) {
            if (collider.shape.kind != ShapeKind::Plane) continue;
            if (shifted && !isFinite(collider.shape)) continue;  // compare mode: the first copy's covers the row
            if (!programReady) {
                useGroundProgram(s);
                programReady = true;
            }
            const bool finite = isFinite(collider.shape);
            const PlanePiece piece = planePiece(collider, s.camera.target);
            // the quad's normal is +y and its y scale 1: the model's 3x3 keeps it perpendicular
            m_groundProgram.set("uModel", shift * piece.model);
            m_groundProgram.set("uGridHalfSize", piece.gridHalfSize);
            m_groundProgram.set("uGridOrigin", piece.gridOrigin);
            m_groundProgram.set("uColor", tinted(collider, finite ? s.render.colliderColor : kPlaneColor));
            m_quadMesh.draw();
        }
        glDisable(GL_POLYGON_OFFSET_FILL);
    }

    // solids
    if (!m_clothProgram.valid()) return;
    m_clothProgram.use();
    setLighting(m_clothProgram, s);
    m_clothProgram.set("uRoughness", kColliderRoughness);
    m_clothProgram.set("uTranslucency", 0.0f);
    const auto drawPart = [this, &shift](const GpuMesh& mesh, const glm::mat4& model) {
        m_clothProgram.set("uModel", shift * model);
        m_clothProgram.set("uNormalMatrix", glm::inverseTranspose(glm::mat3(model)));
        mesh.draw();
    };
    const SolidMeshes meshes{m_sphereMesh, m_cubeMesh, m_cylinderMesh};
    for (const Collider& collider : world.colliders) {
        if (collider.shape.kind == ShapeKind::Plane) continue;
        const glm::vec3 color = tinted(collider, s.render.colliderColor);
        m_clothProgram.set("uFrontColor", color);
        m_clothProgram.set("uBackColor", color);
        forEachSolidPart(collider, meshes, drawPart);
    }
}

} // namespace cs
