// The solver registry is the one list of methods: its rows are well formed, and
// the parameter table's "which solvers read this row" comes from it and names
// only registered methods.
#include "sim/params.hpp"
#include "sim/solver.hpp"
#include "sim/solvers/solvers.hpp"

#include <gtest/gtest.h>
#include <vector>

namespace cs {
namespace {

TEST(SolverRegistry, RowsAreWellFormed) { EXPECT_EQ(registryProblem(solverRegistry()), ""); }

TEST(SolverRegistry, MalformedRowsAreCaught) {
    const SolverInfo cpu{.id = "a", .name = "A", .description = "", .create = makeXpbdSolver,
                         .family = SolverFamily::PositionBased};
    const SolverInfo gpu{.id = "a_gpu", .name = "A GPU", .description = "", .create = makeXpbdSolver,
                         .family = SolverFamily::Gpu, .cpuTwin = "a"};

    const std::vector<SolverInfo> duplicate = {cpu, cpu};
    EXPECT_EQ(registryProblem(duplicate), "'a' is registered twice");

    SolverInfo noFamily = cpu;
    noFamily.family = SolverFamily::Unset;
    EXPECT_EQ(registryProblem(std::vector<SolverInfo>{noFamily}), "'a' names no family");

    EXPECT_EQ(registryProblem(std::vector<SolverInfo>{gpu}), "GPU entry 'a_gpu' names no registered CPU twin ('a')");
    EXPECT_EQ(registryProblem(std::vector<SolverInfo>{cpu, gpu}), "");

    SolverInfo twinOfTwin = gpu;
    twinOfTwin.id = "b_gpu";
    twinOfTwin.cpuTwin = "a_gpu";
    EXPECT_EQ(registryProblem(std::vector<SolverInfo>{cpu, gpu, twinOfTwin}),
              "GPU entry 'b_gpu' names another GPU entry as its CPU twin");
}

TEST(SolverRegistry, FamiliesPartitionTheRegistry) {
    std::size_t counted = 0;
    for (SolverFamily family : {SolverFamily::ForceBased, SolverFamily::PositionBased, SolverFamily::Gpu}) {
        const std::vector<std::string_view> ids = solverIds(family);
        EXPECT_FALSE(ids.empty());
        counted += ids.size();
    }
    EXPECT_EQ(counted, solverRegistry().size());
    EXPECT_TRUE(solverIds(SolverFamily::Unset).empty());
}

// A row names a capability; a capability no method has, or one that no row
// belongs to, is a mistake in one of the two tables.
TEST(SolverRegistry, ParamRowsNameOnlyRegisteredSolvers) {
    unsigned rowCapabilities = 0;
    for (const ParamDef& def : paramTable()) {
        rowCapabilities |= static_cast<unsigned>(def.reads);
        for (std::string_view id : def.solvers) EXPECT_NE(findSolver(id), nullptr) << def.key << " names " << id;
        if (def.reads == SolverReads::None) {
            EXPECT_TRUE(def.solvers.empty()) << def.key;
            continue;
        }
        EXPECT_FALSE(def.solvers.empty()) << def.key << ": no registered solver reads it";
        for (const SolverInfo& info : solverRegistry())
            EXPECT_EQ(paramAppliesTo(def, info.id), has(info.reads, def.reads)) << def.key << " under " << info.id;
    }
    unsigned solverCapabilities = 0;
    for (const SolverInfo& info : solverRegistry()) solverCapabilities |= static_cast<unsigned>(info.reads);
    EXPECT_EQ(solverCapabilities, rowCapabilities) << "a capability without rows, or rows nobody reads";
}

TEST(SolverRegistry, EverySolverReadsTheSharedRows) {
    for (const SolverInfo& info : solverRegistry()) {
        EXPECT_TRUE(paramAppliesTo(*findParam("solver.substeps"), info.id)) << info.id;
        EXPECT_TRUE(paramAppliesTo(*findParam("solver.damping"), info.id)) << info.id;
        // the CPU solvers share the step among threads; a GPU one has its own parallelism
        EXPECT_EQ(paramAppliesTo(*findParam("solver.threads"), info.id), !info.gpu()) << info.id;
    }
}

} // namespace
} // namespace cs
