// The core never prints: what the user should hear about a step (a GPU solver
// running its CPU twin) travels as a note that session and app take and show.
#include "../support/sim_fixture.hpp"

#include <gtest/gtest.h>

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace cs {
namespace {
using namespace test;

// Everything written to std::cout, std::cerr and std::clog while it lives.
class CapturedStreams {
public:
    CapturedStreams()
        : m_out(std::cout.rdbuf(m_text.rdbuf())), m_err(std::cerr.rdbuf(m_text.rdbuf())),
          m_log(std::clog.rdbuf(m_text.rdbuf())) {}
    ~CapturedStreams() {
        std::cout.rdbuf(m_out);
        std::cerr.rdbuf(m_err);
        std::clog.rdbuf(m_log);
    }
    CapturedStreams(const CapturedStreams&) = delete;
    CapturedStreams& operator=(const CapturedStreams&) = delete;
    std::string text() const { return m_text.str(); }

private:
    std::ostringstream m_text;
    std::streambuf* m_out;
    std::streambuf* m_err;
    std::streambuf* m_log;
};

Settings smallXpbd() {
    return settingsWith([](Settings& s) {
        s.solver.id = "xpbd";
        s.cloth.resolution = {6, 6};
    });
}

// sim_tests link no GL: no GPU factory is installed, so xpbd_gpu runs its CPU twin.
TEST(SimulationNotes, AGpuSolverWithoutItsFactoryGivesOneNoteAndPrintsNothing) {
    Simulation sim = makeSimulation(smallXpbd());
    std::string printed;
    std::vector<std::string> notes;
    {
        const CapturedStreams captured;
        for (int i = 0; i < 3; ++i) sim.step();
        EXPECT_TRUE(sim.takeNotes().empty()) << "xpbd runs as asked";
        sim.world().settings.solver.id = "xpbd_gpu";
        for (int i = 0; i < 5; ++i) sim.step();
        notes = sim.takeNotes();
        printed = captured.text();
    }
    EXPECT_EQ(printed, "") << "the core printed";
    ASSERT_EQ(notes.size(), 1u) << "once, not once per step";
    EXPECT_NE(notes[0].find("xpbd_gpu is not available"), std::string::npos) << notes[0];
    EXPECT_NE(notes[0].find("running its CPU twin xpbd"), std::string::npos) << notes[0];
    EXPECT_EQ(notes[0], sim.solverNote());
    EXPECT_EQ(sim.solver().id(), "xpbd");
    // taken means gone; later steps under the same fallback add nothing
    sim.step();
    EXPECT_TRUE(sim.takeNotes().empty());
}

TEST(SimulationNotes, SwitchingAwayAndBackSaysItAgain) {
    Simulation sim = makeSimulation(smallXpbd());
    sim.world().settings.solver.id = "xpbd_gpu";
    sim.step();
    sim.world().settings.solver.id = "xpbd";
    sim.step();
    sim.world().settings.solver.id = "xpbd_gpu";
    sim.step();
    sim.step();
    const std::vector<std::string> notes = sim.takeNotes();
    ASSERT_EQ(notes.size(), 2u);
    EXPECT_EQ(notes[0], notes[1]);
}

} // namespace
} // namespace cs
