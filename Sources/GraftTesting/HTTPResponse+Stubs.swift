import Foundation
import Graft

extension HTTPResponse {
    /// A response with a JSON body given as text.
    public static func json(_ text: String, status: Int = 200, headers: HTTPHeaders = [:]) -> HTTPResponse {
        var headers = headers
        if !headers.contains("Content-Type") { headers["Content-Type"] = "application/json" }
        return HTTPResponse(statusCode: status, headers: headers, body: Data(text.utf8))
    }

    /// A response with `value` encoded as JSON.
    public static func json<Value: Encodable>(encoding value: Value, status: Int = 200, headers: HTTPHeaders = [:],
                                              encoder: JSONEncoder = JSONEncoder()) throws -> HTTPResponse {
        json(String(decoding: try encoder.encode(value), as: UTF8.self), status: status, headers: headers)
    }

    /// A response with `status` and an optional text body.
    public static func status(_ status: Int, headers: HTTPHeaders = [:], body: String = "") -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: headers, body: Data(body.utf8))
    }
}
