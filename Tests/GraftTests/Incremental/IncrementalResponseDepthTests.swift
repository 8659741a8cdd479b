import Foundation
import Graft
import GraftTestSupport
import Testing

/// Merged `@defer`/`@stream` data stays within one response's depth, however the payloads grow it.
@Suite("Incremental response: depth")
struct IncrementalResponseDepthTests {
    /// Parses and applies `payloads` on a 512 KB stack until one throws; the index and error of
    /// that one, the depth the data reached, and the stack the thread had.
    static func applyOnSmallStack(_ payloads: DeepIncrementalPayloads) async throws
        -> (failedAt: Int?, error: GraftError?, dataWithinLimit: Bool, stack: Int?) {
        try await SmallStack.run {
            var response = IncrementalResponse()
            for index in 0..<payloads.count {
                do {
                    try response.apply(try JSONParser.parse(Array(payloads.payload(index).utf8)))
                } catch let error as GraftError {
                    let within = response.body.data.map { !Self.nests($0, deeperThan: IncrementalResponse.maxDataDepth) } ?? true
                    return (index, error, within, SmallStack.currentThreadStackSize())
                }
            }
            return (nil, nil, true, SmallStack.currentThreadStackSize())
        }
    }

    /// Whether `value` nests objects and lists deeper than `limit` (a loop, as the code under test
    /// is not trusted here).
    static func nests(_ value: JSONValue, deeperThan limit: Int) -> Bool {
        var stack: [(JSONValue, Int)] = [(value, 1)]
        while let (value, depth) = stack.popLast() {
            let children: [JSONValue]
            switch value {
            case .object(let fields): children = Array(fields.values)
            case .array(let items): children = items
            default: continue
            }
            if depth > limit { return true }
            stack += children.map { ($0, depth + 1) }
        }
        return false
    }

    @Test("payloads each within the parser's limit that grow the data 500 levels at a time end in an error naming the limit, on a 512 KB stack",
          arguments: [40, 400])
    func deepSequence(incrementalCount: Int) async throws {
        let result = try await Self.applyOnSmallStack(DeepIncrementalPayloads(levels: 500, incrementalCount: incrementalCount))
        #expect(result.failedAt == 1)
        #expect(result.error?.code == .decoding)
        #expect(result.error?.message.contains("deeper than 511 levels, the depth limit of one response") == true)
        #expect(result.dataWithinLimit)
        if let stack = result.stack { #expect(stack <= SmallStack.size) }
    }

    @Test("data may reach the limit (511 levels: a response object around it nests 512) and not go past it")
    func boundary() async throws {
        // 300 levels, then 211 more (one payload of 212 merged into the innermost object), then one more.
        let payloads = [
            #"{"data":\#(DeepIncrementalPayloads(levels: 300).chain()),"hasNext":true}"#,
            #"{"incremental":[{"data":\#(DeepIncrementalPayloads(levels: 212).chain()),"path":[\#(Self.path(299))]}],"hasNext":true}"#,
            #"{"incremental":[{"data":{"a":{}},"path":[\#(Self.path(510))]}],"hasNext":true}"#,
            #"{"incremental":[{"data":{"b":1},"path":[\#(Self.path(510))]}],"hasNext":false}"#,
        ]
        var response = IncrementalResponse()
        try response.apply(try JSONParser.parse(payloads[0]))
        try response.apply(try JSONParser.parse(payloads[1]))
        let data = try #require(response.body.data)
        #expect(!Self.nests(data, deeperThan: 511) && Self.nests(data, deeperThan: 510))
        let error = #expect(throws: GraftError.self) { try response.apply(try JSONParser.parse(payloads[2])) }
        #expect(error?.message.contains("511 levels") == true)
        #expect(response.body.data == data, "a payload that would go too deep changes nothing")
        // A scalar at the deepest object is within the limit.
        #expect(try response.apply(try JSONParser.parse(payloads[3])))
        #expect(!Self.nests(try #require(response.body.data), deeperThan: 511))
    }

    @Test("streamed items and a failed fragment's marker count too")
    func itemsAndFailures() throws {
        // The list is at level 4; items nesting 507 levels reach 511, one more level is too deep.
        let streamed = [
            #"{"data":{"x":{"y":{"list":[]}}},"pending":[{"id":"0","path":["x","y","list"]}],"hasNext":true}"#,
            #"{"incremental":[{"id":"0","items":[\#(DeepIncrementalPayloads(levels: 507).chain())]}],"hasNext":true}"#,
            #"{"incremental":[{"id":"0","items":[\#(DeepIncrementalPayloads(levels: 508).chain())]}],"hasNext":false}"#,
        ]
        var response = IncrementalResponse()
        for payload in streamed.prefix(2) { try response.apply(try JSONParser.parse(payload)) }
        #expect(!Self.nests(try #require(response.body.data), deeperThan: 511))
        let error = #expect(throws: GraftError.self) { try response.apply(try JSONParser.parse(streamed[2])) }
        #expect(error?.message.contains("511 levels") == true)

        // The marker adds two objects and the errors (a list of objects: two more) below the
        // fragment's object, here at level 509.
        let failing = [
            #"{"data":\#(DeepIncrementalPayloads(levels: 509).chain()),"pending":[{"id":"0","path":[\#(Self.path(508))]}],"hasNext":true}"#,
            #"{"completed":[{"id":"0","errors":[{"message":"boom"}]}],"hasNext":false}"#,
        ]
        var failed = IncrementalResponse()
        try failed.apply(try JSONParser.parse(failing[0]))
        let markerError = #expect(throws: GraftError.self) { try failed.apply(try JSONParser.parse(failing[1])) }
        #expect(markerError?.message.contains("511 levels") == true)
    }

    @Test("data at the limit is merged into itself, serialized, parsed back, compared, hashed and released on a 512 KB stack")
    func downstreamWalks() async throws {
        let ok = try await SmallStack.run {
            // The same 500 levels again at the root: merged level by level all the way down.
            let chain = DeepIncrementalPayloads(levels: 500).chain()
            var overlapping = IncrementalResponse()
            try overlapping.apply(try JSONParser.parse(#"{"data":\#(chain),"hasNext":true}"#))
            try overlapping.apply(try JSONParser.parse(#"{"incremental":[{"data":\#(chain),"path":[]}],"hasNext":false}"#))
            guard overlapping.body.data == (try JSONParser.parse(chain)) else { return false }

            var response = IncrementalResponse()
            try response.apply(try JSONParser.parse(#"{"data":\#(DeepIncrementalPayloads(levels: 300).chain()),"hasNext":true}"#))
            try response.apply(try JSONParser.parse(
                #"{"incremental":[{"data":\#(DeepIncrementalPayloads(levels: 212).chain()),"path":[\#(Self.path(299))]}],"hasNext":false}"#))
            guard let data = response.body.data else { return false }
            let text = JSONValue.object(["data": data]).serialized
            let reparsed = try JSONParser.parse(text)
            var hasher = Hasher()
            reparsed.hash(into: &hasher)
            _ = hasher.finalize()
            return reparsed == .object(["data": data]) && reparsed.objectValue?["data"]?.serialized == data.serialized
        }
        #expect(ok)
    }

    /// A path of `count` `a` keys, as JSON list items.
    static func path(_ count: Int) -> String {
        Array(repeating: #""a""#, count: count).joined(separator: ",")
    }
}
