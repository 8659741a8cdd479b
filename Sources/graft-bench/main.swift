// graft-bench: Graft's benchmarks. Run a release build:
//   swift run -c release graft-bench <benchmark> ARGS...
// Each prints `<bench> <name>: <size>, median <ms> ms, <throughput>` (median of several runs).
import Foundation

exit(BenchmarkCommand.run(Array(CommandLine.arguments.dropFirst())))
