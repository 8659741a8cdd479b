import Foundation

extension Redactor {
    /// A body as loggable text: secret fields redacted, secret values scrubbed, then truncated.
    ///
    /// JSON is redacted textually (no parse), so the original formatting is kept and a truncated
    /// or malformed body is still redacted: a secret key's value is replaced up to its end, or up
    /// to the end of the text if it never ends. Form bodies are redacted by field name. Bodies
    /// that aren't UTF-8 are summarized by size. Redaction happens before truncation, so a cut
    /// can't expose part of a secret.
    ///
    /// - Parameters:
    ///   - body: The body bytes.
    ///   - contentType: The `Content-Type` header, if any.
    ///   - secrets: Values to scrub wherever they appear (see `secretValues(in:)`).
    ///   - limit: The most characters to keep.
    public func redact(body: Data, contentType: String?, secrets: [String] = [], limit: Int = 1024) -> String {
        guard !body.isEmpty else { return "" }
        guard let text = String(data: body, encoding: .utf8) else {
            return "<\(body.count) bytes of binary data>"
        }
        let redacted: String
        if let contentType, contentType.lowercased().contains("application/x-www-form-urlencoded") {
            redacted = redact(formEncoded: text)
        } else {
            redacted = redact(jsonText: text)
        }
        return scrub(redacted, secrets: secrets).truncated(to: limit)
    }

    /// JSON text with the value of every secret key replaced by `"<redacted>"`.
    public func redact(jsonText text: String) -> String {
        var scanner = JSONRedactionScanner(bytes: Array(text.utf8), redactor: self)
        return scanner.run()
    }

    /// The values of secret fields in a `name=value&...` string, and of secret JSON fields inside values.
    func secretFieldValues(formEncoded text: String) -> [String] {
        var values: [String] = []
        for pair in text.split(separator: "&") {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let value = Self.formDecoded(pair[pair.index(after: equals)...])
            if isSecretField(Self.formDecoded(pair[..<equals])) {
                values.append(value)
            } else if value.hasPrefix("{") || value.hasPrefix("[") {
                values += secretFieldValues(jsonText: value)
            }
        }
        return values
    }

    /// The string values of secret JSON fields.
    func secretFieldValues(jsonText text: String) -> [String] {
        var scanner = JSONRedactionScanner(bytes: Array(text.utf8), redactor: self)
        _ = scanner.run()
        return scanner.redactedStrings
    }
}

/// Copies JSON text, replacing the values of secret keys. Tolerates malformed and truncated input.
private struct JSONRedactionScanner {
    let bytes: [UInt8]
    let redactor: Redactor
    var index = 0
    var output: [UInt8] = []
    /// The contents of the string values that were redacted, escapes decoded where possible.
    var redactedStrings: [String] = []

    init(bytes: [UInt8], redactor: Redactor) {
        self.bytes = bytes
        self.redactor = redactor
        output.reserveCapacity(bytes.count)
    }

    mutating func run() -> String {
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\"") else {
                output.append(bytes[index])
                index += 1
                continue
            }
            let start = index
            index = endOfString(from: index)
            output.append(contentsOf: bytes[start..<index])
            let colon = skipWhitespace(from: index)
            guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":"),
                  redactor.isSecretField(keyText(bytes[start..<index])) else { continue }
            let valueStart = skipWhitespace(from: colon + 1)
            output.append(contentsOf: bytes[index..<valueStart])
            output.append(contentsOf: Array("\"\(Redactor.placeholder)\"".utf8))
            index = endOfValue(from: valueStart)
            if valueStart < bytes.count, bytes[valueStart] == UInt8(ascii: "\"") {
                redactedStrings.append(keyText(bytes[valueStart..<index]))
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The index just past the string starting at `start` (a quote), or the end of the input.
    func endOfString(from start: Int) -> Int {
        var i = start + 1
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\\"): i += 2
            case UInt8(ascii: "\""): return i + 1
            default: i += 1
            }
        }
        return bytes.count
    }

    /// The index just past the value starting at `start`, or the end of the input.
    func endOfValue(from start: Int) -> Int {
        guard start < bytes.count else { return start }
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return endOfString(from: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var i = start
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    i = endOfString(from: i)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default:
                    break
                }
                i += 1
            }
            return bytes.count
        default:
            var i = start
            while i < bytes.count, !Self.isValueTerminator(bytes[i]) { i += 1 }
            return i
        }
    }

    func skipWhitespace(from start: Int) -> Int {
        var i = start
        while i < bytes.count, Self.isWhitespace(bytes[i]) { i += 1 }
        return i
    }

    /// The key's text between its quotes, with JSON escapes decoded when possible.
    func keyText(_ quoted: ArraySlice<UInt8>) -> String {
        if !quoted.contains(UInt8(ascii: "\\")) {
            let inner = quoted.dropFirst().dropLast(quoted.last == UInt8(ascii: "\"") && quoted.count > 1 ? 1 : 0)
            return String(decoding: inner, as: UTF8.self)
        }
        let data = Data(quoted)
        if let decoded = try? JSONDecoder().decode(String.self, from: data) { return decoded }
        return String(decoding: quoted, as: UTF8.self)
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    static func isValueTerminator(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
    }
}
