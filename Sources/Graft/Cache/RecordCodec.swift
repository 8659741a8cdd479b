/// A compact binary form of a record's fields, for persistent storages:
///
/// ```
/// record := varint(count) field*
/// field  := string(name) u32le(receivedAt) value
/// value  := 0 null | 1 false | 2 true | 3 varint(zigzag int) | 4 f64le | 5 string | 6 string(reference key)
///         | 7 varint(count) value* (list) | 8 varint(count) (string value)* (object)
/// string := varint(byte count) utf8
/// ```
public enum RecordCodec {
    /// A record blob that doesn't decode.
    public struct DecodingError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The byte offset.
        public let offset: Int
        public var description: String { "invalid record data at byte \(offset)" }
    }

    /// Encodes fields.
    public static func encode(_ fields: [String: StoredField]) -> [UInt8] {
        encode(fields.map { (name: $0.key, field: $0.value) })
    }

    /// Encodes fields given as a list of distinct names (in name order, like the dictionary form).
    public static func encode(_ fields: [(name: String, field: StoredField)]) -> [UInt8] {
        var bytes: [UInt8] = []
        encode(fields, into: &bytes)
        return bytes
    }

    /// Encodes fields given as a list of distinct names into `bytes`, replacing what it held and
    /// keeping its capacity (a writer of many records reuses one buffer). A list already in name
    /// order is not copied.
    public static func encode(_ fields: [(name: String, field: StoredField)], into bytes: inout [UInt8]) {
        bytes.removeAll(keepingCapacity: true)
        bytes.reserveCapacity(16 + fields.count * 24)
        writeVarint(UInt64(fields.count), to: &bytes)
        if fields.indices.dropFirst().allSatisfy({ fields[$0 - 1].name < fields[$0].name }) {
            for (name, field) in fields { writeField(name, field, to: &bytes) }
        } else {
            for (name, field) in fields.sorted(by: { $0.name < $1.name }) { writeField(name, field, to: &bytes) }
        }
    }

    static func writeField(_ name: String, _ field: StoredField, to bytes: inout [UInt8]) {
        writeString(name, to: &bytes)
        withUnsafeBytes(of: field.receivedAt.seconds.littleEndian) { bytes.append(contentsOf: $0) }
        writeValue(field.value, to: &bytes)
    }

    /// Decodes fields.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(DecodingError) -> [String: StoredField] {
        let list = try decodeList(bytes)
        var fields: [String: StoredField] = [:]
        fields.reserveCapacity(list.count)
        for (name, field) in list { fields[name] = field }
        return fields
    }

    /// Decodes fields in their stored order, without hashing their names (a reader looks up the
    /// few fields of a record by a linear search; a repeated name in a damaged blob: the last wins).
    public static func decodeList(_ bytes: UnsafeRawBufferPointer) throws(DecodingError) -> [(name: String, field: StoredField)] {
        var names = NameCache()
        return try decodeList(bytes, names: &names)
    }

    /// Field names decoded recently, whose strings a decoder reuses (records repeat a few names).
    public struct NameCache {
        var strings = ShortStringCache()

        /// An empty cache.
        public init() {}
    }

    /// ``decodeList(_:)``, with the names' strings taken from (and kept in) `names`.
    public static func decodeList(_ bytes: UnsafeRawBufferPointer,
                                  names: inout NameCache) throws(DecodingError) -> [(name: String, field: StoredField)] {
        var reader = Reader(bytes: bytes)
        let count = try reader.count(minimumBytesEach: Reader.minimumFieldBytes)
        var fields: [(name: String, field: StoredField)] = []
        fields.reserveCapacity(count)
        for _ in 0..<count {
            reader.owed -= Reader.minimumFieldBytes
            let name = names.strings.string(try reader.stringBytes())
            var seconds: UInt32 = 0
            for shift in stride(from: 0, to: 32, by: 8) { seconds |= UInt32(try reader.byte()) << UInt32(shift) }
            let value = try reader.value(depth: 0, strings: &names.strings)
            fields.append((name, StoredField(value: value, receivedAt: CacheTimestamp(seconds: seconds))))
        }
        guard reader.position == bytes.count else { throw DecodingError(offset: reader.position) }
        return fields
    }

    /// Decodes fields from an array.
    public static func decode(_ bytes: [UInt8]) throws(DecodingError) -> [String: StoredField] {
        let result: Result<[String: StoredField], DecodingError> = bytes.withUnsafeBytes { buffer in
            do throws(DecodingError) { return .success(try decode(buffer)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    static func writeVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    static func writeString(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            writeVarint(UInt64(utf8.count), to: &bytes)
            bytes.append(contentsOf: utf8)
        }
    }

    static func writeValue(_ value: CacheValue, to bytes: inout [UInt8]) {
        switch value {
        case .null: bytes.append(0)
        case .bool(let flag): bytes.append(flag ? 2 : 1)
        case .int(let number):
            bytes.append(3)
            writeVarint(UInt64(bitPattern: Int64((number << 1) ^ (number >> (Int.bitWidth - 1)))), to: &bytes)
        case .double(let number):
            bytes.append(4)
            let bits = number.bitPattern
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        case .string(let text):
            bytes.append(5)
            writeString(text, to: &bytes)
        case .reference(let key):
            bytes.append(6)
            writeString(key.rawValue, to: &bytes)
        case .list(let items):
            bytes.append(7)
            writeVarint(UInt64(items.count), to: &bytes)
            for item in items { writeValue(item, to: &bytes) }
        case .object(let fields):
            bytes.append(8)
            writeVarint(UInt64(fields.count), to: &bytes)
            for (name, item) in fields.sorted(by: { $0.key < $1.key }) {
                writeString(name, to: &bytes)
                writeValue(item, to: &bytes)
            }
        }
    }

    /// The deepest nesting of lists and objects a record's value may have: as deep as one
    /// response's data can nest, so the code reading the value back into a response walks no
    /// deeper than it does for a response.
    static let maxDepth = JSONParser.defaultMaxDepth

    struct Reader {
        /// The fewest bytes a field takes: its name's length, the time received, a value's tag.
        static let minimumFieldBytes = 6
        /// The fewest bytes a value takes: its tag.
        static let minimumValueBytes = 1
        /// The fewest bytes an object's field takes: its name's length and a value's tag.
        static let minimumObjectFieldBytes = 2

        let bytes: UnsafeRawBufferPointer
        var position = 0
        /// The bytes the lists, objects and fields being read still need at least, for their
        /// items not yet read. A count is checked against the bytes left after these, so the
        /// capacities reserved for all the lists open at once fit in the bytes left: a blob
        /// costs memory in proportion to its size, however its counts lie.
        var owed = 0

        /// A count of items taking at least `minimumBytesEach` bytes each; throws when the bytes
        /// left (less those owed) cannot hold that many. The items' bytes are then owed: the
        /// reader of each item gives its share back (`owed -= minimumBytesEach`) before reading it.
        mutating func count(minimumBytesEach: Int) throws(DecodingError) -> Int {
            let start = position
            let count = try varint()
            guard let items = Self.itemCapacity(count: count, minimumBytesEach: minimumBytesEach,
                                                available: bytes.count - position - owed) else {
                throw DecodingError(offset: start)
            }
            owed += items * minimumBytesEach
            return items
        }

        /// `count` as an `Int` when `available` bytes can hold that many items of at least
        /// `minimumBytesEach` bytes; else nil. What a reader may reserve room for.
        static func itemCapacity(count: UInt64, minimumBytesEach: Int, available: Int) -> Int? {
            guard available >= 0, count <= UInt64(available / minimumBytesEach) else { return nil }
            return Int(count)
        }

        mutating func byte() throws(DecodingError) -> UInt8 {
            guard position < bytes.count else { throw DecodingError(offset: position) }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func varint() throws(DecodingError) -> UInt64 {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let next = try byte()
                guard shift < 64 else { throw DecodingError(offset: position) }
                result |= UInt64(next & 0x7F) << shift
                if next < 0x80 { return result }
                shift += 7
            }
        }

        mutating func string() throws(DecodingError) -> String {
            String(decoding: try stringBytes(), as: UTF8.self)
        }

        /// The bytes of a string.
        mutating func stringBytes() throws(DecodingError) -> UnsafeRawBufferPointer {
            let count = try varint()
            guard count <= UInt64(bytes.count - position) else { throw DecodingError(offset: position) }
            defer { position += Int(count) }
            return UnsafeRawBufferPointer(rebasing: bytes[position..<position + Int(count)])
        }

        /// A value; short strings come from `strings` when they were seen recently (typenames and
        /// enum values repeat).
        mutating func value(depth: Int, strings: inout ShortStringCache) throws(DecodingError) -> CacheValue {
            guard depth < RecordCodec.maxDepth else { throw DecodingError(offset: position) }
            switch try byte() {
            case 0: return .null
            case 1: return .bool(false)
            case 2: return .bool(true)
            case 3:
                let raw = try varint()
                return .int(Int(Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))))
            case 4:
                var bits: UInt64 = 0
                for shift in stride(from: 0, to: 64, by: 8) { bits |= UInt64(try byte()) << UInt64(shift) }
                return .double(Double(bitPattern: bits))
            case 5: return .string(strings.string(try stringBytes()))
            case 6: return .reference(CacheKey(try string()))
            case 7:
                let count = try count(minimumBytesEach: Self.minimumValueBytes)
                var items: [CacheValue] = []
                items.reserveCapacity(count)
                for _ in 0..<count {
                    owed -= Self.minimumValueBytes
                    items.append(try value(depth: depth + 1, strings: &strings))
                }
                return .list(items)
            case 8:
                let count = try count(minimumBytesEach: Self.minimumObjectFieldBytes)
                var fields: [String: CacheValue] = [:]
                for _ in 0..<count {
                    owed -= Self.minimumObjectFieldBytes
                    let name = strings.string(try stringBytes())
                    fields[name] = try value(depth: depth + 1, strings: &strings)
                }
                return .object(fields)
            default:
                throw DecodingError(offset: position - 1)
            }
        }
    }
}
