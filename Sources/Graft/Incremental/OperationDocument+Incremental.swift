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
    static func containsDirective(_ name: String, in text: String) -> Bool {
        let needle = Array(("@" + name).utf8)
        let bytes = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        var index = 0
        while let found = bytes[index...].firstRange(of: needle) {
            let after = found.upperBound
            if after == bytes.count || !Self.isNameByte(bytes[after]) { return true }
            index = after
        }
        return false
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }
}
