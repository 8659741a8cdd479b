@_spi(Generated) import GraftAPI
import StarWarsAPI
import StarWarsClassAPI
import Testing

/// The class shape's operation documents and fragment definitions (golden StarWarsClassAPI): no
/// `static let`; the same text as the struct shape's (golden StarWarsAPI).
@Suite struct StarWarsClassShapeDocumentTests {
    @Test func documentsAreTheStructShapesAndKept() {
        let document = StarWarsClassAPI.HeroAndFriendsNamesWithFragmentQuery.document
        #expect(document == StarWarsAPI.HeroAndFriendsNamesWithFragmentQuery.document)
        #expect(document.definition?.contains("fragment FriendsNames on Character") == true)
        #expect(StarWarsClassAPI.HeroAndFriendsNamesWithFragmentQuery.operationName == "HeroAndFriendsNamesWithFragment")
        #expect(StarWarsClassAPI.HeroDetails.fragmentDefinition == StarWarsAPI.HeroDetails.fragmentDefinition)
        #expect(StarWarsClassAPI.CreateReviewForEpisodeMutation.document == StarWarsAPI.CreateReviewForEpisodeMutation.document)
        // Kept: a second read gives the same string storage, where each build concatenates anew.
        #expect(Self.address(StarWarsClassAPI.HeroAndFriendsNamesWithFragmentQuery.document.definition) == Self.address(document.definition))
    }

    @Test func documentsReadFromManyTasksAtOnceAreOne() async {
        // An operation whose document no other test reads, with a fragment (so each build
        // concatenates new text): its document is built while these tasks race for it.
        let addresses = await withTaskGroup(of: Int?.self) { group in
            for _ in 0..<64 {
                group.addTask { Self.address(StarWarsClassAPI.DroidDetailsWithFragmentQuery.document.definition) }
            }
            return await group.reduce(into: Set<Int?>()) { $0.insert($1) }
        }
        #expect(addresses.count == 1)
        #expect(addresses.first == Self.address(StarWarsClassAPI.DroidDetailsWithFragmentQuery.document.definition))
        #expect(StarWarsClassAPI.DroidDetailsWithFragmentQuery.document.definition?.contains("fragment DroidDetails on Droid") == true)
    }

    /// The address of a string's bytes (nil for nil).
    static func address(_ string: String?) -> Int? {
        guard var string else { return nil }
        return string.withUTF8 { Int(bitPattern: $0.baseAddress) }
    }
}
