/// The raw facts of a call that its outermost layer describes its errors with: the credentials
/// interceptors added to its requests, and the HTTP request the call's errors are about (the
/// latest one the outermost HTTP layer sent: a persisted query's second round trip replaces the
/// first).
///
/// The layer a call enters first starts it (``RequestBoundary``); the layers below note into it and
/// leave describing to that layer. A ``LoggingInterceptor`` reads it too: it logs a request before
/// credentials are added, but scrubs them from the response and failure lines and from later
/// requests' lines.
final class CredentialLedger: Sendable {
    private let values = Locked<(credentials: [String], request: HTTPRequest?)>(([], nil))

    /// Records a credential.
    func note(_ value: String) {
        values.withLock { $0.credentials.append(value) }
    }

    /// Every credential recorded so far.
    var all: [String] {
        values.withLock { $0.credentials }
    }

    /// Records the request the call's errors are about.
    func record(_ request: HTTPRequest) {
        values.withLock { $0.request = request }
    }

    /// The request the call's errors are about, once one was recorded.
    var request: HTTPRequest? {
        values.withLock { $0.request }
    }
}

extension RequestContext {
    /// Records a credential an interceptor added to the request (a token, an API key), so that
    /// loggers and errors scrub it wherever it shows up. Interceptors that add secrets call this.
    public func noteCredential(_ value: String) {
        credentialLedger?.note(value)
    }
}

extension RequestContext {
    /// The context with a ledger (its own, or a new one), and that ledger.
    func withCredentialLedger() -> (RequestContext, CredentialLedger) {
        var context = self
        let ledger = credentialLedger ?? CredentialLedger()
        context.credentialLedger = ledger
        return (context, ledger)
    }
}
