#if canImport(Glibc)
import CourseCatalogAPI
import Foundation
import Glibc
import Graft
import GraftSQLite

/// `graft-bench offline [N] [memory] [sqlite] [--no-replay] [--scopes S] [--concurrency C] [--curl]`: the offline mutation
/// queue with N (10,000) small `AddNote` mutations, each with an optimistic response: enqueue them
/// (in memory, and on SQLite where each enqueue is its own committed transaction), then replay them
/// against a local HTTP server that answers every request at once (so the figure is the queue and
/// the HTTP client, not a server). With S scopes (default 1: no scope, one at a time) entry i goes
/// to notebook i mod S with that notebook as its scope, and up to C (the queue's default) are in flight.
/// Requests go through `URLSessionHTTPClient`, or with `--curl` through `CurlHTTPClient`.
enum OfflineQueueBenchmark {
    static let usage = "usage: graft-bench offline [N] [memory] [sqlite] [--no-replay] [--scopes S] [--concurrency C] [--curl]"

    static func run(_ arguments: [String]) throws {
        var arguments = arguments
        let scopes = try option("--scopes", in: &arguments) ?? 1
        let concurrency = try option("--concurrency", in: &arguments)
        let curl = arguments.contains("--curl")
        arguments.removeAll { $0 == "--curl" }
        let numbers = arguments.compactMap(Int.init)
        let kinds = arguments.filter { $0 == "memory" || $0 == "sqlite" }
        let replays = !arguments.contains("--no-replay")
        let count = numbers.first ?? 10_000
        guard numbers.count + kinds.count + (replays ? 0 : 1) == arguments.count, numbers.count <= 1, count > 0 else {
            throw BenchmarkError(usage)
        }
        let configuration = concurrency.map { OfflineQueueConfiguration(maxConcurrentReplays: $0) } ?? OfflineQueueConfiguration()
        let shape = Shape(scopes: scopes, configuration: configuration, curl: curl)
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
                                                                        replays: replays && run < 2, shape: shape)
                    enqueueSamples.append(enqueue)
                    enqueueCPUSamples.append(enqueueCPU)
                    if let replay { replaySamples.append(replay) }
                }
                report("\(kind)-enqueue", count: count, milliseconds: median(enqueueSamples))
                report("\(kind)-enqueue-cpu", count: count, milliseconds: median(enqueueCPUSamples))
                if !replaySamples.isEmpty {
                    report("\(kind)-replay", count: count, milliseconds: median(replaySamples),
                           note: (scopes == 1 ? "" : ", \(scopes) scopes, up to \(configuration.maxConcurrentReplays) at once")
                               + (curl ? ", CurlHTTPClient" : ""))
                }
            }
        }
    }

    /// Enqueues `count` mutations offline (on SQLite at `path`, or in memory without one); then
    /// (when `replays`) goes online and waits until all are delivered. Returns the enqueue's wall-clock
    /// and process CPU time (user + system, steadier on a busy machine) and the replay's wall-clock
    /// time, in milliseconds.
    static func bench(_ path: String?, count: Int, url: URL, replays: Bool, shape: Shape) async throws -> (Double, Double, Double?) {
        let monitor = ManualNetworkMonitor(.offline)
        let http: any HTTPClient = shape.curl ? CurlHTTPClient() : URLSessionHTTPClient()
        let client = GraphQLClient(transport: HTTPTransport(url: url, client: http))
        let queue = try path.map { path in
            try OfflineMutationQueue(client: client, storage: try SQLiteMutationQueueStorage(path: path), monitor: monitor,
                                     configuration: shape.configuration)
        } ?? OfflineMutationQueue(client: client, monitor: monitor, configuration: shape.configuration)
        await queue.start()
        let mutations = (0..<count).map { AddNoteMutation(notebookId: shape.notebook($0), id: "note-\($0)", text: "Note \($0)") }
        let optimistic = try mutations.map { mutation in
            try AddNoteMutation.Data(ObjectData(["addNote": ["__typename": "Notebook", "id": .string(mutation.notebookId), "notes": [
                ["__typename": "Note", "id": .string(mutation.id), "text": .string(mutation.text), "position": 0, "savedAt": nil],
            ]]]))
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let startCPU = processCPUMilliseconds()
        for (mutation, data) in zip(mutations, optimistic) {
            try await queue.enqueue(mutation, optimisticResponse: data, scope: shape.scope(of: mutation.notebookId))
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

    /// How entries are spread over scopes, and the queue's configuration.
    struct Shape {
        let scopes: Int
        let configuration: OfflineQueueConfiguration
        let curl: Bool

        /// The notebook of entry `index`: "bench" with one scope, else one of `scopes` notebooks.
        func notebook(_ index: Int) -> String {
            scopes == 1 ? "bench" : "bench-\(index % scopes)"
        }

        /// A notebook's entries share its scope; with one scope, entries name none (as before scopes).
        func scope(of notebook: String) -> String? {
            scopes == 1 ? nil : notebook
        }
    }

    /// Removes `name` and the positive number after it from `arguments`; nil when absent.
    static func option(_ name: String, in arguments: inout [String]) throws -> Int? {
        guard let index = arguments.firstIndex(of: name) else { return nil }
        guard index + 1 < arguments.count, let value = Int(arguments[index + 1]), value > 0 else { throw BenchmarkError(usage) }
        arguments.removeSubrange(index...(index + 1))
        return value
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
    static func report(_ name: String, count: Int, milliseconds: Double, note: String = "") {
        print("offline \(name): \(count) mutations, median \(Measurement.format(milliseconds)) ms, "
              + "\(Measurement.format(Double(count) / (milliseconds / 1000), digits: 0)) mutations/s\(note)")
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
