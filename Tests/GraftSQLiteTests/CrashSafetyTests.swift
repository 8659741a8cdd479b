import Foundation
import GraftTestSupport
import Testing
import Graft
@testable import GraftSQLite

/// Kills (SIGKILL) a process in the middle of SQLite writes, again and again: every reopen must
/// succeed and hold exactly the records of the merges that committed.
@Suite(.timingSensitive) struct CrashSafetyTests {
    /// The rules of `graft-sqlite-crash-helper` (Sources/graft-sqlite-crash-helper/main.swift).
    static let itemCount = 60
    static func payload(_ merge: Int, _ item: Int) -> String {
        String(repeating: "payload-\(item)-", count: 40) + String(merge)
    }

    /// The helper executable, built beside the test binary.
    static func helperURL() -> URL? {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var candidates = [executable.deletingLastPathComponent()]
        if let bundle = Bundle.main.executableURL { candidates.append(bundle.deletingLastPathComponent()) }
        // macOS: .../debug/GraftPackageTests.xctest/Contents/MacOS/GraftPackageTests
        candidates += candidates.map { $0.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }
        return candidates.map { $0.appendingPathComponent("graft-sqlite-crash-helper") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The test blocks (pipe reads, sleeps, waiting for the child), so it runs on a thread of its
    /// own rather than on one of the few threads of the concurrency pool that other tests share.
    @Test func killedWritersLeaveExactlyTheCommittedMerges() async throws {
        try await Self.onOwnThread { try Self.killAndReopen() }
    }

    static func onOwnThread(_ body: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    static func killAndReopen() throws {
        let helper = try #require(Self.helperURL(), "graft-sqlite-crash-helper is not built next to the tests")
        let file = try TemporaryDatabase()
        defer { file.remove() }
        var next = 0
        var random = SystemRandomNumberGenerator()
        for round in 0..<8 {
            let process = Process()
            process.executableURL = helper
            process.arguments = [file.path, String(next)]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Let it commit a few merges, then kill it at a random moment (almost always inside a
            // transaction: it writes continuously).
            let target = next + Int.random(in: 2...12, using: &random)
            var printed = try Self.readCommitted(output, until: target)
            usleep(UInt32.random(in: 0...3000, using: &random))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "round \(round)")
            printed = max(printed, Self.committed(in: output.fileHandleForReading.readDataToEndOfFile()) ?? printed)

            let storage = try SQLiteRecordStorage(path: file.path)
            let integrity = try storage.database.prepare("PRAGMA integrity_check")
            #expect(try integrity.step() && integrity.text(at: 0) == "ok")
            integrity.reset()
            let last = try #require(try storage.record(for: "Meta")?["last"], "round \(round)")
            guard case .int(let merge) = last else { Issue.record("Meta.last is \(last)"); return }
            // The last printed merge committed; the one after it may have committed before the kill.
            #expect(merge == printed || merge == printed + 1, "round \(round): stored \(merge), printed \(printed)")
            try Self.expectExactly(merge: merge, in: storage)
            next = merge + 1
        }
        #expect(next > 8)
    }

    /// The database holds exactly the records after merge `merge`.
    static func expectExactly(merge: Int, in storage: SQLiteRecordStorage) throws {
        var expected: Set<CacheKey> = ["Meta"]
        for item in 0..<itemCount { expected.insert(CacheKey("Item:\(item)")) }
        for batch in 0...merge { expected.insert(CacheKey("Batch:\(batch)")) }
        #expect(Set(try storage.allKeys()) == expected)
        for item in 0..<itemCount {
            let record = try storage.record(for: CacheKey("Item:\(item)"))
            #expect(record?.fields == ["value": .int(merge), "payload": .string(payload(merge, item))])
        }
        for batch in [0, merge / 2, merge] {
            #expect(try storage.record(for: CacheKey("Batch:\(batch)"))?["n"] == .int(batch))
        }
    }

    /// Reads the helper's output until it reports merge `target` (or ends); returns the last merge reported.
    static func readCommitted(_ pipe: Pipe, until target: Int) throws -> Int {
        var text = ""
        var last = -1
        while last < target {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
            last = committed(in: Data(text.utf8)) ?? last
        }
        return last
    }

    /// The last `committed N` in complete lines of `data`.
    static func committed(in data: Data) -> Int? {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        for line in lines.reversed() where line.hasPrefix("committed ") {
            if let value = Int(line.dropFirst("committed ".count)) { return value }
        }
        return nil
    }
}
