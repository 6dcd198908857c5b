#pragma once
// Which edges of the cloth a stroke drawn over the picture crosses, where the
// camera sees them: the geometry of the cut tool (app/tools/cut_tool.hpp), with
// no window, no GL and no camera class: the view and projection matrices the
// picture was drawn with and the viewport's size in pixels are all it needs.
//
// Each joined edge is projected to the screen and intersected in 2-D with every
// segment of the stroke (one bounding-box test first). A crossing counts only if
// the point of the edge under it is what the camera sees at that pixel: the ray
// through the crossing must hit no cloth nearer than that point (less a tolerance
// of a quarter of the cloth's spacing), so cutting the front of a draped or
// folded cloth leaves the layer behind it whole. The rays are tested only against
// the triangles binned at their pixel (a uniform grid of screen bins over the
// stroke's box). A particle exactly on the stroke counts as lying on its left,
// as if the stroke ran a hair to the right of it: a stroke through a particle
// cuts a strip beside it, never the whole star around it.
#include "blade_cut.hpp"
#include "cloth.hpp"
#include "topology.hpp"

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <span>
#include <vector>

namespace cs {

// The joined triangle edges of `cloth` (shared by two triangles, not yet cut)
// that the polyline `strokePixels` crosses where the camera sees them, sorted
// and without repeats. Pixels in rayThroughPixel's convention (picking.hpp) for a
// viewport of `viewportSize`; `view` and `projection` are the camera's matrices
// the stroke was drawn over.
std::vector<EdgeKey> edgesUnderStroke(const Cloth& cloth, const glm::mat4& view, const glm::mat4& projection,
                                      glm::vec2 viewportSize, std::span<const glm::vec2> strokePixels);

// The same stroke as a blade that splits triangles (blade_cut.hpp): every edge it
// crosses where the camera sees it (border edges too: a stroke that starts off the
// cloth enters through its outline), at the fraction along the edge in space under
// the crossing pixel (perspective-correct), in order along the stroke. A stroke
// that starts or ends on a particle it sees (within the snap fraction of an edge, or
// 6 pixels) starts or ends there: one started at a slit's end continues the slit.
BladePath bladeUnderStroke(const Cloth& cloth, const glm::mat4& view, const glm::mat4& projection,
                           glm::vec2 viewportSize, std::span<const glm::vec2> strokePixels);

} // namespace cs
