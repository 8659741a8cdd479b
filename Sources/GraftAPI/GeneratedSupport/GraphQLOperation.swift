/// The kind of an operation.
@frozen
public enum OperationKind: String, Sendable, Hashable {
    /// A read.
    case query
    /// A write.
    case mutation
    /// A stream of events.
    case subscription
}

/// What is sent to identify an operation: its full text, a persisted-query identifier, or both.
public struct OperationDocument: Sendable, Hashable {
    /// The SHA-256 identifier (Apollo's algorithm), when generated.
    public let operationIdentifier: String?
    /// The operation's text with the fragments it uses, when generated.
    public let definition: String?
    /// The name of the operation the definition starts with (`query HeroName …` → `HeroName`),
    /// nil without a definition or a name.
    public let operationName: String?

    /// Creates a document.
    public init(operationIdentifier: String? = nil, definition: String? = nil) {
        self.operationIdentifier = operationIdentifier
        self.definition = definition
        self.operationName = definition.flatMap(Self.name)
    }

    /// The name after the leading `query`, `mutation` or `subscription` keyword.
    static func name(_ definition: String) -> String? {
        let isName: (Character) -> Bool = { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        var rest = definition.drop { $0.isWhitespace }
        guard let keyword = ["query", "mutation", "subscription"].first(where: { rest.hasPrefix($0) }) else { return nil }
        rest = rest.dropFirst(keyword.count)
        guard rest.first?.isWhitespace == true else { return nil }
        let name = rest.drop { $0.isWhitespace }.prefix(while: isName)
        return name.isEmpty || name.first?.isNumber == true ? nil : String(name)
    }

    /// Creates a document whose text is `definition` followed by each fragment's definition,
    /// each after a newline (what generated operations use).
    public init(operationIdentifier: String? = nil, definition: String, fragments: [any Fragment.Type]) {
        var text = definition
        for fragment in fragments { text += "\n" + fragment.fragmentDefinition }
        self.init(operationIdentifier: operationIdentifier, definition: text)
    }
}

/// A generated operation: its name, kind, document and variables, and the type of its data.
public protocol GraphQLOperation: Sendable {
    /// The typed result of the operation.
    associatedtype Data: SelectionSet
    /// The operation's name.
    static var operationName: String { get }
    /// Query, mutation or subscription.
    static var operationKind: OperationKind { get }
    /// The text and/or identifier to send.
    static var document: OperationDocument { get }
    /// The variables, absent ones included (they are left out when encoding).
    @_spi(Generated) var __variables: [String: any InputValueConvertible] { get }
    /// The default values of the variables that have one in the operation's text
    /// (`$count: Int = 2`), as JSON.
    @_spi(Generated) static var __variableDefaults: [String: JSONValue] { get }
    /// The generated schema metadata of the operation's module (key fields and possible types),
    /// which a `CacheStore` configured without one adopts; nil for hand-written operations.
    @_spi(Generated) static var __schema: SchemaMetadata? { get }
}

extension Dictionary where Key == String, Value == any InputValueConvertible {
    /// One variable: what an operation with one variable returns from `__variables`, as a call
    /// instead of a dictionary literal (cheaper to compile; see `Selection.field(_:_:argument:_:)`).
    @inline(never)
    @_spi(Generated) public static func __variable(_ name: String, _ value: any InputValueConvertible) -> Self {
        [name: value]
    }
}

extension GraphQLOperation {
    /// The name in the document's definition (generated operations that carry their text).
    public static var operationName: String { document.operationName ?? "" }
    @_spi(Generated) public var __variables: [String: any InputValueConvertible] { [:] }
    @_spi(Generated) public static var __variableDefaults: [String: JSONValue] { [:] }
    @_spi(Generated) public static var __schema: SchemaMetadata? { nil }

    /// The variables the operation executes with, as JSON: the given ones, and the default of
    /// each absent one that has one, as the server fills them in, so that the cache's field keys,
    /// field arguments and `@include`/`@skip` agree with the server; absent ones without a
    /// default are left out.
    public var variables: [String: JSONValue] {
        var values = requestVariables
        for (name, value) in Self.__variableDefaults where values[name] == nil { values[name] = value }
        return values
    }

    /// The variables as sent: the given ones as JSON, absent ones left out (defaults left out:
    /// the server applies them).
    public var requestVariables: [String: JSONValue] { InputValue.encode(__variables) }
}

/// A generated query.
public protocol GraphQLQuery: GraphQLOperation {}
/// A generated mutation.
public protocol GraphQLMutation: GraphQLOperation {}
/// A generated subscription.
public protocol GraphQLSubscription: GraphQLOperation {}

/// Generated schema metadata: possible types of abstract types and cache key fields.
public struct SchemaMetadata: Sendable, Hashable {
    /// Object typenames of each interface and union used by the operations.
    public let possibleTypes: [String: Set<String>]
    /// Key fields per type (from `@typePolicy(keyFields:)` or the configuration).
    public let keyFields: [String: [String]]
    /// Field policies by `"Type.field"` (paginated fields).
    public let fieldPolicies: [String: FieldPolicy]
    /// How long cached fields stay fresh, by type (`"Course"`) or field (`"Course.rating"`), from
    /// the configuration's `maxAges` (what Apollo Server's `@cacheControl(maxAge:)` says of them).
    public let maxAges: [String: Duration]
    /// The `onError` request parameter the schema's server accepts and the operations send
    /// (`"NULL"`: errors stay where they happen instead of nulling the enclosing non-null
    /// positions), from the configuration's `onError`; nil to send none, what servers that do not
    /// know the parameter need.
    public let onError: String?
    /// The names of the schema's root operation types that are not `Query`, `Mutation` and
    /// `Subscription` (Shopify's `QueryRoot`), by kind: the type names the cache looks a root
    /// field's policy and maximum age up under (`"QueryRoot.products"`), before the usual ones.
    public let rootTypenames: [OperationKind: String]

    /// Creates metadata.
    public init(possibleTypes: [String: Set<String>] = [:], keyFields: [String: [String]] = [:],
                fieldPolicies: [String: FieldPolicy] = [:], maxAges: [String: Duration] = [:], onError: String? = nil,
                rootTypenames: [OperationKind: String] = [:]) {
        self.possibleTypes = possibleTypes
        self.keyFields = keyFields
        self.fieldPolicies = fieldPolicies
        self.maxAges = maxAges
        self.onError = onError
        self.rootTypenames = rootTypenames
    }
}
