extension GraftError {
    /// The error with its context filled in where it lacks it: the operation (or endpoint) name and
    /// the summary of the request it is about. `request` is built only when it is needed.
    ///
    /// The one place an error gets its context: a call's outermost layer calls it once on the way
    /// out (``HTTPTransport``, ``RESTClient``, an ``InterceptingHTTPClient`` used on its own; the
    /// `GraphQLClient` for errors raised above its transport), layers below only attach raw facts.
    /// `replacingRequest` replaces a summary a layer below made, perhaps under another redaction
    /// policy, with `request`'s.
    package func withContext(operation: String?, request: @autoclosure () -> RequestSummary? = nil,
                             replacingRequest: Bool = false) -> GraftError {
        var error = self
        if error.operation == nil { error.operation = operation }
        if error.request == nil || replacingRequest, let summary = request() { error.request = summary }
        return error
    }
}
