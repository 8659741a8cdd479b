/// Credentials that interceptors added to a request, collected for a ``LoggingInterceptor`` further
/// out in the chain: it logs a request before they are added, but scrubs them from the response and
/// failure lines (a server echoing a token) and from later requests' lines.
final class CredentialLedger: Sendable {
    private let values = Locked<[String]>([])

    /// Records a credential.
    func note(_ value: String) {
        values.withLock { $0.append(value) }
    }

    /// Every credential recorded so far.
    var all: [String] {
        values.withLock { $0 }
    }
}

extension RequestContext {
    /// Records a credential an interceptor added to the request (a token, an API key), so that a
    /// ``LoggingInterceptor`` scrubs it wherever it shows up. Interceptors that add secrets call this;
    /// without a logger further out it does nothing.
    public func noteCredential(_ value: String) {
        credentialLedger?.note(value)
    }
}
