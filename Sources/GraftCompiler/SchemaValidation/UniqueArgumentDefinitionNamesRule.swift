import GraftLanguage

/// Unique Argument Definition Names (Sections 3.6.1, 3.13): the arguments of a field or directive
/// definition are unique (graphql-js `UniqueArgumentDefinitionNamesRule`).
extension SDLValidationContext {
    mutating func checkUniqueArgumentDefinitionNames() {
        var found: [(Int, Int, GraphQLError)] = []
        func check(_ index: Int, _ source: Source, _ start: Int, _ parentName: () -> String, _ arguments: [InputValueDefinition]) {
            guard arguments.count > 1 else { return }
            var hasDuplicate = false
            for position in 1..<arguments.count where !hasDuplicate {
                let name = arguments[position].name.value
                hasDuplicate = arguments[..<position].contains { $0.name.value == name }
            }
            guard hasDuplicate else { return }
            for (name, names) in SDLValidationContext.groupByName(arguments.map(\.name)) where names.count > 1 {
                found.append((index, start, GraphQLError("Argument \"\(parentName())(\(name):)\" can only be defined once.",
                                                         locations: names.map { SourceSpan(source: source, range: $0.range) })))
            }
        }
        forEachDefinitionNode(type: { node, source in
            // Read in place: iterating copies every field node.
            node.pointee.fields.forEachInPlace { field in
                guard field.pointee.arguments.count > 1 else { return }
                check(node.pointee.document, source, node.pointee.range.start,
                      { "\(node.pointee.name.value).\(field.pointee.name.value)" }, field.pointee.arguments)
            }
        }, other: { index, source, definition in
            if case .directive(let node) = definition.pointee {
                check(index, source, node.range.start, { "@\(node.name.value)" }, node.arguments)
            }
        })
        for (index, offset, error) in found { report(error, document: index, offset: offset) }
    }

    /// Groups names by value, in order of first appearance (graphql-js `groupBy`).
    static func groupByName(_ names: [Name]) -> [(String, [Name])] {
        var order: [String] = []
        var groups: [String: [Name]] = [:]
        for name in names {
            if groups[name.value] == nil { order.append(name.value) }
            groups[name.value, default: []].append(name)
        }
        return order.map { ($0, groups[$0]!) }
    }
}
