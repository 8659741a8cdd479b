import CourseCatalogAPI
import Foundation
import Graft
import GraftWebSocket

/// `graft-bench subscription [N]`: a local server (``PushServer``) pushes N `next` events of a
/// one-object payload (the example API's LessonProgress event, about 260 bytes a frame) over
/// graphql-transport-ws; the client (libcurl byte stream, framing, protocol, `GraphQLClient`)
/// receives them, decodes them into the generated models and writes them to a normalized cache.
/// Prints events/s and MB/s of frames, beside a raw-socket baseline (the same bytes read with
/// `recv`, nothing else) and frame parsing alone (``FrameParser`` over the bytes in memory).
enum SubscriptionBenchmarks {
    static func run(_ arguments: [String]) throws {
        guard arguments.count <= 1, let count = arguments.isEmpty ? 20_000 : Int(arguments[0]), count > 0 else {
            throw BenchmarkError("usage: graft-bench subscription [N] (events, default 20000)")
        }
        #if canImport(Glibc)
        try run(count: count)
        #else
        throw BenchmarkError("graft-bench subscription runs on Linux (its local server uses Glibc sockets)")
        #endif
    }

    #if canImport(Glibc)
    static func run(count: Int) throws {
        let frames = frames(count: count, id: "1")
        let complete = FrameEncoder.encode(.text, payload: Array(#"{"id":"1","type":"complete"}"#.utf8))
        let server = try PushServer()

        let client = try Measurement.median(minimumRuns: 5, minimumSeconds: 0, sampling: {
            try receiveAll(server: server, frames: frames, complete: complete, count: count)
        })
        report("client (libcurl, framing, protocol, models, cache)", count: count, bytes: frames.count, milliseconds: client)

        let raw = Measurement.median(minimumRuns: 5, minimumSeconds: 0, sampling: {
            server.serveOne(frames: frames, complete: [], raw: true)
            let before = Measurement.now()
            let received = server.readAllRaw()
            precondition(received == frames.count, "the raw baseline read \(received) of \(frames.count) bytes")
            return Double(Measurement.now() - before) / 1e6
        })
        report("raw socket baseline (recv only)", count: count, bytes: frames.count, milliseconds: raw)

        let parsing = try Measurement.median { () throws -> Void in
            var parser = FrameParser(role: .client)
            parser.append(frames)
            var messages = 0
            while let event = try parser.next() {
                if case .text = event { messages += 1 }
            }
            precondition(messages == count)
        }
        report("frame parsing (in memory)", count: count, bytes: frames.count, milliseconds: parsing)
    }

    #endif

    static func report(_ name: String, count: Int, bytes: Int, milliseconds: Double) {
        let seconds = milliseconds / 1000
        print("subscription \(name): \(count) events, \(bytes) bytes of frames, median \(Measurement.format(milliseconds)) ms, "
              + "\(Measurement.format(Double(count) / seconds, digits: 0)) events/s, "
              + "\(Measurement.format(Double(bytes) / 1_000_000 / seconds, digits: 0)) MB/s")
    }

    #if canImport(Glibc)
    /// One run: subscribe through a fresh transport and client with a cache, take every event,
    /// return the milliseconds from subscribing to the end of the stream.
    static func receiveAll(server: PushServer, frames: [UInt8], complete: [UInt8], count: Int) throws -> Double {
        server.serveOne(frames: frames, complete: complete, raw: false)
        let elapsed = Locked<Double>(0)
        try CacheBenchmarks.blocking {
            let transport = WebSocketTransport(configuration: WebSocketConfiguration(
                url: URL(string: "ws://127.0.0.1:\(server.port)/graphql")!, keepAlive: nil))
            let store = CacheStore(configuration: CacheConfiguration(schema: CourseCatalogAPI.schemaMetadata))
            let client = GraphQLClient(transport: transport, store: store)
            let subscription = LessonProgressSubscription(lessonId: "lesson-3")
            let before = Measurement.now()
            var received = 0
            var last = 0.0
            for try await event in client.subscribe(subscription) {
                received += 1
                last = event.data?.lessonProgress.progress ?? -1
            }
            elapsed.withLock { $0 = Double(Measurement.now() - before) / 1e6 }
            guard received == count, last == Double(count) / Double(count) else {
                throw BenchmarkError("received \(received) of \(count) events (last progress \(last))")
            }
            guard try await store.read(subscription).data.lessonProgress.progress == 1 else { throw BenchmarkError("the cache does not hold the last event") }
        }
        return elapsed.withLock { $0 }
    }
    #endif

    /// N `next` frames for operation `id`: LessonProgress events with progress i/N.
    static func frames(count: Int, id: String) -> [UInt8] {
        var bytes: [UInt8] = []
        for index in 1...count {
            let progress = Double(index) / Double(count)
            let text = #"{"id":"\#(id)","type":"next","payload":{"data":{"lessonProgress":{"__typename":"LessonProgressEvent","#
                + #""progress":\#(progress),"completed":\#(index == count),"at":"2026-11-23T10:00:00Z","#
                + #""lesson":{"__typename":"VideoLesson","id":"lesson-3","title":"Keys and records"}}}}}"#
            bytes += FrameEncoder.encode(.text, payload: Array(text.utf8))
        }
        return bytes
    }
}
