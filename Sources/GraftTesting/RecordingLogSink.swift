import Graft

/// A log sink that keeps every record, for asserting on log output in tests.
public final class RecordingLogSink: HTTPLogSink {
    private let storage = Locked<[HTTPLogRecord]>([])

    /// Creates an empty sink.
    public init() {}

    /// Keeps the record.
    public func log(_ record: HTTPLogRecord) {
        storage.withLock { $0.append(record) }
    }

    /// Every record, in order.
    public var records: [HTTPLogRecord] {
        storage.withLock { $0 }
    }

    /// Every message, in order.
    public var lines: [String] {
        records.map(\.message)
    }

    /// All messages joined by newlines.
    public var text: String {
        lines.joined(separator: "\n")
    }
}
