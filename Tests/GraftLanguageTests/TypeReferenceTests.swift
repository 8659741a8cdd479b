import Testing
import GraftLanguage

/// Type references (AST/TypeReference.swift) keep every layer and range, however they are stored:
/// packed (up to three wrappers near the named type) or spilled (deeper, or ranges far away or
/// built by hand), and two equal references compare and hash equal whichever way they were built.
@Suite struct TypeReferenceTests {
    /// The layers from the outside in with their ranges (`!@0..<7`, `[]@0..<9`), the name last.
    func layers(_ type: TypeReference) -> [String] {
        var result: [String] = []
        var type = type
        while true {
            switch type.outermost {
            case .named(let named):
                result.append("\(named.name.value)@\(named.range.start)..<\(named.range.end)")
                return result
            case .list(let inner, let range):
                result.append("[]@\(range.start)..<\(range.end)")
                type = inner
            case .nonNull(let inner, let range):
                result.append("!@\(range.start)..<\(range.end)")
                type = inner
            }
        }
    }

    func parsed(_ text: String) throws -> TypeReference {
        try parseType(Source(text))
    }

    @Test func parsedReferencesKeepEveryLayerAndRange() throws {
        #expect(layers(try parsed("String")) == ["String@0..<6"])
        #expect(layers(try parsed("String!")) == ["!@0..<7", "String@0..<6"])
        #expect(layers(try parsed("[String!]!")) == ["!@0..<10", "[]@0..<9", "!@1..<8", "String@1..<7"])
        // Four and five wrappers: more than are packed.
        #expect(layers(try parsed("[[Int!]]!")) == ["!@0..<9", "[]@0..<8", "[]@1..<7", "!@2..<6", "Int@2..<5"])
        #expect(layers(try parsed("[[Int!]!]!")) == ["!@0..<10", "[]@0..<9", "!@1..<8", "[]@1..<7", "!@2..<6", "Int@2..<5"])
    }

    @Test func wrappersFarFromTheNameAreKept() throws {
        let gap = String(repeating: " ", count: 600)
        let type = try parsed("[\(gap)ID\(gap)!\(gap)]")
        #expect(layers(type) == ["[]@0..<1805", "!@601..<1204", "ID@601..<603"])
        #expect(type.description == "[ID!]")
        #expect(type.range == SourceRange(start: 0, end: 1805))
    }

    @Test func descriptionNamedTypeAndRangeReadEveryLayer() throws {
        let type = try parsed("[[Episode!]]!")
        #expect(type.description == "[[Episode!]]!")
        #expect(type.namedType.name.value == "Episode")
        #expect(type.range == SourceRange(start: 0, end: 13))
        #expect(type.isNonNull)
        guard case .nonNull(let nullable, _) = type.outermost else { Issue.record("not non-null"); return }
        #expect(!nullable.isNonNull)
        #expect(nullable.description == "[[Episode!]]")
    }

    @Test func referencesBuiltByHandEqualParsedOnesWhateverTheirStorage() throws {
        let name = NamedType(name: Name("Int", range: SourceRange(start: 2, end: 5)))
        let byHand = TypeReference.nonNull(
            .list(.list(.nonNull(.named(name), SourceRange(start: 2, end: 6)), SourceRange(start: 1, end: 7)),
                  SourceRange(start: 0, end: 8)),
            SourceRange(start: 0, end: 9))
        let parsed = try parsed("[[Int!]]!")
        #expect(byHand == parsed)
        #expect(byHand.hashValue == parsed.hashValue)
        // Unwrapping a spilled reference back to three wrappers equals the packed one.
        guard case .nonNull(let inner, _) = parsed.outermost else { Issue.record("not non-null"); return }
        let packed = TypeReference.list(.list(.nonNull(.named(name), SourceRange(start: 2, end: 6)),
                                              SourceRange(start: 1, end: 7)), SourceRange(start: 0, end: 8))
        #expect(inner == packed)
        #expect(Set([inner, packed]).count == 1)
        // Ranges no parser makes (starting after the name, ending at the largest offset) are kept as given.
        let odd = TypeReference.nonNull(.named(name), SourceRange(start: 40, end: SourceRange.maxOffset))
        #expect(layers(odd) == ["!@40..<\(SourceRange.maxOffset)", "Int@2..<5"])
        #expect(odd != .nonNull(.named(name), SourceRange(start: 2, end: 6)))
    }

    @Test func differentLayersAreNotEqual() throws {
        #expect(try parsed("[Int]!") != parsed("[Int!]"))
        #expect(try parsed("[Int]") != parsed("[[Int]]"))
        #expect(try parsed("Int") != parsed("Float"))
        #expect(try parsed("[Int] !") != parsed("[Int]!"))
    }
}
