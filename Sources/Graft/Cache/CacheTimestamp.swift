import Foundation

/// When a field was received, in whole seconds since 2001-01-01 UTC (four bytes per field keep
/// records small; ages are counted in whole seconds).
public struct CacheTimestamp: Sendable, Hashable, Comparable {
    /// Seconds since 2001-01-01 00:00:00 UTC.
    public var seconds: UInt32

    /// Creates a timestamp from its seconds.
    public init(seconds: UInt32) {
        self.seconds = seconds
    }

    /// The timestamp of a date (rounded down to the second, clamped to the representable range).
    public init(_ date: Date) {
        let value = date.timeIntervalSinceReferenceDate.rounded(.down)
        seconds = value <= 0 ? 0 : value >= Double(UInt32.max) ? UInt32.max : UInt32(value)
    }

    /// The date.
    public var date: Date { Date(timeIntervalSinceReferenceDate: TimeInterval(seconds)) }

    /// Whole seconds from `self` to `later` (zero when `later` is earlier).
    public func age(at later: CacheTimestamp) -> Int64 {
        later.seconds > seconds ? Int64(later.seconds - seconds) : 0
    }

    public static func < (lhs: CacheTimestamp, rhs: CacheTimestamp) -> Bool { lhs.seconds < rhs.seconds }
}

/// A field as a storage holds it: its value and when it was received.
public struct StoredField: Sendable, Hashable {
    /// The value.
    public var value: CacheValue
    /// When the value was received (written).
    public var receivedAt: CacheTimestamp

    /// Creates a stored field.
    public init(value: CacheValue, receivedAt: CacheTimestamp) {
        self.value = value
        self.receivedAt = receivedAt
    }
}
