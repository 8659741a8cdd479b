import Foundation

/// Decides what counts as secret and replaces it with ``placeholder`` before anything is printed.
///
/// It redacts header values by name (`Authorization`, `Proxy-Authorization`, `Cookie`,
/// `Set-Cookie` and configured names), query-parameter, form-field and JSON-field values by name
/// (`password`, `token`, `accessToken`, ... and configured names; compared ignoring case, `_` and `-`),
/// and, as a second line of defence, any occurrence of a credential taken from a secret header.
public struct Redactor: Sendable, Hashable {
    /// What replaces a secret value.
    public static let placeholder = "<redacted>"

    /// Header names that are always secret.
    public static let defaultSecretHeaderNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-auth-token",
    ]

    /// Field names that are always secret (in JSON bodies, form bodies and query strings).
    public static let defaultSecretFieldNames: Set<String> = [
        "password", "passwd", "secret", "token", "access_token", "refresh_token", "id_token",
        "client_secret", "api_key", "apikey", "authorization", "session", "sessionid", "cookie",
    ]

    /// The default redactor.
    public static let `default` = Redactor()

    /// Secret header names, lower-cased.
    public private(set) var secretHeaderNames: Set<String>
    /// Secret field names, normalized (lower-cased, without `_` and `-`).
    public private(set) var secretFieldNames: Set<String>

    /// Creates a redactor that treats the defaults plus `secretHeaders` and `secretFields` as secret.
    public init(secretHeaders: [String] = [], secretFields: [String] = []) {
        secretHeaderNames = Self.defaultSecretHeaderNames.union(secretHeaders.map { $0.lowercased() })
        secretFieldNames = Set((Array(Self.defaultSecretFieldNames) + secretFields).map(Self.normalizeField))
    }

    /// Whether a header with this name is secret.
    public func isSecretHeader(_ name: String) -> Bool {
        secretHeaderNames.contains(name.lowercased())
    }

    /// Whether a JSON, form or query field with this name is secret.
    ///
    /// Besides exact names, any name ending in `token`, `password` or `secret` is secret
    /// (`accessToken`, `newPassword`, `clientSecret`).
    public func isSecretField(_ name: String) -> Bool {
        let normalized = Self.normalizeField(name)
        return secretFieldNames.contains(normalized) || normalized.hasSuffix("token")
            || normalized.hasSuffix("password") || normalized.hasSuffix("secret")
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

    /// A `name=value&...` string with secret values replaced by ``placeholder``.
    public func redact(formEncoded text: String) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let rawName = pair[..<equals]
            let name = String(rawName).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
                ?? String(rawName)
            return isSecretField(name) ? "\(rawName)=\(Self.placeholder)" : String(pair)
        }.joined(separator: "&")
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

    /// `text` with every occurrence of each secret replaced by ``placeholder``.
    public func scrub(_ text: String, secrets: [String]) -> String {
        secrets.sorted { $0.count > $1.count }.reduce(text) { $0.replacingOccurrences(of: $1, with: Self.placeholder) }
    }

    static func normalizeField(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "_" && $0 != "-" })
    }
}
