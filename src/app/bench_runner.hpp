#pragma once
// `clothsim --bench [SUITE]`: runs one suite or all of them and writes each as
// DIR/SUITE.csv (a header row, one row per measurement) and DIR/SUITE.md, the
// machine as DIR/machine.txt, and every table as Markdown on stdout. Progress
// goes to stderr. tools/bench.sh wraps it (Xvfb for the frame suite, the plot).
#include "command_line.hpp"

namespace cs {

int runBench(const CommandLine& commandLine);

} // namespace cs
