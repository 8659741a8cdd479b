/// Credentials that interceptors added to a request, collected for whoever describes it further
/// out: a ``LoggingInterceptor`` (it logs a request before they are added, but scrubs them from the
/// response and failure lines and from later requests' lines) and the transports, which scrub them
/// from errors and server text. `InterceptingHTTPClient` and the transports start one per request.
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
