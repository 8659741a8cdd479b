import CourseCatalogAPI
import Graft
import StarWarsAPI
import Testing

/// Variables as short as in Apollo iOS: `episode: .jedi` for an optional enum variable, array
/// literals for optional lists, `nil` for absent, and the three states of `GraphQLNullable` for
/// those who need them.
@Suite struct VariableShorthandTests {
    @Test func optionalEnumVariablesTakeTheCase() {
        let query = HeroAndFriendsNamesQuery(episode: .jedi)
        #expect(query.variables == ["episode": "JEDI"])
        #expect(query.episode == .some(.value(.jedi)))
        #expect(HeroAndFriendsNamesQuery(episode: .empire).variables == ["episode": "EMPIRE"])
    }

    @Test func nilIsAbsentAndTheThreeStatesRemain() {
        #expect(HeroAndFriendsNamesQuery().variables == [:])
        #expect(HeroAndFriendsNamesQuery(episode: nil).variables == [:])
        #expect(HeroAndFriendsNamesQuery(episode: .null).variables == ["episode": .null])
        #expect(HeroAndFriendsNamesQuery(episode: .some(.unknown("FUTURE"))).variables == ["episode": "FUTURE"])
    }

    @Test func inputObjectsTakeEnumCasesAndArrayLiterals() {
        let input = CreateCourseInput(title: "Swift", level: .beginner, tags: ["swift", "graphql"])
        #expect(input.level == .some(.value(.beginner)))
        #expect(input.tags == .some(["swift", "graphql"]))
        let variables = CreateCourseMutation(input: input).variables
        #expect(variables["input"]?.objectValue?["level"] == "BEGINNER")
        #expect(variables["input"]?.objectValue?["tags"] == .array(["swift", "graphql"]))
    }
}
