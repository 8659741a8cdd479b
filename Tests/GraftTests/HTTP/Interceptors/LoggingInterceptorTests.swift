import Foundation
import Graft
import GraftTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GraftTestSupport
import Testing

@Suite("Logging", .timingSensitive)
struct LoggingInterceptorTests {
    static let token = "eyJhbGciOi.session-TOKEN-9f8e"
    static let cookie = "cookie-VALUE-4411"
    static let password = "hunter2-PASSWORD"
    static let refreshToken = "refresh-TOKEN-7d6c"
    static let setCookie = "set-cookie-VALUE-2299"
    static let secrets = [token, cookie, password, refreshToken, setCookie]

    static func leakCount(_ text: String) -> Int {
        secrets.filter { text.contains($0) }.count
    }

    /// Checks that `line` contains `fragment`; a failure shows the line with the test's secrets masked.
    static func expect(_ line: String, contains fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard !line.contains(fragment) else { return }
        let masked = secrets.reduce(line) { $0.replacingOccurrences(of: $1, with: "<SECRET>") }
        Issue.record("expected \(fragment) in: \(masked)", sourceLocation: sourceLocation)
    }

    /// A server: a 503 first, then a login answer echoing the token in a field whose name isn't secret.
    static func server() -> MockHTTPClient {
        let mock = MockHTTPClient()
        mock.stub(.path("/graphql"), times: 1, response: .status(503, headers: ["Retry-After": "0"]))
        mock.stub(.path("/graphql"), response: .json(
            #"{"data":{"login":{"accessToken":"\#(token)","refreshToken":"\#(refreshToken)","echo":"you sent \#(token)"}}}"#,
            headers: ["Set-Cookie": "sid=\(setCookie); HttpOnly"]))
        mock.stub(.path("/fail"), error: URLError(.networkConnectionLost, userInfo: [
            NSURLErrorFailingURLErrorKey: URL(string: "https://api.example.test/fail?token=\(token)")!,
        ]))
        return mock
    }

    static let loginBody = #"{"query":"mutation Login($user: String!, $password: String!) { login(user: $user, password: $password) { accessToken } }","variables":{"user":"ada","password":"\#(password)","note":"token is \#(token)"}}"#

    static func session(_ client: InterceptingHTTPClient) async throws {
        let login = TestSupport.request("/graphql", method: .post, headers: ["Content-Type": "application/json"],
                                        body: loginBody)
        let response = try await client.send(login, context: RequestContext(operationName: "Login", isIdempotent: true))
        #expect(response.statusCode == 200)
        await #expect(throws: GraftError.self) {
            try await client.send(TestSupport.request("/fail?access_token=\(Self.token)&page=1"))
        }
    }

    @Test("logging after the credential interceptors: no token, cookie or password in any line")
    func noSecretsWhenInside() async throws {
        let sink = RecordingLogSink()
        let client = InterceptingHTTPClient(base: Self.server(), interceptors: [
            RetryInterceptor(policy: RetryPolicy(baseDelay: .milliseconds(1))),
            AuthenticationInterceptor { Self.token },
            HeaderInjectionInterceptor(["Cookie": "sid=\(Self.cookie)", "X-Client": "graft-tests"]),
            LoggingInterceptor(sink: sink),
        ])
        try await Self.session(client)

        #expect(Self.leakCount(sink.text) == 0, "log output leaked \(Self.leakCount(sink.text)) secret(s)")
        // The lost connection is transient: the retry outside the logger tries it three times.
        #expect(sink.records.map(\.kind) == [.request, .response, .request, .response]
            + Array(repeating: [.request, .failure], count: 3).flatMap { $0 })
        let lines = sink.lines
        Self.expect(lines[0], contains: "[graft] -> #1 POST https://api.example.test/graphql (Login) headers: [")
        Self.expect(lines[0], contains: "Authorization: <redacted>")
        Self.expect(lines[0], contains: "Cookie: <redacted>")
        Self.expect(lines[0], contains: "X-Client: graft-tests")
        Self.expect(lines[0], contains: #""user":"ada","password":"<redacted>","note":"token is <redacted>""#)
        Self.expect(lines[1], contains: "[graft] <- #1 503 POST https://api.example.test/graphql in ")
        Self.expect(lines[2], contains: "(Login) attempt 2")
        Self.expect(lines[3], contains: " ms (")
        Self.expect(lines[3], contains: "Set-Cookie: <redacted>")
        Self.expect(lines[3], contains: #""accessToken":"<redacted>","refreshToken":"<redacted>","echo":"you sent <redacted>""#)
        Self.expect(lines[4], contains: "/fail?access_token=<redacted>&page=1")
        Self.expect(lines[5], contains: "GraftError.transport: the network request failed (network connection lost)")
        #expect(sink.records[3].duration != nil)
    }

    @Test("logging before the credential interceptors: credentials noted further in are scrubbed too")
    func noSecretsWhenOutside() async throws {
        let sink = RecordingLogSink()
        let client = InterceptingHTTPClient(base: Self.server(), interceptors: [
            LoggingInterceptor(sink: sink),
            RetryInterceptor(policy: RetryPolicy(baseDelay: .milliseconds(1))),
            AuthenticationInterceptor { Self.token },
            HeaderInjectionInterceptor(["Cookie": "sid=\(Self.cookie)"]),
        ])
        // The first request only names the token under a secret field; the echo in the response is
        // scrubbed because the authentication interceptor noted the token.
        let first = TestSupport.request("/graphql", method: .post, headers: ["Content-Type": "application/json"],
                                        body: #"{"variables":{"password":"\#(Self.password)","accessToken":"\#(Self.token)"}}"#)
        _ = try await client.send(first, context: RequestContext(isIdempotent: true))
        // Later requests' lines are scrubbed of the remembered token, even in a field with a plain name.
        try await Self.session(client)

        #expect(Self.leakCount(sink.text) == 0, "log output leaked \(Self.leakCount(sink.text)) secret(s)")
        #expect(sink.records.map(\.kind) == [.request, .response, .request, .response, .request, .failure])
        Self.expect(sink.lines[1], contains: "[graft] <- #1 200 POST")
        Self.expect(sink.lines[2], contains: #""note":"token is <redacted>""#)
    }

    @Test("a logger inside the retry logs every attempt with its number")
    func perAttemptLogging() async throws {
        let sink = RecordingLogSink()
        let mock = MockHTTPClient()
        mock.stub(times: 1, response: .status(500))
        mock.stub(response: .json("{}"))
        let client = InterceptingHTTPClient(base: mock, interceptors: [
            RetryInterceptor(policy: RetryPolicy(baseDelay: .milliseconds(1))),
            LoggingInterceptor(sink: sink),
        ])
        _ = try await client.send(TestSupport.request())
        #expect(sink.lines.count == 4)
        #expect(sink.lines[1].contains("<- #1 500"))
        #expect(sink.lines[2] == "[graft] -> #2 GET https://api.example.test/graphql attempt 2")
    }

    @Test("an attempt cut off by a timeout above the logger is logged as timed out, not as cancelled")
    func attemptCutByTheCallDeadline() async throws {
        let sink = RecordingLogSink()
        let mock = MockHTTPClient(handler: DeadlineTests.holding(Counter()))
        let client = InterceptingHTTPClient(base: mock, interceptors: [
            TimeoutInterceptor(default: .milliseconds(50), bounds: .call),
            LoggingInterceptor(sink: sink),
        ])
        let error = await #expect(throws: GraftError.self) { try await client.send(TestSupport.request()) }
        #expect(error?.code == .timedOut)
        let failure = try #require(sink.records.first { $0.kind == .failure }?.message)
        #expect(failure.contains("timed out: the 50 ms timeout above this attempt passed"), "\(failure)")
        #expect(!failure.contains("cancelled"), "\(failure)")
    }

    @Test("bodies are truncated, configured secret names are redacted, options turn parts off")
    func optionsAndTruncation() async throws {
        let sink = RecordingLogSink()
        let mock = MockHTTPClient()
        mock.stub(response: .json(#"{"ssn":"123-45-6789","list":"\#(String(repeating: "a", count: 500))"}"#,
                                  headers: ["X-Tenant-Key": "tenant-SECRET"]))
        let redactor = Redactor(secretHeaders: ["X-Tenant-Key"], secretFields: ["ssn"])
        let client = InterceptingHTTPClient(base: mock, interceptors: [
            LoggingInterceptor(sink: sink, redactor: redactor, options: .init(maxBodyLength: 40)),
        ])
        _ = try await client.send(TestSupport.request())
        let line = sink.lines[1]
        #expect(!line.contains("123-45-6789") && !line.contains("tenant-SECRET"))
        #expect(line.hasSuffix(#"body: {"ssn":"<redacted>","list":"aaaaaaaaaaaa… (490 more bytes)"#))
        #expect(line.contains("X-Tenant-Key: <redacted>"))

        let quiet = RecordingLogSink()
        let quietClient = InterceptingHTTPClient(base: mock, interceptors: [
            LoggingInterceptor(sink: quiet, options: .init(headers: false, bodies: false)),
        ])
        _ = try await quietClient.send(TestSupport.request(headers: ["Accept": "*/*"]))
        #expect(quiet.lines[0] == "[graft] -> #1 GET https://api.example.test/graphql")
        #expect(!quiet.lines[1].contains("headers:") && !quiet.lines[1].contains("body:"))
    }

    @Test("secret query and body values are scrubbed from an echoing response")
    func echoScrubbed() async throws {
        let sink = RecordingLogSink()
        let mock = MockHTTPClient { request, _ in
            let query = request.url.query ?? ""
            let body = String(decoding: request.body ?? Data(), as: UTF8.self)
            return .json(#"{"rawQuery":"\#(query)","sent":\#(String(reflecting: body))}"#)
        }
        let client = InterceptingHTTPClient(base: mock, interceptors: [LoggingInterceptor(sink: sink)])
        _ = try await client.send(TestSupport.request("/echo?api_key=\(Self.refreshToken)", method: .post,
                                                      headers: ["Content-Type": "application/json"],
                                                      body: #"{"password":"\#(Self.password)"}"#))
        #expect(Self.leakCount(sink.text) == 0, "log output leaked \(Self.leakCount(sink.text)) secret(s)")
        Self.expect(sink.lines[1], contains: #""rawQuery":"api_key=<redacted>""#)
    }
}
