import Foundation
import Graft
import Testing

@Suite("Redactor")
struct RedactorTests {
    let redactor = Redactor.default

    @Test("secret JSON fields are redacted at any depth, keeping the rest byte for byte")
    func jsonFields() {
        let text = #"{"query":"mutation Login($password: String!) { login }","variables":{"user":"ada","password":"hunter2-x","nested":{"accessToken":"tok-1","list":[1,2]}},"refresh_token" : {"a":"b"}, "n": 5}"#
        let redacted = redactor.redact(jsonText: text)
        #expect(redacted == #"{"query":"mutation Login($password: String!) { login }","variables":{"user":"ada","password":"<redacted>","nested":{"accessToken":"<redacted>","list":[1,2]}},"refresh_token" : "<redacted>", "n": 5}"#)
    }

    @Test("non-string values and escaped keys are redacted too")
    func scalarsAndEscapes() {
        #expect(redactor.redact(jsonText: #"{"page":1,"secret":12345,"x":true}"#) == #"{"page":1,"secret":"<redacted>","x":true}"#)
        #expect(redactor.redact(jsonText: #"{"pass\u0077ord":"abc"}"#) == #"{"pass\u0077ord":"<redacted>"}"#)
        #expect(redactor.redact(jsonText: #"{"note":"say \"password\": no","token":null}"#)
            == #"{"note":"say \"password\": no","token":"<redacted>"}"#)
    }

    @Test("a truncated or malformed body is still redacted to its end")
    func truncated() {
        let redacted = redactor.redact(jsonText: #"{"user":"ada","password":"hunter2-trunc"#)
        #expect(!redacted.contains("hunter2"))
        #expect(redacted == #"{"user":"ada","password":"<redacted>""#)
        let unbalanced = redactor.redact(jsonText: #"{"credentials":{"password":"p1","x":[1,"#)
        #expect(!unbalanced.contains("p1"))
    }

    @Test("configured field and header names are secret; names compare ignoring case, _ and -")
    func configuredNames() {
        let custom = Redactor(secretHeaders: ["X-Tenant-Key"], secretFields: ["ssn"])
        #expect(custom.isSecretHeader("x-tenant-key"))
        #expect(custom.isSecretField("SSN"))
        #expect(!Redactor.default.isSecretField("ssn"))
        #expect(Redactor.default.isSecretField("Access-Token") && Redactor.default.isSecretField("newPassword"))
        #expect(!Redactor.default.isSecretField("username"))
        let headers = custom.redact(headers: ["x-tenant-key": "abc", "Set-Cookie": "sid=1", "Accept": "*/*"])
        #expect(headers.fields.map(\.value) == ["<redacted>", "<redacted>", "*/*"])
    }

    @Test("short secret names count as words of a name, not inside other words")
    func secretWords() {
        for name in ["otp", "otp_code", "TOTP", "X-Auth", "x-auth-user", "XAuthToken", "userPin", "PIN", "sig", "X-Sig",
                     "oauth_verifier", "OAuthVerifier", "code_verifier", "X-CSRF", "X-XSRF", "csrfmiddlewaretoken", "pwd",
                     "passphrase", "passcode"] {
            #expect(redactor.isSecretField(name), "\(name)")
        }
        for name in ["footprint", "shipping", "author", "authored", "isPinned", "pinnedItems", "design", "signal", "code",
                     "statusCode", "opinion", "Accept", "X-Request-ID"] {
            #expect(!redactor.isSecretField(name), "\(name)")
        }
        #expect(redactor.isSecretHeader("X-Auth") && redactor.isSecretHeader("X-CSRF-Token"))
        #expect(redactor.redact(jsonText: #"{"otp":"123456","userPin":"4321","isPinned":true}"#)
            == #"{"otp":"<redacted>","userPin":"<redacted>","isPinned":true}"#)
    }

    @Test("an OAuth code is secret in a query or form, while a JSON code (an error code) is not")
    func oauthCode() {
        let url = URL(string: "https://app.test/callback?code=SplxlOBeZQQYbYS6WxSbIA&state=xyz&sig=abc123")!
        #expect(redactor.redact(url: url) == "https://app.test/callback?code=<redacted>&state=xyz&sig=<redacted>")
        let form = Data("grant_type=authorization_code&code=SplxlOBeZQQYbYS6WxSbIA&code_verifier=dBjftJeZ4CVP".utf8)
        #expect(redactor.redact(body: form, contentType: "application/x-www-form-urlencoded")
            == "grant_type=authorization_code&code=<redacted>&code_verifier=<redacted>")
        #expect(redactor.redact(jsonText: #"{"errors":[{"extensions":{"code":"NOT_FOUND"}}]}"#)
            == #"{"errors":[{"extensions":{"code":"NOT_FOUND"}}]}"#)
        let request = HTTPRequest(method: .post, url: URL(string: "https://auth.test/token")!,
                                  headers: ["Content-Type": "application/x-www-form-urlencoded"], body: form)
        #expect(Set(redactor.secretFieldValues(in: request)) == ["SplxlOBeZQQYbYS6WxSbIA", "dBjftJeZ4CVP"])
    }

    @Test("a form sent as text/plain or untyped is redacted as a form; other text by its name=value and name: value words")
    func plainTextBodies() {
        let form = Data("user=ada&otp=123456&password=p%40ss".utf8)
        #expect(redactor.redact(body: form, contentType: "text/plain; charset=utf-8") == "user=ada&otp=<redacted>&password=<redacted>")
        #expect(redactor.redact(body: form, contentType: nil) == "user=ada&otp=<redacted>&password=<redacted>")
        let request = HTTPRequest(method: .post, url: URL(string: "https://a.test/login")!,
                                  headers: ["Content-Type": "text/plain"], body: form)
        #expect(Set(redactor.secretFieldValues(in: request)) == ["123456", "p@ss"])
        let text = Data("login failed for ada\npassword: hunter2 pin=4321\nretry https://a.test/x?token=tok-123&page=2 later".utf8)
        #expect(redactor.redact(body: text, contentType: "text/plain")
            == "login failed for ada\npassword: <redacted> pin=<redacted>\nretry https://a.test/x?token=<redacted>&page=2 later")
    }

    @Test("what holds a credential in a response is narrower than what a log hides")
    func credentialFields() {
        for name in ["access_token", "refreshToken", "Set-Cookie", "apiKey", "X-Api-Key", "sessionId", "password",
                     "client_secret", "privateKey", "csrfToken"] {
            #expect(redactor.isCredentialField(name), "\(name)")
        }
        for name in ["key", "publicKey", "sortKey", "signature", "pin", "otp_length", "author", "Public-Key-Pins"] {
            #expect(!redactor.isCredentialField(name), "\(name)")
        }
        #expect(Redactor(secretHeaders: ["X-Tenant"], secretFields: ["ssn"]).isCredentialField("X-Tenant"))
        #expect(Redactor(secretFields: ["ssn"]).isCredentialField("SSN"))
        #expect(redactor.holdsCredential(body: #"{"data":{"viewer":{"apiKey":"k-1"}}}"#, contentType: "application/json"))
        #expect(redactor.holdsCredential(body: "access_token=abc&expires_in=3600", contentType: "text/plain"))
        #expect(!redactor.holdsCredential(body: #"{"key":"PROJ-1","signature":"-----BEGIN PGP SIGNATURE-----","pin":true}"#,
                                          contentType: "application/json"))
    }

    @Test("URLs lose userinfo and secret query values")
    func urls() {
        let url = URL(string: "https://bob:pw-123@api.test:8443/a/b?access_token=abc%20d&q=swift&api_key=k#frag")!
        #expect(redactor.redact(url: url) == "https://api.test:8443/a/b?access_token=<redacted>&q=swift&api_key=<redacted>")
    }

    @Test("form bodies, binary bodies and truncation")
    func bodies() {
        let form = Data("user=ada&password=p%40ss&grant_type=password".utf8)
        #expect(redactor.redact(body: form, contentType: "application/x-www-form-urlencoded; charset=utf-8")
            == "user=ada&password=<redacted>&grant_type=password")
        #expect(redactor.redact(body: Data([0xFF, 0xFE, 0x00]), contentType: nil) == "<3 bytes of binary data>")
        let long = Data(("{\"a\":\"" + String(repeating: "x", count: 100) + "\"}").utf8)
        #expect(redactor.redact(body: long, contentType: "application/json", limit: 10) == "{\"a\":\"xxxx… (98 more bytes)")
    }

    @Test("credentials from secret headers are scrubbed anywhere in a body")
    func scrubbing() {
        let headers: HTTPHeaders = ["Authorization": "Bearer eyJ-token-123", "Cookie": "sid=cookie-abc-1; theme=dark"]
        let secrets = redactor.secretValues(in: headers)
        let body = Data(#"{"echo":"you sent eyJ-token-123 and cookie-abc-1","theme":"dark"}"#.utf8)
        let text = redactor.redact(body: body, contentType: "application/json", secrets: secrets)
        #expect(text == #"{"echo":"you sent <redacted> and <redacted>","theme":"dark"}"#)
    }

    @Test("credentials in a JSON payload (a WebSocket connection_init) are its secret fields' strings at any depth")
    func payloadSecrets() {
        let payload: JSONValue = [
            "headers": ["Authorization": "Bearer eyJ-token-123", "X-Client": "ios-app-7"],
            "session": ["ids": ["sess-aaaa-1", "sess-bbbb-2"], "count": 2],
            "apiKey": "key", "app": "catalog-app",
        ]
        #expect(Set(redactor.secretValues(in: payload)) == ["Bearer eyJ-token-123", "eyJ-token-123", "sess-aaaa-1", "sess-bbbb-2"])
        // A configured name counts too; nothing secret, nothing found.
        #expect(Redactor(secretFields: ["tenantSeal"]).secretValues(in: ["tenantSeal": "seal-4242"]) == ["seal-4242"])
        #expect(redactor.secretValues(in: ["app": "catalog-app", "list": [1, "two"]]) == [])
    }

    @Test("secret field values of a request are collected from its query, JSON body and form body")
    func fieldValues() {
        let json = HTTPRequest(method: .post, url: URL(string: "https://a.test/x?api_key=key-abc-1&q=open")!,
                               headers: ["Content-Type": "application/json"],
                               body: Data(#"{"user":"ada","password":"pa\"ss-1","token":null,"pin":"12"}"#.utf8))
        #expect(redactor.secretFieldValues(in: json) == ["key-abc-1", "pa\"ss-1"])
        let form = HTTPRequest(method: .post, url: URL(string: "https://a.test/token")!,
                               headers: ["Content-Type": "application/x-www-form-urlencoded"],
                               body: Data("grant_type=password&password=p%40ss+word".utf8))
        #expect(redactor.secretFieldValues(in: form) == ["p@ss word"])
    }
}
