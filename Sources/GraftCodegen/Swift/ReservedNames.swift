/// Names generated declarations must not take, and how a GraphQL name that would take one is
/// renamed: the generated code must compile whatever the schema calls its types, fields,
/// arguments and enum values, and must not shadow the types users write next to it.
enum ReservedNames {
    /// Type names a top-level generated type (schema type or fragment) does not take: Swift
    /// keywords usable as names only in backticks, the standard library's and Foundation's common
    /// types (a module type named `Date` makes every file importing Foundation and the module say
    /// "'Date' is ambiguous") and the modules generated code names (`Graft.`, `Swift.`).
    static let topLevelTypes: Set<String> = [
        // Keywords and special names.
        "Any", "Protocol", "Self", "Type", "AnyObject",
        // The standard library.
        "Array", "Bool", "Character", "Codable", "Collection", "Comparable", "Decodable", "Dictionary", "Double",
        "Duration", "Encodable", "Equatable", "Error", "Float", "Hashable", "Identifiable", "Int", "Never", "Optional",
        "Result", "Sendable", "Sequence", "Set", "String", "Substring", "Task", "Void",
        // Foundation.
        "Calendar", "Data", "Date", "Decimal", "Locale", "Measurement", "TimeZone", "URL", "UUID",
        // Modules generated code names.
        "Foundation", "Graft", "GraftAPI", "Swift",
        // The protocol giving generated operations their schema metadata.
        "SchemaOperation",
    ]

    /// Type names a nested generated type (a field's selection set, a type case) does not take:
    /// the names generated code writes unqualified inside a selection set.
    static let nestedTypes: Set<String> = ["Data", "Fragments", "Graft", "GraftAPI", "Swift", "Type", "Protocol", "Self", "Any", "DecodeError"]

    /// Member names of operations (variables), input objects (fields) and selection sets
    /// (fields) that get a trailing underscore, besides the top-level generated type names (a
    /// property `Instant: Instant?` would hide its own type): `self`, which as an initializer's
    /// parameter would hide the instance, and the modules generated code names.
    static let members: Set<String> = ["self", "Graft", "GraftAPI", "Swift"]

    /// Further member names of every generated selection set: its own members.
    static let selectionSetMembers: Set<String> = ["__data", "hashValue"]

    /// Member names of a generated enum (`RawRepresentable`, `CaseIterable`, `Hashable`).
    static let enumMembers: Set<String> = ["rawValue", "allCases", "hashValue", "init", "self", "Type", "Self", "Protocol"]

    /// Members of `GraftAPI.GraphQLNullable` an input enum's shortcut must not redeclare.
    static let nullableMembers: Set<String> = ["absent", "null", "some", "none", "init", "self", "Type", "Self", "Protocol",
                                               "hashValue", "unsafelyUnwrapped"]

    /// The Swift name of a top-level generated type: the GraphQL name, or, when it is reserved,
    /// the name with `kind` after it (`URL` → `URLScalar`, `Result` → `ResultEnum`).
    static func topLevelType(_ name: String, kind: String) -> String {
        topLevelTypes.contains(name) || SwiftNames.keywords.contains(name) ? name + kind : name
    }

    /// Swift member names for GraphQL names, in order: each name as it is, or with underscores
    /// after it when it is `reserved` (never taking another of the names).
    /// `reserved` and `alsoReserved` are only read: a module's reserved set holds every top-level
    /// name, and a copy of it per selection set made generation quadratic in the operations.
    static func members(_ names: [String], reserved: Set<String>, alsoReserved: Set<String> = []) -> [String] {
        var taken = Set(names)
        return names.map { name in
            guard reserved.contains(name) || alsoReserved.contains(name) else { return name }
            var renamed = name
            while reserved.contains(renamed) || alsoReserved.contains(renamed) || taken.contains(renamed) { renamed += "_" }
            taken.insert(renamed)
            return renamed
        }
    }

    /// `base`, or `base_`, `base__`… when taken; records the result.
    static func unique(_ base: String, _ taken: inout some NameScope) -> String {
        var name = base
        while taken.contains(name) { name += "_" }
        taken.insert(name)
        return name
    }
}

/// Names taken in one generated scope: `Set`'s `contains` and `insert`.
protocol NameScope {
    func contains(_ name: String) -> Bool
    @discardableResult mutating func insert(_ name: String) -> (inserted: Bool, memberAfterInsert: String)
}

extension Set<String>: NameScope {}

/// The names taken in one selection set: the names every selection set avoids, built once per
/// module and shared, and the set's own, added as it is laid out.
struct TakenNames: NameScope {
    /// Reserved and top-level names: read, never copied.
    let shared: Set<String>
    /// The names this scope took.
    var own: Set<String> = []

    func contains(_ name: String) -> Bool { own.contains(name) || shared.contains(name) }

    /// Adds to the set's own names (`inserted` says whether they lacked it).
    @discardableResult mutating func insert(_ name: String) -> (inserted: Bool, memberAfterInsert: String) { own.insert(name) }
}
