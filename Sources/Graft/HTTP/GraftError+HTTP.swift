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

    /// Scrubs the secrets in flight with `request` (its secret headers and fields, and the
    /// credentials in `ledger`) from any error, turning it into a ``GraftError`` first. The request
    /// summary is `request`'s under `redactor`, replacing one a layer below made under its own policy.
    static func scrubbing(_ error: any Error, request: HTTPRequest, context: RequestContext, ledger: CredentialLedger,
                          redactor: Redactor) -> GraftError {
        var wrapped = GraftError.wrapping(error, request: request, context: context, redactor: redactor)
        wrapped.request = RequestSummary(request, redactor: redactor)
        return wrapped.scrubbing(redactor.secretsInFlight(request, credentials: ledger.all), redactor: redactor)
    }

    /// Turns any error from a request into a ``GraftError`` with the request's context filled in.
    ///
    /// A ``GraftError`` keeps its code and gains the operation name and request summary if it lacks
    /// them; cancellation becomes ``Code/cancelled``, a `URLError` timeout ``Code/timedOut``, other
    /// `URLError`s ``Code/transport``, a `DecodingError` ``Code/decoding``.
    public static func wrapping(_ error: any Error, request: HTTPRequest?, context: RequestContext?,
                                redactor: Redactor = .default) -> GraftError {
        var result: GraftError
        switch error {
        case let error as GraftError:
            result = error
        case is CancellationError:
            result = .cancelled(underlying: error)
        case let error as URLError:
            result = GraftError(urlError: error, redactor: redactor)
        case let error as DecodingError:
            result = .decoding(error)
        default:
            result = GraftError(.transport, message: "the request failed", underlying: error)
        }
        if result.operation == nil { result.operation = context?.operationName }
        if result.request == nil, let request { result.request = RequestSummary(request, redactor: redactor) }
        return result
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
            if request.headers["Content-Type"]?.lowercased().contains("application/x-www-form-urlencoded") == true {
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
