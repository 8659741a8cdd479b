import Foundation
import GraftLanguage
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GraftTestSupport
import Testing

/// The server serves exactly the example API of Schemas/: every type, field, argument, default
/// value, description, deprecation, interface, union member, enum value, `@specifiedBy` URL and
/// `@oneOf` flag, compared through introspection. (Scripts/compare-server-schema.js does the
/// same with graphql-js.) Each type is summarized as lines, one per member, and the lines compared.
@Suite("Schema parity", .timingSensitive)
struct SchemaParityTests {
    static let introspection = """
        query Parity {
          __schema { types { ...T } }
        }
        fragment T on __Type {
          kind name description specifiedByURL isOneOf
          interfaces { name } possibleTypes { name }
          fields(includeDeprecated: true) {
            name description isDeprecated deprecationReason type { ...Ref }
            args { name description defaultValue type { ...Ref } }
          }
          inputFields { name description defaultValue type { ...Ref } }
          enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
        }
        fragment Ref on __Type {
          kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } }
        }
        """

    @Test("every type of Schemas/ is served as declared, and nothing else")
    func schemaMatches() async throws {
        let declared = try Self.declaredTypes()
        let client = try await TestClient.make()
        let (data, _) = try await client.graphQL(Self.introspection)
        let json = try JSON(data: data)
        #expect(json["errors"].isMissing, "\(json["errors"])")
        var served: [String: [String]] = [:]
        for type in json["data"]["__schema"]["types"].array ?? [] {
            guard let name = type["name"].string, !name.hasPrefix("__"),
                  !["String", "Int", "Float", "Boolean", "ID"].contains(name) else { continue }
            served[name] = Self.lines(served: type)
        }
        #expect(Set(served.keys) == Set(declared.keys))
        #expect(declared.count == 43)
        for (name, lines) in declared.sorted(by: { $0.key < $1.key }) {
            #expect(served[name] == lines, "type \(name)")
        }
    }

    // MARK: Schemas/ side

    static func declaredTypes() throws -> [String: [String]] {
        let folder = TestServer.packageRoot.appendingPathComponent("Schemas")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".graphqls") }
        var types: [String: [String]] = [:]
        for file in files.sorted() {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for case .type(let definition) in try parse(Source(text, name: file)).definitions {
                types[definition.name.value] = lines(declared: definition)
            }
        }
        return types
    }

    static func lines(declared definition: TypeDefinition) -> [String] {
        var lines = ["\(kind(definition)) \(definition.name.value) \(quoted(definition.description?.value))"]
        switch definition {
        case .scalar(let scalar):
            lines.append("specifiedBy \(argument("url", of: "specifiedBy", in: scalar.directives) ?? "-")")
        case .object(let object), .interface(let object):
            lines.append("implements " + object.interfaces.map(\.name.value).joined(separator: " & "))
            for field in object.fields {
                lines.append(fieldLine(field.name.value, field.type.description, field.description?.value,
                                       argument("reason", of: "deprecated", in: field.directives)))
                for input in field.arguments { lines.append("  " + inputLine(input)) }
            }
        case .union(let union):
            lines.append("members " + union.types.map(\.name.value).sorted().joined(separator: " | "))
        case .enum(let enumeration):
            for value in enumeration.values {
                lines.append(fieldLine(value.name.value, "", value.description?.value,
                                       argument("reason", of: "deprecated", in: value.directives)))
            }
        case .inputObject(let input):
            lines.append("oneOf \(input.directives.contains { $0.name.value == "oneOf" })")
            for field in input.fields { lines.append(inputLine(field)) }
        }
        return lines
    }

    static func kind(_ definition: TypeDefinition) -> String {
        switch definition {
        case .scalar: return "SCALAR"
        case .object: return "OBJECT"
        case .interface: return "INTERFACE"
        case .union: return "UNION"
        case .enum: return "ENUM"
        case .inputObject: return "INPUT_OBJECT"
        }
    }

    static func argument(_ name: String, of directive: String, in directives: [Directive]) -> String? {
        guard let applied = directives.first(where: { $0.name.value == directive }) else { return nil }
        guard let value = applied.arguments.first(where: { $0.name.value == name })?.value else {
            return directive == "deprecated" ? "No longer supported" : nil
        }
        if case .string(let string) = value { return string.value }
        return Printer.print(value)
    }

    static func inputLine(_ input: InputValueDefinition) -> String {
        "input \(input.name.value): \(input.type.description) = \(input.defaultValue.map(Printer.print) ?? "-") "
            + quoted(input.description?.value)
    }

    // MARK: Server side

    static func lines(served type: JSON) -> [String] {
        let kind = type["kind"].string ?? "?"
        var lines = ["\(kind) \(type["name"].string ?? "?") \(quoted(type["description"].string))"]
        switch kind {
        case "SCALAR":
            lines.append("specifiedBy \(type["specifiedByURL"].string ?? "-")")
        case "OBJECT", "INTERFACE":
            lines.append("implements " + (type["interfaces"].array ?? []).compactMap(\.["name"].string).joined(separator: " & "))
            for field in type["fields"].array ?? [] {
                lines.append(fieldLine(field["name"].string ?? "?", typeReference(field["type"]), field["description"].string,
                                       field["isDeprecated"].bool == true ? field["deprecationReason"].string ?? "" : nil))
                for input in field["args"].array ?? [] { lines.append("  " + inputLine(served: input)) }
            }
        case "UNION":
            lines.append("members " + (type["possibleTypes"].array ?? []).compactMap(\.["name"].string).sorted()
                .joined(separator: " | "))
        case "ENUM":
            for value in type["enumValues"].array ?? [] {
                lines.append(fieldLine(value["name"].string ?? "?", "", value["description"].string,
                                       value["isDeprecated"].bool == true ? value["deprecationReason"].string ?? "" : nil))
            }
        default:
            lines.append("oneOf \(type["isOneOf"].bool == true)")
            for field in type["inputFields"].array ?? [] { lines.append(inputLine(served: field)) }
        }
        return lines
    }

    static func inputLine(served input: JSON) -> String {
        "input \(input["name"].string ?? "?"): \(typeReference(input["type"])) = \(canonical(input["defaultValue"].string)) "
            + quoted(input["description"].string)
    }

    /// graphql-core prints `{ a: 1 }` where graphql-js prints `{a: 1}`: reprint through GraftLanguage.
    static func canonical(_ defaultValue: String?) -> String {
        guard let defaultValue else { return "-" }
        guard let value = try? parseConstValue(Source(defaultValue)) else { return "unparsable: \(defaultValue)" }
        return Printer.print(value)
    }

    static func typeReference(_ type: JSON) -> String {
        switch type["kind"].string {
        case "NON_NULL": return typeReference(type["ofType"]) + "!"
        case "LIST": return "[" + typeReference(type["ofType"]) + "]"
        default: return type["name"].string ?? "?"
        }
    }

    // MARK: Shared

    static func fieldLine(_ name: String, _ type: String, _ description: String?, _ deprecation: String?) -> String {
        "field \(name): \(type) \(quoted(description)) deprecated=\(quoted(deprecation))"
    }

    static func quoted(_ text: String?) -> String {
        text.map { StringLiteral.print($0) } ?? "-"
    }
}
