/// Percent-encoding for URL parts (RFC 3986, section 2.1), done on UTF-8 bytes.
///
/// Query names and values keep only the unreserved characters (`A-Z a-z 0-9 - . _ ~`); everything
/// else is encoded, so `+`, `&`, `=`, `#`, spaces (as `%20`, never `+`) and non-ASCII text
/// can't change a query's meaning on any server. Paths also keep `/` and the characters
/// RFC 3986 allows in a segment.
public enum PercentEncoding {
    /// Encodes a query name or value.
    public static func encodeQueryComponent(_ text: String) -> String {
        encode(text) { isUnreserved($0) }
    }

    /// Encodes a path, keeping `/` separators and the segment characters `!$&'()*+,;=:@`.
    public static func encodePath(_ text: String) -> String {
        encode(text) { byte in
            isUnreserved(byte) || "/!$&'()*+,;=:@".utf8.contains(byte)
        }
    }

    /// `name=value&...` for `items`, each part encoded with ``encodeQueryComponent(_:)``.
    public static func query(_ items: [QueryItem]) -> String {
        items.map { item in
            let name = encodeQueryComponent(item.name)
            return item.value.map { "\(name)=\(encodeQueryComponent($0))" } ?? name
        }.joined(separator: "&")
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
             UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static func encode(_ text: String, keeping: (UInt8) -> Bool) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if keeping(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
