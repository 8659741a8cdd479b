import GraftCompiler

/// What every renderer needs: the compiled document, the configuration and the names in use.
struct RenderContext {
    let document: IRDocument
    let configuration: GraftConfiguration
    /// Operation identifiers by operation name (when the configuration asks for them).
    let identifiers: [String: String]
    /// The Swift names of top-level generated types (nested type names avoid them so they never shadow).
    let topLevelNames: Set<String>
    /// The Swift names of the schema types the operations use.
    private let schemaTypeNames: Set<String>
    /// Whether names from Swift and Graft are written qualified.
    let qualifiers: Qualifiers

    init(document: IRDocument, configuration: GraftConfiguration, identifiers: [String: String], alwaysQualify: Bool = true) {
        self.document = document
        self.qualifiers = Qualifiers(document: document, configuration: configuration, alwaysQualify: alwaysQualify)
        self.configuration = configuration
        self.identifiers = identifiers
        let schemaTypeNames = Set(document.referencedTypes.map { Self.typeName($0, in: document.schema) })
        self.schemaTypeNames = schemaTypeNames
        var topLevel = schemaTypeNames
        topLevel.formUnion(document.fragments.map { Self.fragmentName($0.name, schemaTypeNames: schemaTypeNames) })
        topLevel.formUnion(document.operations.map(OperationRenderer.typeName))
        if let namespace = configuration.namespace { topLevel.insert(namespace) }
        self.topLevelNames = topLevel
        let reserved = ReservedNames.members.union(topLevel)
        self.reservedMembers = reserved
        let selectionSet = reserved.union(ReservedNames.selectionSetMembers)
        let withFragments = selectionSet.union(["fragments", "Fragments"])
        self.selectionSetNames = SelectionSetNames(members: selectionSet, all: selectionSet.union(ReservedNames.nestedTypes))
        self.selectionSetNamesWithFragments = SelectionSetNames(members: withFragments, all: withFragments.union(ReservedNames.nestedTypes))
    }

    var schema: Schema { document.schema }

    /// `"Swift."` or `""` (see `Qualifiers`).
    var swift: String { qualifiers.swift }
    /// `"GraftAPI."` or `""` (see `Qualifiers`).
    var graft: String { qualifiers.graft }

    /// Names a generated member (variable, input field, selection set field) does not take:
    /// `ReservedNames.members` and every top-level type name.
    let reservedMembers: Set<String>

    /// The names a selection set's properties avoid (`members`), and its nested types (`all`).
    struct SelectionSetNames {
        let members: Set<String>
        let all: Set<String>
    }

    /// The names every selection set avoids, built once: they hold every top-level name.
    let selectionSetNames: SelectionSetNames
    /// The same for a selection set spreading fragments (its `fragments` member and `Fragments` type).
    let selectionSetNamesWithFragments: SelectionSetNames

    /// `public ` or "" (internal).
    var access: String { configuration.accessLevel == .public ? "public " : "" }

    /// Whether models are final classes inheriting `GraftAPI.SelectionSetObject` (`modelShape`).
    var isClassShape: Bool { configuration.modelShape == .class }

    /// The declaration line of a model (without `{`): `struct X: GraftAPI.SelectionSet` (or
    /// `Fragment`), or in the class shape `final class X: GraftAPI.SelectionSetObject, @unchecked
    /// Swift.Sendable` (or `FragmentObject`), its conformances inherited.
    func modelDeclaration(_ name: String, isFragment: Bool) -> String {
        guard isClassShape else { return "\(access)struct \(name): \(graft)\(isFragment ? "Fragment" : "SelectionSet")" }
        return "\(access)final class \(name): \(graft)\(isFragment ? "FragmentObject" : "SelectionSetObject"), @unchecked \(swift)Sendable"
    }

    /// The Swift type of a schema leaf type: built-in scalars map to standard types, custom
    /// scalars to their typealias, enums to `GraftAPI.GraphQLEnum<Enum>`.
    func leafType(_ name: String) -> String {
        switch name {
        case "String", "ID": return "\(swift)String"
        case "Int": return "\(swift)Int"
        case "Float": return "\(swift)Double"
        case "Boolean": return "\(swift)Bool"
        default:
            if schema.type(named: name)?.kind == .enum { return "\(graft)GraphQLEnum<\(typeName(name))>" }
            return typeName(name)
        }
    }

    /// The Swift name of a generated schema type (enum, input object, custom scalar): its GraphQL
    /// name, with its kind after it when that is reserved (`URL` → `URLScalar`, see `ReservedNames`).
    func typeName(_ name: String) -> String {
        Self.typeName(name, in: schema)
    }

    private static func typeName(_ name: String, in schema: Schema) -> String {
        let kind: String
        switch schema.type(named: name)?.kind {
        case .scalar: kind = "Scalar"
        case .enum: kind = "Enum"
        case .inputObject: kind = "Input"
        default: kind = "Type"
        }
        return ReservedNames.topLevelType(name, kind: kind)
    }

    /// The Swift name of a fragment: its name, with `Fragment` after it when that is reserved or a
    /// schema type's (fragments and types have separate names in GraphQL, not in Swift).
    func fragmentName(_ name: String) -> String {
        Self.fragmentName(name, schemaTypeNames: schemaTypeNames)
    }

    private static func fragmentName(_ name: String, schemaTypeNames: Set<String>) -> String {
        let swiftName = ReservedNames.topLevelType(name, kind: "Fragment")
        return schemaTypeNames.contains(swiftName) ? name + "Fragment" : swiftName
    }

    /// Whether a custom scalar is mapped to a Swift type of its own Swift name (`Instant` →
    /// `Instant`): no typealias is generated (it would refer to itself), the mapped type is used.
    func isMappedToItself(_ scalar: String) -> Bool {
        configuration.customScalars[scalar] == typeName(scalar)
    }

    /// A Swift type for a GraphQL type with `leaf` as the innermost type; nullable types are optionals.
    func outputType(_ type: TypeRef, leaf: String) -> String {
        switch type {
        case .nonNull(let inner): return nonNullType(inner, leaf: leaf)
        default: return nonNullType(type, leaf: leaf) + "?"
        }
    }

    private func nonNullType(_ type: TypeRef, leaf: String) -> String {
        switch type {
        case .named: return leaf
        case .list(let inner): return "[" + outputType(inner, leaf: leaf) + "]"
        case .nonNull(let inner): return nonNullType(inner, leaf: leaf)
        }
    }

    /// The Swift type of an input value (variable or input field): nullable ones, and ones with a
    /// default, are `GraftAPI.GraphQLNullable` (absent unless given).
    func inputType(_ type: TypeRef, hasDefault: Bool) -> (type: String, isNullable: Bool) {
        let leaf = leafType(type.namedType)
        if case .nonNull(let inner) = type, !hasDefault { return (inputInner(inner, leaf: leaf), false) }
        return ("\(graft)GraphQLNullable<\(inputInner(type.nullable, leaf: leaf))>", true)
    }

    private func inputInner(_ type: TypeRef, leaf: String) -> String {
        switch type {
        case .named: return leaf
        case .list(let element): return "[" + inputElement(element, leaf: leaf) + "]"
        case .nonNull(let inner): return inputInner(inner, leaf: leaf)
        }
    }

    private func inputElement(_ type: TypeRef, leaf: String) -> String {
        if case .nonNull(let inner) = type { return inputInner(inner, leaf: leaf) }
        return inputInner(type, leaf: leaf) + "?"
    }
}
