import Foundation

extension GraftError {
    /// The error with `secrets` (the credentials in flight with its request) scrubbed from its
    /// message, its body excerpt and the server's GraphQL error messages, and remembered so every
    /// description scrubs them from whatever else it shows.
    ///
    /// The one place an error is scrubbed. A call's outermost layer applies it once, as the error
    /// leaves the call (`GraftError.leavingCall`), because only it knows every credential the
    /// interceptors below added (or, over a WebSocket, the `connection_init` payload carried).
    public func scrubbing(_ secrets: [String], redactor: Redactor = .default) -> GraftError {
        guard !secrets.isEmpty else { return self }
        var error = self
        error.knownSecrets = Array(Set(knownSecrets + secrets)).sorted { $0.count > $1.count }
        error.message = redactor.scrub(message, secrets: error.knownSecrets)
        if let responseBody, code == .httpStatus {
            error.bodyExcerpt = redactor.redact(body: responseBody, contentType: responseHeaders?["Content-Type"],
                                                secrets: error.knownSecrets, limit: 200)
        }
        switch underlying {
        case let errors as GraphQLErrors: error.underlying = errors.scrubbing(error.knownSecrets, redactor: redactor)
        case let inner as GraftError: error.underlying = inner.scrubbing(error.knownSecrets, redactor: redactor)
        default: break
        }
        return error
    }
}

extension GraphQLErrors {
    /// The errors with `secrets` (credentials in flight, such as `Redactor.secretValues(in:)`)
    /// scrubbed from their messages; transports outside this module use it on the server's errors.
    public func scrubbing(_ secrets: [String], redactor: Redactor = .default) -> GraphQLErrors {
        GraphQLErrors(errors.map { $0.scrubbing(secrets, redactor: redactor) })
    }
}

extension GraphQLResponseError {
    /// The error with `secrets` scrubbed from its message (a server echoing a token it refused).
    func scrubbing(_ secrets: [String], redactor: Redactor = .default) -> GraphQLResponseError {
        let scrubbed = redactor.scrub(message, secrets: secrets)
        guard scrubbed != message else { return self }
        return GraphQLResponseError(message: scrubbed, locations: locations, path: path, extensions: extensions)
    }
}

extension URLError {
    /// The error with its user info replaced by the failing URL with its secrets redacted: a
    /// `URLError` keeps the whole URL (query and all) in its user info and underlying errors.
    func redactingURL(_ redactor: Redactor) -> URLError {
        var userInfo: [String: Any] = [:]
        if let url = failingURL {
            let redacted = redactor.redact(url: url)
            let encoded = redacted.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed.union(.urlQueryAllowed))
            if let redactedURL = URL(string: redacted) ?? encoded.flatMap(URL.init(string:)) {
                userInfo[NSURLErrorFailingURLErrorKey] = redactedURL
            }
        }
        return URLError(code, userInfo: userInfo)
    }
}
