import Foundation
import Graft
import Testing

@Suite("HTTPHeaders")
struct HTTPHeadersTests {
    @Test("lookup is case-insensitive and setting replaces every field of the name")
    func caseInsensitive() {
        var headers: HTTPHeaders = ["Content-Type": "text/plain", "X-A": "1"]
        headers.add(name: "x-a", value: "2")
        #expect(headers["content-type"] == "text/plain")
        #expect(headers.values(for: "X-A") == ["1", "2"])
        headers["X-a"] = "3"
        #expect(headers.values(for: "x-a") == ["3"])
        #expect(headers.count == 2)
        headers["CONTENT-TYPE"] = nil
        #expect(!headers.contains("Content-Type"))
        #expect(headers.fields.map(\.name) == ["X-A"])
    }

    @Test("printing headers and requests redacts credentials")
    func printingRedacts() {
        let headers: HTTPHeaders = ["Authorization": "Bearer sekrit-abc123", "Cookie": "session=cookie-val-99",
                                    "Accept": "application/json"]
        let request = HTTPRequest(method: .post, url: URL(string: "https://u:pw-secret@api.test/x?access_token=qtok-777&page=2")!,
                                  headers: headers, body: Data("{}".utf8))
        var dumped = ""
        dump(request, to: &dumped)
        for text in [headers.description, headers.debugDescription, request.description, request.debugDescription,
                     String(describing: request), String(reflecting: request), dumped] {
            let leaked = ["sekrit-abc123", "cookie-val-99", "qtok-777", "pw-secret"].filter { text.contains($0) }
            #expect(leaked.isEmpty, "printed form leaked \(leaked.count) secret(s)")
        }
        #expect(request.description == "POST https://api.test/x?access_token=<redacted>&page=2")
        #expect(headers.description.contains("Accept: application/json"))
    }

    @Test("method idempotency follows RFC 9110")
    func idempotency() {
        #expect(HTTPMethod.get.isIdempotent && HTTPMethod.put.isIdempotent && HTTPMethod.delete.isIdempotent)
        #expect(!HTTPMethod.post.isIdempotent && !HTTPMethod.patch.isIdempotent)
        #expect(HTTPMethod(rawValue: "get") == .get)
        var context = RequestContext()
        #expect(!context.isIdempotent(HTTPRequest(method: .post, url: URL(string: "https://a.test")!)))
        context.isIdempotent = true
        #expect(context.isIdempotent(HTTPRequest(method: .post, url: URL(string: "https://a.test")!)))
    }

    @Test("custom context values round-trip")
    func contextValues() {
        enum TenantKey: RequestContextKey { static let defaultValue: String? = nil }
        var context = RequestContext()
        #expect(context[TenantKey.self] == nil)
        context[TenantKey.self] = "acme"
        #expect(context[TenantKey.self] == "acme")
    }
}
