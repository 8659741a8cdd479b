import Foundation
import Graft
import GraftSQLite
#if canImport(Glibc)
import Glibc
#endif

/// `graft-bench cache cold [--records N]`: a screen read from a large SQLite cache by a process
/// that has just opened it. The file holds N (100,000) records: a HeroAndFriends response of N - 2
/// friends, then the screen, a HeroAndFriends of 49 friends (50 objects, 51 records with
/// `ROOT_QUERY`) written over it. Each of 101 new processes of this executable
/// (`graft-bench cache cold-read PATH`) opens the file and times its open, its first read of the
/// screen and a second read right after (warm pages, code run once): the first process's figures,
/// then the mean over the other 100. One store kept open
/// times the warm read of the same screen (median), before the processes run. The file stays in
/// the system's page cache (it was just written), so the figures are what the code costs, not the
/// disk.
///
/// A new process's first read also pays for what runs for the first time in the process, whatever
/// the file: code paged in, type metadata made (the SQL is compiled by the open). To tell that
/// apart from what the large file costs, 100 more processes first read the screen from a small
/// cache of their own (51 records, opened and closed) and only then open the large file and time
/// its first read.
///
/// And a floor: 100 more processes (`graft-bench cache cold-sqlite PATH`) read the screen's 51
/// records with SQLite alone (``ColdSQLiteFloor``: the storage's statements, nothing decoded),
/// against the same reads again and again on one connection.
enum ColdCacheBenchmark {
    /// Friends on the screen: with the hero, 50 objects.
    static let screenFriends = 49
    /// New processes averaged after the first.
    static let opens = 100

    static func run(_ arguments: [String]) throws {
        let records = try recordCount(arguments[...], usage: "graft-bench cache cold [--records N]")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("graft-bench-cold-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cache.sqlite").path
        let fileBytes = try fill(path, records: records)

        // The warm read first: measured after the 201 processes below, it came out at one of two
        // levels from run to run (0.05 or 0.09 ms on one host), never in a process of its own.
        let warm = try warmRead(path)
        let floorWarm = try sqliteWarmRead(path)
        let first = try readInNewProcess(path)
        var samples: [ColdRead] = []
        for _ in 0..<opens { samples.append(try readInNewProcess(path)) }
        let small = directory.appendingPathComponent("small.sqlite").path
        _ = try fill(small, records: screenFriends + 2)
        var afterSmall: [ColdRead] = []
        for _ in 0..<opens { afterSmall.append(try readInNewProcess(path, after: small)) }

        var floor: [ColdRead] = []
        for _ in 0..<opens { floor.append(try readInNewProcess(path, command: "cold-sqlite")) }

        let meanOpen = samples.map(\.open).reduce(0, +) / Double(samples.count)
        let meanRead = samples.map(\.read).reduce(0, +) / Double(samples.count)
        let medianRead = samples.map(\.read).sorted()[samples.count / 2]
        let meanSecond = samples.map(\.second).reduce(0, +) / Double(samples.count)
        print("cache cold: \(records) records, \(fileBytes) bytes on disk, screen \(screenFriends + 1) objects")
        print("cache cold first process: open \(Measurement.format(first.open)) ms, first read \(Measurement.format(first.read)) ms, "
              + "second read \(Measurement.format(first.second)) ms")
        print("cache cold mean of \(opens) new processes: open \(Measurement.format(meanOpen)) ms, first read "
              + "\(Measurement.format(meanRead)) ms (median \(Measurement.format(medianRead)) ms), open + first read "
              + "\(Measurement.format(meanOpen + meanRead)) ms, second read \(Measurement.format(meanSecond)) ms")
        let afterSmallOpen = afterSmall.map(\.open).reduce(0, +) / Double(afterSmall.count)
        let afterSmallRead = afterSmall.map(\.read).reduce(0, +) / Double(afterSmall.count)
        print("cache cold mean of \(opens) new processes that read a small cache first: open \(Measurement.format(afterSmallOpen)) ms, "
              + "first read \(Measurement.format(afterSmallRead)) ms (median "
              + "\(Measurement.format(afterSmall.map(\.read).sorted()[afterSmall.count / 2])) ms)")
        print("cache cold warm read (one open store): median \(Measurement.format(warm)) ms")
        let floorOpen = floor.map(\.open).reduce(0, +) / Double(floor.count)
        let floorRead = floor.map(\.read).reduce(0, +) / Double(floor.count)
        print("cache cold SQLite alone (the same statements, nothing decoded), mean of \(opens) new processes: open "
              + "\(Measurement.format(floorOpen)) ms, first read \(Measurement.format(floorRead)) ms (median "
              + "\(Measurement.format(floor.map(\.read).sorted()[floor.count / 2])) ms); warm read (one connection): median "
              + "\(Measurement.format(floorWarm)) ms; first read / warm read \(Measurement.format(floorRead / floorWarm, digits: 2))x")
        print("cache cold first read / warm read: first process \(Measurement.format(first.read / warm, digits: 2))x, "
              + "mean \(Measurement.format(meanRead / warm, digits: 2))x; open + first read / warm read: mean "
              + "\(Measurement.format((meanOpen + meanRead) / warm, digits: 2))x; after a small cache: first read / warm read "
              + "\(Measurement.format(afterSmallRead / warm, digits: 2))x; first read / the same process's second read: mean "
              + "\(Measurement.format(meanRead / meanSecond, digits: 2))x")
    }

    /// `graft-bench cache cold-read PATH [SMALL] [--first-only]`: opens the cache at PATH, reads the
    /// screen twice and prints `open=<ms> read=<ms> second=<ms>` for the parent; with SMALL, first
    /// reads the screen from the cache at SMALL (untimed, its store closed before PATH is opened).
    /// `--first-only` skips the second read (`second=0`), for a profile of the first read alone
    /// (`Scripts/bench/cold-read-profile.sh`).
    static func read(_ arguments: [String]) throws {
        let firstOnly = arguments.last == "--first-only"
        let paths = firstOnly ? Array(arguments.dropLast()) : arguments
        guard paths.count == 1 || paths.count == 2 else {
            throw BenchmarkError("usage: graft-bench cache cold-read PATH [SMALL] [--first-only]")
        }
        let path = paths[0]
        let small = paths.count == 2 ? paths[1] : nil
        let line = Locked<String>("")
        try CacheBenchmarks.blocking {
            let query = HeroAndFriendsQuery()
            if let small {
                let store = CacheStore(storage: try SQLiteRecordStorage(path: small))
                guard try await store.read(query).data.hero?.friends?.count == screenFriends else {
                    throw BenchmarkError("the small cache does not hold the screen")
                }
            }
            let start = DispatchTime.now().uptimeNanoseconds
            let store = CacheStore(storage: try SQLiteRecordStorage(path: path))
            let opened = DispatchTime.now().uptimeNanoseconds
            let friends = try await store.read(query).data.hero?.friends?.count
            let read = DispatchTime.now().uptimeNanoseconds
            let again = firstOnly ? friends : try await store.read(query).data.hero?.friends?.count
            let second = firstOnly ? read : DispatchTime.now().uptimeNanoseconds
            guard friends == screenFriends, again == screenFriends else {
                throw BenchmarkError("read \(friends ?? -1) friends, expected \(screenFriends)")
            }
            line.withLock { $0 = "open=\(Double(opened - start) / 1e6) read=\(Double(read - opened) / 1e6) second=\(Double(second - read) / 1e6)" }
        }
        print(line.withLock { $0 })
    }

    /// `graft-bench cache cold-fill PATH [--records N]`: writes the benchmark's cache of N (100,000)
    /// records, the screen last, to a new file at PATH and keeps it (`cold` deletes its own), for
    /// `cold-read` runs under a profiler.
    static func fillFile(_ arguments: [String]) throws {
        let usage = "graft-bench cache cold-fill PATH [--records N]"
        guard !arguments.isEmpty else { throw BenchmarkError("usage: \(usage) (N >= \(screenFriends + 2))") }
        let records = try recordCount(arguments.dropFirst(), usage: usage)
        guard !FileManager.default.fileExists(atPath: arguments[0]) else {
            throw BenchmarkError("\(arguments[0]) exists; cold-fill writes a new file")
        }
        let bytes = try fill(arguments[0], records: records)
        print("cache cold-fill: \(records) records, \(bytes) bytes in \(arguments[0])")
    }

    /// The records of the cache: N from `--records N` (at least the screen's), or 100,000 when
    /// `arguments` is empty; else a usage error.
    static func recordCount(_ arguments: ArraySlice<String>, usage: String) throws -> Int {
        guard !arguments.isEmpty else { return 100_000 }
        guard arguments.count == 2, arguments.first == "--records", let count = Int(arguments.last!), count >= screenFriends + 2 else {
            throw BenchmarkError("usage: \(usage) (N >= \(screenFriends + 2))")
        }
        return count
    }

    /// `graft-bench cache cold-sqlite PATH`: as `cold-read`, with SQLite alone (``ColdSQLiteFloor``).
    static func readWithSQLite(_ arguments: [String]) throws {
        guard arguments.count == 1 else { throw BenchmarkError("usage: graft-bench cache cold-sqlite PATH") }
        let start = DispatchTime.now().uptimeNanoseconds
        let floor = try ColdSQLiteFloor(path: arguments[0])
        let opened = DispatchTime.now().uptimeNanoseconds
        try readScreen(floor)
        let read = DispatchTime.now().uptimeNanoseconds
        try readScreen(floor)
        let second = DispatchTime.now().uptimeNanoseconds
        print("open=\(Double(opened - start) / 1e6) read=\(Double(read - opened) / 1e6) second=\(Double(second - read) / 1e6)")
    }

    /// The median time of reading the screen's records with SQLite alone, again and again on one
    /// connection, in milliseconds.
    static func sqliteWarmRead(_ path: String) throws -> Double {
        let floor = try ColdSQLiteFloor(path: path)
        return try Measurement.median { try readScreen(floor) }
    }

    /// Reads the screen's 51 records with `floor`: `ROOT_QUERY` and the hero's one at a time, then
    /// the friends' as one list, as a cache read does.
    static func readScreen(_ floor: ColdSQLiteFloor) throws {
        let keys = HeroAndFriendsQuery.recordKeys(friends: screenFriends)
        let found = try floor.read(single: Array(keys.prefix(2)), list: Array(keys.dropFirst(2)))
        guard found == keys.count else { throw BenchmarkError("SQLite found \(found) of the screen's \(keys.count) records") }
    }

    /// One new process's figures, in milliseconds.
    struct ColdRead {
        var open: Double
        var read: Double
        var second: Double
    }

    /// Writes `records` records to a new cache at `path`, the screen last; returns the file's size.
    static func fill(_ path: String, records: Int) throws -> Int {
        try CacheBenchmarks.blocking {
            let store = CacheStore(storage: try SQLiteRecordStorage(path: path))
            for friends in [records - 2, screenFriends] {
                guard case .object(let response) = try JSONParser.parse(HeroAndFriendsQuery.response(friends: friends)),
                      case .object(let data)? = response["data"] else { throw BenchmarkError("bad fixture") }
                try await store.write(responseData: data, for: HeroAndFriendsQuery())
            }
            let count = try await store.recordCount()
            guard count == records else { throw BenchmarkError("wrote \(count) records, expected \(records)") }
        }
        // The store is closed: its last connection checkpointed the write-ahead log into the file.
        guard !FileManager.default.fileExists(atPath: path + "-wal") else { throw BenchmarkError("the cache's WAL was left open") }
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.size] as? Int) ?? 0
    }

    /// Runs `graft-bench cache cold-read PATH [SMALL]` (or `command`) in a new process and parses its figures.
    static func readInNewProcess(_ path: String, after small: String? = nil, command: String = "cold-read") throws -> ColdRead {
        let process = Process()
        process.executableURL = Bundle.main.executableURL
        process.arguments = ["cache", command, path] + (small.map { [$0] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: bytes, as: UTF8.self)
        var values: [String: Double] = [:]
        for pair in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let parts = pair.split(separator: "=")
            if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
        }
        guard process.terminationStatus == 0, let open = values["open"], let read = values["read"], let second = values["second"] else {
            throw BenchmarkError("cold-read failed (status \(process.terminationStatus)): \(text)")
        }
        return ColdRead(open: open, read: read, second: second)
    }

    /// The median time of reading the screen again and again from one open store, in milliseconds.
    static func warmRead(_ path: String) throws -> Double {
        let result = Locked<Double>(0)
        try CacheBenchmarks.blocking {
            let store = CacheStore(storage: try SQLiteRecordStorage(path: path))
            let query = HeroAndFriendsQuery()
            let medians = try await CacheBenchmarks.medians([(setup: {}, body: {
                guard try await store.read(query).data.hero?.friends?.count == screenFriends else { throw BenchmarkError("bad read") }
            })])
            result.withLock { $0 = medians[0] }
        }
        return result.withLock { $0 }
    }
}
