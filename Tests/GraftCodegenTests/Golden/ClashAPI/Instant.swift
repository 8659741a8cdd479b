import GraftAPI

/// The clash schema's `Instant` scalar, mapped to this type of the same name (the generator then
/// writes no `typealias Instant = Instant`). Written by hand; `graft generate` leaves it alone.
public struct Instant: GraftAPI.CustomScalar {
    /// Seconds since 1970.
    public let seconds: Double

    /// Wraps a number of seconds.
    public init(seconds: Double) {
        self.seconds = seconds
    }

    public init(jsonValue: GraftAPI.JSONValue) throws(GraftAPI.ResponseDecodingError) {
        switch jsonValue {
        case .int(let value): seconds = Double(value)
        case .double(let value): seconds = value
        default: throw .typeMismatch(expected: "Instant", found: jsonValue)
        }
    }

    public var jsonValue: GraftAPI.JSONValue { .double(seconds) }
}
