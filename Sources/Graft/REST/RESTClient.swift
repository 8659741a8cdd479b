import Foundation

/// Sends typed ``Endpoint``s through an ``HTTPClient``, so REST calls share the GraphQL client's
/// interceptors (authentication, refresh, retry, logging, rate limits, timeouts) and its errors.
///
/// Requests go to `baseURL` + `versionPrefix` + the endpoint's path, with its query items
/// percent-encoded (see ``PercentEncoding``), a JSON body from the configured `JSONEncoder`, and
/// `Accept: application/json`. A response outside the endpoint's acceptable statuses throws
/// ``GraftError/Code/httpStatus`` with the body; a body that doesn't decode throws
/// ``GraftError/Code/decoding`` naming the coding path.
public struct RESTClient: Sendable {
    /// The URL that paths are relative to, for example `https://api.example.com`.
    public let baseURL: URL
    /// An API version inserted before every path, for example `"v2"`; `nil` for none.
    public let versionPrefix: String?
    /// The client requests go through.
    public let httpClient: any HTTPClient
    /// Headers sent with every request (an endpoint's own headers win).
    public let defaultHeaders: HTTPHeaders
    /// Decodes response bodies.
    public let decoder: JSONDecoder
    /// Encodes request bodies.
    public let encoder: JSONEncoder
    /// Decides what request summaries in errors leave out.
    public let redactor: Redactor

    /// Creates a client.
    public init(baseURL: URL, versionPrefix: String? = nil, httpClient: any HTTPClient, defaultHeaders: HTTPHeaders = [:],
                decoder: JSONDecoder = JSONDecoder(), encoder: JSONEncoder = JSONEncoder(), redactor: Redactor = .default) {
        self.baseURL = baseURL
        self.versionPrefix = versionPrefix
        self.httpClient = httpClient
        self.defaultHeaders = defaultHeaders
        self.decoder = decoder
        self.encoder = encoder
        self.redactor = redactor
    }

    /// Sends `endpoint` and decodes its response.
    public func send<Response>(_ endpoint: Endpoint<Response>, context: RequestContext? = nil) async throws -> Response {
        try await response(for: endpoint, context: context).value
    }

    /// Sends `endpoint` and returns the decoded value with the raw response (for headers or status).
    ///
    /// The call starts here: the context's ``RequestContext/timeout`` becomes its one deadline, and
    /// its errors get their context and scrubbing once, as they leave (the HTTP client below adds
    /// neither again).
    public func response<Response>(for endpoint: Endpoint<Response>,
                                   context: RequestContext? = nil) async throws -> (value: Response, response: HTTPResponse) {
        var context = context ?? endpoint.context
        if context.operationName == nil { context.operationName = endpoint.name }
        let request = try makeRequest(for: endpoint)
        let httpClient = self.httpClient
        return try await withRequestBoundary(context, request: request, redactor: redactor) { boundary in
            let response = try await withCallDeadline(boundary.context, timeout: boundary.context.timeout) { context in
                try await httpClient.send(request, context: context)
            }
            guard endpoint.acceptableStatuses.contains(response.statusCode) else {
                throw GraftError.httpStatus(response, operation: endpoint.name, redactor: redactor)
            }
            if Response.self == EmptyResponse.self, let empty = EmptyResponse() as? Response {
                return (empty, response)
            }
            do {
                return (try decoder.decode(Response.self, from: response.body), response)
            } catch let error as DecodingError {
                throw GraftError.decoding(error, response: response, operation: endpoint.name)
            }
        }
    }

    /// The request `endpoint` describes: URL, headers and encoded body.
    public func makeRequest<Response>(for endpoint: Endpoint<Response>) throws -> HTTPRequest {
        guard let url = url(for: endpoint) else {
            throw GraftError(.transport, message: "could not form a URL for the endpoint", operation: endpoint.name)
        }
        var headers = defaultHeaders
        for field in endpoint.headers { headers[field.name] = field.value }
        if !headers.contains("Accept") { headers["Accept"] = "application/json" }
        var body: Data?
        if let value = endpoint.body {
            do {
                body = try encoder.encode(value)
            } catch {
                throw GraftError(.transport, message: "could not encode the request body", operation: endpoint.name,
                                 underlying: error)
            }
            if !headers.contains("Content-Type") { headers["Content-Type"] = "application/json" }
        }
        return HTTPRequest(method: endpoint.method, url: url, headers: headers, body: body)
    }

    /// The base URL joined with the version prefix, the encoded path and the encoded query.
    func url<Response>(for endpoint: Endpoint<Response>) -> URL? {
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        for part in [versionPrefix, endpoint.path].compactMap({ $0 }) {
            let trimmed = part.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            if !trimmed.isEmpty { text += "/" + PercentEncoding.encodePath(trimmed) }
        }
        if endpoint.path.hasSuffix("/"), endpoint.path.count > 1 { text += "/" }
        if !endpoint.query.isEmpty { text += "?" + PercentEncoding.query(endpoint.query) }
        return URL(string: text)
    }
}
