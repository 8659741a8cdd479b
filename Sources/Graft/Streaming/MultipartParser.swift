import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An incremental `multipart/mixed` parser (RFC 2046 §5.1): feed it chunks as they arrive, split
/// anywhere (inside a delimiter, a header, a line break), and it returns each part once whole.
///
/// It skips the preamble and the epilogue, accepts transport padding after a delimiter, and parts
/// without headers. Memory is bounded: a part over ``maxPartSize`` bytes, or a header block over
/// ``maxHeaderSize``, is an error. ``finish()`` throws when the stream ended before its closing
/// delimiter, so a truncated response is never mistaken for a complete one.
///
/// ```swift
/// var parser = try MultipartParser(contentType: response.headers["Content-Type"] ?? "")
/// for try await chunk in response.body {
///     for part in try parser.parse(chunk) { handle(part.body) }
/// }
/// try parser.finish()
/// ```
public struct MultipartParser: Sendable {
    private enum State: Sendable {
        /// Before the first delimiter.
        case preamble
        /// Right after a delimiter: `--` closes, anything else is padding up to the line break.
        case afterDelimiter
        /// In a part's header block.
        case headers
        /// In a part's body; the headers are kept.
        case body(HTTPHeaders)
        /// After the closing delimiter: everything is ignored.
        case epilogue
    }

    /// The boundary, as in the `Content-Type` header.
    public let boundary: String
    /// The largest part accepted, in bytes.
    public let maxPartSize: Int
    /// The largest header block accepted, in bytes.
    public let maxHeaderSize: Int

    /// `CRLF "--" boundary`.
    private let delimiter: [UInt8]
    /// `"--" boundary "--"`.
    private let closeLine: [UInt8]
    /// Received bytes not consumed yet start at `start`.
    private var buffer: [UInt8]
    private var start = 0
    /// Where the next delimiter search starts (bytes before it were searched already).
    private var searchFrom = 0
    private var state = State.preamble

    /// Creates a parser for `boundary` (1 to 70 characters, RFC 2046).
    public init(boundary: String, maxPartSize: Int = 16 << 20, maxHeaderSize: Int = 16 << 10) throws {
        guard !boundary.isEmpty, boundary.utf8.count <= 70 else {
            throw GraftError(.decoding, message: "the multipart boundary must have 1 to 70 characters (\(boundary.utf8.count))")
        }
        self.boundary = boundary
        self.maxPartSize = maxPartSize
        self.maxHeaderSize = maxHeaderSize
        self.delimiter = Array("\r\n--\(boundary)".utf8)
        self.closeLine = Array("--\(boundary)--".utf8)
        // A delimiter at the very start has no line break before it: begin as if one were there.
        self.buffer = [0x0D, 0x0A]
    }

    /// Creates a parser for the boundary of a `Content-Type` header value, quoted or not
    /// (`multipart/mixed; boundary="-"`); a `multipart/mixed` without one uses `-`, the GraphQL
    /// incremental delivery default.
    public init(contentType: String, maxPartSize: Int = 16 << 20) throws {
        guard let boundary = Self.boundary(inContentType: contentType) else {
            throw GraftError(.decoding, message: "the response is not multipart/mixed (Content-Type: \(contentType.prefix(100)))")
        }
        try self.init(boundary: boundary, maxPartSize: maxPartSize)
    }

    /// The boundary parameter of a `multipart/mixed` content type, `-` when it has none, nil for
    /// another type.
    public static func boundary(inContentType contentType: String) -> String? {
        let parameters = Self.parameters(contentType)
        guard parameters.first?.lowercased() == "multipart/mixed" else { return nil }
        for parameter in parameters.dropFirst() {
            guard let equals = parameter.firstIndex(of: "="),
                  parameter[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            var value = parameter[parameter.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\"") {
                value = String(value.dropFirst().prefix { $0 != "\"" })
            } else if let comma = value.firstIndex(of: ",") {
                // An unquoted token ends at a comma (Strawberry appends `,application/json`).
                value = String(value[..<comma])
            }
            return value
        }
        return "-"
    }

    /// The `;`-separated pieces of a header value, trimmed, leaving `;` inside quotes alone.
    private static func parameters(_ value: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var quoted = false
        for character in value {
            if character == "\"" { quoted.toggle() }
            if character == ";", !quoted {
                pieces.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        pieces.append(current.trimmingCharacters(in: .whitespaces))
        return pieces
    }

    /// Whether the closing delimiter arrived.
    public var isComplete: Bool {
        if case .epilogue = state { return true }
        return false
    }

    /// Adds `bytes` and returns the parts they completed, in order.
    public mutating func parse(_ bytes: Data) throws -> [MultipartPart] {
        var parts: [MultipartPart] = []
        try parse(bytes, into: &parts)
        return parts
    }

    /// Adds `bytes` and appends the parts they completed to `parts`.
    public mutating func parse(_ bytes: Data, into parts: inout [MultipartPart]) throws {
        if case .epilogue = state { return }
        buffer.append(contentsOf: bytes)
        defer { compact() }
        while true {
            switch state {
            case .preamble:
                guard let found = find(delimiter, from: max(start, searchFrom)) else {
                    // Keep only what could begin a delimiter: a long preamble costs no memory.
                    start = max(start, buffer.count - delimiter.count + 1)
                    searchFrom = start
                    return
                }
                start = found + delimiter.count
                state = .afterDelimiter
            case .afterDelimiter:
                guard buffer.count - start >= 2 else { return }
                if buffer[start] == 0x2D, buffer[start + 1] == 0x2D {
                    state = .epilogue
                    start = buffer.count
                    return
                }
                guard let newline = find([0x0A], from: start) else {
                    if buffer.count - start > 1024 { throw malformed("a delimiter line longer than 1024 bytes") }
                    return
                }
                let padding = buffer[start..<newline]
                guard padding.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) else {
                    throw malformed("text after a delimiter on its line")
                }
                start = newline + 1
                state = .headers
            case .headers:
                guard buffer.count - start >= 2 else { return }
                // Strawberry ends a subscription with `--graphql` CRLF `--graphql--`: a close delimiter
                // without the line break before it. Read it as the close it means.
                let available = min(buffer.count - start, closeLine.count)
                if buffer[start..<start + available].elementsEqual(closeLine[..<available]) {
                    guard available == closeLine.count else { return }
                    state = .epilogue
                    start = buffer.count
                    return
                }
                if buffer[start] == 0x0D, buffer[start + 1] == 0x0A {
                    start += 2
                    searchFrom = start
                    state = .body([:])
                    continue
                }
                guard let end = find([0x0D, 0x0A, 0x0D, 0x0A], from: start) else {
                    if buffer.count - start > maxHeaderSize { throw malformed("a part's headers are longer than \(maxHeaderSize) bytes") }
                    return
                }
                let headers = try Self.headers(buffer[start..<end])
                start = end + 4
                searchFrom = start
                state = .body(headers)
            case .body(let headers):
                guard let found = find(delimiter, from: max(start, searchFrom)) else {
                    if buffer.count - start > maxPartSize { throw malformed("a part is larger than \(maxPartSize) bytes") }
                    searchFrom = max(start, buffer.count - delimiter.count + 1)
                    return
                }
                parts.append(MultipartPart(headers: headers, body: Data(buffer[start..<found])))
                start = found + delimiter.count
                state = .afterDelimiter
            case .epilogue:
                return
            }
        }
    }

    /// Checks that the stream ended with its closing delimiter; throws ``GraftError/Code/transport``
    /// when it was cut short.
    public func finish() throws {
        switch state {
        case .epilogue: return
        case .preamble:
            throw GraftError(.transport, message: "the multipart response ended before its first part")
        case .afterDelimiter, .headers:
            throw GraftError(.transport, message: "the multipart response ended inside a part's headers")
        case .body:
            throw GraftError(.transport, message: "the multipart response ended inside a part (\(buffer.count - start) bytes of it received)")
        }
    }

    /// Drops consumed bytes from the buffer's front once they are the larger share.
    private mutating func compact() {
        guard start > 0, start >= buffer.count - start else { return }
        buffer.removeSubrange(0..<start)
        searchFrom = max(0, searchFrom - start)
        start = 0
    }

    /// The first index at or after `from` where `pattern` starts, by `memchr` on its first byte.
    private func find(_ pattern: [UInt8], from: Int) -> Int? {
        let count = buffer.count
        guard count - from >= pattern.count else { return nil }
        return buffer.withUnsafeBufferPointer { bytes -> Int? in
            let base = bytes.baseAddress!
            let first = Int32(pattern[0])
            var index = from
            let last = count - pattern.count
            while index <= last {
                guard let hit = memchr(base + index, first, last - index + 1) else { return nil }
                let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + position, pattern, pattern.count) == 0 { return position }
                index = position + 1
            }
            return nil
        }
    }

    /// The header fields of a header block (lines `Name: value`, CRLF-separated).
    private static func headers(_ block: ArraySlice<UInt8>) throws -> HTTPHeaders {
        var headers = HTTPHeaders()
        for line in block.split(separator: 0x0A) {
            let line = line.last == 0x0D ? line.dropLast() : line
            guard !line.isEmpty else { continue }
            guard let colon = line.firstIndex(of: 0x3A) else {
                throw GraftError(.decoding, message: "a multipart part header has no colon")
            }
            let name = String(decoding: line[..<colon], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            headers.add(name: name, value: value)
        }
        return headers
    }

    private func malformed(_ what: String) -> GraftError {
        GraftError(.decoding, message: "malformed multipart response: \(what)")
    }
}
