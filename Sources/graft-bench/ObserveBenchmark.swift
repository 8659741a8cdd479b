import Foundation
import Graft
import GraftSQLite
import Observation

/// `graft-bench observe`: the cache as views see it.
/// (a) `read-50`: the synchronous read (`CacheStore.readNow`) of a cached 50-object screen (a
///     HeroAndFriends of 49 friends), in memory and in SQLite, in µs;
/// (b) `models-1000`: 1,000 live `FragmentModel`s over distinct objects, each followed through
///     `withObservationTracking` as a view would be; one object is changed: the time from the
///     write until its model holds the new value (median), and how many models were notified
///     (must be 1);
/// (c) `unread-write`: a write of an object no watcher read, with 0, 100 and 10,000 watchers of
///     other objects registered (must not grow with their number).
/// The models are main-actor isolated, so the benchmark runs on the main actor (`dispatchMain`).
enum ObserveBenchmark {
    static func run(_ arguments: [String]) throws {
        guard arguments.isEmpty else { throw BenchmarkError("usage: graft-bench observe") }
        Task { @MainActor in
            do {
                try await screenRead()
                try await liveModels(1_000)
                try await unreadWrites([0, 100, 10_000])
                exit(0)
            } catch {
                FileHandle.standardError.write(Data("error: \(error)\n".utf8))
                exit(1)
            }
        }
        dispatchMain()
    }

    /// The screen's response data.
    static func screen(friends: Int) throws -> [String: JSONValue] {
        guard case .object(let response) = try JSONParser.parse(HeroAndFriendsQuery.response(friends: friends)),
              case .object(let data)? = response["data"] else { throw BenchmarkError("bad fixture") }
        return data
    }

    @MainActor static func screenRead() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("graft-bench-observe-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let stores = [("memory", CacheStore()),
                      ("sqlite", CacheStore(storage: try SQLiteRecordStorage(path: directory.appendingPathComponent("screen.sqlite").path)))]
        for (kind, store) in stores {
            try await store.write(responseData: try screen(friends: 49), for: HeroAndFriendsQuery())
            var friends = 0
            let milliseconds = try Measurement.median {
                friends = try store.readNow(HeroAndFriendsQuery()).data.hero?.friends?.count ?? -1
            }
            guard friends == 49 else { throw BenchmarkError("read \(friends) friends, expected 49") }
            print("observe read-50 \(kind): 50 objects, synchronous read, median \(Measurement.format(milliseconds * 1000)) µs")
        }
    }

    typealias Friend = HeroAndFriendsQuery.Data.Hero.Friend

    static func key(_ index: Int) -> CacheKey { CacheKey("\(index % 3 == 0 ? "Droid" : "Human"):\(1000 + index)") }

    static func friend(_ index: Int, name: String) throws -> Friend {
        try Friend(ObjectData(["__typename": .string(index % 3 == 0 ? "Droid" : "Human"), "id": .string("\(1000 + index)"),
                               "name": .string(name)]))
    }

    /// A transport for models that never fetch.
    struct NoNetwork: GraphQLTransport {
        func execute(_ request: GraphQLRequest, options: RequestOptions) async throws -> GraphQLResponseBody {
            throw BenchmarkError("no network in this benchmark")
        }
    }

    @MainActor static func liveModels(_ count: Int) async throws {
        let store = CacheStore()
        try await store.write(responseData: try screen(friends: count), for: HeroAndFriendsQuery())
        let client = GraphQLClient(transport: NoNetwork(), store: store)
        let models = (0..<count).map { FragmentModel(Friend.self, at: key($0), client: client) }
        guard models.allSatisfy({ $0.data != nil }) else { throw BenchmarkError("a model lacks its data") }
        while await store.watcherCount < count { await Task.yield() }
        let tracker = ChangeTracker()
        models.forEach(tracker.track)
        var samples: [Double] = []
        var maxNotified = 0
        for round in 0..<201 {
            let index = (round * 7919) % count
            let value = try friend(index, name: "Changed \(round)")
            tracker.notified = 0
            let before = DispatchTime.now().uptimeNanoseconds
            await withCheckedContinuation { continuation in
                tracker.waiter = continuation
                Task {
                    do { try await store.write(value, at: key(index)) } catch { fatalError("write failed: \(error)") }
                }
            }
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - before) / 1e3)
            guard models[index].data?.name == value.name else { throw BenchmarkError("model \(index) not current") }
            // Let any other model's update land before counting.
            while await store.watcherRefreshCount < round + 1 { await Task.yield() }
            for _ in 0..<100 { await Task.yield() }
            maxNotified = max(maxNotified, tracker.notified)
        }
        samples.sort()
        print("observe models-\(count): one object changed, until its model is current median "
              + "\(Measurement.format(samples[samples.count / 2])) µs, models notified per change at most \(maxNotified)")
    }

    /// Follows models as views do; counts the models notified and wakes the waiter after each.
    @MainActor final class ChangeTracker {
        var notified = 0
        var waiter: CheckedContinuation<Void, Never>?

        func track(_ model: FragmentModel<Friend>) {
            withObservationTracking { _ = model.data } onChange: {
                Task { @MainActor in
                    self.notified += 1
                    self.track(model)
                    self.waiter?.resume()
                    self.waiter = nil
                }
            }
        }
    }

    @MainActor static func unreadWrites(_ counts: [Int]) async throws {
        for count in counts {
            let store = CacheStore()
            let watched = max(count, 1)
            try await store.write(responseData: try screen(friends: watched + 1), for: HeroAndFriendsQuery())
            for index in 0..<count { _ = await store.addWatcher(Friend.self, at: key(index)) { _ in } }
            // Object `watched` is in the cache but no watcher read it.
            var round = 0
            var samples: [Double] = []
            for _ in 0..<2_000 {
                round += 1
                let value = try friend(watched, name: "Unread \(round)")
                let before = DispatchTime.now().uptimeNanoseconds
                try await store.write(value, at: key(watched))
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - before) / 1e3)
            }
            let refreshes = await store.watcherRefreshCount
            guard refreshes == 0 else { throw BenchmarkError("\(refreshes) watchers re-read after unread writes") }
            samples.sort()
            print("observe unread-write with \(count) watchers: median \(Measurement.format(samples[samples.count / 2])) µs, "
                  + "watchers re-read 0")
        }
    }
}
