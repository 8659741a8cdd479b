import Testing
@testable import GraftWebSocket

/// RFC 6455 framing as the client reads it: whole messages, fragments, control frames, length
/// boundaries, and every malformed frame ending in a protocol violation.
@Suite("Frame parser")
struct FrameParserTests {
    /// All events in `bytes`, fed `chunk` bytes at a time.
    static func events(_ bytes: [UInt8], role: FrameParser.Role = .client, maxMessageSize: Int = 1 << 20,
                       chunk: Int = .max) throws(WebSocketError) -> [WebSocketEvent] {
        var parser = FrameParser(role: role, maxMessageSize: maxMessageSize)
        var events: [WebSocketEvent] = []
        var index = 0
        while index < bytes.count {
            let end = min(bytes.count, index + min(chunk, bytes.count))
            parser.append(bytes[index..<end])
            index = end
            while let event = try parser.next() { events.append(event) }
        }
        return events
    }

    /// The violation `bytes` cause, or nil.
    static func violation(_ bytes: [UInt8], role: FrameParser.Role = .client, maxMessageSize: Int = 1 << 20) -> WebSocketError? {
        do {
            _ = try events(bytes, role: role, maxMessageSize: maxMessageSize)
            return nil
        } catch {
            return error
        }
    }

    static func closeCode(of error: WebSocketError?) -> WebSocketCloseCode? {
        if case .protocolViolation(_, let code)? = error { return code }
        return nil
    }

    @Test("RFC 6455 §5.7 examples: a single unmasked text frame, and one in two fragments")
    func rfcExamples() throws {
        #expect(try Self.events([0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f]) == [.text(Array("Hello".utf8))])
        #expect(try Self.events([0x01, 0x03, 0x48, 0x65, 0x6c, 0x80, 0x02, 0x6c, 0x6f]) == [.text(Array("Hello".utf8))])
        // The masked example, read by a server.
        #expect(try Self.events([0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58], role: .server)
                == [.text(Array("Hello".utf8))])
    }

    @Test("the same events whatever the read sizes, one byte at a time included")
    func chunking() throws {
        var bytes = FrameEncoder.encode(.text, payload: Array("first".utf8), isFinal: false)
        bytes += FrameEncoder.encode(.ping, payload: [1, 2, 3])
        bytes += FrameEncoder.encode(.continuation, payload: Array(" second".utf8))
        bytes += FrameEncoder.encode(.binary, payload: Array(repeating: 7, count: 70_000))
        let whole = try Self.events(bytes)
        #expect(whole == [.ping([1, 2, 3]), .text(Array("first second".utf8)), .binary(Array(repeating: 7, count: 70_000))])
        for chunk in [1, 2, 3, 7, 125, 4096] {
            #expect(try Self.events(bytes, chunk: chunk) == whole)
        }
    }

    @Test("control frames between the fragments of a message are handed up at once")
    func controlBetweenFragments() throws {
        var bytes = FrameEncoder.encode(.binary, payload: [1], isFinal: false)
        bytes += FrameEncoder.encode(.pong, payload: [9])
        bytes += FrameEncoder.encode(.continuation, payload: [2], isFinal: false)
        bytes += FrameEncoder.encode(.close, payload: FrameEncoder.closePayload(code: .goingAway, reason: "bye"))
        bytes += FrameEncoder.encode(.continuation, payload: [3])
        #expect(try Self.events(bytes) == [.pong([9]), .close(code: .goingAway, reason: "bye"), .binary([1, 2, 3])])
    }

    @Test("payloads of 0, 125, 126, 65535, 65536 and 100000 bytes use the 7-, 16- and 64-bit lengths and round-trip",
          arguments: [0, 125, 126, 65535, 65536, 100_000])
    func lengthBoundaries(size: Int) throws {
        let payload = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let frame = FrameEncoder.encode(.binary, payload: payload)
        let expectedHeader = size < 126 ? 2 : size <= 65535 ? 4 : 10
        #expect(frame.count == expectedHeader + size)
        #expect(frame[1] & 0x7F == (size < 126 ? UInt8(size) : size <= 65535 ? 126 : 127))
        #expect(try Self.events(frame) == [.binary(payload)])
        let masked = FrameEncoder.encode(.binary, payload: payload, maskKey: 0xA1B2_C3D4)
        #expect(masked.count == expectedHeader + 4 + size)
        if size > 8 { #expect(Array(masked[(expectedHeader + 4)...]) != payload) }
        #expect(try Self.events(masked, role: .server) == [.binary(payload)])
    }

    @Test("lengths not in their shortest form, or with the top bit set, are violations")
    func nonMinimalLengths() {
        #expect(Self.violation([0x82, 126, 0x00, 0x7D] + Array(repeating: 0, count: 125)) != nil)
        #expect(Self.violation([0x82, 127, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF] + Array(repeating: 0, count: 65535)) != nil)
        #expect(Self.violation([0x82, 127, 0x80, 0, 0, 0, 0, 0, 0, 1]) != nil)
    }

    @Test("masking from the wrong side, reserved bits and reserved opcodes are violations (1002)")
    func badMasksAndOpcodes() {
        let masked = FrameEncoder.encode(.text, payload: Array("hi".utf8), maskKey: 1)
        #expect(Self.closeCode(of: Self.violation(masked)) == .protocolError)
        #expect(Self.closeCode(of: Self.violation(FrameEncoder.encode(.text, payload: Array("hi".utf8)), role: .server)) == .protocolError)
        for first: UInt8 in [0xC1, 0xA1, 0x91] {
            #expect(Self.closeCode(of: Self.violation([first, 0x00])) == .protocolError)
        }
        for opcode: UInt8 in [3, 4, 5, 6, 7, 0xB, 0xC, 0xD, 0xE, 0xF] {
            #expect(Self.closeCode(of: Self.violation([0x80 | opcode, 0x00])) == .protocolError)
        }
    }

    @Test("fragmented or oversized control frames and misplaced continuations are violations")
    func controlAndContinuationRules() {
        #expect(Self.violation([0x09, 0x00]) != nil)
        #expect(Self.violation([0x89, 126, 0x00, 0x7E] + Array(repeating: 0, count: 126)) != nil)
        #expect(Self.violation(FrameEncoder.encode(.continuation, payload: [1])) != nil)
        let twoStarts = FrameEncoder.encode(.text, payload: [0x61], isFinal: false) + FrameEncoder.encode(.text, payload: [0x62])
        #expect(Self.violation(twoStarts) != nil)
    }

    @Test("text that is not UTF-8 is a violation with code 1007; characters split across fragments are fine")
    func utf8() throws {
        for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xFF], [0x61, 0x80]] {
            #expect(Self.closeCode(of: Self.violation(FrameEncoder.encode(.text, payload: bad))) == .invalidPayload)
        }
        let euro: [UInt8] = [0xE2, 0x82, 0xAC]
        let split = FrameEncoder.encode(.text, payload: [euro[0]], isFinal: false) + FrameEncoder.encode(.continuation, payload: Array(euro[1...]))
        #expect(try Self.events(split) == [.text(euro)])
        // Binary messages are not checked.
        #expect(try Self.events(FrameEncoder.encode(.binary, payload: [0xFF])) == [.binary([0xFF])])
    }

    @Test("the UTF-8 check agrees with the standard library on random and near-valid bytes")
    func utf8AgreesWithStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<3000 {
            let length = Int.random(in: 0..<40, using: &generator)
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if round % 2 == 0 { bytes = Array(String(decoding: bytes, as: UTF8.self).utf8) + bytes.prefix(round % 5) }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            #expect(UTF8Validation.isValid(bytes) == expected, "\(bytes)")
        }
    }

    @Test("a message over the limit is refused from its header alone, before its payload is buffered")
    func oversize() {
        // A header claiming 2^40 bytes, and nothing else: refused at once (1009), no memory asked for.
        let huge: [UInt8] = [0x82, 127, 0, 0, 0x01, 0, 0, 0, 0, 0]
        #expect(Self.closeCode(of: Self.violation(huge, maxMessageSize: 1024)) == .messageTooBig)
        // Fragments that add up to more than the limit.
        var fragments = FrameEncoder.encode(.binary, payload: Array(repeating: 1, count: 600), isFinal: false)
        fragments += FrameEncoder.encode(.continuation, payload: Array(repeating: 1, count: 600))
        #expect(Self.closeCode(of: Self.violation(fragments, maxMessageSize: 1024)) == .messageTooBig)
        #expect(Self.violation(FrameEncoder.encode(.binary, payload: Array(repeating: 1, count: 1024)), maxMessageSize: 1024) == nil)
    }

    @Test("close frames: code and reason; empty; a 1-byte payload, codes not allowed on the wire and bad reasons are violations")
    func closeFrames() throws {
        #expect(try Self.events(FrameEncoder.encode(.close, payload: FrameEncoder.closePayload(code: WebSocketCloseCode(4401), reason: "Unauthorized")))
                == [.close(code: WebSocketCloseCode(4401), reason: "Unauthorized")])
        #expect(try Self.events([0x88, 0x00]) == [.close(code: nil, reason: "")])
        #expect(Self.violation([0x88, 0x01, 0x03]) != nil)
        for code: UInt16 in [0, 999, 1004, 1005, 1006, 1015, 2999, 5000] {
            #expect(Self.violation(FrameEncoder.encode(.close, payload: [UInt8(code >> 8), UInt8(code & 0xFF)])) != nil, "\(code)")
        }
        #expect(Self.closeCode(of: Self.violation(FrameEncoder.encode(.close, payload: [0x03, 0xE8, 0xFF]))) == .invalidPayload)
    }

    @Test("after a violation the parser stays failed")
    func staysFailed() {
        var parser = FrameParser()
        parser.append([0xC1, 0x00])
        #expect(throws: WebSocketError.self) { try parser.next() }
        parser.append(FrameEncoder.encode(.text, payload: [0x61]))
        #expect(throws: WebSocketError.self) { try parser.next() }
    }

    @Test("close reasons are cut to fit a control frame on a character boundary")
    func closeReasonLength() throws {
        let payload = FrameEncoder.closePayload(code: .normalClosure, reason: String(repeating: "é", count: 100))
        #expect(payload.count <= 125)
        #expect(try Self.events(FrameEncoder.encode(.close, payload: payload)).count == 1)
    }
}
