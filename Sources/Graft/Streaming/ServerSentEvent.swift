/// One event of a `text/event-stream` (Server-Sent Events, WHATWG HTML §9.2).
public struct ServerSentEvent: Sendable, Hashable {
    /// The `event` field, `message` when the event has none.
    public var event: String
    /// The `data` fields joined by line breaks.
    public var data: String
    /// The last `id` seen in the stream so far (the stream's last event id), if any.
    public var id: String?
    /// The `retry` field (the reconnection time in milliseconds), when the event carries one.
    public var retry: Int?

    /// Creates an event.
    public init(event: String = "message", data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}
