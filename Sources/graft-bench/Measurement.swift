import Foundation

/// Runs a closure repeatedly and reports the median time.
enum Measurement {
    /// GRAFT_BENCH_CPU=1 measures the thread's CPU time instead of wall-clock time (steadier on a
    /// busy machine; the figures of Documentation/Benchmarks.md are wall-clock).
    static let usesCPUTime = ProcessInfo.processInfo.environment["GRAFT_BENCH_CPU"] != nil

    /// GRAFT_BENCH_RUNS=N runs exactly N times (for profiling).
    static let fixedRuns = ProcessInfo.processInfo.environment["GRAFT_BENCH_RUNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }

    /// Now, in nanoseconds, on the chosen clock.
    static func now() -> UInt64 {
        guard usesCPUTime else { return DispatchTime.now().uptimeNanoseconds }
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// The median of `sample`'s results (milliseconds per run), after three warm-up runs, over at
    /// least `minimumRuns` runs and `minimumSeconds` seconds (at most 1,000 runs).
    static func median(minimumRuns: Int = 15, minimumSeconds: Double = 1.0, sampling sample: () throws -> Double) rethrows -> Double {
        for _ in 0..<3 { _ = try sample() }
        var samples: [Double] = []
        let start = DispatchTime.now().uptimeNanoseconds
        while true {
            samples.append(try sample())
            if let fixedRuns {
                if samples.count >= fixedRuns { break }
                continue
            }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if (samples.count >= minimumRuns && elapsed >= minimumSeconds) || samples.count >= 1000 { break }
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    /// The median time of running `body`, in milliseconds.
    static func median(minimumRuns: Int = 15, minimumSeconds: Double = 1.0, _ body: () throws -> Void) rethrows -> Double {
        try median(minimumRuns: minimumRuns, minimumSeconds: minimumSeconds) {
            let before = now()
            try body()
            return Double(now() - before) / 1e6
        }
    }

    /// The median time of producing a value (such as an AST), in milliseconds; the value is
    /// released after the clock stops, so its deallocation is not timed.
    static func median<T>(producing body: () throws -> T) rethrows -> Double {
        var kept: T? = nil
        let milliseconds = try median {
            kept = nil
            let before = now()
            let result = try body()
            let elapsed = Double(now() - before) / 1e6
            kept = result
            return elapsed
        }
        withExtendedLifetime(kept) {}
        return milliseconds
    }

    /// `<bench> <name>: <bytes> bytes, median <ms> ms, <MB/s> MB/s`.
    static func report(_ bench: String, _ name: String, bytes: Int, milliseconds: Double) {
        let megabytesPerSecond = Double(bytes) / 1_000_000 / (milliseconds / 1000)
        print("\(bench) \(name): \(bytes) bytes, median \(format(milliseconds)) ms, \(format(megabytesPerSecond, digits: 0)) MB/s")
    }

    static func format(_ value: Double, digits: Int = 3) -> String {
        String(format: "%.\(digits)f", value)
    }

    /// Reads a file or fails with a clear message.
    static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw BenchmarkError("cannot read \(path)") }
        return [UInt8](data)
    }
}
