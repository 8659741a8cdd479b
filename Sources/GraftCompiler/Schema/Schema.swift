import GraftLanguage

/// A GraphQL schema (Section 3): named types, directives and root operation types.
///
/// Built by `SchemaBuilder` from SDL files or from an introspection result; immutable values
/// that are cheap to share across tasks.
public struct Schema: Sendable {
    /// The schema description, or nil.
    public var description: String?
    /// All named types, in the order graphql-js's type map has them (printing follows it).
    public var types: NamedList<NamedTypeDef>
    /// All directives, built-ins included.
    public var directives: NamedList<DirectiveDef>
    /// The query root type's name.
    public var queryType: String?
    /// The mutation root type's name.
    public var mutationType: String?
    /// The subscription root type's name.
    public var subscriptionType: String?
    /// Directives applied to the schema definition and extensions.
    public var schemaDirectives: [AppliedDirective]
    /// The span of the schema definition, if any.
    public var schemaSpan: SourceSpan?
    /// Object types implementing each interface (directly), and union members, by abstract type name.
    public var implementations: [String: [String]]
    /// The `schema { }` definition with its source, if any.
    public var definition: Located<SchemaDefinition>?
    /// The `extend schema` nodes with their sources, in order.
    public var extensions: [Located<SchemaDefinition>]
    /// Types in `types` only because the generator's directives use them (`Int` for `@stream`'s
    /// `initialCount` in a schema that never mentions `Int`): the schema neither defines nor
    /// references them, so operations may not name them (graphql-js reports them unknown).
    public var generatorOnlyTypes: Set<String>

    /// Creates a schema.
    public init(description: String? = nil, types: NamedList<NamedTypeDef>, directives: NamedList<DirectiveDef>,
                queryType: String?, mutationType: String?, subscriptionType: String?,
                schemaDirectives: [AppliedDirective] = [], schemaSpan: SourceSpan? = nil,
                definition: Located<SchemaDefinition>? = nil, extensions: [Located<SchemaDefinition>] = [],
                generatorOnlyTypes: Set<String> = []) {
        self.description = description
        self.types = types
        self.directives = directives
        self.queryType = queryType
        self.mutationType = mutationType
        self.subscriptionType = subscriptionType
        self.schemaDirectives = schemaDirectives
        self.schemaSpan = schemaSpan
        self.definition = definition
        self.extensions = extensions
        self.generatorOnlyTypes = generatorOnlyTypes
        var implementations: [String: [String]] = [:]
        for index in types.elements.indices where !types.elements[index].interfaces.isEmpty {
            let kind = types.elements[index].kind
            guard kind == .object || kind == .interface else { continue }
            for interface in types.elements[index].interfaces {
                implementations[interface, default: []].append(types.elements[index].name)
            }
        }
        self.implementations = implementations
    }

    /// The named type called `name`, or nil.
    public func type(named name: String) -> NamedTypeDef? { types[name] }

    /// Whether the schema defines or references a type called `name` (graphql-js's type map):
    /// a type of `types` that is not one of the `generatorOnlyTypes`.
    public func hasOwnType(named name: String) -> Bool {
        types.contains(name: name) && (generatorOnlyTypes.isEmpty || !generatorOnlyTypes.contains(name))
    }

    /// The kind of the named type called `name`, or nil (cheaper than copying the type).
    public func kind(of name: String) -> TypeKind? {
        guard let index = types.index(of: name) else { return nil }
        return types.elements[index].kind
    }

    /// The root type for an operation type, or nil.
    public func rootType(for operation: OperationType) -> NamedTypeDef? {
        switch operation {
        case .query: return queryType.flatMap { types[$0] }
        case .mutation: return mutationType.flatMap { types[$0] }
        case .subscription: return subscriptionType.flatMap { types[$0] }
        }
    }

    /// The object types an abstract type can be: union members, or objects implementing the
    /// interface (directly or through other interfaces); for an object, itself.
    public func possibleTypes(of type: NamedTypeDef) -> [String] {
        switch type.kind {
        case .union: return type.possibleTypes
        case .object: return [type.name]
        case .interface:
            return (implementations[type.name] ?? []).filter { types[$0]?.kind == .object }
        default: return []
        }
    }

    /// Whether `possible` is a possible type of `abstract` (graphql-js `isSubType` for objects and
    /// interfaces: an interface is a sub-type of the interfaces it implements).
    public func isSubType(_ abstract: NamedTypeDef, _ possible: NamedTypeDef) -> Bool {
        switch abstract.kind {
        case .union: return abstract.possibleTypes.contains(possible.name)
        case .interface: return possible.interfaces.contains(abstract.name)
        default: return false
        }
    }

    /// The field `name` of a composite type, including the introspection fields `__typename`
    /// (on every composite type) and `__schema` / `__type` (on the query root).
    public func field(_ name: String, on type: NamedTypeDef) -> FieldDef? {
        if name == "__typename" && type.isComposite { return Introspection.typenameField }
        if type.name == queryType {
            if name == "__schema" { return Introspection.schemaField }
            if name == "__type" { return Introspection.typeField }
        }
        return type.fields[name]
    }
}

/// The introspection meta-fields (Section 4.2).
public enum Introspection {
    /// `__typename: String!`.
    public static let typenameField = FieldDef(
        name: "__typename", description: "The name of the current Object type at runtime.", type: .nonNull(.named("String")))
    /// `__schema: __Schema!`.
    public static let schemaField = FieldDef(
        name: "__schema", description: "Access the current type schema of this server.", type: .nonNull(.named("__Schema")))
    /// `__type(name: String!): __Type`.
    public static let typeField = FieldDef(
        name: "__type", description: "Request the type information of a single type.",
        arguments: NamedList([InputValueDef(name: "name", type: .nonNull(.named("String")))]), type: .named("__Type"))
}
