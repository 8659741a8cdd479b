import GraftLanguage

extension Schema {
    /// The schema type for an AST type reference (graphql-js `typeFromAST`), or nil when the
    /// named type is not in the schema.
    public func typeRef(_ node: TypeReference) -> TypeRef? {
        switch node {
        case .named(let named):
            return types.contains(name: named.name.value) ? .named(named.name.value) : nil
        case .list(let inner, _):
            return typeRef(inner).map { .list($0) }
        case .nonNull(let inner, _):
            return typeRef(inner).map { .nonNull($0) }
        }
    }

    /// Whether `subType` may be used where `superType` is expected (graphql-js `isTypeSubTypeOf`):
    /// equal types, a non-null type for its nullable form, lists item-wise, and an object or
    /// interface for an abstract type it belongs to.
    public func isTypeSubType(_ subType: TypeRef, of superType: TypeRef) -> Bool {
        if subType == superType { return true }
        if case .nonNull(let superInner) = superType {
            if case .nonNull(let subInner) = subType { return isTypeSubType(subInner, of: superInner) }
            return false
        }
        if case .nonNull(let subInner) = subType { return isTypeSubType(subInner, of: superType) }
        if case .list(let superInner) = superType {
            if case .list(let subInner) = subType { return isTypeSubType(subInner, of: superInner) }
            return false
        }
        if case .list = subType { return false }
        guard let superNamed = types[superType.namedType], superNamed.isAbstract,
              let subNamed = types[subType.namedType], subNamed.kind == .object || subNamed.kind == .interface
        else { return false }
        return isSubType(superNamed, subNamed)
    }

    /// Whether two composite types can have an object type in common (graphql-js `doTypesOverlap`).
    public func doTypesOverlap(_ typeA: NamedTypeDef, _ typeB: NamedTypeDef) -> Bool {
        if typeA.name == typeB.name { return true }
        if typeA.isAbstract {
            if typeB.isAbstract {
                return possibleTypes(of: typeA).contains { name in
                    types[name].map { isSubType(typeB, $0) } ?? false
                }
            }
            return isSubType(typeA, typeB)
        }
        if typeB.isAbstract { return isSubType(typeB, typeA) }
        return false
    }
}

extension TypeRef {
    /// Whether the type is non-null and has no default, so a value must be given (graphql-js
    /// `isRequiredArgument` and `isRequiredInputField`).
    static func isRequired(_ definition: InputValueDef) -> Bool {
        definition.type.isNonNull && definition.defaultValue == nil
    }
}
