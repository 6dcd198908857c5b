#pragma once
// Exports for the tools people render in (Blender, Houdini): the cloth as a
// sequence of Wavefront OBJ files, one per sample, and as a PC2 point cache plus
// the OBJ mesh it animates.
//
// OBJ sequence: DIR/frame_00000.obj, frame_00001.obj, ... Each file is a whole
// mesh: `v` positions (metres, Y up), `vn` area-weighted vertex normals
// (computeVertexNormals), `vt` the rest (u, v) and `f v/vt/vn` triangles. A cloth
// that tears simply has a different mesh in the next file.
//
// PC2 (the point cache Blender's Mesh Cache modifier and Houdini read), all
// little-endian:
//   char[12] "POINTCACHE2\0"
//   int32    version, 1
//   int32    points per sample
//   float32  start frame, 0
//   float32  sample rate: frames between two samples (our --export-every N)
//   int32    samples
//   then per sample, per point: float32 x, y, z
// A point cache moves a fixed set of points, so FILE.pc2 comes with FILE.obj, the
// mesh at the first sample, whose vertex order is the cache's point order. When
// the topology changes (a tear, a cut, a new cloth) the cache ends there: it is
// completed with the samples before the change, and the OBJ sequence is the
// export that follows the new mesh.
//
// Saving never half-writes a file: every file is written as FILE.tmp and renamed
// over FILE once complete; the PC2's sample count is patched into its header
// before the rename. Errors say which file and why (the errno text).
#include "sim/cloth.hpp"
#include "sim/state_history.hpp"
#include "write_whole.hpp"  // writeFileWhole: every exported file

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cs {

// A cloth as the exporters read it: where its vertices are, and the mesh they
// move. The mesh's own state arrays may be empty (a frame kept by the timeline
// shares a topology copy without positions: sim/state_history.hpp).
struct ClothFrame {
    std::span<const glm::vec3> positions;  // metres, one per vertex
    const Cloth* mesh = nullptr;           // triangles, restUV (one per vertex), topologyVersion
};

// The cloth as it is now.
inline ClothFrame clothFrame(const Cloth& cloth) { return {cloth.positions, &cloth}; }

// Wavefront OBJ text of one frame (v, vn, vt, f v/vt/vn; floats in their shortest
// form that reads back bit-exact).
std::string objFrameText(const ClothFrame& frame);

// The sequence's file name for sample `index`: "frame_00012.obj".
std::string objSequenceName(long long index);

inline constexpr std::size_t kPc2HeaderBytes = 32;

// The 32-byte PC2 header.
std::string pc2Header(std::uint32_t points, float startFrame, float sampleRate, std::uint32_t samples);

// Appends one sample's positions as little-endian float32 x y z.
void appendPc2Sample(std::string& bytes, std::span<const glm::vec3> positions);

// A PC2 written sample by sample into FILE.tmp, renamed to FILE by finish().
class Pc2Writer {
public:
    Pc2Writer() = default;
    ~Pc2Writer();  // an unfinished cache is removed (its .tmp), never left half-written
    Pc2Writer(const Pc2Writer&) = delete;
    Pc2Writer& operator=(const Pc2Writer&) = delete;

    // Opens FILE.tmp and writes a header with no samples. Returns "" or why not.
    std::string open(const std::filesystem::path& file, std::size_t points, float sampleRate);
    // Appends a sample (`points` positions).
    std::string add(std::span<const glm::vec3> positions);
    // Writes the sample count into the header, flushes, closes and renames FILE.tmp to FILE.
    std::string finish();

    bool isOpen() const { return m_stream != nullptr; }
    std::size_t points() const { return m_points; }
    std::uint32_t samples() const { return m_samples; }
    const std::filesystem::path& file() const { return m_path; }

private:
    std::string fail(const std::string& what);  // closes and removes the .tmp; the message

    std::FILE* m_stream = nullptr;
    std::filesystem::path m_path;
    std::filesystem::path m_temp;
    std::size_t m_points = 0;
    std::uint32_t m_samples = 0;
    std::string m_buffer;  // one sample's bytes, reused
};

// What to export.
struct ExportRequest {
    std::optional<std::filesystem::path> objSequence;  // folder (created): frame_00000.obj, ...
    std::optional<std::filesystem::path> pc2;          // FILE.pc2, plus FILE.obj (same stem), its mesh
    int every = 1;                                     // steps between two samples: the PC2's sample rate
};

// Feeds both exports from a run, a sample at a time: the headless step loop, a
// replay and the timeline's kept frames all go through it.
class ClothExporter {
public:
    // Checks the request and creates the sequence's folder. Returns "" or why not.
    std::string begin(const ExportRequest& request);

    // The next sample (the next OBJ of the sequence, the next PC2 sample). `step`
    // names it in messages. The first sample fixes the PC2's mesh (FILE.obj).
    std::string add(const ClothFrame& frame, long long step);

    // A frame that is not sampled: only watched for a topology change, so that
    // the cache ends at the step the mesh changed.
    std::string watch(const ClothFrame& frame, long long step);

    // The step loop's call, before the first step (step 0) and after every step:
    // add() every `every` steps, watch() in between.
    std::string atStep(const ClothFrame& frame, long long step);

    // Completes the PC2 (when still open). Returns "" or why not.
    std::string finish();

    long long samples() const { return m_samples; }
    // The step at which the PC2 ended because the mesh changed; empty while it goes on.
    std::optional<long long> pc2EndedAt() const { return m_pc2EndedAt; }
    // Says so: at which step, how many samples the cache kept and why (empty when it did not end).
    const std::string& pc2EndNote() const { return m_pc2EndNote; }
    std::uint32_t pc2Samples() const { return m_pc2Samples; }
    std::filesystem::path pc2MeshPath() const;  // FILE.obj

private:
    bool sameMesh(const ClothFrame& frame);
    std::string endPc2(const ClothFrame& frame, long long step);

    ExportRequest m_request;
    long long m_samples = 0;
    Pc2Writer m_pc2;
    std::uint32_t m_pc2Samples = 0;
    long long m_lastPc2Step = 0;
    std::optional<long long> m_pc2EndedAt;
    std::string m_pc2EndNote;
    // the PC2's mesh: its vertex count and triangles, and the version last seen to match them
    std::size_t m_meshVertices = 0;
    std::vector<glm::uvec3> m_meshTriangles;
    std::uint64_t m_meshVersion = 0;
};

// The timeline's kept frames (sim/state_history.hpp), oldest first, one sample
// each: an OBJ sequence in folder/frames/ and, when every frame has the same mesh,
// folder/history.pc2 + folder/history.obj (sample rate 1: one sample a kept frame).
struct HistoryExport {
    std::string error;                    // empty when every file was written
    std::size_t frames = 0;               // kept frames exported
    std::filesystem::path objSequence;    // folder/frames
    std::optional<std::filesystem::path> pc2;  // folder/history.pc2; empty when the mesh changed
    std::string message() const;          // what was written where, or the error, for the panel
};
HistoryExport exportHistory(const StateHistory& history, const std::filesystem::path& folder);

} // namespace cs
