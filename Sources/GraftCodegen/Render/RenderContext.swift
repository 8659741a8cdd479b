import GraftCompiler

/// What every renderer needs: the compiled document, the configuration and the names in use.
struct RenderContext {
    let document: IRDocument
    let configuration: GraftConfiguration
    /// Operation identifiers by operation name (when the configuration asks for them).
    let identifiers: [String: String]
    /// The names of top-level generated types (nested type names avoid them so they never shadow).
    let topLevelNames: Set<String>

    var schema: Schema { document.schema }

    /// `public ` or "" (internal).
    var access: String { configuration.accessLevel == .public ? "public " : "" }

    /// Names nested types must not take.
    static let reservedTypeNames: Set<String> = ["Data", "Fragments", "Graft", "Swift", "Type", "Protocol", "Self", "Any"]

    /// The Swift type of a schema leaf type: built-in scalars map to standard types, custom
    /// scalars to their typealias, enums to `Graft.GraphQLEnum<Enum>`.
    func leafType(_ name: String) -> String {
        switch name {
        case "String", "ID": return "Swift.String"
        case "Int": return "Swift.Int"
        case "Float": return "Swift.Double"
        case "Boolean": return "Swift.Bool"
        default:
            if schema.type(named: name)?.kind == .enum { return "Graft.GraphQLEnum<\(typeName(name))>" }
            return typeName(name)
        }
    }

    /// The Swift name of a generated schema type (enum, input object, custom scalar, fragment).
    func typeName(_ name: String) -> String {
        SwiftNames.keywords.contains(name) ? "`\(name)`" : name
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
    /// default, are `Graft.GraphQLNullable` (absent unless given).
    func inputType(_ type: TypeRef, hasDefault: Bool) -> (type: String, isNullable: Bool) {
        let leaf = leafType(type.namedType)
        if case .nonNull(let inner) = type, !hasDefault { return (inputInner(inner, leaf: leaf), false) }
        return ("Graft.GraphQLNullable<\(inputInner(type.nullable, leaf: leaf))>", true)
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
