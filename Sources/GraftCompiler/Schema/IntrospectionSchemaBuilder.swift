import Foundation
import GraftLanguage

/// Builds a schema from an introspection result (graphql-js `buildClientSchema`): the JSON of
/// `{"data": {"__schema": ...}}` or `{"__schema": ...}`. Types keep the result's order; the
/// specified scalars and introspection types are the built-in ones; directives are exactly those
/// of the result.
public enum IntrospectionSchemaBuilder {
    /// Builds a schema from introspection JSON bytes.
    /// - Parameter sourceName: the file name used in error messages.
    /// - Throws: `SchemaError` when the JSON is not an introspection result.
    public static func build(json data: Data, sourceName: String = "<introspection>") throws(SchemaError) -> Schema {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw failure("\(sourceName): invalid JSON: \(error.localizedDescription)")
        }
        var root = object as? [String: Any]
        if let data = root?["data"] as? [String: Any] { root = data }
        guard let schema = root?["__schema"] as? [String: Any] else {
            throw failure("Invalid or incomplete introspection result. Ensure that you are passing \"data\" property of introspection response and no \"errors\" was returned alongside: \(sourceName).")
        }
        return try build(schema: schema)
    }

    /// Builds a schema from the decoded `__schema` object.
    static func build(schema: [String: Any]) throws(SchemaError) -> Schema {
        guard let typeObjects = schema["types"] as? [[String: Any]] else {
            throw failure("Invalid or incomplete schema, unknown type: types.")
        }
        var types: [NamedTypeDef] = []
        var indexByName: [String: Int] = [:]
        for object in typeObjects {
            let type = try makeType(object)
            let resolved = BuiltIns.standardTypes[type.name] ?? type
            if let index = indexByName[type.name] {
                types[index] = resolved
            } else {
                indexByName[type.name] = types.count
                types.append(resolved)
            }
        }
        func rootName(_ key: String) throws(SchemaError) -> String? {
            guard let object = schema[key] as? [String: Any] else { return nil }
            guard let name = object["name"] as? String, let index = indexByName[name], types[index].kind == .object else {
                throw failure("Introspection result is missing a valid \(key).")
            }
            return name
        }
        let query = try rootName("queryType")
        let mutation = try rootName("mutationType")
        let subscription = try rootName("subscriptionType")
        var directives: [DirectiveDef] = []
        for object in schema["directives"] as? [[String: Any]] ?? [] { directives.append(try makeDirective(object)) }
        let (ordered, _) = TypeMapOrder.order(given: types, roots: [query, mutation, subscription], directives: directives) {
            BuiltIns.standardTypes[$0]
        }
        return Schema(description: schema["description"] as? String, types: ordered,
                      directives: NamedList(directives), queryType: query, mutationType: mutation,
                      subscriptionType: subscription)
    }

    private static func makeType(_ object: [String: Any]) throws(SchemaError) -> NamedTypeDef {
        guard let name = object["name"] as? String, let kindName = object["kind"] as? String,
              let kind = TypeKind(rawValue: kindName) else {
            throw failure("Invalid or incomplete introspection result. Ensure that a full introspection query is used in order to build a client schema: \(object["name"] as? String ?? "?").")
        }
        var type = NamedTypeDef(name: name, kind: kind, description: object["description"] as? String)
        switch kind {
        case .scalar:
            type.specifiedByURL = object["specifiedByURL"] as? String
        case .object, .interface:
            type.interfaces = (object["interfaces"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            guard let fields = object["fields"] as? [[String: Any]] else {
                throw failure("Introspection result missing fields: \(name).")
            }
            for field in fields { type.fields.update(try makeField(field)) }
        case .union:
            guard let members = object["possibleTypes"] as? [[String: Any]] else {
                throw failure("Introspection result missing possibleTypes: \(name).")
            }
            type.possibleTypes = members.compactMap { $0["name"] as? String }
        case .enum:
            guard let values = object["enumValues"] as? [[String: Any]] else {
                throw failure("Introspection result missing enumValues: \(name).")
            }
            for value in values {
                guard let valueName = value["name"] as? String else { continue }
                type.enumValues.update(EnumValueDef(name: valueName, description: value["description"] as? String,
                                                    deprecationReason: value["deprecationReason"] as? String))
            }
        case .inputObject:
            guard let fields = object["inputFields"] as? [[String: Any]] else {
                throw failure("Introspection result missing inputFields: \(name).")
            }
            for field in fields { type.inputFields.update(try makeInputValue(field)) }
            type.isOneOf = object["isOneOf"] as? Bool ?? false
        }
        return type
    }

    private static func makeField(_ object: [String: Any]) throws(SchemaError) -> FieldDef {
        guard let name = object["name"] as? String, let typeObject = object["type"] as? [String: Any] else {
            throw failure("Introspection result missing a field name or type.")
        }
        guard let arguments = object["args"] as? [[String: Any]] else {
            throw failure("Introspection result missing field args: \(name).")
        }
        var argumentList = NamedList<InputValueDef>()
        for argument in arguments { argumentList.update(try makeInputValue(argument)) }
        return FieldDef(name: name, description: object["description"] as? String, arguments: argumentList,
                        type: try typeRef(typeObject), deprecationReason: object["deprecationReason"] as? String)
    }

    private static func makeInputValue(_ object: [String: Any]) throws(SchemaError) -> InputValueDef {
        guard let name = object["name"] as? String, let typeObject = object["type"] as? [String: Any] else {
            throw failure("Introspection result missing an input value name or type.")
        }
        var defaultValue: Value?
        if let text = object["defaultValue"] as? String {
            defaultValue = try? parseConstValue(Source(text, name: "defaultValue"))
        }
        return InputValueDef(name: name, description: object["description"] as? String, type: try typeRef(typeObject),
                             defaultValue: defaultValue, deprecationReason: object["deprecationReason"] as? String)
    }

    private static func makeDirective(_ object: [String: Any]) throws(SchemaError) -> DirectiveDef {
        guard let name = object["name"] as? String else { throw failure("Introspection result missing a directive name.") }
        guard let arguments = object["args"] as? [[String: Any]] else {
            throw failure("Introspection result missing directive args: @\(name).")
        }
        guard let locationNames = object["locations"] as? [String] else {
            throw failure("Introspection result missing directive locations: @\(name).")
        }
        var argumentList = NamedList<InputValueDef>()
        for argument in arguments { argumentList.update(try makeInputValue(argument)) }
        return DirectiveDef(name: name, description: object["description"] as? String, arguments: argumentList,
                            isRepeatable: object["isRepeatable"] as? Bool ?? false,
                            locations: locationNames.compactMap(DirectiveLocation.init(rawValue:)))
    }

    private static func typeRef(_ object: [String: Any]) throws(SchemaError) -> TypeRef {
        let kind = object["kind"] as? String
        if kind == "LIST" || kind == "NON_NULL" {
            guard let inner = object["ofType"] as? [String: Any] else {
                throw failure("Decorated type deeper than introspection query.")
            }
            let innerType = try typeRef(inner)
            return kind == "LIST" ? .list(innerType) : .nonNull(innerType)
        }
        guard let name = object["name"] as? String else { throw failure("Unknown type reference: missing name.") }
        return .named(name)
    }

    private static func failure(_ message: String) -> SchemaError {
        SchemaError(errors: [GraphQLError(message)])
    }
}
