import GraftLanguage

/// Unique Argument Definition Names (Sections 3.6.1, 3.13): the arguments of a field or directive
/// definition are unique (graphql-js `UniqueArgumentDefinitionNamesRule`).
extension SDLValidationContext {
    mutating func checkUniqueArgumentDefinitionNames() {
        var found: [(Int, Source, Int, String, [InputValueDefinition])] = []
        forEachDefinition { index, source, definition in
            switch definition {
            case .directive(let node):
                found.append((index, source, node.range.start, "@\(node.name.value)", node.arguments))
            case .type(let type), .typeExtension(let type):
                switch type {
                case .object(let node), .interface(let node):
                    for field in node.fields {
                        found.append((index, source, node.range.start, "\(node.name.value).\(field.name.value)", field.arguments))
                    }
                default: break
                }
            default: break
            }
        }
        for (index, source, start, parentName, arguments) in found {
            for (name, names) in SDLValidationContext.groupByName(arguments.map(\.name)) where names.count > 1 {
                report(GraphQLError("Argument \"\(parentName)(\(name):)\" can only be defined once.",
                                    locations: names.map { SourceSpan(source: source, range: $0.range) }),
                       document: index, offset: start)
            }
        }
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
