import Graft
import Testing

/// The results an app receives from Graft (`GraphQLResponse`, `CacheReadResult`,
/// `OfflineMutationResult`) are generic over their data without requiring `SelectionSet`. Code
/// outside Graft often makes such a type's metadata from its mangled name; with a requirement, the
/// runtime then looks the conformance up, which for a data type not seen before in the process
/// scans every conformance record loaded: a third of a million instructions in a new process's
/// first read of a screen, paid again by every other operation's first read or fetch. Without a
/// requirement the mangled name alone makes the metadata, which these tests show with a data type
/// that is no selection set at all (with the requirement, the runtime refuses to make it).
@Suite struct ResultTypeMetadataTests {
    /// The metadata the runtime makes from `mangledName` (a type's mangling without `$s`), by the
    /// path code outside the module takes.
    static func typeByName(_ mangledName: String) -> Any.Type? { _typeByName(mangledName) }

    @Test func aCacheReadResultIsMadeWithoutAConformanceLookup() throws {
        let type = try #require(Self.typeByName("5Graft15CacheReadResultVySiG"))
        #expect(String(reflecting: type) == "Graft.CacheReadResult<Swift.Int>")
    }

    @Test func aGraphQLResponseIsMadeWithoutAConformanceLookup() throws {
        let type = try #require(Self.typeByName("5Graft15GraphQLResponseVySiG"))
        #expect(String(reflecting: type) == "Graft.GraphQLResponse<Swift.Int>")
    }

    @Test func anOfflineMutationResultIsMadeWithoutAConformanceLookup() throws {
        let type = try #require(Self.typeByName("5Graft21OfflineMutationResultOySiG"))
        #expect(String(reflecting: type) == "Graft.OfflineMutationResult<Swift.Int>")
    }
}
