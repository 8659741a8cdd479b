/// A GraphQL source text: its UTF-8 bytes and a name (usually a file path) used in diagnostics.
///
/// Offsets everywhere in GraftLanguage are byte offsets into `bytes`; `location(ofByte:)`
/// converts one into the line, column and UTF-16 offset that graphql-js reports.
public struct Source: Sendable, Hashable {
    /// Name and bytes in one shared object: sources are copied into every span of a schema, so a
    /// copy costs one reference count.
    final class Storage: Sendable {
        let name: String
        let bytes: [UInt8]
        init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    let storage: Storage

    /// The name shown in diagnostics, such as a file path.
    public var name: String { storage.name }
    /// The UTF-8 encoded text.
    public var bytes: [UInt8] { storage.bytes }

    /// Creates a source from text.
    public init(_ text: String, name: String = "GraphQL request") {
        storage = Storage(name: name, bytes: Array(text.utf8))
    }

    /// Creates a source from raw bytes; invalid UTF-8 sequences are replaced by U+FFFD.
    public init(bytes: [UInt8], name: String = "GraphQL request") {
        storage = Storage(name: name, bytes: Source.isValidUTF8(bytes) ? bytes : Array(String(decoding: bytes, as: UTF8.self).utf8))
    }

    /// Bytes already known to be valid UTF-8 (used to decode lazily stored values).
    init(uncheckedBytes bytes: [UInt8]) {
        storage = Storage(name: "", bytes: bytes)
    }

    /// Same name and bytes (the same storage answers at once).
    public static func == (lhs: Source, rhs: Source) -> Bool {
        lhs.storage === rhs.storage || (lhs.name == rhs.name && lhs.bytes == rhs.bytes)
    }

    /// Hashes the name and length (not every byte).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(bytes.count)
    }

    /// The text of the source.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The line (1-based), column (1-based, in UTF-16 code units) and UTF-16 offset of a byte offset.
    ///
    /// Lines end at `\n`, `\r\n` or `\r`, as in the GraphQL specification.
    public func location(ofByte offset: Int) -> SourceLocation {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStartUTF16 = 0
        var utf16 = 0
        var index = 0
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                utf16 += 1
                lineStartUTF16 = utf16
            } else if byte == 0x0D {
                if index + 1 < bytes.count && bytes[index + 1] == 0x0A {
                    if index + 1 < end {
                        index += 1
                        utf16 += 1
                    } else {
                        // The offset points at the \n of a \r\n pair: still on the same line.
                        utf16 += 1
                        index += 1
                        continue
                    }
                }
                line += 1
                utf16 += 1
                lineStartUTF16 = utf16
            } else {
                utf16 += Source.utf16Width(leadByte: byte)
            }
            index += 1
        }
        return SourceLocation(line: line, column: utf16 - lineStartUTF16 + 1, utf16Offset: utf16)
    }

    /// The UTF-16 offset of a byte offset (graphql-js counts `start` and `end` this way).
    public func utf16Offset(ofByte offset: Int) -> Int {
        var utf16 = 0
        for index in 0..<min(max(offset, 0), bytes.count) {
            utf16 += Source.utf16Width(leadByte: bytes[index])
        }
        return utf16
    }

    /// The text of the line containing a byte offset, without its line terminator.
    public func lineText(containingByte offset: Int) -> String {
        let offset = min(max(offset, 0), bytes.count)
        var start = offset
        while start > 0 && bytes[start - 1] != 0x0A && bytes[start - 1] != 0x0D { start -= 1 }
        var end = offset
        while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// How many UTF-16 code units the UTF-8 byte contributes: 0 for continuation bytes,
    /// 2 for the lead byte of a four-byte sequence, otherwise 1.
    @inline(__always)
    static func utf16Width(leadByte byte: UInt8) -> Int {
        if byte < 0x80 { return 1 }
        if byte < 0xC0 { return 0 }
        return byte >= 0xF0 ? 2 : 1
    }

    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}

/// A position in a source as graphql-js reports it.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line.
    public let line: Int
    /// The 1-based column, counted in UTF-16 code units.
    public let column: Int
    /// The 0-based offset from the start of the source, in UTF-16 code units.
    public let utf16Offset: Int

    /// Creates a location.
    public init(line: Int, column: Int, utf16Offset: Int) {
        self.line = line
        self.column = column
        self.utf16Offset = utf16Offset
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}

/// A half-open range of byte offsets in a `Source`.
///
/// Offsets are from 0 to ``maxOffset`` (4 GiB), kept in 32 bits each, so that every node of an AST
/// (names, types, fields) is smaller; the parser rejects a longer source with a syntax error
/// before it makes a range. Making a range outside those bounds is a programming error and traps.
/// Frozen (a layout promise under library evolution), as its initializers are inlinable.
@frozen
public struct SourceRange: Sendable, Hashable {
    @usableFromInline var storedStart: UInt32
    @usableFromInline var storedEnd: UInt32

    /// The largest offset a range can hold.
    public static let maxOffset = Int(UInt32.max)

    /// The byte offset of the first byte.
    @inlinable public var start: Int {
        get { Int(storedStart) }
        set { storedStart = SourceRange.offset(newValue) }
    }

    /// The byte offset just past the last byte.
    @inlinable public var end: Int {
        get { Int(storedEnd) }
        set { storedEnd = SourceRange.offset(newValue) }
    }

    /// Creates a range.
    @inlinable
    public init(start: Int, end: Int) {
        storedStart = SourceRange.offset(start)
        storedEnd = SourceRange.offset(end)
    }

    /// A range of offsets already known to be in bounds: the parser's, within a source it has
    /// checked (`Parser.checkAddressable`).
    @inline(__always)
    init(checkedStart start: Int, end: Int) {
        storedStart = UInt32(truncatingIfNeeded: start)
        storedEnd = UInt32(truncatingIfNeeded: end)
    }

    @inlinable
    static func offset(_ value: Int) -> UInt32 {
        guard let offset = UInt32(exactly: value) else {
            preconditionFailure("a source offset is from 0 to \(maxOffset), found \(value)")
        }
        return offset
    }
}
