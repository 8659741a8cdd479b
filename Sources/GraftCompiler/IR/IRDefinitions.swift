import GraftLanguage

/// A variable of an operation.
public struct IRVariable: Sendable, Hashable {
    /// The name, without `$`.
    public let name: String
    /// The type.
    public let type: TypeRef
    /// The default value, or nil.
    public let defaultValue: Value?
}

/// An operation compiled against the schema.
public struct IROperation: Sendable, Hashable {
    /// The name (code generation requires named operations).
    public let name: String
    /// Query, mutation or subscription.
    public let kind: OperationType
    /// The description, or nil.
    public let description: String?
    /// The variables, in order.
    public let variables: [IRVariable]
    /// The root type's name.
    public let rootType: String
    /// The merged selections.
    public let selectionSet: IRSelectionSet
    /// The one-line source sent to servers (`__typename` added), without fragments.
    public let source: String
    /// The fragments it uses, directly or through other fragments, sorted by name.
    public let referencedFragments: [String]
    /// Whether it carries `@apollo_client_ios_localCacheMutation` (never sent to a server).
    public let isLocalCacheMutation: Bool
    /// The file it was defined in.
    public let sourceName: String
}

/// A fragment compiled against the schema.
public struct IRFragment: Sendable, Hashable {
    /// The name.
    public let name: String
    /// The type condition.
    public let typeCondition: String
    /// The description, or nil.
    public let description: String?
    /// The merged selections.
    public let selectionSet: IRSelectionSet
    /// The one-line source (`__typename` added).
    public let source: String
    /// The fragments it uses, directly or transitively, sorted by name.
    public let referencedFragments: [String]
    /// Whether it carries `@apollo_client_ios_localCacheMutation`.
    public let isLocalCacheMutation: Bool
    /// The file it was defined in.
    public let sourceName: String
}

/// Operations and fragments compiled against a schema, with the schema types they use.
public struct IRDocument: Sendable {
    /// The schema.
    public let schema: Schema
    /// The operations, in document order.
    public let operations: [IROperation]
    /// The fragments, in document order.
    public let fragments: [IRFragment]
    /// Enums, input objects and custom scalars used by the operations and fragments (sorted).
    public let referencedTypes: [String]
    /// Interfaces and unions used as field types or type conditions (sorted).
    public let abstractTypes: [String]
    /// Enums that variables or input object fields take (they get input shortcuts).
    public let inputEnums: Set<String>

    /// The fragment called `name`, or nil.
    public func fragment(named name: String) -> IRFragment? { fragments.first { $0.name == name } }

    /// The text sent for an operation: its one-line source, then each referenced fragment's
    /// one-line source (sorted by name), each after a newline.
    public func fullSource(of operation: IROperation) -> String {
        fullSource(of: operation, separator: "\n")
    }

    /// What Apollo iOS hashes for an operation's persisted-query identifier: the sources joined
    /// like `fullSource(of:)` but by the two characters `\` and `n` (Apollo iOS builds the text
    /// with a raw string literal, `#"\n"#`); matching it keeps existing manifests valid.
    public func identifierSource(of operation: IROperation) -> String {
        fullSource(of: operation, separator: "\\n")
    }

    private func fullSource(of operation: IROperation, separator: String) -> String {
        var text = operation.source
        for name in operation.referencedFragments {
            if let fragment = fragment(named: name) { text += separator + fragment.source }
        }
        return text
    }
}
