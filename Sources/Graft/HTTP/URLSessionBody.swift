import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How a streamed ``HTTPRequestBody`` reaches `URLSession`, which has no chunk-pulling API of its own.
///
/// With swift-corelibs-foundation (Linux) the request's `httpBodyStream` is a ``BodySourceInputStream``
/// that libcurl pulls from as it sends (chunked transfer encoding; memory stays at a buffer or two).
/// On Apple platforms, where URLSession only reads a custom `InputStream` subclass through private
/// CFStream calls, the body is first written to a temporary file, which `uploadTask(with:fromFile:)`
/// reads from disk (memory stays low there too, at the cost of a copy on disk).
///
/// `@unchecked Sendable`: the stream (Foundation marks streams non-Sendable) is touched only by
/// URLSession and through its own lock.
struct URLSessionBody: @unchecked Sendable {
    /// The request to run, its body set (or the file to upload from, in ``uploadFile``).
    var request: URLRequest
    /// The temporary file holding the whole body, for an upload task; removed by ``finish()``.
    var uploadFile: URL?
    #if canImport(FoundationNetworking)
    /// The stream URLSession reads, to ask afterwards why a read failed.
    var stream: BodySourceInputStream?
    #endif

    /// Whether streams go through a temporary file unless a client says otherwise: where there is
    /// no ``BodySourceInputStream``.
    #if canImport(FoundationNetworking)
    static let spoolsByDefault = false
    #else
    static let spoolsByDefault = true
    #endif

    /// Puts `content` into `request`; a stream through a temporary file when `spooling` (always
    /// on Apple platforms).
    init(_ request: URLRequest, content: HTTPRequestBody?, spooling: Bool = spoolsByDefault) throws {
        self.request = request
        switch content {
        case nil: break
        case .data(let data)?: self.request.httpBody = data
        case .stream(let source)?:
            #if canImport(FoundationNetworking)
            if !spooling {
                let stream = BodySourceInputStream(source)
                self.stream = stream
                self.request.httpBodyStream = stream
                return
            }
            #endif
            uploadFile = try Self.spool(source)
        }
    }

    /// The error a body reader threw, which explains the URLSession error that followed it (a
    /// spooled body's errors are thrown while spooling).
    var readFailure: (any Error)? {
        #if canImport(FoundationNetworking)
        return stream?.failure
        #else
        return nil
        #endif
    }

    /// Removes the temporary file, if any.
    func finish() {
        if let uploadFile { try? FileManager.default.removeItem(at: uploadFile) }
    }

    /// The data task (or upload task) for the request on `session`.
    func makeTask(on session: URLSession) -> URLSessionDataTask {
        if let uploadFile { return session.uploadTask(with: request, fromFile: uploadFile) }
        return session.dataTask(with: request)
    }

    /// Writes the body to a new temporary file, a buffer at a time.
    static func spool(_ source: HTTPBodySource) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("graft-upload-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw GraftError(.transport, message: "cannot create a temporary file for the request body")
        }
        do {
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            try source.forEachChunk(bufferSize: 256 << 10) { try handle.write(contentsOf: Data($0)) }
            return url
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
    }
}

#if canImport(FoundationNetworking)
/// An `InputStream` over a ``HTTPBodySource``, for swift-corelibs-foundation's URLSession, which
/// reads a request's `httpBodyStream` from libcurl's read callback: `open()` makes a fresh reader,
/// each `read(_:maxLength:)` pulls the next bytes. A reader's error makes `read` return -1 (URLSession
/// then fails the task) and is kept in ``failure``.
final class BodySourceInputStream: InputStream {
    private let source: HTTPBodySource
    private let state = Locked<(status: Stream.Status, reader: (any HTTPBodyReader)?, failure: (any Error)?)>((.notOpen, nil, nil))

    init(_ source: HTTPBodySource) {
        self.source = source
        super.init(data: Data())
    }

    /// Why reading failed, if it did.
    var failure: (any Error)? { state.withLock { $0.failure } }

    /// Starts at the first byte with a fresh reader, also when opened again (URLSession opens the
    /// stream again to resend the body, after a redirect that keeps it).
    override func open() {
        state.withLock { state in
            state.reader?.close()
            state.reader = nil
            do {
                state.reader = try source.makeReader()
                state.status = .open
                state.failure = nil
            } catch {
                state.failure = error
                state.status = .error
            }
        }
    }

    override func close() {
        state.withLock { state in
            state.reader?.close()
            state.reader = nil
            if state.status != .error { state.status = .closed }
        }
    }

    override var streamStatus: Stream.Status { state.withLock { $0.status } }

    override var streamError: (any Error)? { failure }

    /// True until the end, and after a failure (URLSession takes "no bytes available" for the end
    /// of the body, so a failure must be reported by `read`).
    override var hasBytesAvailable: Bool {
        let status = state.withLock { $0.status }
        return status == .open || status == .reading || status == .error
    }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        state.withLock { state in
            guard state.status == .open, let reader = state.reader else { return state.status == .atEnd ? 0 : -1 }
            do {
                let count = try reader.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: length))
                if count == 0 {
                    state.status = .atEnd
                    reader.close()
                    state.reader = nil
                }
                return count
            } catch {
                state.failure = error
                state.status = .error
                reader.close()
                state.reader = nil
                return -1
            }
        }
    }

    override func getBuffer(_ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>,
                            length: UnsafeMutablePointer<Int>) -> Bool {
        false
    }

    deinit {
        state.withLock { $0.reader?.close() }
    }
}
#endif
