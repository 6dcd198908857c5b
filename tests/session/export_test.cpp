// Exports for Blender and Houdini (session/exporters.hpp): the PC2 point cache byte
// for byte, a headless run's cache against --dump-obj, the OBJ sequence through
// tinyobjloader, a tearing run's cache cut short, and the acceptance runs.
#include "../support/run_process.hpp"
#include "../support/sim_fixture.hpp"
#include "../support/temp_dir.hpp"
#include "scene/scene.hpp"
#include "session/exporters.hpp"
#include "sim/topology_edit.hpp"

#include <gtest/gtest.h>
#include <tiny_obj_loader.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <fstream>
#include <regex>
#include <sstream>

namespace cs {
namespace {

const std::string kSource = CLOTHSIM_SOURCE_DIR;
const std::string kExe = CLOTHSIM_EXE;

std::string readBytes(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

// A PC2 file read back.
struct Pc2File {
    std::string signature;  // 12 bytes
    std::int32_t version = 0, points = 0, samples = 0;
    float startFrame = -1.0f, sampleRate = 0.0f;
    std::size_t bytes = 0;
    std::vector<glm::vec3> positions;  // samples x points
    glm::vec3 at(int sample, int point) const { return positions[static_cast<std::size_t>(sample * points + point)]; }
};

Pc2File readPc2(const std::filesystem::path& file) {
    static_assert(std::endian::native == std::endian::little, "the test reads little-endian floats as they are");
    const std::string bytes = readBytes(file);
    Pc2File pc2;
    pc2.bytes = bytes.size();
    if (bytes.size() < kPc2HeaderBytes) return pc2;
    pc2.signature = bytes.substr(0, 12);
    std::memcpy(&pc2.version, bytes.data() + 12, 4);
    std::memcpy(&pc2.points, bytes.data() + 16, 4);
    std::memcpy(&pc2.startFrame, bytes.data() + 20, 4);
    std::memcpy(&pc2.sampleRate, bytes.data() + 24, 4);
    std::memcpy(&pc2.samples, bytes.data() + 28, 4);
    pc2.positions.resize((bytes.size() - kPc2HeaderBytes) / sizeof(glm::vec3));
    std::memcpy(pc2.positions.data(), bytes.data() + kPc2HeaderBytes, pc2.positions.size() * sizeof(glm::vec3));
    return pc2;
}

// A valid PC2: the signature, version 1, start frame 0, and exactly as many bytes as its header says.
void expectValidPc2(const Pc2File& pc2) {
    EXPECT_EQ(pc2.signature, std::string("POINTCACHE2\0", 12));
    EXPECT_EQ(pc2.version, 1);
    EXPECT_EQ(pc2.startFrame, 0.0f);
    EXPECT_GT(pc2.points, 0);
    EXPECT_EQ(pc2.bytes, kPc2HeaderBytes + static_cast<std::size_t>(pc2.samples) * pc2.points * 12u);
}

// The `v` lines of an OBJ file.
std::vector<glm::vec3> objPositions(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::vector<glm::vec3> out;
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("v ", 0) != 0) continue;
        std::istringstream fields(line.substr(2));
        glm::vec3 p;
        fields >> p.x >> p.y >> p.z;
        out.push_back(p);
    }
    return out;
}

struct ParsedObj {
    bool ok = false;
    std::string error;
    tinyobj::attrib_t attrib;
    std::vector<tinyobj::shape_t> shapes;
    std::size_t faces() const {
        std::size_t n = 0;
        for (const tinyobj::shape_t& s : shapes) n += s.mesh.num_face_vertices.size();
        return n;
    }
};

ParsedObj parseObj(const std::filesystem::path& file) {
    ParsedObj obj;
    std::vector<tinyobj::material_t> materials;
    std::string warning;
    obj.ok = tinyobj::LoadObj(&obj.attrib, &obj.shapes, &materials, &warning, &obj.error, file.c_str(), nullptr,
                              false);
    return obj;
}

std::string headless(const std::string& arguments) {
    return kExe + " --headless " + arguments + " 2>&1";
}

// ---------------------------------------------------------------------------

// A 2 x 2 cloth with no pin: every point falls, so every sample differs.
Simulation fallingTwoByTwo() {
    return test::makeSimulation(test::settingsWith([](Settings& s) {
        s.cloth.resolution = {2, 2};
        s.cloth.pins = PinPreset::None;
    }));
}

TEST(Pc2Export, TwoByTwoClothOverTwoStepsEqualsTheBytesWrittenByHand) {
    test::TempDir dir("export_pc2");
    Simulation sim = fallingTwoByTwo();
    ClothExporter exporter;
    ASSERT_EQ(exporter.begin({.objSequence = {}, .pc2 = dir / "cloth.pc2", .every = 1}), "");
    std::vector<std::vector<glm::vec3>> kept;  // what the samples should hold
    for (long long step = 0; step <= 2; ++step) {
        if (step > 0) sim.step();
        kept.push_back(sim.world().cloth.positions);
        ASSERT_EQ(exporter.atStep(clothFrame(sim.world().cloth), step), "");
    }
    ASSERT_EQ(exporter.finish(), "");
    ASSERT_EQ(kept[0].size(), 4u);
    EXPECT_NE(kept[2], kept[0]) << "the cloth should fall";

    // the file, written out by hand
    std::string expected("POINTCACHE2\0", 12);
    auto word = [&expected](auto value) {
        static_assert(sizeof value == 4);
        char bytes[4];
        std::memcpy(bytes, &value, 4);  // the host is little-endian (readPc2's static_assert)
        expected.append(bytes, 4);
    };
    word(std::int32_t{1});    // version
    word(std::int32_t{4});    // points
    word(0.0f);               // start frame
    word(1.0f);               // sample rate: a sample every step
    word(std::int32_t{3});    // samples: steps 0, 1, 2
    for (const std::vector<glm::vec3>& sample : kept)
        for (const glm::vec3& p : sample) {
            word(p.x);
            word(p.y);
            word(p.z);
        }
    EXPECT_EQ(readBytes(dir / "cloth.pc2"), expected);
    // the mesh it animates, and no temporary file left
    EXPECT_EQ(objPositions(dir / "cloth.obj"), kept[0]);
    EXPECT_FALSE(std::filesystem::exists(dir / "cloth.pc2.tmp"));
    EXPECT_FALSE(std::filesystem::exists(dir / "cloth.obj.tmp"));
}

TEST(Pc2Export, AnUnfinishedCacheLeavesNoFileBehind) {
    test::TempDir dir("export_unfinished");
    Simulation sim = fallingTwoByTwo();
    {
        ClothExporter exporter;
        ASSERT_EQ(exporter.begin({.objSequence = {}, .pc2 = dir / "cloth.pc2", .every = 1}), "");
        ASSERT_EQ(exporter.add(clothFrame(sim.world().cloth), 0), "");
    }  // destroyed without finish(): a run that failed
    EXPECT_FALSE(std::filesystem::exists(dir / "cloth.pc2"));
    EXPECT_FALSE(std::filesystem::exists(dir / "cloth.pc2.tmp"));
}

// The timeline's button: every kept frame, oldest first.
TEST(HistoryExport, KeptFramesBecomeAnObjSequenceAndAPc2) {
    test::TempDir dir("export_history");
    Simulation sim = test::makeSimulation(test::settingsWith([](Settings& s) { s.cloth.resolution = {5, 5}; }));
    StateHistory history;
    history.setCapacity(4, sim.world());
    for (int frame = 0; frame < 6; ++frame) {  // six frames into four slots: the last four are kept
        sim.step();
        history.record(sim.world());
    }
    const HistoryExport result = exportHistory(history, dir / "history");
    ASSERT_EQ(result.error, "") << result.message();
    EXPECT_EQ(result.frames, 4u);
    ASSERT_TRUE(result.pc2);
    const Pc2File pc2 = readPc2(*result.pc2);
    expectValidPc2(pc2);
    EXPECT_EQ(pc2.points, 25);
    EXPECT_EQ(pc2.samples, 4);
    EXPECT_EQ(pc2.sampleRate, 1.0f);
    for (int k = 0; k < 4; ++k) {
        EXPECT_EQ(pc2.at(k, 24), history.at(static_cast<std::size_t>(k)).positions[24]) << "frame " << k;
        EXPECT_TRUE(parseObj(dir / "history" / "frames" / objSequenceName(k)).ok) << "frame " << k;
    }
    EXPECT_EQ(pc2.at(3, 24), sim.world().cloth.positions[24]) << "the newest frame last";
    EXPECT_TRUE(std::filesystem::exists(dir / "history" / "history.obj"));
    EXPECT_NE(result.message().find("history.pc2"), std::string::npos) << result.message();
}

TEST(HistoryExport, AHistoryWithACutGetsNoPc2) {
    test::TempDir dir("export_history_cut");
    Simulation sim = test::makeSimulation(test::settingsWith([](Settings& s) { s.cloth.resolution = {6, 6}; }));
    StateHistory history;
    history.setCapacity(10, sim.world());
    sim.step();
    history.record(sim.world());
    ASSERT_TRUE(cutAlongRestSegment(sim.world().cloth, {0.0f, 0.5f}, {1.0f, 0.5f}).changed());
    sim.topologyEdited();
    sim.step();
    history.record(sim.world());
    const HistoryExport result = exportHistory(history, dir / "history");
    ASSERT_EQ(result.error, "") << result.message();
    EXPECT_EQ(result.frames, 2u);
    EXPECT_FALSE(result.pc2);
    EXPECT_FALSE(std::filesystem::exists(dir / "history" / "history.pc2"));
    const ParsedObj before = parseObj(dir / "history" / "frames" / objSequenceName(0));
    const ParsedObj after = parseObj(dir / "history" / "frames" / objSequenceName(1));
    ASSERT_TRUE(before.ok && after.ok);
    EXPECT_EQ(before.attrib.vertices.size(), 36u * 3);
    EXPECT_GT(after.attrib.vertices.size(), 36u * 3) << "the cut duplicates the vertices along it";
    EXPECT_NE(result.message().find("no PC2"), std::string::npos) << result.message();
}

TEST(HeadlessExport, Pc2SamplesAreThePositionsDumpObjWrites) {
    test::TempDir dir("export_dump");
    const std::string run = "--scene " + kSource + "/scenes/hanging.toml --set cloth.resolution=[8,8] "
                            "--set solver.threads=1 --steps 30 ";
    const test::ProcessResult exported =
        test::runProcess(headless(run + "--export-pc2 " + dir.str("cloth.pc2") + " --export-every 3"));
    ASSERT_EQ(exported.exitCode, 0) << exported.out;
    const test::ProcessResult dumped = test::runProcess(headless(run + "--dump-obj " + dir.str("final.obj")));
    ASSERT_EQ(dumped.exitCode, 0) << dumped.out;

    const Pc2File pc2 = readPc2(dir / "cloth.pc2");
    expectValidPc2(pc2);
    EXPECT_EQ(pc2.points, 64);
    EXPECT_EQ(pc2.sampleRate, 3.0f);
    EXPECT_EQ(pc2.samples, 11);  // steps 0, 3, ..., 30

    // the last sample is the state after 30 steps; --dump-obj writes 7 significant digits
    const std::vector<glm::vec3> final = objPositions(dir / "final.obj");
    ASSERT_EQ(final.size(), 64u);
    for (int k = 0; k < 64; ++k)
        for (int axis = 0; axis < 3; ++axis) {
            const float cached = pc2.at(10, k)[axis];
            EXPECT_NEAR(cached, final[static_cast<std::size_t>(k)][axis], 1e-6f * std::abs(cached) + 1e-7f)
                << "point " << k << " axis " << axis;
        }
    // FILE.obj is the first sample's mesh, vertex for vertex (its floats read back exactly)
    const std::vector<glm::vec3> mesh = objPositions(dir / "cloth.obj");
    ASSERT_EQ(mesh.size(), 64u);
    for (int k = 0; k < 64; ++k) EXPECT_EQ(mesh[static_cast<std::size_t>(k)], pc2.at(0, k)) << "point " << k;
    EXPECT_NE(pc2.at(10, 63), pc2.at(0, 63)) << "the cloth should move";
}

TEST(HeadlessExport, ObjSequenceHasOneParsableFilePerSample) {
    test::TempDir dir("export_sequence");
    const test::ProcessResult result = test::runProcess(headless(
        "--scene " + kSource + "/scenes/hanging.toml --set cloth.resolution=[8,8] --steps 20 --export-every 5 "
        "--export-obj-sequence " + dir.str("seq")));
    ASSERT_EQ(result.exitCode, 0) << result.out;
    std::size_t files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir / "seq")) {
        (void)entry;
        ++files;
    }
    EXPECT_EQ(files, 5u);  // steps 0, 5, 10, 15, 20
    for (int k = 0; k < 5; ++k) {
        const std::filesystem::path file = dir / "seq" / objSequenceName(k);
        const ParsedObj obj = parseObj(file);
        ASSERT_TRUE(obj.ok) << file << ": " << obj.error;
        EXPECT_EQ(obj.attrib.vertices.size(), 64u * 3) << file;
        EXPECT_EQ(obj.attrib.normals.size(), 64u * 3) << file;
        EXPECT_EQ(obj.attrib.texcoords.size(), 64u * 2) << file;
        EXPECT_EQ(obj.faces(), 7u * 7u * 2u) << file;  // two triangles per grid cell
        // f v/vt/vn with one index for all three
        const tinyobj::index_t corner = obj.shapes.at(0).mesh.indices.at(0);
        EXPECT_EQ(corner.vertex_index, corner.normal_index);
        EXPECT_EQ(corner.vertex_index, corner.texcoord_index);
        for (std::size_t n = 0; n < obj.attrib.normals.size(); n += 3) {
            const float length = std::hypot(obj.attrib.normals[n], obj.attrib.normals[n + 1], obj.attrib.normals[n + 2]);
            EXPECT_NEAR(length, 1.0f, 1e-5f) << file << " normal " << n / 3;
        }
    }
    EXPECT_FALSE(std::filesystem::exists(dir / "seq" / objSequenceName(5)));
}

TEST(HeadlessExport, ATearEndsThePc2WithTheSamplesBeforeItAndExits2) {
    test::TempDir dir("export_tear");
    const test::ProcessResult result = test::runProcess(
        headless("--scene " + kSource + "/scenes/cutting_sphere.toml --steps 200 --export-every 5 --export-pc2 " +
                 dir.str("tear.pc2") + " --export-obj-sequence " + dir.str("seq")));
    ASSERT_EQ(result.exitCode, 2) << result.out;
    std::smatch match;
    ASSERT_TRUE(std::regex_search(result.out, match, std::regex("mesh changed at step ([0-9]+)"))) << result.out;
    const int tearStep = std::stoi(match[1]);
    EXPECT_GT(tearStep, 0);
    EXPECT_LE(tearStep, 200);
    EXPECT_NE(result.out.find("--export-obj-sequence"), std::string::npos) << "it should point to the OBJ sequence";

    const Pc2File pc2 = readPc2(dir / "tear.pc2");
    expectValidPc2(pc2);
    EXPECT_EQ(pc2.points, 40 * 40);
    EXPECT_EQ(pc2.sampleRate, 5.0f);
    EXPECT_EQ(pc2.samples, (tearStep - 1) / 5 + 1);  // steps 0, 5, ... before the tear
    EXPECT_FALSE(std::filesystem::exists(dir / "tear.pc2.tmp"));
    EXPECT_EQ(objPositions(dir / "tear.obj").size(), 1600u);

    // the OBJ sequence went on through the tear: every sample, the last with the torn mesh
    EXPECT_TRUE(std::filesystem::exists(dir / "seq" / objSequenceName(40)));
    EXPECT_FALSE(std::filesystem::exists(dir / "seq" / objSequenceName(41)));
    EXPECT_GT(objPositions(dir / "seq" / objSequenceName(40)).size(), 1600u);
}

TEST(HeadlessExport, ReplayedStepsAreSampled) {
    test::TempDir dir("export_replay");
    std::ofstream(dir / "inputs.txt") << "0 set wind.strength=0\n12 end\n";
    const test::ProcessResult result = test::runProcess(
        headless("--replay " + dir.str("inputs.txt") + " --scene " + kSource +
                 "/scenes/hanging.toml --set cloth.resolution=[6,6] --export-every 4 --export-pc2 " +
                 dir.str("replay.pc2")));
    ASSERT_EQ(result.exitCode, 0) << result.out;
    const Pc2File pc2 = readPc2(dir / "replay.pc2");
    expectValidPc2(pc2);
    EXPECT_EQ(pc2.points, 36);
    EXPECT_EQ(pc2.samples, 4);  // steps 0, 4, 8, 12
}

TEST(HeadlessExport, UnwritablePathsSayWhichFileAndWhy) {
    test::TempDir dir("export_unwritable");
    std::ofstream(dir / "plain_file") << "not a folder";
    const std::string run = "--scene " + kSource + "/scenes/hanging.toml --set cloth.resolution=[4,4] --steps 2 ";
    const test::ProcessResult pc2 =
        test::runProcess(headless(run + "--export-pc2 " + dir.str("missing/cloth.pc2")));
    EXPECT_EQ(pc2.exitCode, 1) << pc2.out;
    EXPECT_NE(pc2.out.find("cannot write " + dir.str("missing/cloth.pc2") + ": No such file or directory"),
              std::string::npos)
        << pc2.out;
    const test::ProcessResult sequence =
        test::runProcess(headless(run + "--export-obj-sequence " + dir.str("plain_file/seq")));
    EXPECT_EQ(sequence.exitCode, 1) << sequence.out;
    EXPECT_NE(sequence.out.find("cannot create the folder " + dir.str("plain_file/seq") + ": Not a directory"),
              std::string::npos)
        << sequence.out;
}

TEST(HeadlessExport, TheCommandLineRefusesExportsWithoutAPlainRunOrReplay) {
    test::TempDir dir("export_refused");
    const std::string pc2 = " --export-pc2 " + dir.str("x.pc2");
    for (const std::string& arguments :
         {kExe + " --headless --soak 10" + pc2, kExe + pc2}) {
        const test::ProcessResult result = test::runProcess(arguments + " 2>&1");
        EXPECT_EQ(result.exitCode, 2) << arguments << "\n" << result.out;
        EXPECT_NE(result.out.find("--export"), std::string::npos) << arguments << "\n" << result.out;
    }
    EXPECT_EQ(test::runProcess(kExe + " --bench" + pc2 + " 2>&1").exitCode, 2);
    EXPECT_TRUE(std::filesystem::is_empty(dir.path()));
}

// The acceptance runs.
TEST(HeadlessExport, FlagAcceptanceRuns) {
    test::TempDir dir("export_flag");
    const std::string flag = "--scene " + kSource + "/scenes/flag.toml --steps 120 ";
    const test::ProcessResult cache =
        test::runProcess(headless(flag + "--export-pc2 " + dir.str("flag.pc2") + " --export-every 2"));
    ASSERT_EQ(cache.exitCode, 0) << cache.out;
    const Pc2File pc2 = readPc2(dir / "flag.pc2");
    expectValidPc2(pc2);
    EXPECT_EQ(pc2.samples, 61);
    EXPECT_EQ(pc2.points, 48 * 32);  // the flag's particles
    EXPECT_EQ(pc2.sampleRate, 2.0f);
    const ParsedObj mesh = parseObj(dir / "flag.obj");
    ASSERT_TRUE(mesh.ok) << mesh.error;
    EXPECT_EQ(mesh.attrib.vertices.size(), 48u * 32u * 3u);

    const test::ProcessResult sequence =
        test::runProcess(headless(flag + "--export-obj-sequence " + dir.str("seq") + " --export-every 10"));
    ASSERT_EQ(sequence.exitCode, 0) << sequence.out;
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(dir / "seq"))
        names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    ASSERT_EQ(names.size(), 13u);
    EXPECT_EQ(names.front(), "frame_00000.obj");
    EXPECT_EQ(names.back(), "frame_00012.obj");
}

} // namespace
} // namespace cs
