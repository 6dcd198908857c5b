#pragma once
// Debug geometry: what the debug views show (particles, links by kind or strain,
// normals, collider outlines, pins, self-contacts), described as coloured points and
// lines through a small sink interface. The core never draws: the renderer implements
// the sink (src/render/debug_draw.hpp) and the tests record into one (as Box2D's
// b2DebugDraw keeps its world free of OpenGL).
#include "collision/triangle_contact.hpp"
#include "world.hpp"

#include <glm/vec3.hpp>
#include <vector>

namespace cs {

// Receives the debug geometry of one frame. Colours are linear RGB in [0, 1].
class DebugSink {
public:
    virtual ~DebugSink() = default;
    // A dot of `diameter` pixels at `position` (metres).
    virtual void point(glm::vec3 position, glm::vec3 color, float diameter) = 0;
    // A one-pixel line from a to b (metres).
    virtual void line(glm::vec3 a, glm::vec3 b, glm::vec3 color) = 0;
};

// The colours and sizes of the debug views, for the help lines, the legend and the tests.
inline constexpr glm::vec3 kDebugParticleColor(0.92f, 0.92f, 0.92f);
inline constexpr float kDebugParticleDiameter = 4.0f;      // pixels
inline constexpr glm::vec3 kDebugPinColor(1.0f, 0.72f, 0.05f);
inline constexpr float kDebugPinDiameter = 11.0f;          // pixels
inline constexpr glm::vec3 kDebugColliderColor(0.35f, 1.0f, 0.7f);
inline constexpr glm::vec3 kDebugContactColor(1.0f, 0.45f, 0.0f);
inline constexpr glm::vec3 kDebugCrossingColor(1.0f, 0.0f, 1.0f);      // contacts view: a crossing triangle, unlit
inline constexpr glm::vec3 kDebugNotCrossingColor(0.45f, 0.45f, 0.45f); // ... and the rest of the cloth, lit
inline constexpr glm::vec3 kStrainCompressedColor(0.1f, 0.3f, 1.0f);
inline constexpr glm::vec3 kStrainRestColor(0.82f, 0.82f, 0.82f);
inline constexpr glm::vec3 kStrainStretchedColor(1.0f, 0.08f, 0.05f);
inline constexpr float kStrainFullColor = 0.1f;            // |strain| at which the ramp reaches its end colour
inline constexpr float kNormalLengthPerLink = 0.5f;        // normal lines: this x the mean rest link length

// Stretch green, shear sky blue, bend violet.
glm::vec3 linkKindColor(LinkKind kind);

// strain = length / rest length - 1: the rest colour at 0, towards blue when
// compressed and red when stretched, the end colours from |strain| >= kStrainFullColor.
glm::vec3 strainColor(float strain);

// The contacts view (render.debug_contacts) paints the cloth by triangle: magenta for
// one in a crossing pair (CrossingCounter::markCrossingTriangles), grey for the rest.
glm::vec3 crossingViewColor(bool crossing);

// The length of the normal lines: kNormalLengthPerLink x the mean rest length of the
// stretch links (of all links when there are none); metres, 0 without links.
float debugNormalLength(const Cloth& cloth);

// What the debug views keep between frames, so that describing a frame allocates
// nothing once the counts have been reached.
struct DebugDrawScratch {
    TriangleContact triangles;               // its detection finds triangle contact's pairs
    std::vector<glm::vec3> normals;
};

// Emits into `sink` what the debug switches of `render` ask for, for the world as
// it is now (the renderer passes world.settings.render). Reads the world only.
// Order: collider outlines, links, normals, contacts, then particles and pins on top.
void describeDebugGeometry(const World& world, const RenderSettings& render, DebugSink& sink,
                           DebugDrawScratch& scratch);
// The same with scratch of its own (allocates every call: for tests and one-offs).
void describeDebugGeometry(const World& world, const RenderSettings& render, DebugSink& sink);

// The outline of one collider as line segments on its surface.
void describeColliderOutline(const Collider& collider, glm::vec3 color, DebugSink& sink);

// The D key: when particles or links are shown, hides both; otherwise shows the
// particles and the links coloured by kind. Through the parameter table (setParam).
void toggleDebugView(Settings& settings);

} // namespace cs
