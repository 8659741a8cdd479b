/// Orders a schema's types the way graphql-js's `GraphQLSchema` constructor fills its type map
/// (`collectReferencedTypes`): each given type in order, each followed by the types first reached
/// from it that were not given; then types reached from the root types, from directive arguments
/// and from `__Schema`. Specified scalars and introspection types that nothing references are left
/// out, as in graphql-js. Names that resolve to no type are skipped.
enum TypeMapOrder {
    /// The ordered type list.
    /// - Parameters:
    ///   - given: the types passed to the schema (`config.types`), in order, unique by name.
    ///   - lookup: resolves names that are not given (specified scalars, introspection types).
    static func order(given: [NamedTypeDef], roots: [String?], directives: [DirectiveDef],
                      lookup: (String) -> NamedTypeDef?) -> [NamedTypeDef] {
        var byName: [String: NamedTypeDef] = [:]
        byName.reserveCapacity(given.count + 16)
        for type in given { byName[type.name] = type }
        var seen = Set(byName.keys)
        var result: [NamedTypeDef] = []
        result.reserveCapacity(given.count + 16)
        var stack: [String] = []

        func resolve(_ name: String) -> NamedTypeDef? {
            if let type = byName[name] { return type }
            return lookup(name)
        }
        // Depth-first, pre-order: a type is added when first reached, then what it references.
        func collect(children of: NamedTypeDef) {
            pushChildren(of)
            while let name = stack.popLast() {
                if seen.contains(name) { continue }
                guard let type = resolve(name) else { continue }
                seen.insert(name)
                result.append(type)
                pushChildren(type)
            }
        }
        func pushChildren(_ type: NamedTypeDef) {
            let start = stack.count
            switch type.kind {
            case .union:
                stack.append(contentsOf: type.possibleTypes)
            case .object, .interface:
                stack.append(contentsOf: type.interfaces)
                for field in type.fields {
                    stack.append(field.type.namedType)
                    for argument in field.arguments { stack.append(argument.type.namedType) }
                }
            case .inputObject:
                for field in type.inputFields { stack.append(field.type.namedType) }
            case .scalar, .enum:
                break
            }
            stack[start...].reverse()
        }
        func collect(named name: String) {
            stack.append(name)
            while let next = stack.popLast() {
                if seen.contains(next) { continue }
                guard let type = resolve(next) else { continue }
                seen.insert(next)
                result.append(type)
                pushChildren(type)
            }
        }

        for type in given {
            result.append(type)
            collect(children: type)
        }
        for root in roots { if let root { collect(named: root) } }
        for directive in directives {
            for argument in directive.arguments { collect(named: argument.type.namedType) }
        }
        collect(named: "__Schema")
        return result
    }
}
