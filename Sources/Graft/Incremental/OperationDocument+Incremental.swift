extension OperationDocument {
    /// Whether the operation's text uses `@defer` or `@stream`, so that its response may arrive in
    /// several payloads: ``HTTPTransport`` then asks for `multipart/mixed` and reads the parts.
    /// False for an identifier-only document (no text to look at).
    public var usesIncrementalDelivery: Bool {
        guard let definition else { return false }
        return Self.containsDirective("defer", in: definition) || Self.containsDirective("stream", in: definition)
    }

    /// Whether `text` has `@name` not followed by another name character (so `@deferred` is not
    /// `@defer`). A string argument holding the text also counts; that only changes the `Accept`
    /// header.
    /// A byte loop over the UTF-8 view: it runs on every request sent, where building an array of
    /// the text and the generic `firstRange(of:)` were a tenth of a small mutation's CPU time.
    static func containsDirective(_ name: String, in text: String) -> Bool {
        let needle = Array(name.utf8)
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count > needle.count else { return false }
            var index = 0
            while index < bytes.count - needle.count {
                defer { index += 1 }
                guard bytes[index] == 0x40 else { continue }  // "@"
                var matched = 0
                while matched < needle.count && bytes[index + 1 + matched] == needle[matched] { matched += 1 }
                guard matched == needle.count else { continue }
                let after = index + 1 + needle.count
                if after == bytes.count || !Self.isNameByte(bytes[after]) { return true }
            }
            return false
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }
}
