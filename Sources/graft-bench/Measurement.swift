import Foundation

/// Runs a closure repeatedly and reports the median wall-clock time.
enum Measurement {
    /// Runs `body` until at least `minimumRuns` runs and `minimumSeconds` have passed (after warm-up);
    /// returns the median in milliseconds.
    static func median(minimumRuns: Int = 15, minimumSeconds: Double = 1.0, _ body: () throws -> Void) rethrows -> Double {
        for _ in 0..<3 { try body() }  // warm-up
        var samples: [Double] = []
        // GRAFT_BENCH_RUNS=N runs exactly N times (for instruction counting with `perf stat`).
        if let runs = ProcessInfo.processInfo.environment["GRAFT_BENCH_RUNS"].flatMap(Int.init), runs > 0 {
            for _ in 0..<runs {
                let before = DispatchTime.now().uptimeNanoseconds
                try body()
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - before) / 1e6)
            }
            samples.sort()
            return samples[samples.count / 2]
        }
        let start = DispatchTime.now().uptimeNanoseconds
        while samples.count < minimumRuns || Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 < minimumSeconds {
            let before = DispatchTime.now().uptimeNanoseconds
            try body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - before) / 1e6)
            if samples.count >= 1000 { break }
        }
        samples.sort()
        return samples[samples.count / 2]
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
