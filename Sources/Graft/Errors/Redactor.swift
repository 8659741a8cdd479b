import Foundation

/// Decides what counts as secret and replaces it with ``placeholder`` before anything is printed:
/// the one redaction policy of Graft (documented in Documentation/Architecture.md, "Secrets").
///
/// A header, query parameter, form field or JSON field (at any depth, including the JSON
/// `variables` of a GET URL) is secret by name: when its name, compared ignoring case, `_` and `-`,
/// contains one of ``secretNameParts`` (`token`, `secret`, `key`, `password`, ...), has one of
/// ``secretNameWords`` (`otp`, `pin`, `auth`, ...) as a word of its own, or is a configured name. A
/// query parameter or form field named `code` (an OAuth authorization code) is secret too. As a
/// second line of defence, credentials in flight (secret header values, values of secret fields,
/// credentials interceptors noted) are scrubbed from any other text, such as a server echoing them
/// in an error message or body.
///
/// What keeps a response out of an HTTP cache is narrower: ``isCredentialField(_:)``.
public struct Redactor: Sendable, Hashable {
    /// What replaces a secret value.
    public static let placeholder = "<redacted>"

    /// A header or field whose normalized name contains one of these is secret.
    public static let secretNameParts = ["authorization", "cookie", "token", "secret", "key", "password", "passwd",
                                         "passphrase", "passcode", "signature", "session", "credential", "csrf", "xsrf"]

    /// A header or field with one of these as a word of its name is secret. Names split into words at
    /// `_`, `-`, `.` and changes of case (`X-Auth`, `otp_code`, `userPin`, `oauth_verifier`): these
    /// are too short, or too common inside other words, to match as parts (`pin` in `shipping`, `otp`
    /// in `footprint`, `auth` in `author`).
    public static let secretNameWords: Set<String> = ["auth", "otp", "totp", "hotp", "pin", "pwd", "sig", "verifier"]

    /// A query parameter or form field with one of these names (normalized) is secret, though the
    /// same name in JSON is not: an OAuth authorization `code` travels in a redirect's query and a
    /// token request's form, while a JSON `code` is most often an error code (a GraphQL error's
    /// `extensions.code`).
    public static let secretFormFieldNames: Set<String> = ["code"]

    /// A response field or header whose normalized name contains one of these holds a credential
    /// (see ``isCredentialField(_:)``).
    public static let credentialNameParts = ["authorization", "cookie", "token", "secret", "password", "passwd",
                                             "passphrase", "passcode", "session", "credential", "csrf", "xsrf",
                                             "apikey", "accesskey", "privatekey", "signingkey"]

    /// The default redactor.
    public static let `default` = Redactor()

    /// Configured secret header names, lower-cased (on top of ``secretNameParts``).
    public private(set) var secretHeaderNames: Set<String>
    /// Configured secret field names, normalized (lower-cased, without `_` and `-`).
    public private(set) var secretFieldNames: Set<String>

    /// Creates a redactor that treats names matching ``secretNameParts`` plus `secretHeaders` and
    /// `secretFields` as secret.
    public init(secretHeaders: [String] = [], secretFields: [String] = []) {
        secretHeaderNames = Set(secretHeaders.map { $0.lowercased() })
        secretFieldNames = Set(secretFields.map(Self.normalizeField))
    }

    /// Whether a header with this name is secret.
    public func isSecretHeader(_ name: String) -> Bool {
        secretHeaderNames.contains(name.lowercased()) || isSecretField(name)
    }

    /// Whether a JSON, form or query field with this name is secret (`accessToken`, `new_password`,
    /// `X-Api-Key`, `sessionId`, `signature`, `otp`, `X-Auth`, `X-CSRF-Token` and configured names).
    public func isSecretField(_ name: String) -> Bool {
        let normalized = Self.normalizeField(name)
        return secretFieldNames.contains(normalized) || Self.secretNameParts.contains { normalized.contains($0) }
            || Self.words(of: name).contains { Self.secretNameWords.contains($0) }
    }

    /// Whether a query parameter or form field with this name is secret: ``isSecretField(_:)``, or
    /// one of ``secretFormFieldNames``.
    public func isSecretFormField(_ name: String) -> Bool {
        Self.secretFormFieldNames.contains(Self.normalizeField(name)) || isSecretField(name)
    }

    /// Whether a response's header or body field with this name holds a credential, which keeps the
    /// response out of an HTTP cache's storage: its normalized name contains one of
    /// ``credentialNameParts`` (`access_token`, `Set-Cookie`, `apiKey`, `sessionId`, `password`), or
    /// it is a configured name. Narrower than ``isSecretField(_:)``, which hides more than it must
    /// in a log: a `key`, `publicKey`, `signature` or `pin` field of a response (an issue's key, a
    /// commit's signature, a pinned flag) is data an app caches.
    public func isCredentialField(_ name: String) -> Bool {
        let normalized = Self.normalizeField(name)
        return secretFieldNames.contains(normalized) || secretHeaderNames.contains(name.lowercased())
            || Self.credentialNameParts.contains { normalized.contains($0) }
    }

    /// `headers` with secret values replaced by ``placeholder``.
    public func redact(headers: HTTPHeaders) -> HTTPHeaders {
        HTTPHeaders(headers.fields.map { ($0.name, isSecretHeader($0.name) ? Self.placeholder : $0.value) })
    }

    /// `url` as a string with userinfo removed and secret query values replaced by ``placeholder``.
    public func redact(url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return Self.placeholder
        }
        components.user = nil
        components.password = nil
        let query = components.percentEncodedQuery
        components.percentEncodedQuery = nil
        components.percentEncodedFragment = nil
        var result = components.string ?? Self.placeholder
        if let query {
            result += "?" + redact(formEncoded: query)
        }
        return result
    }

    /// A `name=value&...` string with secret values replaced by ``placeholder``; a value holding
    /// JSON (the `variables` of a GraphQL GET request) has its secret fields redacted.
    public func redact(formEncoded text: String) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let rawName = pair[..<equals]
            if isSecretFormField(Self.formDecoded(rawName)) { return "\(rawName)=\(Self.placeholder)" }
            let value = Self.formDecoded(pair[pair.index(after: equals)...])
            guard value.hasPrefix("{") || value.hasPrefix("[") else { return String(pair) }
            let redacted = redact(jsonText: value)
            guard redacted != value else { return String(pair) }
            return "\(rawName)=" + PercentEncoding.encodeQueryComponent(redacted)
        }.joined(separator: "&")
    }

    /// A form or query component decoded (`+` is a space).
    static func formDecoded(_ text: Substring) -> String {
        String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
    }

    /// Credentials found in secret headers (the value, and for `Scheme credential` values the
    /// credential; for cookies each cookie value), to scrub from text wherever they appear.
    public func secretValues(in headers: HTTPHeaders) -> [String] {
        var values: [String] = []
        for field in headers where isSecretHeader(field.name) {
            let value = field.value.trimmingCharacters(in: .whitespaces)
            values.append(value)
            if let space = value.firstIndex(of: " ") {
                values.append(String(value[value.index(after: space)...]).trimmingCharacters(in: .whitespaces))
            }
            for cookie in value.split(separator: ";") {
                guard let equals = cookie.firstIndex(of: "=") else { continue }
                values.append(String(cookie[cookie.index(after: equals)...]).trimmingCharacters(in: .whitespaces))
            }
        }
        // Very short values would scrub unrelated text; they are redacted by name anyway.
        return values.filter { $0.count >= 6 }.sorted { $0.count > $1.count }
    }

    /// Credentials in JSON the client sends, such as a WebSocket `connection_init` payload: the
    /// string values of its secret fields at any depth (every string inside a secret field that
    /// holds an object or a list), each found as in a header of the same name.
    public func secretValues(in json: JSONValue) -> [String] {
        var fields: [(String, String)] = []
        func collect(_ value: JSONValue, under secretField: String?) {
            switch value {
            case .string(let text):
                if let secretField { fields.append((secretField, text)) }
            case .array(let items):
                for item in items { collect(item, under: secretField) }
            case .object(let members):
                for (name, member) in members { collect(member, under: secretField ?? (isSecretField(name) ? name : nil)) }
            case .null, .bool, .int, .double:
                break
            }
        }
        collect(json, under: nil)
        return secretValues(in: HTTPHeaders(fields))
    }

    /// `text` with every occurrence of each secret replaced by ``placeholder``.
    public func scrub(_ text: String, secrets: [String]) -> String {
        secrets.sorted { $0.count > $1.count }.reduce(text) { $0.replacingOccurrences(of: $1, with: Self.placeholder) }
    }

    static func normalizeField(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "_" && $0 != "-" })
    }

    /// The words of a name, lower-cased: split at `_`, `-`, `.`, spaces and changes of case, an
    /// acronym ending where the next word starts (`XAuthToken` and `x-auth-token` are `x`, `auth`,
    /// `token`; `OAuthVerifier` is `o`, `auth`, `verifier`).
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var word = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                if !word.isEmpty { words.append(word.lowercased()) }
                word = ""
                continue
            }
            if character.isUppercase, let previous = word.last {
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
                    words.append(word.lowercased())
                    word = ""
                }
            }
            word.append(character)
        }
        if !word.isEmpty { words.append(word.lowercased()) }
        return words
    }
}
