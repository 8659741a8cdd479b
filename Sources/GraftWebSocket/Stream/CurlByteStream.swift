#if canImport(CCurl)
internal import CCurl
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A connected libcurl handle as a ``ByteStream``. One thread of its own owns the handle (OpenSSL
/// must not read and write one connection from two threads at once): it sends queued writes,
/// receives when a reader waits, and sleeps in `poll` on the socket and a wake-up pipe.
final class CurlByteStream: ByteStream, @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer
    private let socket: curl_socket_t
    private let wakeReader: Int32
    private let wakeWriter: Int32
    private let lock = NSLock()
    private var writes: [(bytes: [UInt8], continuation: CheckedContinuation<Void, any Error>)] = []
    private var writeOffset = 0
    private var reader: CheckedContinuation<[UInt8], any Error>?
    private var closed = false
    private var ended = false
    private var failure: WebSocketError?

    /// The most a single `read` returns.
    private static let maxChunk = 1 << 20

    init(handle: UnsafeMutableRawPointer, socket: curl_socket_t) throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            curl_easy_cleanup(handle)
            throw WebSocketError.connectFailed("could not create a pipe", isTrustFailure: false)
        }
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        self.handle = handle
        self.socket = socket
        wakeReader = fds[0]
        wakeWriter = fds[1]
        let thread = Thread { [self] in run() }
        thread.name = "GraftWebSocket I/O"
        thread.start()
    }

    func read() async throws -> [UInt8] {
        try await withCheckedThrowingContinuation { continuation in
            let outcome: Result<[UInt8], any Error>? = lock.withLock {
                if let failure { return .failure(failure) }
                if closed || ended { return .success([]) }
                reader = continuation
                return nil
            }
            if let outcome { continuation.resume(with: outcome) } else { wake() }
        }
    }

    func write(_ bytes: [UInt8]) async throws {
        guard !bytes.isEmpty else { return }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let refusal: WebSocketError? = lock.withLock {
                if let failure { return failure }
                if closed { return .connectionLost("the stream is closed") }
                writes.append((bytes, continuation))
                return nil
            }
            if let refusal { continuation.resume(throwing: refusal) } else { wake() }
        }
    }

    func close() async {
        lock.withLock { closed = true }
        wake()
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = Glibc.write(wakeWriter, &byte, 1)
    }

    // MARK: The I/O thread

    private func run() {
        var inbox = [UInt8](repeating: 0, count: 65536)
        var writeBlocked = false
        while true {
            let (isClosed, wantsRead, hasWrites) = lock.withLock { (closed, reader != nil, !writes.isEmpty) }
            if isClosed { break }
            do {
                writeBlocked = hasWrites ? try flushWrites() : false
                if wantsRead, try receive(into: &inbox) { continue }
            } catch {
                fail(error as? WebSocketError ?? .connectionLost("\(error)"))
                break
            }
            var fds = [pollfd(fd: socket, events: Int16(wantsRead ? POLLIN : 0) | Int16(writeBlocked ? POLLOUT : 0), revents: 0),
                       pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 2, -1)
            var drain = [UInt8](repeating: 0, count: 64)
            while Glibc.read(wakeReader, &drain, drain.count) > 0 {}
        }
        finish()
    }

    /// Sends queued writes until done or the socket would block (returns true then).
    private func flushWrites() throws -> Bool {
        while true {
            guard let (bytes, continuation) = lock.withLock({ writes.first }) else { return false }
            var sent = 0
            let code = bytes.withUnsafeBytes { buffer in
                curl_easy_send(handle, buffer.baseAddress! + writeOffset, buffer.count - writeOffset, &sent)
            }
            if code == CURLE_AGAIN { return true }
            guard code == CURLE_OK else {
                throw WebSocketError.connectionLost("sending failed: \(String(cString: curl_easy_strerror(code)))")
            }
            writeOffset += sent
            if writeOffset == bytes.count {
                writeOffset = 0
                lock.withLock { _ = writes.removeFirst() }
                continuation.resume()
            }
        }
    }

    /// Receives what is available (all of it, so that TLS leaves nothing buffered that poll can't
    /// see) and hands it to the waiting reader; false when nothing was available.
    private func receive(into inbox: inout [UInt8]) throws -> Bool {
        var chunk: [UInt8] = []
        var atEnd = false
        while chunk.count < Self.maxChunk {
            var received = 0
            let code = inbox.withUnsafeMutableBytes { curl_easy_recv(handle, $0.baseAddress, $0.count, &received) }
            if code == CURLE_AGAIN { break }
            guard code == CURLE_OK else {
                throw WebSocketError.connectionLost("receiving failed: \(String(cString: curl_easy_strerror(code)))")
            }
            if received == 0 {
                atEnd = true
                break
            }
            chunk.append(contentsOf: inbox[0..<received])
        }
        guard !chunk.isEmpty || atEnd else { return false }
        let waiting = lock.withLock {
            defer { reader = nil }
            if atEnd { ended = true }
            return reader
        }
        waiting?.resume(returning: chunk)
        return true
    }

    private func fail(_ error: WebSocketError) {
        lock.withLock { failure = error }
    }

    /// Cleans up and answers everyone still waiting.
    private func finish() {
        curl_easy_cleanup(handle)
        let (waitingReader, waitingWrites, failure) = lock.withLock {
            closed = true
            defer {
                reader = nil
                writes = []
            }
            return (reader, writes, self.failure)
        }
        if let failure { waitingReader?.resume(throwing: failure) } else { waitingReader?.resume(returning: []) }
        for write in waitingWrites { write.continuation.resume(throwing: failure ?? .connectionLost("the stream is closed")) }
    }

    deinit {
        // Both ends stay open until here: writing to a pipe without a reader would raise SIGPIPE.
        Glibc.close(wakeReader)
        Glibc.close(wakeWriter)
    }
}
#endif
