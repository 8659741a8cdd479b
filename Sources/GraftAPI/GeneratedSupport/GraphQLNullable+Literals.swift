// Literals for nullable inputs: `reviewCount: 3` instead of `reviewCount: .some(3)`.

extension GraphQLNullable: ExpressibleByIntegerLiteral where Wrapped: ExpressibleByIntegerLiteral {
    /// A value.
    public init(integerLiteral value: Wrapped.IntegerLiteralType) { self = .some(Wrapped(integerLiteral: value)) }
}

extension GraphQLNullable: ExpressibleByFloatLiteral where Wrapped: ExpressibleByFloatLiteral {
    /// A value.
    public init(floatLiteral value: Wrapped.FloatLiteralType) { self = .some(Wrapped(floatLiteral: value)) }
}

extension GraphQLNullable: ExpressibleByBooleanLiteral where Wrapped: ExpressibleByBooleanLiteral {
    /// A value.
    public init(booleanLiteral value: Wrapped.BooleanLiteralType) { self = .some(Wrapped(booleanLiteral: value)) }
}

extension GraphQLNullable: ExpressibleByUnicodeScalarLiteral where Wrapped: ExpressibleByStringLiteral {
    /// A value.
    public init(unicodeScalarLiteral value: Wrapped.StringLiteralType) { self = .some(Wrapped(stringLiteral: value)) }
}

extension GraphQLNullable: ExpressibleByExtendedGraphemeClusterLiteral where Wrapped: ExpressibleByStringLiteral {
    /// A value.
    public init(extendedGraphemeClusterLiteral value: Wrapped.StringLiteralType) { self = .some(Wrapped(stringLiteral: value)) }
}

extension GraphQLNullable: ExpressibleByStringLiteral where Wrapped: ExpressibleByStringLiteral {
    /// A value.
    public init(stringLiteral value: Wrapped.StringLiteralType) { self = .some(Wrapped(stringLiteral: value)) }
}

extension GraphQLNullable: ExpressibleByArrayLiteral where Wrapped: RangeReplaceableCollection {
    /// A list value: `tags: ["swift", "graphql"]`.
    public init(arrayLiteral elements: Wrapped.Element...) { self = .some(Wrapped(elements)) }
}
