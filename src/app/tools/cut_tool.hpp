#pragma once
// Cut: a stroke drawn over the picture cuts the cloth where the user sees it.
// In cut mode (key C) a left-drag draws the stroke; Ctrl + right-drag draws one
// in any mode. While the button is down the stroke — the cursor's positions in
// window pixels — is recorded (the app draws it as an overlay); on release the
// triangles the stroke crosses on the visible surface are split along it and the
// cloth parted there (cutAlongBlade, sim/blade_cut.hpp), so the new border lies on
// the stroke; with tearing.cut_splits_triangles off, every triangle edge the
// stroke crosses is cut instead (cutEdges, topology_edit.hpp) and the ends of
// those edges are split where the cloth falls apart. Ctrl + Z takes the last cut
// back (CutUndo, up to eight levels): the cloth returns to the moment before the
// cut, positions and velocities included; Ctrl + Shift + Z makes it again.
//
// Which edges the stroke crosses where the camera sees them is pure geometry,
// bladeUnderStroke and edgesUnderStroke (sim/stroke_cut.hpp), called with the last
// frame's camera.
//
// The tool edits the cloth but cannot reach the Simulation: it reports an
// edit through takeTopologyEdit(), and the app then calls
// Simulation::topologyEdited() (app_context.hpp, commitToolEdits) so that the
// solver drops its caches before the next step.
#include "sim/stroke_cut.hpp"
#include "sim/topology_edit.hpp"
#include "tool.hpp"

#include <cstdint>
#include <glm/vec2.hpp>
#include <optional>
#include <span>
#include <vector>

namespace cs {

// What the last cut did, for the panel.
struct CutSummary {
    std::size_t edgesCrossed = 0;   // edges found under the stroke
    CutResult result;               // edges cut, particles added, triangles split
};

class CutTool final : public Tool {
public:
    std::string_view name() const override { return "cut"; }
    // In cut mode a left press starts a stroke, whatever lies under it.
    PressResult press(const ToolContext& ctx, const ScenePick& pick) override;
    void drag(const ToolContext& ctx) override;
    void release(const ToolContext& ctx) override;
    void cancel() override;  // the World was replaced: drops the stroke and the undo

    // Starts a stroke at the cursor in any mode (Ctrl + right-drag).
    void begin(const ToolContext& ctx);

    bool mode() const { return m_mode; }
    void setMode(bool on) { m_mode = on; }
    void toggleMode() { m_mode = !m_mode; }

    // The stroke being drawn, window pixels; empty when none.
    std::span<const glm::vec2> stroke() const { return m_stroke; }
    bool stroking() const { return m_stroking; }

    // Whether Ctrl + Z has a cut of this cloth to take back.
    bool canUndo(const Cloth& cloth) const;
    // Takes the last cut back and puts the particles back where they were before
    // it; false when there is none for this cloth.
    bool undo(World& world);
    // Ctrl + Shift + Z: makes the last undone cut again.
    bool canRedo(const Cloth& cloth) const { return m_undo.canRedo(cloth); }
    bool redo(World& world);

    // Once after each edit of the cloth's topology (a cut, an undo), what it changed
    // (an undo or redo: the whole cloth): the caller must then tell the simulation
    // (Simulation::topologyEdited).
    std::optional<TopologyEdit> takeTopologyEdit() {
        std::optional<TopologyEdit> edit = std::move(m_topologyEdit);
        m_topologyEdit.reset();
        return edit;
    }

    const CutSummary& lastCut() const { return m_lastCut; }

private:
    void addPoint(glm::vec2 pixel);

    bool m_mode = false;                // cut mode (key C): left-drag cuts
    bool m_stroking = false;
    std::vector<glm::vec2> m_stroke;    // window pixels
    CutUndo m_undo;
    std::optional<TopologyEdit> m_topologyEdit;
    CutSummary m_lastCut;
};

} // namespace cs
