#include "bench_runner.hpp"

#include "bench_suites.hpp"

#include <fstream>
#include <iostream>
#include <system_error>

namespace cs {
namespace {

bool writeFile(const std::filesystem::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    return static_cast<bool>(out);
}

} // namespace

int runBench(const BenchRequest& cl) {
    std::vector<const BenchSuite*> suites;
    if (cl.suite == "all") {
        for (const BenchSuite& suite : benchSuites()) suites.push_back(&suite);
    } else if (const BenchSuite* suite = findBenchSuite(cl.suite)) {
        suites.push_back(suite);
    } else {  // the command line checked the name; a caller that built the request itself did not
        std::cerr << "clothsim: unknown bench suite '" << cl.suite << "' (one of: " << benchSuiteList() << ")\n";
        return 2;
    }
    std::error_code ec;
    std::filesystem::create_directories(cl.out, ec);
    if (ec) {
        std::cerr << "clothsim: cannot create " << cl.out.string() << ": " << ec.message() << "\n";
        return 1;
    }
    BenchOptions options;
    if (cl.steps) options.steps = *cl.steps;
    options.overrides = cl.overrides;

    const std::string machine = machineDescription();
    if (!writeFile(cl.out / "machine.txt", machine)) {
        std::cerr << "clothsim: cannot write " << (cl.out / "machine.txt").string() << "\n";
        return 1;
    }
    std::cout << "## clothsim benchmarks\n\n```\n" << machine << "```\n\n" << std::flush;
    int code = 0;
    for (const BenchSuite* suite : suites) {
        const BenchTable table = suite->run(options);
        if (!table.skipped.empty()) {
            std::cerr << "clothsim: bench " << suite->name << " skipped: " << table.skipped << "\n";
            std::cout << "### " << suite->name << "\n\nskipped: " << table.skipped << "\n\n" << std::flush;
            if (suites.size() == 1) code = 1;  // asked for by name: not having run it is a failure
            continue;
        }
        const std::filesystem::path csv = cl.out / (table.suite + ".csv");
        const std::filesystem::path md = cl.out / (table.suite + ".md");
        if (!writeFile(csv, table.csv()) || !writeFile(md, table.markdown())) {
            std::cerr << "clothsim: cannot write " << csv.string() << "\n";
            return 1;
        }
        std::cout << table.markdown() << "\n" << std::flush;
        std::cerr << "clothsim: wrote " << csv.string() << "\n";
    }
    return code;
}

} // namespace cs
