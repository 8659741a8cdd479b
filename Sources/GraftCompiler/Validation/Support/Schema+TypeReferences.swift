import GraftLanguage

extension Schema {
    /// The schema type for an AST type reference (graphql-js `typeFromAST`), or nil when the
    /// named type is not in the schema.
    public func typeRef(_ node: TypeReference) -> TypeRef? {
        switch node.outermost {
        case .named(let named):
            return types.contains(name: named.name.value) ? .named(named.name.value) : nil
        case .list(let inner, _):
            return typeRef(inner).map { .list($0) }
        case .nonNull(let inner, _):
            return typeRef(inner).map { .nonNull($0) }
        }
    }
}

extension TypeRef {
    /// Whether the type is non-null and has no default, so a value must be given (graphql-js
    /// `isRequiredArgument` and `isRequiredInputField`).
    static func isRequired(_ definition: InputValueDef) -> Bool {
        definition.type.isNonNull && definition.defaultValue == nil
    }
}
