import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A piece of a streamed body: bytes in memory, or the contents of a file read while sending.
public enum HTTPBodySegment: Sendable, Hashable {
    /// Bytes in memory.
    case data(Data)
    /// A file's contents, `length` bytes (its size when the body was made); reading fails if the
    /// file then has another size.
    case file(URL, length: Int64)

    /// A file segment with the file's current size. Throws ``GraftError/Code/transport`` when the
    /// file cannot be read (missing, a directory, no permission).
    public static func file(_ url: URL) throws -> HTTPBodySegment {
        .file(url, length: try FileSegmentReader.size(of: url))
    }

    /// The number of bytes.
    public var length: Int64 {
        switch self {
        case .data(let data): return Int64(data.count)
        case .file(_, let length): return length
        }
    }
}

extension HTTPBodySource {
    /// A body made of `segments` one after another; files are opened one at a time as the reader
    /// reaches them, so memory stays at one buffer whatever their size.
    public static func concatenating(_ segments: [HTTPBodySegment], label: String = "") -> HTTPBodySource {
        HTTPBodySource(length: segments.reduce(0) { $0 + $1.length }, label: label) {
            SegmentReader(segments)
        }
    }
}

/// Reads segments in order, holding at most one open file.
private final class SegmentReader: HTTPBodyReader, @unchecked Sendable {
    private let segments: [HTTPBodySegment]
    private var index = 0
    private var offset = 0
    private var file: FileSegmentReader?

    init(_ segments: [HTTPBodySegment]) {
        self.segments = segments
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var written = 0
        while written < buffer.count, index < segments.count {
            let target = UnsafeMutableRawBufferPointer(rebasing: buffer[written...])
            let count: Int
            switch segments[index] {
            case .data(let data):
                count = min(target.count, data.count - offset)
                data.withUnsafeBytes { bytes in
                    target.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]))
                }
                offset += count
                if offset == data.count { advance() }
            case .file(let url, let length):
                if file == nil { file = try FileSegmentReader(url: url, length: length) }
                count = try file!.read(into: target)
                if count == 0 { advance() }
            }
            written += count
        }
        return written
    }

    private func advance() {
        file?.close()
        file = nil
        index += 1
        offset = 0
    }

    func close() {
        file?.close()
        file = nil
        index = segments.count
    }
}

/// One file read from its start, checked against the length announced for it.
final class FileSegmentReader {
    private let url: URL
    private let length: Int64
    private var descriptor: Int32
    private var remaining: Int64

    init(url: URL, length: Int64) throws {
        self.url = url
        self.length = length
        descriptor = url.withUnsafeFileSystemRepresentation { path in path.map { open($0, O_RDONLY) } ?? -1 }
        guard descriptor >= 0 else { throw Self.failure("cannot open", url, errno: errno) }
        remaining = length
    }

    deinit { close() }

    /// The next bytes, 0 at the announced length; fails if the file ends early or goes on.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard remaining > 0 else {
            var probe: UInt8 = 0
            if systemRead(descriptor, &probe, 1) > 0 { throw changed() }
            return 0
        }
        let wanted = Int(min(Int64(buffer.count), remaining))
        var count: Int
        repeat {
            count = systemRead(descriptor, buffer.baseAddress, wanted)
        } while count < 0 && errno == EINTR
        guard count >= 0 else { throw Self.failure("cannot read", url, errno: errno) }
        guard count > 0 else { throw changed() }
        remaining -= Int64(count)
        return count
    }

    func close() {
        if descriptor >= 0 { _ = systemClose(descriptor) }
        descriptor = -1
    }

    private func changed() -> GraftError {
        GraftError(.transport, message: "the file \(url.lastPathComponent) changed size while it was sent (expected \(length) bytes)")
    }

    /// The size of the regular file at `url`.
    static func size(of url: URL) throws -> Int64 {
        var info = stat()
        let result = url.withUnsafeFileSystemRepresentation { path in path.map { stat($0, &info) } ?? -1 }
        guard result == 0 else { throw failure("cannot read", url, errno: errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw GraftError(.transport, message: "\(url.lastPathComponent) is not a regular file")
        }
        return Int64(info.st_size)
    }

    private static func failure(_ what: String, _ url: URL, errno code: Int32) -> GraftError {
        GraftError(.transport, message: "\(what) \(url.lastPathComponent): \(String(cString: strerror(code)))")
    }
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
