@_spi(Generated) import GraftAPI

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
    /// The files in the variables (each `null` in ``variables``), sent as a multipart request
    /// (``GraphQLMultipartBody``); empty for an ordinary request.
    public var uploads: [GraphQLUpload]
    /// The `onError` request parameter (`"NULL"`, `"PROPAGATE"` or `"HALT"`), or nil to send none:
    /// a generated operation's is its schema's (`SchemaMetadata.onError`).
    public var onError: String?

    /// Creates a request.
    public init(operationName: String, operationKind: OperationKind, document: OperationDocument,
                variables: [String: JSONValue] = [:], extensions: [String: JSONValue] = [:], uploads: [GraphQLUpload] = []) {
        self.operationName = operationName
        self.operationKind = operationKind
        self.document = document
        self.variables = variables
        self.extensions = extensions
        self.uploads = uploads
    }

    /// The request for a generated operation.
    public init<Operation: GraphQLOperation>(_ operation: Operation) {
        self.init(operationName: Operation.operationName, operationKind: Operation.operationKind,
                  document: Operation.document, variables: operation.requestVariables,
                  uploads: InputValue.files(in: operation.__variables, at: "variables"))
        onError = Operation.__schema?.onError
    }

    /// The GraphQL-over-HTTP request body: `query` (unless left out), `operationName`, `variables`,
    /// `extensions`, and `onError` when set.
    public func body(includingQuery: Bool) -> JSONValue {
        var fields: [String: JSONValue] = ["operationName": .string(operationName)]
        if includingQuery, let definition = document.definition { fields["query"] = .string(definition) }
        if !variables.isEmpty { fields["variables"] = .object(variables) }
        if !extensions.isEmpty { fields["extensions"] = .object(extensions) }
        if let onError { fields["onError"] = .string(onError) }
        return .object(fields)
    }
}
