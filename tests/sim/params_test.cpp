// The parameter table: one row per tunable, defaults inside their ranges, and
// validation that rejects wrong types, out-of-range values and NaN.
#include "sim/params.hpp"
#include "sim/solver.hpp"

#include <gtest/gtest.h>
#include <limits>
#include <set>

namespace cs {
namespace {

TEST(ParamTable, KeysAreUniqueAndDefaultsValid) {
    std::set<std::string_view> keys;
    for (const ParamDef& def : paramTable()) {
        EXPECT_TRUE(keys.insert(def.key).second) << "duplicate key " << def.key;
        EXPECT_EQ(validateParam(def, def.defaultValue), "") << def.key;
        EXPECT_FALSE(def.help.empty()) << def.key;
        EXPECT_NE(def.field, nullptr) << def.key;
        EXPECT_NE(def.key.find('.'), std::string_view::npos) << "keys are group.name: " << def.key;
    }
}

TEST(ParamTable, DefaultsRoundTripThroughTheFields) {
    const Settings s = defaultSettings();
    for (const ParamDef& def : paramTable()) EXPECT_EQ(getParam(s, def), def.defaultValue) << def.key;
}

TEST(ParamTable, ContractKeysExist) {
    for (const char* key : {"solver", "solver.id", "sim.dt", "solver.substeps", "solver.iterations",
                            "cloth.resolution", "cloth.spacing", "wind.strength", "sim.gravity"})
        EXPECT_NE(findParam(key), nullptr) << key;
    EXPECT_EQ(findParam("solver"), findParam("solver.id"));
    EXPECT_EQ(findParam("cloth.resoluton"), nullptr);
}

TEST(ParamTable, SetRejectsBadValuesAndLeavesSettingsAlone) {
    Settings s = defaultSettings();
    const ParamDef& substeps = *findParam("solver.substeps");
    EXPECT_NE(setParam(s, substeps, 0), "");
    EXPECT_NE(setParam(s, substeps, 1.5f), "");
    EXPECT_EQ(s.solver.substeps, std::get<int>(substeps.defaultValue));
    EXPECT_EQ(setParam(s, substeps, 7), "");
    EXPECT_EQ(s.solver.substeps, 7);

    const ParamDef& dt = *findParam("sim.dt");
    EXPECT_NE(setParam(s, dt, std::numeric_limits<float>::quiet_NaN()), "");
    EXPECT_NE(setParam(s, dt, std::numeric_limits<float>::infinity()), "");
    EXPECT_NE(setParam(s, dt, 0.5f), "");
    const std::string message = setParam(s, dt, 1.0f);
    EXPECT_NE(message.find("allowed"), std::string::npos) << message;

    const ParamDef& resolution = *findParam("cloth.resolution");
    EXPECT_NE(setParam(s, resolution, glm::ivec2(1, 1)), "");
    EXPECT_NE(setParam(s, resolution, glm::ivec2(64, 100000)), "");
    EXPECT_EQ(setParam(s, resolution, glm::ivec2(64, 48)), "");
    EXPECT_EQ(s.cloth.resolution, glm::ivec2(64, 48));
}

TEST(ParamTable, ChoicesAndSolversByName) {
    Settings s = defaultSettings();
    EXPECT_EQ(setParam(s, *findParam("cloth.orientation"), std::string("horizontal")), "");
    EXPECT_EQ(s.cloth.orientation, Orientation::Horizontal);
    EXPECT_NE(setParam(s, *findParam("cloth.orientation"), std::string("diagonal")), "");
    for (const SolverInfo& info : solverRegistry())
        EXPECT_EQ(setParam(s, *findParam("solver"), std::string(info.id)), "");
    EXPECT_NE(setParam(s, *findParam("solver"), std::string("no_such_solver")), "");
}

TEST(ParamTable, ListingHasOneLinePerParameter) {
    const std::string listing = listParams();
    EXPECT_EQ(static_cast<std::size_t>(std::count(listing.begin(), listing.end(), '\n')), paramTable().size());
    EXPECT_NE(listing.find("solver.substeps\tint\tdefault 20\t[1, 1000]"), std::string::npos) << listing;
}

} // namespace
} // namespace cs
