/// A type reference (Section 2.11): a named type, a list type or a non-null type.
public enum TypeReference: Sendable, Hashable, CustomStringConvertible {
    /// `Name`.
    case named(NamedType)
    /// `[Type]`.
    indirect case list(TypeReference, SourceRange)
    /// `Type!`.
    indirect case nonNull(TypeReference, SourceRange)

    /// Where it is.
    public var range: SourceRange {
        switch self {
        case .named(let named): return named.range
        case .list(_, let range), .nonNull(_, let range): return range
        }
    }

    /// The named type at the core of the reference.
    public var namedType: NamedType {
        // A loop rather than recursion: each level copied its wrapper once more.
        var type = self
        while true {
            switch type {
            case .named(let named): return named
            case .list(let inner, _), .nonNull(let inner, _): type = inner
            }
        }
    }

    /// The type as written in GraphQL, such as `[String!]!`.
    public var description: String {
        switch self {
        case .named(let named): return named.name.value
        case .list(let inner, _): return "[\(inner)]"
        case .nonNull(let inner, _): return "\(inner)!"
        }
    }
}

/// A reference to a named type.
public struct NamedType: Sendable, Hashable {
    /// The type's name.
    public var name: Name

    /// Creates a named type reference.
    public init(name: Name) {
        self.name = name
    }

    /// Where it is (the same as its name).
    public var range: SourceRange { name.range }
}
