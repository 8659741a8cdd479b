import Foundation
import Graft
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GraftTestSupport
import Testing

@Suite("GraftError", .timingSensitive)
struct GraftErrorTests {
    static let secrets = ["tok-SECRET-1", "cookie-SECRET-2", "query-SECRET-3", "body-SECRET-4"]

    static func secretRequest() -> HTTPRequest {
        HTTPRequest(method: .post, url: URL(string: "https://api.test/graphql?token=query-SECRET-3&op=Q")!,
                    headers: ["Authorization": "Bearer tok-SECRET-1", "Cookie": "sid=cookie-SECRET-2",
                              "X-Request-ID": "r-1"],
                    body: Data(#"{"variables":{"password":"body-SECRET-4"}}"#.utf8))
    }

    static func leaks(_ text: String) -> Int {
        secrets.filter { text.contains($0) }.count
    }

    @Test("descriptions never contain secrets, even from the underlying URLError")
    func descriptionsAreSafe() {
        let request = Self.secretRequest()
        let urlError = URLError(.networkConnectionLost, userInfo: [
            NSURLErrorFailingURLErrorKey: request.url,
            NSLocalizedDescriptionKey: "lost Bearer tok-SECRET-1",
        ])
        var context = RequestContext(operationName: "Login")
        context.timeout = .seconds(1)
        let error = GraftError.wrapping(urlError, request: request, context: context)
        #expect(error.code == .transport)
        #expect(error.operation == "Login")
        #expect(error.urlErrorCode == .networkConnectionLost)
        var dumped = ""
        dump(error, to: &dumped)
        for text in [error.description, error.debugDescription, error.localizedDescription, "\(error)", dumped] {
            #expect(Self.leaks(text) == 0, "an error description leaked a secret")
        }
        #expect(dumped.contains("URLError(-1005, network connection lost)"))
        #expect(error.description.contains("operation: Login"))
        #expect(error.description.contains("request: POST https://api.test/graphql?token=<redacted>&op=Q"))
        #expect(error.debugDescription.contains("X-Request-ID: r-1"))
    }

    @Test("an HTTP status error shows a redacted body excerpt")
    func statusBody() {
        let response = HTTPResponse(statusCode: 500, headers: ["Content-Type": "application/json"],
                                    body: Data(#"{"error":"boom","token":"body-SECRET-4","echo":"tok-SECRET-1"}"#.utf8))
        let error = GraftError.httpStatus(response, operation: "GET users", request: Self.secretRequest())
        #expect(error.code == .httpStatus && error.statusCode == 500)
        #expect(error.responseBody == response.body)
        #expect(Self.leaks(error.description) == 0)
        #expect(error.description.contains(#""error":"boom""#))
    }

    @Test("an unknown underlying error is described with credentials scrubbed")
    func unknownUnderlying() {
        struct LibraryError: Error, CustomStringConvertible {
            var description: String { #"refused Bearer tok-SECRET-1 with password=body-SECRET-4 {"token":"query-SECRET-3"}"# }
        }
        let error = GraftError.unauthorized("refreshing the credentials failed", underlying: LibraryError())
        #expect(Self.leaks(error.description) == 0)
        #expect(error.description.hasPrefix("GraftError.unauthorized: refreshing the credentials failed"))
    }

    @Test("cancellation and timeouts are classified")
    func classification() {
        #expect(GraftError.wrapping(CancellationError(), request: nil, context: nil).code == .cancelled)
        #expect(GraftError.wrapping(URLError(.cancelled), request: nil, context: nil).code == .cancelled)
        #expect(GraftError.wrapping(URLError(.timedOut), request: nil, context: nil).code == .timedOut)
        #expect(GraftError.wrapping(URLError(.cannotConnectToHost), request: nil, context: nil).code == .transport)
        let rateLimited = GraftError.wrapping(GraftError.rateLimited(), request: Self.secretRequest(),
                                              context: RequestContext(operationName: "Q"))
        #expect(rateLimited.code == .rateLimited && rateLimited.operation == "Q" && rateLimited.request != nil)
        #expect(GraftError.Code.allCases.map(\.rawValue) == ["transport", "timedOut", "cancelled", "httpStatus",
                                                              "graphQLErrors", "decoding", "unauthorized", "rateLimited",
                                                              "cacheMiss", "cache", "insecureTransport", "offline", "pinningFailed"])
    }

    @Test("decoding errors name the coding path")
    func decodingPath() throws {
        struct Item: Decodable { let id: Int }
        struct Page: Decodable { let items: [Item] }
        let data = Data(#"{"items":[{"id":1},{"id":"two"}]}"#.utf8)
        do {
            _ = try JSONDecoder().decode(Page.self, from: data)
            Issue.record("decoding should fail")
        } catch let error as DecodingError {
            let graft = GraftError.decoding(error, operation: "GET items")
            #expect(graft.code == .decoding)
            #expect(graft.responsePath == "items[1].id")
            #expect(graft.description.contains("at items[1].id"))
        }
    }
}
