#if canImport(CCurl)
import Foundation

/// Where a transfer's request body comes from: libcurl pulls it through `CURLOPT_READFUNCTION` on
/// the loop thread, so a body does not have to be in memory. ``CurlDataBody`` serves a `Data`; a
/// streamed body is another conformer (it answers ``CurlReadResult/pause`` while it waits for
/// bytes and has the loop unpause the handle when they come).
protocol CurlRequestBody: AnyObject {
    /// The length when known (sent as `Content-Length`); nil sends the body chunked.
    var length: Int? { get }
    /// Copies the next bytes into `buffer`.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> CurlReadResult
    /// Starts again from the first byte (libcurl resends a body when a reused connection turned
    /// out to be closed); false when the body cannot be replayed.
    func rewind() -> Bool
    /// Why the last read answered ``CurlReadResult/abort``, to report instead of libcurl's
    /// "aborted by callback".
    var failure: (any Error)? { get }
}

extension CurlRequestBody {
    var failure: (any Error)? { nil }
}

/// What a ``CurlRequestBody`` read produced.
enum CurlReadResult {
    /// `n` bytes were copied (0 ends the body).
    case bytes(Int)
    /// Nothing yet; the transfer pauses until resumed.
    case pause
    /// The body failed; the transfer is aborted.
    case abort
}

/// A body already in memory.
final class CurlDataBody: CurlRequestBody {
    private let data: Data
    private var offset = 0

    init(_ data: Data) {
        self.data = data
    }

    var length: Int? { data.count }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> CurlReadResult {
        let count = min(buffer.count, data.count - offset)
        guard count > 0 else { return .bytes(0) }
        data.withUnsafeBytes { source in
            buffer.baseAddress!.copyMemory(from: source.baseAddress! + offset, byteCount: count)
        }
        offset += count
        return .bytes(count)
    }

    func rewind() -> Bool {
        offset = 0
        return true
    }
}

/// A streamed body (``HTTPBodySource``, a file upload): a reader is made at the first read and
/// again after a rewind, so a resend starts at the first byte. Its reads (from disk) run on the
/// loop thread; they are short, and never wait for the network.
final class CurlSourceBody: CurlRequestBody {
    private let source: HTTPBodySource
    private var reader: (any HTTPBodyReader)?
    private(set) var failure: (any Error)?

    init(_ source: HTTPBodySource) {
        self.source = source
    }

    deinit { reader?.close() }

    var length: Int? { source.length.map { Int($0) } }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> CurlReadResult {
        do {
            if reader == nil { reader = try source.makeReader() }
            return .bytes(try reader!.read(into: buffer))
        } catch {
            failure = error
            reader?.close()
            reader = nil
            return .abort
        }
    }

    func rewind() -> Bool {
        reader?.close()
        reader = nil
        failure = nil
        return true
    }
}
#endif
