// Compare mode (session/compare.hpp): several methods, each on its own copy of the
// scene with its recommended settings; every action reaches every copy; the headless
// --compare writes one report per method and a time series with one row per step and
// method.
#include "../support/run_process.hpp"
#include "../support/temp_dir.hpp"
#include "scene/scene.hpp"
#include "session/compare.hpp"
#include "session/data_paths.hpp"
#include "sim/stats.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace cs {
namespace {

const std::string kSource = CLOTHSIM_SOURCE_DIR;
const std::string kExe = CLOTHSIM_EXE;
const std::string kHanging = kSource + "/scenes/hanging.toml";
// small and still: the copies must differ by their method only
const std::vector<std::string> kSmall = {"cloth.resolution=[12,12]", "wind.strength=0"};
const std::vector<std::string> kMethods = {"xpbd", "vbd", "pbd", "projective_dynamics"};

CompareSession started(const std::vector<std::string>& methods = kMethods) {
    setProjectRoot(kSource);  // where scenes/compare_<id>.toml are
    CompareSession session;
    const std::string error = session.start(methods, kHanging, kSmall);
    EXPECT_EQ(error, "");
    return session;
}

std::string readFile(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(CompareSession, EachCopyRunsItsMethodWithItsRecommendedSettings) {
    CompareSession session = started();
    ASSERT_EQ(session.copies().size(), kMethods.size());
    for (std::size_t k = 0; k < kMethods.size(); ++k) {
        const Settings& settings = session.copies()[k].player->simulation()->world().settings;
        EXPECT_EQ(settings.solver.id, kMethods[k]);
        EXPECT_EQ(session.copies()[k].player->simulation()->world().cloth.particleCount(), 144u) << kMethods[k];
    }
    // compare_projective_dynamics.toml: one step a frame of 10 rounds (the defaults are 20 substeps, 5 rounds)
    const Settings& pd = session.copies()[3].player->simulation()->world().settings;
    EXPECT_EQ(pd.solver.substeps, 1);
    EXPECT_EQ(pd.projective.iterations, 10);
    EXPECT_FLOAT_EQ(pd.springs.stretchStiffness, 2000.0f);
}

TEST(CompareSession, TheSameGrabReachesEveryCopy) {
    CompareSession session = started();
    // the bottom edge's middle particle, pulled 30 cm towards the viewer and up
    const std::size_t particle = 6;
    ASSERT_EQ(session.apply(actions::grab(0, particle)), "");
    const glm::vec3 start = session.copies()[0].player->simulation()->world().cloth.positions[particle];
    const glm::vec3 target = start + glm::vec3(0.0f, 0.2f, 0.3f);
    ASSERT_EQ(session.apply(actions::drag(0, target)), "");
    for (int k = 0; k < 30; ++k) session.step();
    for (const CompareCopy& copy : session.copies()) {
        const Cloth& cloth = copy.player->simulation()->world().cloth;
        EXPECT_TRUE(copy.player->holdingParticle()) << copy.solver;
        // the same rest point in every copy...
        EXPECT_EQ(cloth.restPositions[particle], session.copies()[0].player->simulation()->world().cloth.restPositions[particle]);
        // ...held at the same place
        EXPECT_LT(glm::distance(cloth.positions[particle], target), 1e-5f) << copy.solver;
    }
    // while the rest of the cloth moved as each method moves it: a grab did not make the copies one
    const auto centroid = [&](std::size_t k) { return measureCloth(session.copies()[k].player->simulation()->world()).centroid; };
    EXPECT_GT(glm::distance(centroid(0), centroid(2)), 1e-4f);

    ASSERT_EQ(session.apply(actions::release(30)), "");
    for (const CompareCopy& copy : session.copies()) EXPECT_FALSE(copy.player->holdingParticle()) << copy.solver;
}

TEST(CompareSession, ACutCutsEveryCopy) {
    CompareSession session = started();
    for (int k = 0; k < 10; ++k) session.step();
    std::vector<TopologyStats> before;
    for (const CompareCopy& copy : session.copies()) before.push_back(measureTopology(copy.player->simulation()->world()));
    ASSERT_EQ(session.apply(actions::cut(10, {0.0f, 0.5f}, {1.0f, 0.5f})), "");  // right across
    for (int k = 0; k < 60; ++k) session.step();
    for (std::size_t k = 0; k < session.copies().size(); ++k) {
        const World& world = session.copies()[k].player->simulation()->world();
        const TopologyStats after = measureTopology(world);
        const std::string& solver = session.copies()[k].solver;
        EXPECT_EQ(after.pieces.size(), 2u) << solver;  // cut in two
        EXPECT_GT(after.borderEdges, before[k].borderEdges) << solver;
        // the same mesh in every copy
        EXPECT_EQ(after.triangles, measureTopology(session.copies()[0].player->simulation()->world()).triangles) << solver;
        EXPECT_EQ(world.cloth.particleCount(), session.copies()[0].player->simulation()->world().cloth.particleCount());
        // the lower piece, unpinned, falls
        EXPECT_EQ(after.pieces[1].pinned, 0u) << solver;
        EXPECT_LT(after.pieces[1].centroid.y, before[k].pieces[0].centroid.y - 0.1f) << solver;
    }
}

TEST(CompareSession, ASolverSettingIsRefusedForAllAndTakenForOne) {
    CompareSession session = started({"xpbd", "pbd"});
    EXPECT_NE(session.apply(actions::set(0, "solver", "vbd")), "");
    EXPECT_EQ(session.copies()[0].player->simulation()->world().settings.solver.id, "xpbd");
    EXPECT_EQ(session.applyTo(1, actions::set(0, "solver.substeps", "7")), "");
    EXPECT_EQ(session.copies()[1].player->simulation()->world().settings.solver.substeps, 7);
    EXPECT_NE(session.copies()[0].player->simulation()->world().settings.solver.substeps, 7);

    CompareSession refused;
    EXPECT_NE(refused.start({"xpbd"}, kHanging, {"solver=pbd"}), "");
    EXPECT_TRUE(refused.copies().empty());
}

TEST(CompareSession, MethodListsAreChecked) {
    std::vector<std::string> methods;
    EXPECT_EQ(CompareSession::parseMethods("xpbd, vbd,pbd", methods), "");
    EXPECT_EQ(methods, (std::vector<std::string>{"xpbd", "vbd", "pbd"}));
    EXPECT_NE(CompareSession::parseMethods("xpbd,nope", methods).find("'nope'"), std::string::npos);
    EXPECT_NE(CompareSession::parseMethods("xpbd,xpbd_gpu", methods).find("not a CPU method"), std::string::npos);
    EXPECT_NE(CompareSession::parseMethods("xpbd,xpbd", methods).find("twice"), std::string::npos);
    EXPECT_NE(CompareSession::parseMethods("xpbd,,pbd", methods), "");
    EXPECT_NE(CompareSession::parseMethods("xpbd,pbd,", methods), "");
}

TEST(CompareHeadless, OneReportPerMethodAndOneRowPerStepAndMethod) {
    const test::TempDir dir("compare_headless");
    const auto json = dir / "compare.json", csv = dir / "compare.csv";
    const long long steps = 5;
    const test::ProcessResult r = test::runProcess(
        kExe + " --headless --compare xpbd,vbd,projective_dynamics,pbd --scene " + kHanging +
        " --set 'cloth.resolution=[12,12]' --steps " + std::to_string(steps) + " --cut 0.2,0.5:0.8,0.5 --stats-json " +
        json.string() + " --compare-csv " + csv.string() + " 2>&1");
    ASSERT_EQ(r.exitCode, 0) << r.out;
    const nlohmann::ordered_json j = nlohmann::ordered_json::parse(readFile(json));
    EXPECT_EQ(j.at("steps"), steps);
    EXPECT_EQ(j.at("scene"), kHanging);
    const std::vector<std::string> order = {"xpbd", "vbd", "projective_dynamics", "pbd"};
    ASSERT_EQ(j.at("methods").size(), order.size());
    std::size_t k = 0;
    for (const auto& [id, report] : j.at("methods").items()) {
        EXPECT_EQ(id, order[k++]);
        EXPECT_EQ(report.at("solver"), id);
        EXPECT_EQ(report.at("steps"), steps);
        EXPECT_EQ(report.at("nan_count"), 0);
        for (const char* key : {"max_stretch_ratio", "max_link_error", "kinetic_energy", "wall_ms_per_step_median"})
            EXPECT_TRUE(report.at(key).is_number()) << id << " " << key;
        EXPECT_GT(report.at("border_edges").get<int>(), 4 * 11) << id << ": the --cut reached it";
    }

    std::istringstream lines(readFile(csv));
    std::string line;
    ASSERT_TRUE(std::getline(lines, line));
    EXPECT_EQ(line, "step,solver,max_stretch_ratio,kinetic_energy,residual,ms");
    std::vector<std::string> rows;
    while (std::getline(lines, line)) rows.push_back(line);
    ASSERT_EQ(rows.size(), static_cast<std::size_t>(steps) * order.size());
    for (long long s = 0; s < steps; ++s)
        for (std::size_t m = 0; m < order.size(); ++m) {
            const std::string& row = rows[static_cast<std::size_t>(s) * order.size() + m];
            EXPECT_EQ(row.rfind(std::to_string(s + 1) + "," + order[m] + ",", 0), 0u) << row;
            EXPECT_EQ(std::count(row.begin(), row.end(), ','), 5) << row;
        }
}

TEST(CompareHeadless, BadMethodsAndASolverSetExitTwoWithTheReason) {
    const test::ProcessResult unknown =
        test::runProcess(kExe + " --headless --compare xpbd,nope --steps 1 --stats-json - 2>&1");
    EXPECT_EQ(unknown.exitCode, 2);
    EXPECT_NE(unknown.out.find("'nope' is not a CPU method"), std::string::npos) << unknown.out;
    const test::ProcessResult solverSet =
        test::runProcess(kExe + " --headless --compare xpbd,pbd --set solver=vbd --steps 1 --stats-json - 2>&1");
    EXPECT_EQ(solverSet.exitCode, 2);
    EXPECT_NE(solverSet.out.find("solver=vbd"), std::string::npos) << solverSet.out;
    const test::ProcessResult csvAlone = test::runProcess(kExe + " --headless --compare-csv x.csv --steps 1 2>&1");
    EXPECT_EQ(csvAlone.exitCode, 2) << csvAlone.out;
}

} // namespace
} // namespace cs
