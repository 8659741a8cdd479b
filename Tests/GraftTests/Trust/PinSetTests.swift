import Foundation
import Graft
import Testing

/// Pin sets and their lookup: the configuration rules (two distinct well-formed pins, one set per
/// host), subdomains, the most specific set winning, and expiry.
@Suite struct PinSetTests {
    static let a = "sha256//" + Data(repeating: 1, count: 32).base64EncodedString()
    static let b = Data(repeating: 2, count: 32).base64EncodedString()
    static let c = "sha256//" + Data(repeating: 3, count: 32).base64EncodedString()

    @Test func fewerThanTwoDistinctPinsIsAConfigurationError() throws {
        let one = #expect(throws: PinningConfigurationError.self) { try PinSet(host: "api.example.com", pins: [Self.a]) }
        #expect(one?.description.contains("api.example.com has 1 distinct pin") == true)
        #expect(one?.description.contains("backup") == true)
        #expect(throws: PinningConfigurationError.self) { try PinSet(host: "api.example.com", pins: [Self.a, Self.a]) }
        #expect(throws: PinningConfigurationError.self) { try PinSet(host: "api.example.com", pins: []) }
        let set = try PinSet(host: "API.Example.com.", pins: [Self.a, Self.b])
        #expect(set.host == "api.example.com")
        #expect(set.pins == [String(Self.a.dropFirst(8)), Self.b])
    }

    @Test func malformedPinsAndHostsAreRefused() {
        let short = #expect(throws: PinningConfigurationError.self) {
            try PinSet(host: "api.example.com", pins: [Self.a, "sha256//" + Data(repeating: 1, count: 20).base64EncodedString()])
        }
        #expect(short?.description.contains("not the base64 of a SHA-256 hash") == true)
        #expect(throws: PinningConfigurationError.self) { try PinSet(host: "api.example.com", pins: [Self.a, "sha256//not base64!"]) }
        #expect(throws: PinningConfigurationError.self) { try PinSet(host: "", pins: [Self.a, Self.b]) }
        #expect(throws: PinningConfigurationError.self) { try PinSet(host: "https://api.example.com", pins: [Self.a, Self.b]) }
    }

    @Test func aHostPinnedTwiceIsAConfigurationError() throws {
        let first = try PinSet(host: "api.example.com", pins: [Self.a, Self.b])
        let second = try PinSet(host: "API.example.com", pins: [Self.b, Self.c])
        #expect(throws: PinningConfigurationError.self) { try CertificatePinning([first, second]) }
    }

    @Test func subdomainsAreCoveredOnlyWhenIncludedAndTheMostSpecificSetWins() throws {
        let parent = try PinSet(host: "example.com", includesSubdomains: true, pins: [Self.a, Self.b])
        let exact = try PinSet(host: "api.example.com", pins: [Self.b, Self.c])
        let other = try PinSet(host: "other.org", pins: [Self.a, Self.c])
        let pinning = try CertificatePinning([parent, exact, other])
        #expect(pinning.pinSet(for: "example.com") == parent)
        #expect(pinning.pinSet(for: "cdn.eu.example.com") == parent)
        #expect(pinning.pinSet(for: "API.example.com") == exact)
        #expect(pinning.pinSet(for: "v2.api.example.com") == parent)
        #expect(pinning.pinSet(for: "badexample.com") == nil)
        #expect(pinning.pinSet(for: "other.org") == other)
        #expect(pinning.pinSet(for: "www.other.org") == nil)
    }

    @Test func anExpiredSetPinsNothing() throws {
        let now = Date()
        let expiring = try PinSet(host: "api.example.com", includesSubdomains: true, pins: [Self.a, Self.b],
                                  expires: now.addingTimeInterval(3600))
        let pinning = try CertificatePinning([expiring])
        #expect(pinning.pinSet(for: "api.example.com", at: now) == expiring)
        #expect(pinning.pinSet(for: "eu.api.example.com", at: now) == expiring)
        #expect(pinning.pinSet(for: "api.example.com", at: now.addingTimeInterval(3600)) == nil)
        #expect(pinning.pinSet(for: "eu.api.example.com", at: now.addingTimeInterval(7200)) == nil)
    }
}
