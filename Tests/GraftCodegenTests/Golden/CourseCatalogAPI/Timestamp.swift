import Foundation
import GraftAPI

/// The example API's `DateTime` scalar (graft.json maps it here): an ISO 8601 date and time.
/// Written by hand; `graft generate` leaves files without its marker alone.
public struct Timestamp: GraftAPI.CustomScalar {
    /// The instant.
    public let date: Date

    /// Wraps a date.
    public init(_ date: Date) {
        self.date = date
    }

    public init(jsonValue: GraftAPI.JSONValue) throws(GraftAPI.ResponseDecodingError) {
        guard case .string(let text) = jsonValue, let date = try? Date(text, strategy: .iso8601) else {
            throw .typeMismatch(expected: "DateTime", found: jsonValue)
        }
        self.date = date
    }

    public var jsonValue: GraftAPI.JSONValue { .string(date.formatted(.iso8601)) }
}
