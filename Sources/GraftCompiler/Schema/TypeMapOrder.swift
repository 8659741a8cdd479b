/// Orders a schema's types the way graphql-js's `GraphQLSchema` constructor fills its type map
/// (`collectReferencedTypes`): each given type in order, each followed by the types first reached
/// from it that were not given; then types reached from the root types, from directive arguments
/// and from `__Schema`. Specified scalars and introspection types that nothing references are left
/// out, as in graphql-js. Names that resolve to no type are skipped. The arguments of the
/// generator's directives (`DirectiveDef.isGeneratorDirective`) are walked last, and the types only
/// they reach are reported apart: they are in the list (the directives need them) but not the
/// schema's own.
enum TypeMapOrder {
    /// The ordered type list.
    /// - Parameters:
    ///   - given: the types passed to the schema (`config.types`), in order, unique by name.
    ///   - lookup: resolves names that are not given: specified scalars and introspection types only
    ///     (other references are not looked up, see `BuiltIns.mayBeStandardType`).
    static func order(given: consuming [NamedTypeDef], roots: [String?], directives: [DirectiveDef],
                      lookup: (String) -> NamedTypeDef?) -> (types: NamedList<NamedTypeDef>, generatorOnly: Set<String>) {
        var given = given
        var walk = Walk()
        walk.indexByName.reserveCapacity(given.count + 64)
        for index in given.indices { _ = walk.indexByName.insertIfAbsent(given[index].name, position: index) }
        walk.order.reserveCapacity(given.count + 16)

        given.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                walk.order.append(index)
                walk.pushChildren(buffer.baseAddress! + index)
                walk.drain(lookup)
            }
        }
        for root in roots {
            if let root { walk.stack.append(root); walk.drain(lookup) }
        }
        for directive in directives where !directive.isGeneratorDirective {
            for argument in directive.arguments.elements { walk.stack.append(argument.type.namedType); walk.drain(lookup) }
        }
        walk.stack.append("__Schema")
        walk.drain(lookup)
        let ownCount = walk.added.count
        for directive in directives where directive.isGeneratorDirective {
            for argument in directive.arguments.elements { walk.stack.append(argument.type.namedType); walk.drain(lookup) }
        }
        let generatorOnly = Set(walk.added[ownCount...].map(\.name))

        var result = NamedList<NamedTypeDef>()
        result.reserveCapacity(walk.order.count)
        for entry in walk.order { result.append(entry >= 0 ? given[entry] : walk.added[-1 - entry]) }
        given = []
        return (result, generatorOnly)
    }

    /// The state of the walk: a struct with mutating methods rather than local functions sharing
    /// captured variables, whose every access was checked for exclusivity at run time.
    private struct Walk {
        /// Every name placed so far: a given index (>= 0) or -1 - index into `added`. One table, so
        /// that each reference costs one hash.
        var indexByName = NameIndex()
        /// Types that are not given, in the order they are first reached.
        var added: [NamedTypeDef] = []
        /// Entries of the result: a given index (>= 0) or -1 - index into `added`.
        var order: [Int] = []
        var stack: [String] = []

        // Reads through unsafe buffers: iterating the arrays would copy every field and argument.
        // Names already placed are not pushed: they would be skipped when popped. Only standard
        // types can be added, so other names (most references) need no lookup at all.
        mutating func push(_ name: String) {
            if BuiltIns.mayBeStandardType(name) && indexByName.position(of: name) == nil { stack.append(name) }
        }

        mutating func pushChildren(_ type: UnsafePointer<NamedTypeDef>) {
            let start = stack.count
            switch type.pointee.kind {
            case .union:
                for name in type.pointee.possibleTypes { push(name) }
            case .object, .interface:
                for name in type.pointee.interfaces { push(name) }
                type.pointee.fields.elements.withUnsafeBufferPointer { fields in
                    for field in fields.indices {
                        push(fields[field].type.namedType)
                        fields[field].arguments.elements.withUnsafeBufferPointer { arguments in
                            for argument in arguments.indices { push(arguments[argument].type.namedType) }
                        }
                    }
                }
            case .inputObject:
                type.pointee.inputFields.elements.withUnsafeBufferPointer { fields in
                    for field in fields.indices { push(fields[field].type.namedType) }
                }
            case .scalar, .enum:
                break
            }
            stack[start...].reverse()
        }

        /// Depth-first, pre-order: a type is added when first reached, then what it references.
        mutating func drain(_ lookup: (String) -> NamedTypeDef?) {
            while let name = stack.popLast() {
                if indexByName.position(of: name) != nil { continue }
                guard let type = lookup(name) else { continue }
                _ = indexByName.insertIfAbsent(name, position: -1 - added.count)
                order.append(-1 - added.count)
                withUnsafePointer(to: type) { pushChildren($0) }
                added.append(type)
            }
        }
    }
}
