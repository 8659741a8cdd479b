import Foundation

/// Where the ``LoggingInterceptor`` writes its lines. Records arrive already redacted.
public protocol HTTPLogSink: Sendable {
    /// Writes one record.
    func log(_ record: HTTPLogRecord)
}

/// One log line about a request.
public struct HTTPLogRecord: Sendable, Hashable {
    /// What the line is about.
    public enum Kind: String, Sendable, Hashable {
        /// A request is about to be sent.
        case request
        /// A response arrived.
        case response
        /// The request failed without a response.
        case failure
    }

    /// What the line is about.
    public var kind: Kind
    /// A number that ties a request's lines together, unique per interceptor.
    public var requestID: Int
    /// The time since the request was sent (for responses and failures).
    public var duration: Duration?
    /// The line, with secrets redacted.
    public var message: String

    /// Creates a record.
    public init(kind: Kind, requestID: Int, duration: Duration?, message: String) {
        self.kind = kind
        self.requestID = requestID
        self.duration = duration
        self.message = message
    }
}

/// Writes log lines to standard error.
public struct PrintLogSink: HTTPLogSink {
    /// Creates a sink.
    public init() {}

    /// Writes the record's message and a newline to standard error.
    public func log(_ record: HTTPLogRecord) {
        FileHandle.standardError.write(Data((record.message + "\n").utf8))
    }
}

/// Hands log records to a closure (for example one that forwards to `os.Logger` or swift-log).
public struct ClosureLogSink: HTTPLogSink {
    private let body: @Sendable (HTTPLogRecord) -> Void

    /// Creates a sink calling `body` for every record.
    public init(_ body: @escaping @Sendable (HTTPLogRecord) -> Void) {
        self.body = body
    }

    /// Calls the closure.
    public func log(_ record: HTTPLogRecord) {
        body(record)
    }
}
