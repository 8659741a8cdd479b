import Foundation
import Graft
import GraftSQLite
#if canImport(Glibc)
import Glibc
#endif

/// `graft-bench cache [memory] [sqlite] [N ...] | --memory | cold`: the normalized cache with HeroAndFriends
/// responses of N = 10, 100 and 1,000 friends (or the N given): (a) parse + normalize + write into an
/// empty store, (b) read back into the typed model; in memory and with SQLite. `--memory` loads 100,000 records and reports
/// the resident memory they take against the size of their JSON; `cold` is ``ColdCacheBenchmark``.
enum CacheBenchmarks {
    static func run(_ arguments: [String]) throws {
        switch arguments.first {
        case "cold": return try ColdCacheBenchmark.run(Array(arguments.dropFirst()))
        case "cold-read": return try ColdCacheBenchmark.read(Array(arguments.dropFirst()))
        case "cold-sqlite": return try ColdCacheBenchmark.readWithSQLite(Array(arguments.dropFirst()))
        case "cold-fill": return try ColdCacheBenchmark.fillFile(Array(arguments.dropFirst()))
        default: break
        }
        if arguments == ["--memory"] {
            Allocator.useOneArena()  // before any thread of the concurrency pool allocates
            return try blocking { try await memory(friends: 100_000) }
        }
        guard arguments.allSatisfy({ $0 == "memory" || $0 == "sqlite" || (Int($0) ?? 0) > 0 }) else {
            throw BenchmarkError("usage: graft-bench cache [memory] [sqlite] [N ...] | --memory | cold [--records N]")
        }
        let named = arguments.filter { Int($0) == nil }
        let kinds = named.isEmpty ? ["memory", "sqlite"] : named
        let sizes = arguments.compactMap { Int($0) }.isEmpty ? [10, 100, 1000] : arguments.compactMap { Int($0) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("graft-bench-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try blocking {
            for friends in sizes {
                var stores: [(kind: String, store: CacheStore)] = []
                if kinds.contains("memory") { stores.append(("memory", CacheStore())) }
                if kinds.contains("sqlite") {
                    let path = directory.appendingPathComponent("cache-\(friends).sqlite").path
                    stores.append(("sqlite", CacheStore(storage: try SQLiteRecordStorage(path: path))))
                }
                try await bench(stores, friends: friends)
            }
        }
    }

    /// Times writing and reading N friends in each store. The stores' samples alternate (memory,
    /// SQLite, memory, ...), so their medians come from the same stretch of time and their ratio
    /// holds even when the machine slows down for a second or two, as this shared host does.
    static func bench(_ stores: [(kind: String, store: CacheStore)], friends: Int) async throws {
        let bytes = HeroAndFriendsQuery.response(friends: friends)
        let query = HeroAndFriendsQuery()
        let writes = try await medians(stores.map { entry in
            (setup: { try await entry.store.clear() }, body: {
                guard case .object(let response) = try JSONParser.parse(bytes), case .object(let data)? = response["data"] else {
                    throw BenchmarkError("bad fixture")
                }
                try await entry.store.write(responseData: data, for: query)
            })
        })
        var records: [Int] = []
        for entry in stores {
            let count = try await entry.store.recordCount()
            guard count == friends + 2 else { throw BenchmarkError("\(entry.kind) wrote \(count) records, expected \(friends + 2)") }
            records.append(count)
        }
        var counts = Array(repeating: -1, count: stores.count)
        let reads = try await medians(stores.enumerated().map { index, entry in
            (setup: {}, body: { counts[index] = try await entry.store.read(query).data.hero?.friends?.count ?? -1 })
        })
        guard counts.allSatisfy({ $0 == friends }) else { throw BenchmarkError("read \(counts) friends, expected \(friends)") }
        for (index, entry) in stores.enumerated() {
            report("\(entry.kind)-write-\(friends)", bytes: bytes.count, records: records[index], milliseconds: writes[index])
            report("\(entry.kind)-read-\(friends)", bytes: bytes.count, records: records[index], milliseconds: reads[index])
        }
        if let memory = stores.firstIndex(where: { $0.kind == "memory" }), let sqlite = stores.firstIndex(where: { $0.kind == "sqlite" }) {
            print("cache sqlite/memory-\(friends): write \(Measurement.format(writes[sqlite] / writes[memory], digits: 2))x, "
                  + "read \(Measurement.format(reads[sqlite] / reads[memory], digits: 2))x (samples interleaved)")
        }
    }

    /// `cache <name>: <bytes> bytes JSON, <records> records, median <ms> ms, <records/ms> records/ms`.
    static func report(_ name: String, bytes: Int, records: Int, milliseconds: Double) {
        let rate = Double(records) / milliseconds
        print("cache \(name): \(bytes) bytes JSON, \(records) records, median \(Measurement.format(milliseconds)) ms, "
              + "\(Measurement.format(rate, digits: 0)) records/ms")
    }

    /// Runs each body in turn (after its untimed setup), round after round, until every body has
    /// run 15 times and one second per body has passed, after three warm-up rounds; returns each
    /// body's median in milliseconds.
    static func medians(_ runs: [(setup: () async throws -> Void, body: () async throws -> Void)]) async throws -> [Double] {
        for _ in 0..<3 {
            for run in runs {
                try await run.setup()
                try await run.body()
            }
        }
        var samples: [[Double]] = Array(repeating: [], count: runs.count)
        let start = DispatchTime.now().uptimeNanoseconds
        let seconds = Double(runs.count)
        while samples[0].count < 15 || Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 < seconds {
            for (index, run) in runs.enumerated() {
                try await run.setup()
                let before = DispatchTime.now().uptimeNanoseconds
                try await run.body()
                samples[index].append(Double(DispatchTime.now().uptimeNanoseconds - before) / 1e6)
            }
            if samples[0].count >= 1000 { break }
        }
        return samples.map { $0.sorted()[$0.count / 2] }
    }

    /// Loads `friends` + 2 records into an in-memory store; reports the resident memory they
    /// take against the size of their JSON. glibc is set to one malloc arena first, so that what
    /// the JSON parse tree frees on other threads goes back to the system and is not counted
    /// against the store.
    static func memory(friends: Int) async throws {
        let bytes = HeroAndFriendsQuery.response(friends: friends)
        let baseline = Allocator.residentBytes()
        let store = CacheStore()
        do {
            guard case .object(let response) = try JSONParser.parse(bytes), case .object(let data)? = response["data"] else {
                throw BenchmarkError("bad fixture")
            }
            try await store.write(responseData: data, for: HeroAndFriendsQuery())
        }
        let records = try await store.recordCount()
        let resident = Allocator.residentBytes() - baseline
        print("cache memory-\(friends): \(bytes.count) bytes JSON, \(records) records, resident \(resident) bytes, "
              + "\(Measurement.format(Double(resident) / Double(bytes.count), digits: 2))x the JSON")
        withExtendedLifetime(store) {}
    }

    /// Runs async work from the synchronous command.
    static func blocking(_ body: @escaping @Sendable () async throws -> Void) throws {
        let outcome = Locked<Result<Void, any Error>?>(nil)
        let semaphore = DispatchSemaphore(value: 0)
        Task.detached {
            do { try await body(); outcome.withLock { $0 = .success(()) } } catch { outcome.withLock { $0 = .failure(error) } }
            semaphore.signal()
        }
        semaphore.wait()
        try outcome.withLock { $0 }?.get()
    }
}
