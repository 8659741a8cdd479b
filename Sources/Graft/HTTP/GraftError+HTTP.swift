import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// An HTTP exchange described without its secrets: the errors about it, the request's summary, and
// the secrets in flight with it. Here rather than beside `GraftError` and `Redactor`, which every
// layer uses, because these read HTTP requests and responses.

extension GraftError {
    /// An ``Code/httpStatus`` error for `response` to `request`.
    ///
    /// The description shows an excerpt of the body with secret fields redacted and any credential
    /// from `request`'s secret headers scrubbed (in case the server echoes it).
    public static func httpStatus(_ response: HTTPResponse, operation: String? = nil, request: HTTPRequest? = nil,
                                  redactor: Redactor = .default) -> GraftError {
        var error = GraftError(.httpStatus, message: "unexpected HTTP status \(response.statusCode)",
                               operation: operation, request: request.map { RequestSummary($0, redactor: redactor) },
                               statusCode: response.statusCode, responseHeaders: response.headers,
                               responseBody: response.body)
        error.bodyExcerpt = redactor.redact(body: response.body, contentType: response.headers["Content-Type"],
                                            secrets: request.map { redactor.secretValues(in: $0.headers) } ?? [],
                                            limit: 200)
        return error
    }

    /// What an error leaving a call becomes, the one place it is described for the outside: made a
    /// ``GraftError`` (``wrapping(_:request:context:redactor:)``), given the operation name and the
    /// summary of `request` under `redactor` (replacing one a layer below made under its own
    /// policy), and scrubbed of every secret in flight with `request`: its secret headers and
    /// fields, and `credentials` the interceptors noted.
    static func leavingCall(_ error: any Error, operation: String?, request: HTTPRequest?, credentials: [String],
                            redactor: Redactor) -> GraftError {
        let error = classifying(error, redactor: redactor)
            .withContext(operation: operation, request: request.map { RequestSummary($0, redactor: redactor) }, replacingRequest: true)
        let secrets = request.map { redactor.secretsInFlight($0, credentials: credentials) }
            ?? credentials.filter { $0.count >= 4 }.sorted { $0.count > $1.count }
        return error.scrubbing(secrets, redactor: redactor)
    }

    /// Turns any error from a request into a ``GraftError``.
    ///
    /// A ``GraftError`` keeps its code; cancellation becomes ``Code/cancelled``, a `URLError`
    /// timeout ``Code/timedOut``, other `URLError`s ``Code/transport``, a `DecodingError`
    /// ``Code/decoding``. Outside a call (a `context` no transport or client has started a call
    /// in, or none) the error also gets the operation name and request summary it lacks; inside one,
    /// the call's outermost layer adds them once, on the way out.
    public static func wrapping(_ error: any Error, request: HTTPRequest?, context: RequestContext?,
                                redactor: Redactor = .default) -> GraftError {
        let result = classifying(error, redactor: redactor)
        guard context?.credentialLedger == nil else { return result }
        return result.withContext(operation: context?.operationName, request: request.map { RequestSummary($0, redactor: redactor) })
    }

    /// `error` as a ``GraftError``, classified as ``wrapping(_:request:context:redactor:)`` says.
    static func classifying(_ error: any Error, redactor: Redactor) -> GraftError {
        switch error {
        case let error as GraftError: return error
        case is CancellationError: return .cancelled(underlying: error)
        case let error as URLError: return GraftError(urlError: error, redactor: redactor)
        case let error as DecodingError: return .decoding(error)
        default: return GraftError(.transport, message: "the request failed", underlying: error)
        }
    }
}

/// The layer of a call that an HTTP request passes: its context, the call's ledger, and whether this
/// layer is the call's outermost one, where errors leave it.
struct RequestBoundary: Sendable {
    /// The context to pass down: it carries the call's ledger.
    let context: RequestContext
    /// Where the layers below note credentials and the outermost HTTP request.
    let ledger: CredentialLedger
    /// Whether this layer started the call (its context had no ledger).
    let isOutermost: Bool
    /// The operation or endpoint name the call's errors carry.
    let operation: String?
    let redactor: Redactor

    /// Enters `context`'s call, or starts one when it has none; `request`, when given, is what the
    /// errors of a call this layer starts are about, and `operation` (else the context's) what
    /// they are named after.
    init(entering context: RequestContext, operation: String?, request: HTTPRequest?, redactor: Redactor) {
        var context = context
        if let ledger = context.credentialLedger {
            self.ledger = ledger
            isOutermost = false
        } else {
            ledger = CredentialLedger()
            context.credentialLedger = ledger
            isOutermost = true
        }
        if isOutermost, let request { ledger.record(request) }
        self.context = context
        self.operation = operation ?? context.operationName
        self.redactor = redactor
    }

    /// What `error` becomes as it leaves this layer: described and scrubbed once at the outermost
    /// layer (``GraftError/leavingCall(_:operation:request:credentials:redactor:)``), only made a
    /// ``GraftError`` below it.
    func failure(_ error: any Error) -> GraftError {
        guard isOutermost else { return GraftError.classifying(error, redactor: redactor) }
        return GraftError.leavingCall(error, operation: operation, request: ledger.request,
                                      credentials: ledger.all, redactor: redactor)
    }
}

/// Runs `operation` as one layer of a call (``RequestBoundary``): what it throws leaves as the
/// boundary's ``RequestBoundary/failure(_:)``.
func withRequestBoundary<Value>(_ context: RequestContext, naming name: String? = nil, request: HTTPRequest? = nil,
                                redactor: Redactor, operation: (RequestBoundary) async throws -> Value) async throws -> Value {
    let boundary = RequestBoundary(entering: context, operation: name, request: request, redactor: redactor)
    do {
        return try await operation(boundary)
    } catch {
        throw boundary.failure(error)
    }
}

extension Redactor {
    /// The string values of secret fields in a request (its query and a JSON or form body), to scrub
    /// from the response too: a server may echo a password or token under a name that isn't secret.
    public func secretFieldValues(in request: HTTPRequest) -> [String] {
        var values: [String] = []
        if let query = request.url.query {
            values += secretFieldValues(formEncoded: query)
        }
        if let body = request.body, let text = String(data: body, encoding: .utf8) {
            if BodyText.kind(of: text, contentType: request.headers["Content-Type"]) == .form {
                values += secretFieldValues(formEncoded: text)
            } else {
                values += secretFieldValues(jsonText: text)
            }
        }
        return values.filter { $0.count >= 4 }
    }

    /// Every secret in flight with `request`, to scrub from anything shown about it: credentials in
    /// its secret headers, values of its secret fields, and `credentials` interceptors noted.
    func secretsInFlight(_ request: HTTPRequest, credentials: [String] = []) -> [String] {
        Array(Set(secretValues(in: request.headers) + secretFieldValues(in: request) + credentials.filter { $0.count >= 4 }))
            .sorted { $0.count > $1.count }
    }
}

extension RequestSummary {
    /// Summarizes `request`, redacting what `redactor` considers secret.
    public init(_ request: HTTPRequest, redactor: Redactor = .default) {
        RequestPipelineProbe.requestSummaryBuilt()
        method = request.method
        url = redactor.redact(url: request.url)
        headers = redactor.redact(headers: request.headers)
        bodyLength = request.content?.length
        if case .stream? = request.content { bodyIsStreamed = true } else { bodyIsStreamed = false }
    }
}
