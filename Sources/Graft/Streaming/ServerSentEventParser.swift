import Foundation

/// An incremental Server-Sent Events parser (WHATWG HTML §9.2.6): feed it chunks as they arrive,
/// split anywhere (a CRLF may be split between two chunks), and it returns each event once its
/// blank line arrives.
///
/// Lines end in CRLF, LF or CR; `data` fields join with line breaks; comments (`: ping`) are
/// keep-alives, counted in ``keepAlives``; an initial byte-order mark is skipped. Unlike a
/// browser it also dispatches an event with an `event` field and no `data` (graphql-sse's
/// `complete` may come that way). Memory is bounded by ``maxEventSize``; ``finish()`` throws when
/// the stream ended inside an event.
public struct ServerSentEventParser: Sendable {
    /// The largest event (or line) accepted, in bytes.
    public let maxEventSize: Int
    /// How many comment lines arrived (servers send them to keep a connection open).
    public private(set) var keepAlives = 0
    /// The stream's last event id.
    public private(set) var lastEventID: String?

    private var line: [UInt8] = []
    /// The previous chunk ended in CR: a leading LF in the next one belongs to that line break.
    private var afterCR = false
    private var atStart = true
    private var eventType: String?
    private var data: [UInt8] = []
    private var hasData = false
    private var retry: Int?
    private var eventSize = 0

    /// Creates a parser.
    public init(maxEventSize: Int = 16 << 20) {
        self.maxEventSize = maxEventSize
    }

    /// Adds `bytes` and returns the events they completed, in order.
    public mutating func parse(_ bytes: Data) throws -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        var bytes = bytes[...]
        if atStart {
            // The byte-order mark may itself arrive split: hold bytes until it is ruled in or out.
            let head = Data(line) + bytes
            let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
            if head.count < 3, bom.starts(with: head) {
                line = Array(head)
                return []
            }
            atStart = false
            line = []
            bytes = head.starts(with: bom) ? head.dropFirst(3) : head[...]
        }
        var index = bytes.startIndex
        if afterCR, index < bytes.endIndex {
            if bytes[index] == 0x0A { index += 1 }
            afterCR = false
        }
        var lineStart = index
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == 0x0A || byte == 0x0D else {
                index += 1
                continue
            }
            line.append(contentsOf: bytes[lineStart..<index])
            if let event = try take(line) { events.append(event) }
            line.removeAll(keepingCapacity: true)
            index += 1
            if byte == 0x0D {
                if index == bytes.endIndex {
                    afterCR = true
                } else if bytes[index] == 0x0A {
                    index += 1
                }
            }
            lineStart = index
        }
        line.append(contentsOf: bytes[lineStart..<bytes.endIndex])
        if line.count + eventSize > maxEventSize {
            throw GraftError(.decoding, message: "malformed event stream: an event is larger than \(maxEventSize) bytes")
        }
        return events
    }

    /// Checks that the stream did not end inside an event; throws ``GraftError/Code/transport`` if
    /// it did (a line or fields without the blank line that dispatches them).
    public func finish() throws {
        if (!line.isEmpty && !atStart) || hasData || eventType != nil || retry != nil {
            throw GraftError(.transport, message: "the event stream ended inside an event")
        }
    }

    /// Processes one line; returns an event when the line is blank and one is pending.
    private mutating func take(_ line: [UInt8]) throws -> ServerSentEvent? {
        guard !line.isEmpty else { return dispatch() }
        eventSize += line.count
        if eventSize > maxEventSize {
            throw GraftError(.decoding, message: "malformed event stream: an event is larger than \(maxEventSize) bytes")
        }
        if line[0] == 0x3A {
            keepAlives += 1
            return nil
        }
        let colon = line.firstIndex(of: 0x3A) ?? line.endIndex
        let name = String(decoding: line[..<colon], as: UTF8.self)
        var valueStart = colon < line.endIndex ? colon + 1 : colon
        if valueStart < line.endIndex, line[valueStart] == 0x20 { valueStart += 1 }
        let value = line[valueStart...]
        switch name {
        case "data":
            if hasData { data.append(0x0A) }
            data.append(contentsOf: value)
            hasData = true
        case "event":
            eventType = String(decoding: value, as: UTF8.self)
        case "id":
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ (0x30...0x39).contains($0) }) { retry = Int(String(decoding: value, as: UTF8.self)) }
        default:
            break
        }
        return nil
    }

    /// The pending event, if any, and a clean slate for the next.
    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            eventType = nil
            data.removeAll(keepingCapacity: true)
            hasData = false
            retry = nil
            eventSize = 0
        }
        guard hasData || eventType != nil else { return nil }
        return ServerSentEvent(event: eventType.flatMap { $0.isEmpty ? nil : $0 } ?? "message",
                               data: String(decoding: data, as: UTF8.self), id: lastEventID, retry: retry)
    }
}
