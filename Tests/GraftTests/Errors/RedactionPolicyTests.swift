import Foundation
@testable import Graft
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The redaction policy's rules one by one: names by rule, JSON variables in a GET URL, a URLError's
/// URL, credentials in flight scrubbed from server text, and descriptions bounded in length.
@Suite("Redaction policy")
struct RedactionPolicyTests {
    let redactor = Redactor.default

    @Test("custom-named credential headers are secret by rule")
    func headerNamesByRule() {
        for name in ["X-Shopify-Access-Token", "X-Hasura-Admin-Secret", "PRIVATE-TOKEN", "Api-Key", "X-Amz-Signature",
                     "X-Session-Id", "Proxy-Authorization", "Set-Cookie"] {
            #expect(redactor.isSecretHeader(name), "\(name)")
        }
        for name in ["Accept", "Content-Type", "X-Request-ID", "User-Agent"] {
            #expect(!redactor.isSecretHeader(name), "\(name)")
        }
        let headers: HTTPHeaders = ["X-Hasura-Admin-Secret": "hasura-admin-123456", "Accept": "*/*"]
        #expect(redactor.secretValues(in: headers) == ["hasura-admin-123456"])
        #expect(redactor.redact(headers: headers).fields.map(\.value) == [Redactor.placeholder, "*/*"])
    }

    @Test("JSON variables in a GET URL are redacted at any depth")
    func getVariables() throws {
        let variables = #"{"slug":"s","input":{"password":"pw-123456","list":[{"apiKey":"k-123456"}]}}"#
        let url = try #require(URL(string: "https://api.test/graphql?query=q&variables="
            + PercentEncoding.encodeQueryComponent(variables) + "&signature=sig-123456"))
        let redacted = redactor.redact(url: url)
        #expect(!redacted.contains("pw-123456") && !redacted.contains("k-123456") && !redacted.contains("sig-123456"))
        #expect(redacted.contains("slug") && redacted.contains("query=q"))
        let request = HTTPRequest(method: .get, url: url)
        #expect(Set(redactor.secretFieldValues(in: request)) == ["pw-123456", "k-123456", "sig-123456"])
    }

    @Test("a URLError is re-made without its URL's secrets")
    func urlErrorRewrapped() throws {
        let url = try #require(URL(string: "https://api.test/graphql?access_token=at-SECRET-9"))
        let original = URLError(.networkConnectionLost, userInfo: [NSURLErrorFailingURLErrorKey: url,
                                                                   NSUnderlyingErrorKey: URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: url])])
        let error = GraftError(urlError: original)
        let underlying = try #require(error.underlying as? URLError)
        #expect(underlying.code == .networkConnectionLost)
        let failing = try #require(underlying.userInfo[NSURLErrorFailingURLErrorKey] as? URL)
        #expect(failing.absoluteString.removingPercentEncoding == "https://api.test/graphql?access_token=<redacted>")
        #expect(!"\(underlying.userInfo)".contains("at-SECRET-9") && !String(reflecting: underlying).contains("at-SECRET-9"))
    }

    @Test("credentials in flight are scrubbed from server text in errors")
    func scrubbedServerText() {
        let response = HTTPResponse(statusCode: 401, headers: ["Content-Type": "text/plain"],
                                    body: Data("invalid token ct-SECRET-77 for ?access_token=qt-SECRET-88".utf8))
        let error = GraftError.httpStatus(response).scrubbing(["ct-SECRET-77", "qt-SECRET-88"])
        #expect(error.description.contains("invalid token <redacted> for ?access_token=<redacted>"))
        let graphQL = GraftError(.graphQLErrors, message: "invalid token ct-SECRET-77",
                                 underlying: GraphQLErrors([GraphQLResponseError(message: "invalid token ct-SECRET-77")]))
            .scrubbing(["ct-SECRET-77"])
        #expect(graphQL.message == "invalid token <redacted>")
        #expect(graphQL.graphQLErrors.map(\.message) == ["invalid token <redacted>"])
        #expect(!graphQL.localizedDescription.contains("ct-SECRET-77"))
    }

    @Test("a 100 MB GraphQL error message gives a description of a few KB")
    func boundedDescriptions() {
        let huge = String(repeating: "x", count: 100_000_000)
        let errors = GraphQLErrors(Array(repeating: GraphQLResponseError(message: huge), count: 3))
        let error = GraftError(.graphQLErrors, message: errors.errors[0].description, operation: "Q", underlying: errors)
        #expect(error.description.utf8.count < 8_000)
        #expect(error.debugDescription.utf8.count < 8_000)
        #expect(errors.description.utf8.count < 8_000)
        #expect(GraphQLErrors(Array(repeating: GraphQLResponseError(message: "m"), count: 50)).description.hasSuffix("m; and 40 more"))
    }
}
