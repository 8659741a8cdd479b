#if canImport(Glibc)
import CourseCatalogAPI
import Foundation
import Glibc
import Graft
import GraftSQLite

/// `graft-bench offline [N] [memory] [sqlite] [--no-replay]`: the offline mutation queue with N (10,000) small `AddNote`
/// mutations, each with an optimistic response: enqueue them (in memory, and on SQLite where each
/// enqueue is its own committed transaction), then replay them against a local HTTP server that
/// answers every request at once (so the figure is the queue and the HTTP client, not a server).
enum OfflineQueueBenchmark {
    static func run(_ arguments: [String]) throws {
        let numbers = arguments.compactMap(Int.init)
        let kinds = arguments.filter { $0 == "memory" || $0 == "sqlite" }
        let replays = !arguments.contains("--no-replay")
        let count = numbers.first ?? 10_000
        guard numbers.count + kinds.count + (replays ? 0 : 1) == arguments.count, numbers.count <= 1, count > 0 else {
            throw BenchmarkError("usage: graft-bench offline [N] [memory] [sqlite] [--no-replay]")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("graft-bench-offline-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try AnsweringServer(body: Array(#"{"data":{"addNote":{"__typename":"Notebook","id":"bench","notes":[]}}}"#.utf8))
        server.start()
        let url = URL(string: "http://127.0.0.1:\(server.port)/graphql")!
        try CacheBenchmarks.blocking {
            for kind in kinds.isEmpty ? ["memory", "sqlite"] : kinds {
                var enqueueSamples: [Double] = []
                var enqueueCPUSamples: [Double] = []
                var replaySamples: [Double] = []
                for run in 0..<5 {
                    let path = directory.appendingPathComponent("queue-\(run).sqlite").path
                    let (enqueue, enqueueCPU, replay) = try await bench(kind == "memory" ? nil : path, count: count, url: url,
                                                                        replays: replays && run < 2)
                    enqueueSamples.append(enqueue)
                    enqueueCPUSamples.append(enqueueCPU)
                    if let replay { replaySamples.append(replay) }
                }
                report("\(kind)-enqueue", count: count, milliseconds: median(enqueueSamples))
                report("\(kind)-enqueue-cpu", count: count, milliseconds: median(enqueueCPUSamples))
                if !replaySamples.isEmpty { report("\(kind)-replay", count: count, milliseconds: median(replaySamples)) }
            }
        }
    }

    /// Enqueues `count` mutations offline (on SQLite at `path`, or in memory without one); then
    /// (when `replays`) goes online and waits until all are delivered. Returns the enqueue's wall-clock
    /// and process CPU time (user + system, steadier on a busy machine) and the replay's wall-clock
    /// time, in milliseconds.
    static func bench(_ path: String?, count: Int, url: URL, replays: Bool) async throws -> (Double, Double, Double?) {
        let monitor = ManualNetworkMonitor(.offline)
        let client = GraphQLClient(transport: HTTPTransport(url: url, client: URLSessionHTTPClient()))
        let queue = try path.map { path in
            try OfflineMutationQueue(client: client, storage: try SQLiteMutationQueueStorage(path: path), monitor: monitor)
        } ?? OfflineMutationQueue(client: client, monitor: monitor)
        await queue.start()
        let mutations = (0..<count).map { AddNoteMutation(notebookId: "bench", id: "note-\($0)", text: "Note \($0)") }
        let optimistic = try mutations.map { mutation in
            try AddNoteMutation.Data(ObjectData(["addNote": ["__typename": "Notebook", "id": "bench", "notes": [
                ["__typename": "Note", "id": .string(mutation.id), "text": .string(mutation.text), "position": 0, "savedAt": nil],
            ]]]))
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let startCPU = processCPUMilliseconds()
        for (mutation, data) in zip(mutations, optimistic) {
            try await queue.enqueue(mutation, optimisticResponse: data)
        }
        let enqueueCPU = processCPUMilliseconds() - startCPU
        let enqueue = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        guard await queue.pending.count == count else { throw BenchmarkError("queued \(await queue.pending.count)") }
        guard replays else { return (enqueue, enqueueCPU, nil) }

        let events = await queue.events()
        let replayStart = DispatchTime.now().uptimeNanoseconds
        monitor.set(.online)
        var delivered = 0
        for await event in events {
            switch event {
            case .delivered: delivered += 1
            case .rejected(_, let error), .deadLettered(_, let error), .failed(_, let error): throw error
            default: break
            }
            if delivered == count { break }
        }
        let replay = Double(DispatchTime.now().uptimeNanoseconds - replayStart) / 1e6
        await queue.stop()
        return (enqueue, enqueueCPU, replay)
    }

    /// The CPU time the process has used (user and system), in milliseconds.
    static func processCPUMilliseconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000
    }

    static func median(_ samples: [Double]) -> Double {
        samples.sorted()[samples.count / 2]
    }

    /// `offline <name>: N mutations, median <ms> ms, <mutations/s> mutations/s`.
    static func report(_ name: String, count: Int, milliseconds: Double) {
        print("offline \(name): \(count) mutations, median \(Measurement.format(milliseconds)) ms, "
              + "\(Measurement.format(Double(count) / (milliseconds / 1000), digits: 0)) mutations/s")
    }
}

/// A keep-alive HTTP/1.1 server on 127.0.0.1 answering every request with the same JSON body and
/// `headers` (or with a 304 when the request's `If-None-Match` is `notModifiedTag`), one thread
/// per connection, plain POSIX sockets.
final class AnsweringServer: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let response: [UInt8]
    private let notModified: (condition: String, response: [UInt8])?

    init(body: [UInt8], headers: [String] = [], notModifiedTag: String? = nil) throws {
        let extra = headers.map { $0 + "\r\n" }.joined()
        response = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\(extra)Content-Length: \(body.count)\r\n\r\n".utf8) + body
        notModified = notModifiedTag.map { tag in
            ("if-none-match: \(tag.lowercased())\r\n", Array("HTTP/1.1 304 Not Modified\r\n\(extra)\r\n".utf8))
        }
        (listener, port) = try LoopbackListener.open(backlog: 64)
    }

    /// Accepts connections until the process ends.
    func start() {
        Thread { [self] in
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                Thread { [self] in serve(connection) }.start()
            }
        }.start()
    }

    /// Answers each request (head, then `Content-Length` bytes of body) on one connection.
    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let separator: [UInt8] = [13, 10, 13, 10]
        while true {
            guard let end = pending.firstRange(of: separator)?.upperBound else {
                let read = recv(connection, &buffer, buffer.count, 0)
                guard read > 0 else { return }
                pending += buffer[0..<read]
                continue
            }
            let head = String(decoding: pending[..<end], as: UTF8.self).lowercased()
            let length = head.components(separatedBy: "\r\n").first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            while pending.count < end + length {
                let read = recv(connection, &buffer, buffer.count, 0)
                guard read > 0 else { return }
                pending += buffer[0..<read]
            }
            pending.removeFirst(end + length)
            let response = notModified.flatMap { head.contains($0.condition) ? $0.response : nil } ?? self.response
            var sent = 0
            while sent < response.count {
                let written = response[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard written > 0 else { return }
                sent += written
            }
        }
    }
}
#endif
