#include "bench_measure.hpp"

#include "session/data_paths.hpp"
#include "scene/scene.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

namespace cs {
namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string csvCell(const std::string& cell) {
    if (cell.find_first_of(",\"\n") == std::string::npos) return cell;
    std::string out = "\"";
    for (char c : cell) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

// The value of "key : value" lines of /proc/cpuinfo or "Key: value kB" of /proc/meminfo.
std::string procField(const char* file, const std::string& key) {
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line)) {
        if (line.compare(0, key.size(), key) != 0) continue;
        const auto colon = line.find(':');
        if (colon == std::string::npos) continue;
        const auto first = line.find_first_not_of(" \t", colon + 1);
        return first == std::string::npos ? std::string() : line.substr(first);
    }
    return {};
}

} // namespace

StepBudget budgetFrom(const BenchOptions& options) {
    StepBudget budget;
    budget.warmupSteps = std::min(options.warmupSteps, options.steps);  // a tiny run stays tiny
    budget.warmupSeconds = options.warmupSeconds;
    budget.maxSteps = options.steps;
    budget.maxSeconds = options.cellSeconds;
    return budget;
}

StepTiming timeSteps(Simulation& sim, const StepBudget& budget) {
    StepTiming timing;
    const auto warmupStart = Clock::now();
    while (timing.warmupSteps < budget.warmupSteps && secondsSince(warmupStart) < budget.warmupSeconds) {
        sim.step();
        if (budget.afterStep) budget.afterStep();
        ++timing.warmupSteps;
    }
    std::vector<double> ms;
    ms.reserve(static_cast<std::size_t>(std::max(budget.maxSteps, 1LL)));
    const auto timedStart = Clock::now();
    const long long minSteps = std::min(kMinTimedSteps, budget.maxSteps);
    while (static_cast<long long>(ms.size()) < budget.maxSteps &&
           (static_cast<long long>(ms.size()) < minSteps || secondsSince(timedStart) < budget.maxSeconds)) {
        const auto start = Clock::now();
        const StepStats stats = sim.step();
        if (budget.afterStep) budget.afterStep();
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
        timing.triangleContact.detections += stats.selfDetections;
        timing.triangleContact.gathers += stats.selfGathers;
        timing.triangleContact.detectMs += stats.selfDetectMs;
    }
    timing.steps = static_cast<long long>(ms.size());
    timing.recoveries = sim.recoveries();
    if (ms.empty()) return timing;
    double sum = 0.0;
    for (double x : ms) sum += x;
    timing.meanMs = sum / static_cast<double>(ms.size());
    timing.maxMs = *std::max_element(ms.begin(), ms.end());
    std::sort(ms.begin(), ms.end());
    const std::size_t mid = ms.size() / 2;
    timing.medianMs = ms.size() % 2 ? ms[mid] : 0.5 * (ms[mid - 1] + ms[mid]);
    return timing;
}

std::optional<Simulation> loadBenchSimulation(const std::filesystem::path& scene,
                                              const std::vector<std::string>& suiteOverrides,
                                              const BenchOptions& options, std::string& error) {
    std::vector<std::string> overrides = suiteOverrides;
    overrides.insert(overrides.end(), options.overrides.begin(), options.overrides.end());
    const std::filesystem::path path = scene.is_absolute() ? scene : sceneDir() / scene;
    const SceneLoad load = loadSceneFile(path, overrides);
    if (!load.ok()) {
        error = load.errorText();
        return std::nullopt;
    }
    std::optional<Simulation> sim;
    sim.emplace(makeWorld(*load.scene));
    if (!sim->world().clothError.empty()) {
        error = path.string() + ": " + sim->world().clothError;
        return std::nullopt;
    }
    return sim;
}

std::string BenchTable::csv() const {
    std::string out;
    auto line = [&out](const std::vector<std::string>& cells) {
        for (std::size_t k = 0; k < cells.size(); ++k) out += (k ? "," : "") + csvCell(cells[k]);
        out += '\n';
    };
    line(columns);
    for (const auto& row : rows) line(row);
    return out;
}

std::string BenchTable::markdown() const {
    std::string out = "### " + title + "\n\n|";
    for (const std::string& c : columns) out += " " + c + " |";
    out += "\n|";
    for (std::size_t k = 0; k < columns.size(); ++k) out += k == 0 ? "---|" : "---:|";
    out += '\n';
    for (const auto& row : rows) {
        out += '|';
        for (const std::string& cell : row) out += " " + cell + " |";
        out += '\n';
    }
    if (!notes.empty()) out += '\n';
    for (const std::string& note : notes) out += "- " + note + "\n";
    return out;
}

std::string formatNumber(double value, int decimals) {
    if (!std::isfinite(value)) return "nan";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    return buf;
}

std::string formatMs(double ms) {
    const double size = std::fabs(ms);
    return formatNumber(ms, size < 0.1 ? 4 : size < 10.0 ? 3 : size < 1000.0 ? 1 : 0);
}

std::string formatCount(long long value) { return std::to_string(value); }

std::string stepsPerSecond(double ms) { return ms > 0.0 ? formatNumber(1000.0 / ms, 0) : "nan"; }

std::string machineDescription() {
    std::ostringstream out;
    std::string cpu = procField("/proc/cpuinfo", "model name");
    out << "cpu: " << (cpu.empty() ? "unknown" : cpu) << "\n";
    out << "cores: " << std::thread::hardware_concurrency() << " (hardware threads the process may use)\n";
    const std::string mhz = procField("/proc/cpuinfo", "cpu MHz");
    if (!mhz.empty()) out << "cpu_mhz: " << mhz << "\n";
    const std::string mem = procField("/proc/meminfo", "MemTotal");
    if (!mem.empty()) out << "memory: " << mem << "\n";
    std::ifstream osRelease("/etc/os-release");
    for (std::string line; std::getline(osRelease, line);)
        if (line.rfind("PRETTY_NAME=", 0) == 0) {
            std::string name = line.substr(12);
            name.erase(std::remove(name.begin(), name.end(), '"'), name.end());
            out << "os: " << name << "\n";
        }
#if defined(__clang__)
    out << "compiler: clang " << __clang_major__ << "." << __clang_minor__ << "." << __clang_patchlevel__ << "\n";
#elif defined(__GNUC__)
    out << "compiler: gcc " << __GNUC__ << "." << __GNUC_MINOR__ << "." << __GNUC_PATCHLEVEL__ << "\n";
#endif
#ifdef NDEBUG
    out << "build: optimised (NDEBUG)\n";
#else
    out << "build: debug (timings are not representative)\n";
#endif
    return out.str();
}

} // namespace cs
