import GraftLanguage

/// Root Operation Types (Section 3.3.1): a query root type must exist, and every root type must
/// be an object type (graphql-js `validateRootTypes`).
extension SchemaValidationContext {
    mutating func validateRootTypes() {
        if let name = schema.queryType, let type = schema.types[name] {
            if type.kind != .object {
                report("Query root type must be Object type, it cannot be \(name).",
                       [operationTypeSpan(.query) ?? type.span])
            }
        } else {
            report("Query root type must be provided.", [schema.schemaSpan])
        }
        for (operation, word) in [(OperationType.mutation, "Mutation"), (.subscription, "Subscription")] {
            let name = operation == .mutation ? schema.mutationType : schema.subscriptionType
            guard let name, let type = schema.types[name], type.kind != .object else { continue }
            report("\(word) root type must be Object type if provided, it cannot be \(name).",
                   [operationTypeSpan(operation) ?? type.span])
        }
    }

    /// The span of the first `operation: Type` type node in the schema definition and extensions.
    private func operationTypeSpan(_ operation: OperationType) -> SourceSpan? {
        for node in [schema.definition].compactMap({ $0 }) + schema.extensions {
            if let operationType = node.node.operationTypes.first(where: { $0.operation == operation }) {
                return node.span(operationType.type.range)
            }
        }
        return nil
    }
}
