import Foundation

/// What an ``HTTPRequest`` sends: bytes in memory, or a ``HTTPBodySource`` read in chunks while
/// the request goes out (a file upload), from the start again for every attempt.
public enum HTTPRequestBody: Sendable, Hashable {
    /// Bytes in memory.
    case data(Data)
    /// Bytes read in chunks while sending.
    case stream(HTTPBodySource)

    /// The number of bytes, when known before sending.
    public var length: Int64? {
        switch self {
        case .data(let data): return Int64(data.count)
        case .stream(let source): return source.length
        }
    }

    /// The bytes in memory, or nil for a stream.
    public var data: Data? {
        if case .data(let data) = self { return data }
        return nil
    }

    /// `N bytes`, or for a stream `streamed, N bytes (what it is)`: never the contents.
    public var summary: String {
        switch self {
        case .data(let data): return "\(data.count) bytes"
        case .stream(let source):
            let size = source.length.map { "\($0) bytes" } ?? "length unknown"
            return "streamed, \(size)" + (source.label.isEmpty ? "" : " (\(source.label))")
        }
    }
}

/// A request body produced in chunks: each attempt to send it makes a fresh ``HTTPBodyReader``
/// that starts at the first byte (a retry re-reads a file from its start).
///
/// A client pulls from the reader synchronously, as libcurl's `CURLOPT_READFUNCTION` or a
/// Foundation `InputStream` does: `read(into:)` fills a buffer and returns how many bytes it
/// wrote, 0 at the end. Two sources are equal when one is a copy of the other.
public struct HTTPBodySource: Sendable, Hashable {
    /// The number of bytes every reader produces, when known before reading (a client can send it as
    /// `Content-Length`); nil for an unknown length (chunked transfer encoding).
    public let length: Int64?
    /// What the body is, for logs and error messages (`multipart/form-data, 2 files`); never contents.
    public let label: String
    private let identity = Identity()
    private let open: @Sendable () throws -> any HTTPBodyReader

    /// Creates a source whose readers `open` makes.
    public init(length: Int64?, label: String = "", open: @escaping @Sendable () throws -> any HTTPBodyReader) {
        self.length = length
        self.label = label
        self.open = open
    }

    /// A reader positioned at the first byte. Throws when the data cannot be reached (a file that is gone).
    public func makeReader() throws -> any HTTPBodyReader {
        try open()
    }

    /// Reads the whole body into memory, failing past `limit` bytes: for tests and mocks, never
    /// for sending.
    public func collect(upTo limit: Int = 64 << 20) throws -> Data {
        var data = Data()
        try forEachChunk { chunk in
            guard data.count + chunk.count <= limit else {
                throw GraftError(.transport, message: "the streamed body is larger than \(limit) bytes")
            }
            data.append(contentsOf: chunk)
        }
        return data
    }

    /// Reads the body once with a fresh reader, handing each chunk (at most `bufferSize` bytes) to
    /// `body`; the reader is closed at the end or when `body` throws.
    func forEachChunk(bufferSize: Int = 64 << 10, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        let reader = try makeReader()
        defer { reader.close() }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = try reader.read(into: buffer)
            if count == 0 { return }
            try body(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
    }

    public static func == (lhs: HTTPBodySource, rhs: HTTPBodySource) -> Bool {
        lhs.identity === rhs.identity
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(identity))
    }

    private final class Identity: Sendable {}
}

/// Produces one pass over a ``HTTPBodySource``'s bytes. A reader is used from one thread at a
/// time (it may move between threads), and `close()` is called once, after the last read or
/// when the request ends early.
public protocol HTTPBodyReader: AnyObject, Sendable {
    /// Writes the next bytes into `buffer` (at most `buffer.count`) and returns how many; 0 only at
    /// the end. Throws when the data cannot be read or is not what the source announced (a file that
    /// changed size while it was sent).
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
    /// Releases what the reader holds (open files). Reading after closing is not allowed.
    func close()
}
