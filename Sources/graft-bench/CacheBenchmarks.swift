import Foundation
import Graft
import GraftSQLite
#if canImport(Glibc)
import Glibc
#endif

/// `graft-bench cache [memory] [sqlite] [N ...] | --memory`: the normalized cache with HeroAndFriends
/// responses of N = 10, 100 and 1,000 friends (or the N given): (a) parse + normalize + write into an
/// empty store, (b) read back into the typed model; in memory and with SQLite. `--memory` loads 100,000 records and reports
/// the resident memory they take against the size of their JSON.
enum CacheBenchmarks {
    static func run(_ arguments: [String]) throws {
        if arguments == ["--memory"] {
            Allocator.useOneArena()  // before any thread of the concurrency pool allocates
            return try blocking { try await memory(friends: 100_000) }
        }
        guard arguments.allSatisfy({ $0 == "memory" || $0 == "sqlite" || (Int($0) ?? 0) > 0 }) else {
            throw BenchmarkError("usage: graft-bench cache [memory] [sqlite] [N ...] | --memory")
        }
        let named = arguments.filter { Int($0) == nil }
        let kinds = named.isEmpty ? ["memory", "sqlite"] : named
        let sizes = arguments.compactMap { Int($0) }.isEmpty ? [10, 100, 1000] : arguments.compactMap { Int($0) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("graft-bench-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try blocking {
            for friends in sizes where kinds.contains("memory") {
                try await bench(CacheStore(), kind: "memory", friends: friends)
            }
            for friends in sizes where kinds.contains("sqlite") {
                let path = directory.appendingPathComponent("cache-\(friends).sqlite").path
                try await bench(CacheStore(storage: try SQLiteRecordStorage(path: path)), kind: "sqlite", friends: friends)
            }
        }
    }

    static func bench(_ store: CacheStore, kind: String, friends: Int) async throws {
        let bytes = HeroAndFriendsQuery.response(friends: friends)
        let query = HeroAndFriendsQuery()
        let write = try await median(setup: { try await store.clear() }) {
            guard case .object(let response) = try JSONParser.parse(bytes), case .object(let data)? = response["data"] else {
                throw BenchmarkError("bad fixture")
            }
            try await store.write(responseData: data, for: query)
        }
        let records = try await store.recordCount()
        guard records == friends + 2 else { throw BenchmarkError("wrote \(records) records, expected \(friends + 2)") }
        var count = 0
        let read = try await median(setup: {}) {
            count = try await store.read(query).data.hero?.friends?.count ?? -1
        }
        guard count == friends else { throw BenchmarkError("read \(count) friends, expected \(friends)") }
        report("\(kind)-write-\(friends)", bytes: bytes.count, records: records, milliseconds: write)
        report("\(kind)-read-\(friends)", bytes: bytes.count, records: records, milliseconds: read)
    }

    /// `cache <name>: <bytes> bytes JSON, <records> records, median <ms> ms, <records/ms> records/ms`.
    static func report(_ name: String, bytes: Int, records: Int, milliseconds: Double) {
        let rate = Double(records) / milliseconds
        print("cache \(name): \(bytes) bytes JSON, \(records) records, median \(Measurement.format(milliseconds)) ms, "
              + "\(Measurement.format(rate, digits: 0)) records/ms")
    }

    /// Runs `body` (after an untimed `setup`) until 15 runs and one second have passed, after
    /// three warm-up runs; returns the median in milliseconds.
    static func median(setup: () async throws -> Void, _ body: () async throws -> Void) async throws -> Double {
        for _ in 0..<3 {
            try await setup()
            try await body()
        }
        var samples: [Double] = []
        let start = DispatchTime.now().uptimeNanoseconds
        while samples.count < 15 || Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 < 1.0 {
            try await setup()
            let before = DispatchTime.now().uptimeNanoseconds
            try await body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - before) / 1e6)
            if samples.count >= 1000 { break }
        }
        samples.sort()
        return samples[samples.count / 2]
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
            do { try await body(); outcome.set(.success(())) } catch { outcome.set(.failure(error)) }
            semaphore.signal()
        }
        semaphore.wait()
        try outcome.get()?.get()
    }
}

/// A value shared between the blocked main thread and the benchmark task.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
    func get() -> Value { lock.withLock { value } }
}
