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
    static func members(_ names: [String], reserved: Set<String>) -> [String] {
        var taken = reserved.union(names)
        return names.map { reserved.contains($0) ? unique($0, &taken) : $0 }
    }

    /// `base`, or `base_`, `base__`… when taken; records the result.
    static func unique(_ base: String, _ taken: inout Set<String>) -> String {
        var name = base
        while taken.contains(name) { name += "_" }
        taken.insert(name)
        return name
    }
}
