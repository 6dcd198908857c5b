#include "exporters.hpp"

#include "write_whole.hpp"

#include <bit>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <system_error>

namespace cs {
namespace {

// The shortest decimal that reads back as the same float.
void appendFloat(std::string& out, float value) {
    char text[32];
    const auto result = std::to_chars(text, text + sizeof text, value);
    out.append(text, result.ptr);
}

void appendInt(std::string& out, unsigned long long value) {
    char text[24];
    const auto result = std::to_chars(text, text + sizeof text, value);
    out.append(text, result.ptr);
}

void appendLittleEndian(std::string& out, std::uint32_t word) {
    for (int k = 0; k < 4; ++k) out.push_back(static_cast<char>((word >> (8 * k)) & 0xffu));
}

} // namespace

std::string objFrameText(const ClothFrame& frame) {
    const Cloth& mesh = *frame.mesh;
    const std::size_t vertices = frame.positions.size();
    const bool uvs = mesh.restUV.size() == vertices;
    std::vector<glm::vec3> normals(vertices);
    computeVertexNormals(frame.positions, mesh.triangles, normals);

    std::string out;
    out.reserve(vertices * 100 + mesh.triangles.size() * 40);
    out += "# clothsim cloth: ";
    appendInt(out, vertices);
    out += " vertices, ";
    appendInt(out, mesh.triangles.size());
    out += " triangles; metres, Y up\no cloth\n";
    auto line = [&out](const char* tag, std::initializer_list<float> values) {
        out += tag;
        for (float v : values) {
            out += ' ';
            appendFloat(out, v);
        }
        out += '\n';
    };
    for (const glm::vec3& p : frame.positions) line("v", {p.x, p.y, p.z});
    for (const glm::vec3& n : normals) line("vn", {n.x, n.y, n.z});
    if (uvs)
        for (const glm::vec2& uv : mesh.restUV) line("vt", {uv.x, uv.y});
    for (const glm::uvec3& t : mesh.triangles) {
        out += 'f';
        for (std::uint32_t corner : {t.x, t.y, t.z}) {
            out += ' ';
            appendInt(out, corner + 1ull);
            out += '/';
            if (uvs) appendInt(out, corner + 1ull);
            out += '/';
            appendInt(out, corner + 1ull);
        }
        out += '\n';
    }
    return out;
}

std::string objSequenceName(long long index) {
    char name[32];
    std::snprintf(name, sizeof name, "frame_%05lld.obj", index);
    return name;
}

std::string pc2Header(std::uint32_t points, float startFrame, float sampleRate, std::uint32_t samples) {
    std::string out("POINTCACHE2", 11);
    out.push_back('\0');
    appendLittleEndian(out, 1);  // version
    appendLittleEndian(out, points);
    appendLittleEndian(out, std::bit_cast<std::uint32_t>(startFrame));
    appendLittleEndian(out, std::bit_cast<std::uint32_t>(sampleRate));
    appendLittleEndian(out, samples);
    return out;
}

void appendPc2Sample(std::string& bytes, std::span<const glm::vec3> positions) {
    for (const glm::vec3& p : positions) {
        appendLittleEndian(bytes, std::bit_cast<std::uint32_t>(p.x));
        appendLittleEndian(bytes, std::bit_cast<std::uint32_t>(p.y));
        appendLittleEndian(bytes, std::bit_cast<std::uint32_t>(p.z));
    }
}

// --- Pc2Writer -------------------------------------------------------------

Pc2Writer::~Pc2Writer() {
    if (m_stream) fail("");
}

std::string Pc2Writer::fail(const std::string& what) {
    if (m_stream) std::fclose(m_stream);
    m_stream = nullptr;
    std::error_code ignored;
    std::filesystem::remove(m_temp, ignored);
    return what;
}

std::string Pc2Writer::open(const std::filesystem::path& file, std::size_t points, float sampleRate) {
    if (m_stream) fail("");
    m_path = file;
    m_temp = temporaryPathFor(file);
    m_points = points;
    m_samples = 0;
    m_stream = std::fopen(m_temp.c_str(), "wb");
    if (!m_stream) return "cannot write " + file.string() + ": " + errnoText(errno);
    const std::string header = pc2Header(static_cast<std::uint32_t>(points), 0.0f, sampleRate, 0);
    if (std::fwrite(header.data(), 1, header.size(), m_stream) != header.size())
        return fail("cannot write " + file.string() + ": " + errnoText(errno));
    return "";
}

std::string Pc2Writer::add(std::span<const glm::vec3> positions) {
    if (!m_stream) return "cannot write " + m_path.string() + ": the point cache is not open";
    if (positions.size() != m_points)
        return fail("cannot write " + m_path.string() + ": a sample of " + std::to_string(positions.size()) +
                    " points in a cache of " + std::to_string(m_points));
    m_buffer.clear();
    appendPc2Sample(m_buffer, positions);
    if (std::fwrite(m_buffer.data(), 1, m_buffer.size(), m_stream) != m_buffer.size())
        return fail("cannot write " + m_path.string() + ": " + errnoText(errno));
    ++m_samples;
    return "";
}

std::string Pc2Writer::finish() {
    if (!m_stream) return "";
    // the sample count, little-endian, at byte 28 of the header
    std::string count;
    appendLittleEndian(count, m_samples);
    if (std::fseek(m_stream, static_cast<long>(kPc2HeaderBytes - 4), SEEK_SET) != 0 ||
        std::fwrite(count.data(), 1, count.size(), m_stream) != count.size() || std::fflush(m_stream) != 0)
        return fail("cannot write " + m_path.string() + ": " + errnoText(errno));
    const int closed = std::fclose(m_stream);
    m_stream = nullptr;
    if (closed != 0) return fail("cannot write " + m_path.string() + ": " + errnoText(errno));
    std::error_code renamed;
    std::filesystem::rename(m_temp, m_path, renamed);
    if (renamed) return fail("cannot write " + m_path.string() + ": " + renamed.message());
    return "";
}

// --- ClothExporter ----------------------------------------------------------

std::filesystem::path ClothExporter::pc2MeshPath() const {
    if (!m_request.pc2) return {};
    std::filesystem::path mesh = *m_request.pc2;
    return mesh.replace_extension(".obj");
}

std::string ClothExporter::begin(const ExportRequest& request) {
    m_request = request;
    m_samples = 0;
    m_pc2Samples = 0;
    m_pc2EndedAt.reset();
    m_pc2EndNote.clear();
    if (m_request.every < 1) return "the export needs a sample every 1 or more steps";
    if (m_request.pc2 && pc2MeshPath() == *m_request.pc2)
        return "cannot write " + m_request.pc2->string() + ": its mesh goes to " + pc2MeshPath().string() +
               " (the same name with .obj); name the point cache FILE.pc2";
    if (m_request.objSequence) {
        const std::filesystem::path& folder = *m_request.objSequence;
        std::error_code error;
        std::filesystem::create_directories(folder, error);
        if (error) return "cannot create the folder " + folder.string() + ": " + error.message();
        if (!std::filesystem::is_directory(folder, error))
            return "cannot create the folder " + folder.string() + ": " + errnoText(ENOTDIR);
    }
    return "";
}

bool ClothExporter::sameMesh(const ClothFrame& frame) {
    if (frame.positions.size() != m_meshVertices) return false;
    if (frame.mesh->topologyVersion == m_meshVersion) return true;
    // a new version (another cloth, a mass edit) may still be the same mesh
    if (frame.mesh->triangles != m_meshTriangles) return false;
    m_meshVersion = frame.mesh->topologyVersion;
    return true;
}

std::string ClothExporter::endPc2(const ClothFrame& frame, long long step) {
    m_pc2EndedAt = step;
    const std::size_t before = m_meshVertices;
    m_meshTriangles.clear();
    m_meshTriangles.shrink_to_fit();
    if (std::string error = m_pc2.finish(); !error.empty()) return error;
    m_pc2EndNote = "the cloth's mesh changed at step " + std::to_string(step) + " (" + std::to_string(before) +
                   " -> " + std::to_string(frame.positions.size()) + " vertices, " +
                   std::to_string(frame.mesh->triangles.size()) +
                   " triangles: a tear, a cut or a new cloth); a point cache moves a fixed set of points, so " +
                   m_request.pc2->string() + " ends there with the " + std::to_string(m_pc2Samples) +
                   " samples before it (steps 0 to " + std::to_string(m_lastPc2Step) + ")";
    return "";
}

std::string ClothExporter::watch(const ClothFrame& frame, long long step) {
    if (!m_request.pc2 || m_pc2EndedAt || m_pc2Samples == 0) return "";
    if (sameMesh(frame)) return "";
    return endPc2(frame, step);
}

std::string ClothExporter::add(const ClothFrame& frame, long long step) {
    if (std::string error = watch(frame, step); !error.empty()) return error;
    if (m_request.objSequence) {
        const std::filesystem::path file = *m_request.objSequence / objSequenceName(m_samples);
        if (std::string error = writeFileWhole(file, objFrameText(frame)); !error.empty()) return error;
    }
    if (m_request.pc2 && !m_pc2EndedAt) {
        if (m_pc2Samples == 0) {
            // the first sample fixes the mesh: the cache, and FILE.obj
            m_meshVertices = frame.positions.size();
            m_meshTriangles = frame.mesh->triangles;
            m_meshVersion = frame.mesh->topologyVersion;
            if (std::string error = m_pc2.open(*m_request.pc2, m_meshVertices, static_cast<float>(m_request.every));
                !error.empty())
                return error;
            if (std::string error = writeFileWhole(pc2MeshPath(), objFrameText(frame)); !error.empty()) return error;
        }
        if (std::string error = m_pc2.add(frame.positions); !error.empty()) return error;
        ++m_pc2Samples;
        m_lastPc2Step = step;
    }
    ++m_samples;
    return "";
}

std::string ClothExporter::atStep(const ClothFrame& frame, long long step) {
    return step % m_request.every == 0 ? add(frame, step) : watch(frame, step);
}

std::string ClothExporter::finish() { return m_pc2.finish(); }

// --- the timeline's history --------------------------------------------------

std::string HistoryExport::message() const {
    if (!error.empty()) return "export failed: " + error;
    std::string text = "exported " + std::to_string(frames) + " frames as " +
                       (objSequence / "frame_00000.obj").string() + " ...";
    if (pc2)
        text += " and " + pc2->string() + " + " + std::filesystem::path(*pc2).replace_extension(".obj").string();
    else
        text += "; no PC2: the mesh changed (a tear or a cut) within the history";
    return text;
}

HistoryExport exportHistory(const StateHistory& history, const std::filesystem::path& folder) {
    HistoryExport result;
    if (history.empty()) {
        result.error = "no frames kept";
        return result;
    }
    auto frameAt = [&history](std::size_t k) {
        const WorldSnapshot& snapshot = history.at(k);
        return ClothFrame{snapshot.positions, snapshot.topology.get()};
    };
    // a point cache only when every kept frame moves the same mesh
    bool oneMesh = true;
    const ClothFrame first = frameAt(0);
    for (std::size_t k = 1; k < history.size() && oneMesh; ++k) {
        const ClothFrame frame = frameAt(k);
        oneMesh = frame.mesh == first.mesh || (frame.positions.size() == first.positions.size() &&
                                               frame.mesh->triangles == first.mesh->triangles);
    }
    result.objSequence = folder / "frames";
    if (oneMesh) result.pc2 = folder / "history.pc2";
    ClothExporter exporter;
    result.error = exporter.begin({.objSequence = result.objSequence, .pc2 = result.pc2, .every = 1});
    for (std::size_t k = 0; k < history.size() && result.error.empty(); ++k)
        result.error = exporter.add(frameAt(k), static_cast<long long>(history.at(k).steps));
    if (result.error.empty()) result.error = exporter.finish();
    result.frames = static_cast<std::size_t>(exporter.samples());
    return result;
}

} // namespace cs
