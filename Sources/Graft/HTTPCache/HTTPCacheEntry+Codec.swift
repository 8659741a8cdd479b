import Foundation

extension HTTPCacheEntry {
    /// The first bytes of every serialized entry; a new layout gets a new tag, so an old row reads
    /// as damaged (a miss) rather than as something else.
    static let codecTag: [UInt8] = Array("GHC1".utf8)

    /// The entry as bytes, for a storage that keeps bytes (``init(serialized:)`` reads them):
    /// a tag, then each field; strings and the body length-prefixed, numbers little-endian.
    public var serialized: [UInt8] {
        var writer = EntryWriter()
        writer.bytes.reserveCapacity(body.count + 256)
        writer.bytes += Self.codecTag
        writer.string(key)
        writer.string(variant)
        writer.integer(Int64(statusCode))
        writer.integer(Int64(headers.count))
        for field in headers {
            writer.string(field.name)
            writer.string(field.value)
        }
        writer.data(body)
        writer.string(url?.absoluteString ?? "")
        writer.integer(Int64(bitPattern: requestTime.timeIntervalSinceReferenceDate.bitPattern))
        writer.integer(Int64(bitPattern: responseTime.timeIntervalSinceReferenceDate.bitPattern))
        writer.integer(Int64(assignedLifetime ?? -1))
        return writer.bytes
    }

    /// Reads bytes ``serialized`` wrote. Damaged bytes (cut short, a length past the end, a wrong
    /// tag, trailing bytes) throw ``GraftError/Code/cache``; every length is checked against the
    /// bytes left before anything is allocated, so hostile bytes cost time in proportion to their size.
    public init(serialized bytes: some Collection<UInt8>) throws(GraftError) {
        var reader = EntryReader(bytes: Array(bytes))
        guard let tag = reader.take(Self.codecTag.count), tag.elementsEqual(Self.codecTag) else { throw EntryReader.damaged }
        key = try reader.string()
        variant = try reader.string()
        let status = try reader.integer()
        guard (100...999).contains(status) else { throw EntryReader.damaged }
        statusCode = Int(status)
        let count = try reader.integer()
        guard count >= 0, count <= Int64(reader.remaining / 8) else { throw EntryReader.damaged }
        var fields: [(String, String)] = []
        for _ in 0..<count { fields.append((try reader.string(), try reader.string())) }
        headers = HTTPHeaders(fields)
        body = Data(try reader.chunk())
        let address = try reader.string()
        url = address.isEmpty ? nil : URL(string: address)
        requestTime = Date(timeIntervalSinceReferenceDate: Double(bitPattern: UInt64(bitPattern: try reader.integer())))
        responseTime = Date(timeIntervalSinceReferenceDate: Double(bitPattern: UInt64(bitPattern: try reader.integer())))
        let lifetime = try reader.integer()
        assignedLifetime = lifetime < 0 ? nil : Int(lifetime)
        guard reader.remaining == 0, requestTime.timeIntervalSinceReferenceDate.isFinite,
              responseTime.timeIntervalSinceReferenceDate.isFinite else { throw EntryReader.damaged }
    }
}

/// Appends the codec's fields to bytes.
private struct EntryWriter {
    var bytes: [UInt8] = []

    mutating func integer(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    mutating func length(_ count: Int) {
        withUnsafeBytes(of: UInt32(count).littleEndian) { bytes += $0 }
    }

    mutating func string(_ text: String) {
        length(text.utf8.count)
        bytes += text.utf8
    }

    mutating func data(_ data: Data) {
        length(data.count)
        bytes += data
    }
}

/// Reads the codec's fields, refusing any length that runs past the end.
private struct EntryReader {
    static let damaged = GraftError(.cache, message: "a stored HTTP response is damaged")
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var remaining: Int { bytes.count - position }

    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= remaining else { return nil }
        defer { position += count }
        return bytes[position..<position + count]
    }

    mutating func integer() throws(GraftError) -> Int64 {
        guard let slice = take(8) else { throw Self.damaged }
        return slice.reversed().reduce(0) { $0 << 8 | Int64($1) }
    }

    mutating func chunk() throws(GraftError) -> ArraySlice<UInt8> {
        guard let prefix = take(4) else { throw Self.damaged }
        let count = prefix.reversed().reduce(0) { $0 << 8 | Int($1) }
        guard let slice = take(count) else { throw Self.damaged }
        return slice
    }

    mutating func string() throws(GraftError) -> String {
        let slice = try chunk()
        guard let text = String(validating: slice, as: UTF8.self) else { throw Self.damaged }
        return text
    }
}
