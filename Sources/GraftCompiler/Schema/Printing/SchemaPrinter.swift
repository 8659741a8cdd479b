import GraftLanguage

/// Prints a schema as SDL, byte-identical to graphql-js 16 `printSchema()`: the schema definition
/// when root names are not the defaults (or there is a description), then directives other than
/// graphql-js's specified ones, then types in type map order, leaving out the specified scalars and
/// introspection types; only `@deprecated` and `@specifiedBy` are printed as applied directives.
public enum SchemaPrinter {
    /// The SDL of `schema`, without a trailing newline.
    public static func print(_ schema: Schema) -> String {
        var parts: [String] = []
        if let definition = printSchemaDefinition(schema) { parts.append(definition) }
        for directive in schema.directives
        where !BuiltIns.graphQLJSSpecifiedDirectiveNames.contains(directive.name) && !directive.isBuiltIn {
            parts.append(printDirective(directive, schema: schema))
        }
        for type in schema.types where !BuiltIns.isStandardType(type.name) {
            parts.append(printType(type, schema: schema))
        }
        return parts.joined(separator: "\n\n")
    }

    /// One type's SDL (graphql-js `printType`).
    public static func printType(_ type: NamedTypeDef, schema: Schema) -> String {
        let head = description(type.description)
        switch type.kind {
        case .scalar:
            return head + "scalar \(type.name)" + specifiedBy(type.specifiedByURL)
        case .object:
            return head + "type \(type.name)" + implements(type) + fields(type, schema: schema)
        case .interface:
            return head + "interface \(type.name)" + implements(type) + fields(type, schema: schema)
        case .union:
            let members = type.possibleTypes.isEmpty ? "" : " = " + type.possibleTypes.joined(separator: " | ")
            return head + "union " + type.name + members
        case .enum:
            let values = type.enumValues.enumerated().map { index, value in
                description(value.description, indentation: "  ", firstInBlock: index == 0)
                    + "  " + value.name + deprecated(value.deprecationReason)
            }
            return head + "enum \(type.name)" + block(values)
        case .inputObject:
            let fields = type.inputFields.enumerated().map { index, field in
                description(field.description, indentation: "  ", firstInBlock: index == 0)
                    + "  " + inputValue(field, schema: schema)
            }
            return head + "input \(type.name)" + block(fields)
        }
    }

    /// A directive definition's SDL (graphql-js `printDirective`).
    public static func printDirective(_ directive: DirectiveDef, schema: Schema) -> String {
        description(directive.description) + "directive @" + directive.name
            + arguments(Array(directive.arguments), indentation: "", schema: schema)
            + (directive.isRepeatable ? " repeatable" : "")
            + " on " + directive.locations.map(\.rawValue).joined(separator: " | ")
    }

    private static func printSchemaDefinition(_ schema: Schema) -> String? {
        let commonNames = (schema.queryType ?? "Query") == "Query" && (schema.mutationType ?? "Mutation") == "Mutation"
            && (schema.subscriptionType ?? "Subscription") == "Subscription"
        if schema.description == nil && commonNames { return nil }
        var operationTypes: [String] = []
        if let query = schema.queryType { operationTypes.append("  query: \(query)") }
        if let mutation = schema.mutationType { operationTypes.append("  mutation: \(mutation)") }
        if let subscription = schema.subscriptionType { operationTypes.append("  subscription: \(subscription)") }
        return description(schema.description) + "schema {\n" + operationTypes.joined(separator: "\n") + "\n}"
    }

    private static func implements(_ type: NamedTypeDef) -> String {
        type.interfaces.isEmpty ? "" : " implements " + type.interfaces.joined(separator: " & ")
    }

    private static func fields(_ type: NamedTypeDef, schema: Schema) -> String {
        block(type.fields.enumerated().map { index, field in
            description(field.description, indentation: "  ", firstInBlock: index == 0)
                + "  " + field.name + arguments(Array(field.arguments), indentation: "  ", schema: schema)
                + ": " + field.type.description + deprecated(field.deprecationReason)
        })
    }

    private static func block(_ items: [String]) -> String {
        items.isEmpty ? "" : " {\n" + items.joined(separator: "\n") + "\n}"
    }

    private static func arguments(_ arguments: [InputValueDef], indentation: String, schema: Schema) -> String {
        if arguments.isEmpty { return "" }
        if arguments.allSatisfy({ ($0.description ?? "").isEmpty }) {
            return "(" + arguments.map { inputValue($0, schema: schema) }.joined(separator: ", ") + ")"
        }
        return "(\n" + arguments.enumerated().map { index, argument in
            description(argument.description, indentation: "  " + indentation, firstInBlock: index == 0)
                + "  " + indentation + inputValue(argument, schema: schema)
        }.joined(separator: "\n") + "\n" + indentation + ")"
    }

    private static func inputValue(_ value: InputValueDef, schema: Schema) -> String {
        var text = value.name + ": " + value.type.description
        if let defaultValue = schema.printedDefaultValue(value) { text += " = " + defaultValue }
        return text + deprecated(value.deprecationReason)
    }

    private static func deprecated(_ reason: String?) -> String {
        guard let reason else { return "" }
        if reason == "No longer supported" { return " @deprecated" }
        return " @deprecated(reason: \(StringLiteral.print(reason)))"
    }

    private static func specifiedBy(_ url: String?) -> String {
        guard let url else { return "" }
        return " @specifiedBy(url: \(StringLiteral.print(url)))"
    }

    /// graphql-js `printDescription`.
    static func description(_ text: String?, indentation: String = "", firstInBlock: Bool = true) -> String {
        guard let text else { return "" }
        let literal = isPrintableAsBlockString(text) ? BlockString.print(text) : StringLiteral.print(text)
        let prefix = !indentation.isEmpty && !firstInBlock ? "\n" + indentation : indentation
        return prefix + literal.replacing("\n", with: "\n" + indentation) + "\n"
    }

    /// graphql-js `isPrintableAsBlockString`.
    static func isPrintableAsBlockString(_ value: String) -> Bool {
        if value.isEmpty { return true }
        var isEmptyLine = true
        var hasIndent = false
        var hasCommonIndent = true
        var seenNonEmptyLine = false
        for unit in value.utf16 {
            switch unit {
            case 0x00...0x08, 0x0B, 0x0C, 0x0E, 0x0F, 0x0D:
                return false
            case 0x0A:
                if isEmptyLine && !seenNonEmptyLine { return false }
                seenNonEmptyLine = true
                isEmptyLine = true
                hasIndent = false
            case 0x09, 0x20:
                if !hasIndent { hasIndent = isEmptyLine }
            default:
                if hasCommonIndent { hasCommonIndent = hasIndent }
                isEmptyLine = false
            }
        }
        if isEmptyLine { return false }
        if hasCommonIndent && seenNonEmptyLine { return false }
        return true
    }
}

extension SchemaPrinter {
    /// JavaScript's `String(number)`, as graphql-js prints numeric default values.
    public static func jsNumberString(_ value: Double) -> String { JSValue.numberString(value) }
}
