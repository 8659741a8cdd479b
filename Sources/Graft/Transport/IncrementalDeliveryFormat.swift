/// Which incremental delivery format (`@defer`, `@stream` over `multipart/mixed`) ``HTTPTransport``
/// asks for. It reads both whatever it asks for (``IncrementalResponse``); the choice only changes
/// the `Accept` header, for servers that refuse one naming a format they do not speak.
public enum IncrementalDeliveryFormat: Sendable, Hashable, CaseIterable {
    /// Either format, graphql-js 17's first: the server picks. The default.
    case any
    /// graphql-js 17's format only (`incrementalSpec=v0.2`: `pending`, `incremental` by id,
    /// `completed`).
    case incrementalSpecV02
    /// The `deferSpec=20220824` format only (`incremental` entries with `path` and `label`), what
    /// Apollo Router and Apollo Server 4 speak; for servers that answer another `Accept` with 406.
    case deferSpec20220824

    /// The `Accept` header of an operation with `@defer` or `@stream`: the format's
    /// `multipart/mixed` media types, then a single JSON result for servers that execute the
    /// operation in one go.
    public var acceptHeader: String {
        let json = "application/graphql-response+json, application/json;q=0.9"
        switch self {
        case .any: return "multipart/mixed;incrementalSpec=v0.2, multipart/mixed;deferSpec=20220824, \(json)"
        case .incrementalSpecV02: return "multipart/mixed;incrementalSpec=v0.2, \(json)"
        case .deferSpec20220824: return "multipart/mixed;deferSpec=20220824, \(json)"
        }
    }
}
