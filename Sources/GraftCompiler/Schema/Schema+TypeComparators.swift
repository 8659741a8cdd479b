/// Type comparisons (graphql-js `typeComparators`), used by schema and operation validation.
extension Schema {
    /// Whether `subType` can be used where `superType` is expected (graphql-js `isTypeSubTypeOf`):
    /// equal types, a non-null of a sub-type, lists of sub-types, or an object or interface that is
    /// a possible type of an abstract type.
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
        guard let abstract = types[superType.namedType], abstract.isAbstract,
              let possible = types[subType.namedType], possible.kind == .object || possible.kind == .interface
        else { return false }
        return isSubType(abstract, possible)
    }

    /// Whether two types overlap (graphql-js `doTypesOverlap`): they are equal, or share a possible
    /// object type.
    public func doTypesOverlap(_ a: NamedTypeDef, _ b: NamedTypeDef) -> Bool {
        if a.name == b.name { return true }
        if a.isAbstract {
            if b.isAbstract {
                let bPossible = Set(possibleTypes(of: b))
                return possibleTypes(of: a).contains { bPossible.contains($0) }
            }
            return isSubType(a, b)
        }
        if b.isAbstract { return isSubType(b, a) }
        return false
    }
}
