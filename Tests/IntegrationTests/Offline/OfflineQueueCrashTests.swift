import Foundation
import Graft
import GraftSQLite
import GraftTestSupport
import Testing

/// Kills (SIGKILL) a process in the middle of queueing mutations and in the middle of replaying
/// them, 8 rounds of each, then lets a last run drain the queue: the server (which applies each
/// `Idempotency-Key` once and counts arrivals) must have applied every committed entry exactly
/// once, in order: with one notebook and no scopes, or over three notebooks, each its own scope,
/// replayed concurrently. The helper is Tests/OfflineQueueCrashHelper.
@Suite("Offline queue crash safety", .timingSensitive)
struct OfflineQueueCrashTests {
    static let rounds = 8

    @Test("8 rounds of SIGKILL during enqueue and during replay: nothing committed lost, nothing applied twice, order kept per scope",
          arguments: [1, 3])
    func killedQueueDeliversEveryCommittedEntryOnce(scopes: Int) async throws {
        let session = try await TestClient.make()
        let graphQL = session.baseURL.appendingPathComponent("graphql").absoluteString
        let notebook = NotebookFixture(session: session)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("graft-queue-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("queue.sqlite").path

        let committed = try await Self.onOwnThread {
            try Self.killRounds(database: database, url: graphQL, notebook: notebook.id, scopes: scopes)
        }
        #expect(committed >= Self.rounds * 3)
        // Every committed entry (0 ... last) applied once, in the order queued in its notebook.
        let notebooks = scopes == 1 ? [notebook] : (0..<scopes).map { NotebookFixture(id: "\(notebook.id)-s\($0)", session: session) }
        var resent = 0
        for (index, book) in notebooks.enumerated() {
            let applied = try await book.applied()
            let counts = try await book.requestCounts()
            #expect(applied.map(\.id) == (0..<committed).filter { scopes == 1 || $0 % scopes == index }.map { "\(book.id)-\($0)" })
            #expect(Set(applied.map(\.key)).count == applied.count)
            #expect(applied.map(\.position) == (0..<applied.count).map { $0 + 1 })
            #expect(counts.keys.count == applied.count, "every request carried the key of an applied entry")
            #expect(counts.values.allSatisfy { $0 >= 1 })
            resent += counts.values.reduce(0, +) - applied.count
        }
        print("offline queue crash test (\(scopes) scopes): \(committed) entries committed over \(Self.rounds) rounds, "
              + "\(resent) re-sent after a kill and deduplicated by the server")
    }

    /// Runs the rounds; returns how many entries were committed in all.
    static func killRounds(database: String, url: String, notebook: String, scopes: Int) throws -> Int {
        let helper = GraftExecutable.products.appendingPathComponent("graft-offline-queue-crash-helper")
        var random = SystemRandomNumberGenerator()
        var next = 0
        for round in 0..<rounds {
            // Enqueue: kill at a random moment while it commits one entry after another.
            let enqueuing = try HelperProcess(helper, [database, url, notebook, "enqueue", String(next), "100"] + (scopes > 1 ? [String(scopes)] : []))
            _ = try enqueuing.readLast("committed ", until: next + Int.random(in: 3...20, using: &random))
            enqueuing.terminate(afterMicroseconds: UInt32.random(in: 0...2000, using: &random))
            let printed = enqueuing.lastNumber("committed ") ?? -1
            #expect(enqueuing.process.terminationReason == .uncaughtSignal, "round \(round): the enqueuing helper ended by itself")
            let stored = try SQLiteMutationQueueStorage(path: database).loadAll()
            let numbers = stored.compactMap { $0.request.variables["text"]?.stringValue.flatMap(Int.init) }
            // The entries just queued are consecutive and end with the last printed one or the one
            // after it; without scopes, so are all those still queued (replay went in order).
            let last = try #require(numbers.last, "round \(round): nothing stored")
            #expect(last == printed || last == printed + 1, "round \(round): stored up to \(last), printed \(printed)")
            #expect(numbers.filter { $0 >= next } == Array(next...last), "round \(round): \(numbers)")
            #expect(scopes > 1 || numbers == Array((numbers.first ?? 0)...last), "round \(round): \(numbers)")
            #expect(stored.allSatisfy { $0.optimisticData != nil && $0.state == .pending })
            next = last + 1

            // Replay: kill after a few deliveries (often with a request in flight).
            let replaying = try HelperProcess(helper, [database, url, notebook, "replay"])
            _ = try replaying.readLast("delivered ", until: (numbers.first ?? 0) + Int.random(in: 0...max(0, numbers.count / 2), using: &random))
            replaying.terminate(afterMicroseconds: UInt32.random(in: 0...3000, using: &random))
            #expect(replaying.process.terminationReason == .uncaughtSignal, "round \(round): the replaying helper ended by itself")
        }
        // A last run, not killed before the queue is empty.
        let draining = try HelperProcess(helper, [database, url, notebook, "replay"])
        #expect(try draining.waitForLine("drained"))
        draining.terminate(afterMicroseconds: 0)
        #expect(try SQLiteMutationQueueStorage(path: database).loadAll().isEmpty)
        return next
    }

    static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }
}

/// A helper process whose standard output is read line by line.
final class HelperProcess {
    let process = Process()
    private let output = Pipe()
    private var text = ""

    init(_ executable: URL, _ arguments: [String]) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = output
        try process.run()
    }

    /// Reads until a line `<prefix>N` with N >= `target` (or the output ends); returns the last N seen (-1 for none).
    func readLast(_ prefix: String, until target: Int) throws -> Int {
        var last = -1
        while last < target {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            last = lastNumber(prefix) ?? last
            if text.contains("drained") { break }
        }
        return last
    }

    /// Reads until a line equal to `line` (true) or the end of the output (false).
    func waitForLine(_ line: String) throws -> Bool {
        while !text.split(separator: "\n").contains(Substring(line)) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return false }
            text += String(decoding: chunk, as: UTF8.self)
        }
        return true
    }

    /// SIGKILLs the process after a pause, and waits for it.
    func terminate(afterMicroseconds delay: UInt32) {
        usleep(delay)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// The number of the last complete line starting with `prefix`.
    func lastNumber(_ prefix: String) -> Int? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        let complete = text.hasSuffix("\n") ? lines[...] : lines.dropLast()
        for line in complete.reversed() where line.hasPrefix(prefix) {
            if let value = Int(line.dropFirst(prefix.count)) { return value }
        }
        return nil
    }
}
