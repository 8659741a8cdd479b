import GraftLanguage

/// A reference to a type in the schema model: a named type, a list or a non-null wrapper.
public enum TypeRef: Sendable, Hashable, CustomStringConvertible {
    /// A named type.
    case named(String)
    /// `[T]`.
    indirect case list(TypeRef)
    /// `T!`.
    indirect case nonNull(TypeRef)

    /// Converts an AST type reference.
    public init(_ node: TypeReference) {
        switch node.outermost {
        case .named(let named): self = .named(named.name.value)
        case .list(let inner, _): self = .list(TypeRef(inner))
        case .nonNull(let inner, _): self = .nonNull(TypeRef(inner))
        }
    }

    /// The name of the innermost named type.
    public var namedType: String {
        // A loop rather than recursion: each level copied its wrapper once more.
        var type = self
        while true {
            switch type {
            case .named(let name): return name
            case .list(let inner), .nonNull(let inner): type = inner
            }
        }
    }

    /// Whether the outermost wrapper is non-null.
    public var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// The type without an outer non-null wrapper.
    public var nullable: TypeRef {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    /// Whether the type (ignoring non-null) is a list.
    public var isList: Bool {
        if case .list = nullable { return true }
        return false
    }

    /// GraphQL notation, such as `[String!]!`.
    public var description: String {
        switch self {
        case .named(let name): return name
        case .list(let inner): return "[\(inner)]"
        case .nonNull(let inner): return "\(inner)!"
        }
    }
}
