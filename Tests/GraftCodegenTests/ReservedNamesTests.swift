import Foundation
@testable import GraftCodegen
import Testing

/// Member names that would take a reserved or top-level name are renamed with trailing
/// underscores. The reserved names are built once per module and shared by every selection set
/// (`RenderContext.selectionSetNames`, `TakenNames`), so that a module of many operations is not
/// generated in quadratic time; these pin the renaming that sharing must keep.
@Suite struct ReservedNamesTests {
    @Test func membersAvoidBothReservedSetsAndEachOther() {
        let names = ReservedNames.members(["Data", "Data_", "x", "self"], reserved: ["self", "Data_"], alsoReserved: ["Data"])
        #expect(names == ["Data__", "Data___", "x", "self_"])
    }

    @Test func takenNamesAddToTheSharedNamesWithoutChangingThem() {
        var taken = TakenNames(shared: ["Hero", "Hero_"])
        #expect(ReservedNames.unique("Hero", &taken) == "Hero__")
        #expect(ReservedNames.unique("Hero", &taken) == "Hero___")
        #expect(taken.shared == ["Hero", "Hero_"] && taken.own == ["Hero__", "Hero___"])
    }

    @Test func aSelectionSetSpreadingAFragmentReservesFragmentsOthersDoNot() throws {
        let spreading = try SelectionSetModelTests.heroModel("query Hero { hero { fragments: name ...Friends } }\n"
                                                             + "fragment Friends on Character { friends { name } }")
        #expect(spreading.properties.first?.name == "fragments_")
        let plain = try SelectionSetModelTests.heroModel("query Hero { hero { fragments: name } }")
        #expect(plain.properties.map(\.name) == ["fragments"])
    }

    @Test func fieldsNamedLikeTheModulesOperationsAndFragmentsAreRenamed() throws {
        let hero = try SelectionSetModelTests.heroModel("query Hero { hero { HeroQuery: name Friends: name name } }\n"
                                                        + "fragment Friends on Character { friends { name } }")
        #expect(hero.properties.map(\.name) == ["HeroQuery_", "Friends_", "name"])
    }
}
