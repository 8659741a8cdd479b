/// An operation ready to send: what every transport needs, independent of the generated type.
public struct GraphQLRequest: Sendable, Hashable {
    /// The operation's name.
    public var operationName: String
    /// Query, mutation or subscription.
    public var operationKind: OperationKind
    /// The text and/or persisted identifier.
    public var document: OperationDocument
    /// The variables, absent ones already left out.
    public var variables: [String: JSONValue]
    /// Request extensions (for example `persistedQuery`).
    public var extensions: [String: JSONValue]

    /// Creates a request.
    public init(operationName: String, operationKind: OperationKind, document: OperationDocument,
                variables: [String: JSONValue] = [:], extensions: [String: JSONValue] = [:]) {
        self.operationName = operationName
        self.operationKind = operationKind
        self.document = document
        self.variables = variables
        self.extensions = extensions
    }

    /// The request for a generated operation.
    public init<Operation: GraphQLOperation>(_ operation: Operation) {
        self.init(operationName: Operation.operationName, operationKind: Operation.operationKind,
                  document: Operation.document, variables: operation.requestVariables)
    }

    /// The GraphQL-over-HTTP request body: `query` (unless left out), `operationName`, `variables`, `extensions`.
    public func body(includingQuery: Bool) -> JSONValue {
        var fields: [String: JSONValue] = ["operationName": .string(operationName)]
        if includingQuery, let definition = document.definition { fields["query"] = .string(definition) }
        if !variables.isEmpty { fields["variables"] = .object(variables) }
        if !extensions.isEmpty { fields["extensions"] = .object(extensions) }
        return .object(fields)
    }
}
