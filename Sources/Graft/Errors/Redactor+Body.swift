import Foundation

extension Redactor {
    /// A body as loggable text: secret fields redacted, secret values scrubbed, then truncated.
    ///
    /// JSON is redacted textually (no parse), so the original formatting is kept and a truncated
    /// or malformed body is still redacted: a secret key's value is replaced up to its end, or up
    /// to the end of the text if it never ends. Form bodies are redacted by field name, whatever
    /// their `Content-Type` says (a form sent as `text/plain` too). Other text is redacted as JSON
    /// (keys found wherever they are quoted), then its `name=value` pairs and `Bearer` credentials.
    /// Bodies that aren't UTF-8 are summarized by size. Redaction happens before truncation, so a
    /// cut can't expose part of a secret.
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
        switch BodyText.kind(of: text, contentType: contentType) {
        case .form: redacted = redact(formEncoded: text)
        case .json: redacted = redact(jsonText: text)
        case .other: redacted = scrubCredentialPatterns(redact(jsonText: text))
        }
        return scrub(redacted, secrets: secrets).truncated(to: limit)
    }

    /// JSON text with the value of every secret key replaced by `"<redacted>"`.
    public func redact(jsonText text: String) -> String {
        var scanner = JSONRedactionScanner(bytes: Array(text.utf8), isSecret: isSecretField)
        return scanner.run()
    }

    /// Whether a response body read as `contentType` has a field that ``isCredentialField(_:)``
    /// names: a JSON key at any depth, or a form field (with JSON inside its values).
    public func holdsCredential(body text: String, contentType: String?) -> Bool {
        switch BodyText.kind(of: text, contentType: contentType) {
        case .form: return holdsCredential(formEncoded: text)
        case .json, .other: return holdsCredential(jsonText: text)
        }
    }

    private func holdsCredential(jsonText text: String) -> Bool {
        var scanner = JSONRedactionScanner(bytes: Array(text.utf8), isSecret: isCredentialField)
        _ = scanner.run()
        return scanner.redactedCount > 0
    }

    private func holdsCredential(formEncoded text: String) -> Bool {
        text.split(separator: "&").contains { pair in
            guard let equals = pair.firstIndex(of: "=") else { return false }
            if isCredentialField(Self.formDecoded(pair[..<equals])) { return true }
            let value = Self.formDecoded(pair[pair.index(after: equals)...])
            return (value.hasPrefix("{") || value.hasPrefix("[")) && holdsCredential(jsonText: value)
        }
    }

    /// The values of secret fields in a `name=value&...` string, and of secret JSON fields inside values.
    func secretFieldValues(formEncoded text: String) -> [String] {
        var values: [String] = []
        for pair in text.split(separator: "&") {
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let value = Self.formDecoded(pair[pair.index(after: equals)...])
            if isSecretFormField(Self.formDecoded(pair[..<equals])) {
                values.append(value)
            } else if value.hasPrefix("{") || value.hasPrefix("[") {
                values += secretFieldValues(jsonText: value)
            }
        }
        return values
    }

    /// The string values of secret JSON fields.
    func secretFieldValues(jsonText text: String) -> [String] {
        var scanner = JSONRedactionScanner(bytes: Array(text.utf8), isSecret: isSecretField)
        _ = scanner.run()
        return scanner.redactedStrings
    }
}

/// How a body's text is read for redaction.
enum BodyText {
    case json, form, other

    /// Form-encoded when its `Content-Type` says so or when it is one line of `name=value` pairs
    /// joined by `&` (a form sent as `text/plain` or with no type); JSON when its type says so or it
    /// starts with `{` or `[`; other text otherwise.
    static func kind(of text: String, contentType: String?) -> BodyText {
        let type = contentType?.lowercased() ?? ""
        if type.contains("application/x-www-form-urlencoded") { return .form }
        let start = text.drop { $0.isWhitespace }
        if type.contains("json") || start.hasPrefix("{") || start.hasPrefix("[") { return .json }
        return looksFormEncoded(text) ? .form : .other
    }

    /// `name=value(&name=value)*` with no whitespace, every name non-empty.
    static func looksFormEncoded(_ text: String) -> Bool {
        guard !text.isEmpty, !text.contains(where: \.isWhitespace) else { return false }
        return text.split(separator: "&", omittingEmptySubsequences: false).allSatisfy { pair in
            guard let equals = pair.firstIndex(of: "=") else { return false }
            return equals != pair.startIndex
        }
    }
}

/// Copies JSON text, replacing the values of secret keys. Tolerates malformed and truncated input.
private struct JSONRedactionScanner {
    let bytes: [UInt8]
    /// Whether a key's value is secret.
    let isSecret: (String) -> Bool
    var index = 0
    var output: [UInt8] = []
    /// The contents of the string values that were redacted, escapes decoded where possible.
    var redactedStrings: [String] = []
    /// How many values were redacted (strings or not).
    var redactedCount = 0

    init(bytes: [UInt8], isSecret: @escaping (String) -> Bool) {
        self.bytes = bytes
        self.isSecret = isSecret
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
                  isSecret(keyText(bytes[start..<index])) else { continue }
            redactedCount += 1
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

extension Redactor {
    /// `text` with `Bearer`/`Basic` credentials, `name: value` words and `name=value` pairs of secret
    /// fields redacted, line by line (a URL's query among them): a best effort for free text such
    /// as another library's error descriptions or a plain-text body.
    func scrubCredentialPatterns(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { scrubCredentialPatterns(line: $0) }
            .joined(separator: "\n")
    }

    private func scrubCredentialPatterns(line: Substring) -> String {
        var words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < words.count {
            let lower = words[index].lowercased()
            if (lower == "bearer" || lower == "basic") && index + 1 < words.count {
                words[index + 1] = Self.placeholder
                index += 2
                continue
            }
            if words[index].contains("=") {
                // `name=value&...`, or a URL whose query holds the pairs.
                let word = words[index]
                if let question = word.firstIndex(of: "?") {
                    words[index] = String(word[...question]) + redact(formEncoded: String(word[word.index(after: question)...]))
                } else {
                    words[index] = redact(formEncoded: word)
                }
            } else if let colon = words[index].firstIndex(of: ":"),
                      isSecretField(String(words[index][..<colon]).trimmingCharacters(in: .punctuationCharacters)),
                      index + 1 < words.count, words[index].index(after: colon) == words[index].endIndex {
                words[index + 1] = Self.placeholder
                index += 2
                continue
            }
            index += 1
        }
        return words.joined(separator: " ")
    }
}
