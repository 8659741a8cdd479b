/// A strict JSON parser (RFC 8259) producing `JSONValue`, with a nesting limit so hostile
/// responses give errors instead of stack overflows.
public struct JSONParser {
    /// A JSON syntax error with its byte offset.
    public struct SyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong.
        public let message: String
        /// The byte offset.
        public let offset: Int
        public var description: String { "invalid JSON at byte \(offset): \(message)" }
    }

    /// The deepest nesting of arrays and objects accepted.
    public static let defaultMaxDepth = 512

    /// Parses UTF-8 JSON bytes.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(SyntaxError) -> JSONValue {
        let result: Result<JSONValue, SyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, maxDepth: maxDepth)
            do throws(SyntaxError) {
                parser.skipWhitespace()
                let value = try parser.parseValue()
                parser.skipWhitespace()
                guard parser.position == buffer.count else { throw parser.error("unexpected data after the value") }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses JSON text.
    public static func parse(_ text: String) throws(SyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var position = 0
    /// Fields of the objects being parsed, innermost last: an object's fields are collected here,
    /// then put into a dictionary made for their number (one growing field by field was
    /// reallocated and its keys hashed again).
    var pendingFields: [(key: String, value: JSONValue)] = []
    /// Items of the lists being parsed, innermost last, moved into an array of their number when
    /// the list ends.
    var pendingItems: [JSONValue] = []
    /// Short keys parsed recently (responses repeat the same few keys).
    var recentKeys = ShortStringCache()

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    func error(_ message: String) -> SyntaxError { SyntaxError(message: message, offset: position) }

    @inline(__always)
    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// The value at `position`. A loop over the bytes with the open objects and lists on a stack
    /// of their own, not a recursion: nesting costs no call stack, so a value as deep as
    /// `maxDepth` parses on a thread with a small stack (512 KB on Apple platforms' secondary
    /// threads), in a debug build too.
    mutating func parseValue() throws(SyntaxError) -> JSONValue {
        // The objects and lists open around `position`, innermost last, each with where its fields
        // (in `pendingFields`) or items (in `pendingItems`) start.
        var open: [(isObject: Bool, first: Int)] = []
        while true {
            guard position < bytes.count else { throw error("unexpected end of data") }
            var value: JSONValue
            switch bytes[position] {
            case UInt8(ascii: "{"):
                guard open.count < maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
                position += 1
                skipWhitespace()
                if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    value = .object([:])
                } else {
                    open.append((true, pendingFields.count))
                    try beginField()
                    continue
                }
            case UInt8(ascii: "["):
                guard open.count < maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
                position += 1
                skipWhitespace()
                if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    value = .array([])
                } else {
                    open.append((false, pendingItems.count))
                    continue
                }
            case UInt8(ascii: "\""): value = .string(try parseString())
            case UInt8(ascii: "t"): try expectLiteral("true"); value = .bool(true)
            case UInt8(ascii: "f"): try expectLiteral("false"); value = .bool(false)
            case UInt8(ascii: "n"): try expectLiteral("null"); value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = try parseNumber()
            default: throw error("unexpected character")
            }
            // `value` is complete: it goes into the innermost open container, which it may end,
            // and so on outwards.
            while let container = open.last {
                if container.isObject {
                    pendingFields[pendingFields.count - 1].value = value
                } else {
                    pendingItems.append(value)
                }
                skipWhitespace()
                guard position < bytes.count else { throw error("unexpected end of data") }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    if container.isObject { try beginField() } else { skipWhitespace() }
                    break
                }
                if container.isObject {
                    guard bytes[position] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
                    value = .object(takeFields(from: container.first))
                } else {
                    guard bytes[position] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
                    value = .array(takeItems(from: container.first))
                }
                position += 1
                open.removeLast()
            }
            if open.isEmpty { return value }
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(SyntaxError) {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw error("unexpected end of data") }
        for index in 0..<count where bytes[position + index] != literal.utf8Start[index] {
            throw error("invalid literal")
        }
        position += count
    }

    /// Reads an object's key, its colon and the whitespace after it, and opens the field's slot
    /// at the end of `pendingFields` (its value null until read).
    mutating func beginField() throws(SyntaxError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a string key") }
        let key = try parseKey()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':'") }
        position += 1
        skipWhitespace()
        pendingFields.append((key, .null))
    }

    /// The object of `pendingFields[first...]` (a repeated key: the last wins), which are removed.
    mutating func takeFields(from first: Int) -> [String: JSONValue] {
        var fields = [String: JSONValue](capacityFor: pendingFields.count - first)
        for index in first..<pendingFields.count {
            var field: (key: String, value: JSONValue) = ("", .null)
            swap(&field, &pendingFields[index])
            fields[field.key] = field.value
        }
        pendingFields.removeSubrange(first...)
        return fields
    }

    /// An object key: as `parseString()`, but a short key without escapes is taken from
    /// `recentKeys` when it was seen recently.
    mutating func parseKey() throws(SyntaxError) -> String {
        let start = position + 1
        var end = start
        while true {
            guard end < bytes.count, end - start <= ShortStringCache.maxCount else { return try parseString() }
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return try parseString() }
            end += 1
        }
        position = end + 1
        return recentKeys.string(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<end])))
    }

    /// The list of `pendingItems[first...]`, which are removed.
    mutating func takeItems(from first: Int) -> [JSONValue] {
        var items: [JSONValue] = []
        items.reserveCapacity(pendingItems.count - first)
        for index in first..<pendingItems.count {
            var item = JSONValue.null
            swap(&item, &pendingItems[index])
            items.append(item)
        }
        pendingItems.removeSubrange(first...)
        return items
    }

    mutating func parseNumber() throws(SyntaxError) -> JSONValue {
        let start = position
        var isInteger = true
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            while position < bytes.count && isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number") }
            while position < bytes.count && isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")) {
            isInteger = false
            position += 1
            if position < bytes.count && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number") }
            while position < bytes.count && isDigit(bytes[position]) { position += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text) else { throw error("invalid number") }
        return .double(value)
    }

    @inline(__always)
    func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    mutating func parseString() throws(SyntaxError) -> String {
        position += 1  // opening quote
        let start = position
        // Fast path: no escapes.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character in string") }
            position += 1
        }
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: buffer, as: UTF8.self)
            }
            if byte < 0x20 { throw error("control character in string") }
            if byte != UInt8(ascii: "\\") {
                buffer.append(byte)
                position += 1
                continue
            }
            guard position + 1 < bytes.count else { break }
            let escape = bytes[position + 1]
            position += 2
            switch escape {
            case UInt8(ascii: "\""): buffer.append(0x22)
            case UInt8(ascii: "\\"): buffer.append(0x5C)
            case UInt8(ascii: "/"): buffer.append(0x2F)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try readHex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate escape")
                    }
                    position += 2
                    let low = try readHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate escape") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw error("unpaired surrogate escape")
                }
                guard let unicodeScalar = Unicode.Scalar(scalar) else { throw error("invalid escape") }
                UTF8.encode(unicodeScalar) { buffer.append($0) }
            default:
                throw error("invalid escape")
            }
        }
        throw error("unterminated string")
    }

    mutating func readHex4() throws(SyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("invalid unicode escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x37)
            case 0x61...0x66: digit = UInt32(byte - 0x57)
            default: throw error("invalid unicode escape")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }
}
