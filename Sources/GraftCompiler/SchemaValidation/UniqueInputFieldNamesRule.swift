import GraftLanguage

/// Input Object Field Uniqueness (Section 5.6.3, for values in type-system documents): an object
/// value gives each field once (graphql-js `UniqueInputFieldNamesRule`).
extension SDLValidationContext {
    mutating func checkUniqueInputFieldNames() {
        var found: [(Int, GraphQLError, Int)] = []
        func visit(_ value: Value, _ index: Int, _ source: Source) {
            switch value {
            case .list(let values, _):
                for item in values { visit(item, index, source) }
            case .object(let fields, _):
                var known: [String: SourceSpan] = [:]
                for field in fields {
                    let span = SourceSpan(source: source, range: field.name.range)
                    if let previous = known[field.name.value] {
                        found.append((index, GraphQLError("There can be only one input field named \"\(field.name.value)\".",
                                                          locations: [previous, span]), field.range.start))
                    } else {
                        known[field.name.value] = span
                    }
                    visit(field.value, index, source)
                }
            default:
                break
            }
        }
        forEachValue { index, source, value in visit(value, index, source) }
        for (index, error, offset) in found { report(error, document: index, offset: offset) }
    }
}
