/// Prints an AST as canonical GraphQL, byte-identical to graphql-js 16's `print()`.
///
/// The helpers mirror graphql-js's `join`, `wrap`, `block` and `indent`, so the output matches
/// character for character (including the 80-column rule for field arguments).
public enum Printer {
    /// Prints a document.
    public static func print(_ document: Document) -> String {
        join(document.definitions.map(print), "\n\n")
    }

    /// Prints one definition.
    public static func print(_ definition: Definition) -> String {
        switch definition {
        case .operation(let node): return print(node)
        case .fragment(let node): return print(node)
        case .schema(let node):
            return wrap("", node.description.map(print), "\n")
                + join(["schema", join(node.directives.map(print), " "), block(node.operationTypes.map(print))], " ")
        case .schemaExtension(let node):
            return join(["extend schema", join(node.directives.map(print), " "), block(node.operationTypes.map(print))], " ")
        case .type(let node): return printType(node, extending: false)
        case .typeExtension(let node): return printType(node, extending: true)
        case .directive(let node): return print(node)
        }
    }

    static func print(_ node: OperationDefinition) -> String {
        let variables = wrap("(", join(node.variableDefinitions.map(print), ", "), ")")
        let prefix = join([node.operation.rawValue, join([node.name?.value ?? "", variables], ""),
                           join(node.directives.map(print), " ")], " ")
        let description = wrap("", node.description.map(print), "\n")
        // Anonymous queries without variables or directives use the shorthand form.
        return description + (prefix == "query" && description.isEmpty ? "" : prefix + " ") + print(node.selectionSet)
    }

    static func print(_ node: VariableDefinition) -> String {
        wrap("", node.description.map(print), "\n")
            + "$" + node.variable.name.value + ": " + print(node.type) + wrap(" = ", node.defaultValue.map(print))
            + wrap(" ", join(node.directives.map(print), " "))
    }

    static func print(_ node: SelectionSet) -> String {
        block(node.selections.map(print))
    }

    static func print(_ node: Selection) -> String {
        switch node {
        case .field(let field):
            let prefix = wrap("", field.alias?.value, ": ") + field.name.value
            let arguments = field.arguments.map(print)
            var argumentsLine = prefix + wrap("(", join(arguments, ", "), ")")
            if argumentsLine.utf16.count > maxLineLength {
                argumentsLine = prefix + wrap("(\n", indent(join(arguments, "\n")), "\n)")
            }
            return join([argumentsLine, join(field.directives.map(print), " "), field.selectionSet.map(print) ?? ""], " ")
        case .fragmentSpread(let spread):
            return "..." + spread.name.value + wrap(" ", join(spread.directives.map(print), " "))
        case .inlineFragment(let fragment):
            return join(["...", wrap("on ", fragment.typeCondition?.name.value), join(fragment.directives.map(print), " "),
                         print(fragment.selectionSet)], " ")
        }
    }

    static let maxLineLength = 80

    static func print(_ node: FragmentDefinition) -> String {
        wrap("", node.description.map(print), "\n")
            + "fragment \(node.name.value)\(wrap("(", join((node.variableDefinitions ?? []).map(print), ", "), ")")) "
            + "on \(node.typeCondition.name.value) \(wrap("", join(node.directives.map(print), " "), " "))"
            + print(node.selectionSet)
    }

    static func print(_ node: Argument) -> String { node.name.value + ": " + print(node.value) }

    static func print(_ node: Directive) -> String {
        "@" + node.name.value + wrap("(", join(node.arguments.map(print), ", "), ")")
    }

    /// Prints a value literal.
    public static func print(_ value: Value) -> String {
        switch value {
        case .variable(let variable): return "$" + variable.name.value
        case .int(let text, _), .float(let text, _), .enumValue(let text, _): return text
        case .string(let string): return print(string)
        case .boolean(let flag, _): return flag ? "true" : "false"
        case .null: return "null"
        case .list(let values, _): return "[" + join(values.map(print), ", ") + "]"
        case .object(let fields, _):
            return "{" + join(fields.map { $0.name.value + ": " + print($0.value) }, ", ") + "}"
        }
    }

    static func print(_ node: StringValue) -> String {
        node.block ? BlockString.print(node.value) : StringLiteral.print(node.value)
    }

    /// Prints a type reference such as `[String!]!`.
    public static func print(_ type: TypeReference) -> String { type.description }

    static func print(_ node: OperationTypeDefinition) -> String {
        node.operation.rawValue + ": " + node.type.name.value
    }

    static func printType(_ node: TypeDefinition, extending: Bool) -> String {
        let description = extending ? "" : wrap("", node.description.map(print), "\n")
        let keyword = extending ? "extend " + node.keyword : node.keyword
        let directives = join(node.directives.map(print), " ")
        switch node {
        case .scalar(let scalar):
            return description + join([keyword, scalar.name.value, directives], " ")
        case .object(let object), .interface(let object):
            return description + join([keyword, object.name.value,
                                       wrap("implements ", join(object.interfaces.map { $0.name.value }, " & ")),
                                       directives, block(object.fields.map(print))], " ")
        case .union(let union):
            return description + join([keyword, union.name.value, directives,
                                       wrap("= ", join(union.types.map { $0.name.value }, " | "))], " ")
        case .enum(let enumType):
            return description + join([keyword, enumType.name.value, directives, block(enumType.values.map(print))], " ")
        case .inputObject(let input):
            return description + join([keyword, input.name.value, directives, block(input.fields.map(print))], " ")
        }
    }

    static func print(_ node: FieldDefinition) -> String {
        wrap("", node.description.map(print), "\n") + node.name.value + printArgumentDefinitions(node.arguments)
            + ": " + print(node.type) + wrap(" ", join(node.directives.map(print), " "))
    }

    static func printArgumentDefinitions(_ arguments: [InputValueDefinition]) -> String {
        let printed = arguments.map(print)
        if printed.contains(where: { $0.utf8.contains(0x0A) }) {
            return wrap("(\n", indent(join(printed, "\n")), "\n)")
        }
        return wrap("(", join(printed, ", "), ")")
    }

    static func print(_ node: InputValueDefinition) -> String {
        wrap("", node.description.map(print), "\n")
            + join([node.name.value + ": " + print(node.type), wrap("= ", node.defaultValue.map(print)),
                    join(node.directives.map(print), " ")], " ")
    }

    static func print(_ node: EnumValueDefinition) -> String {
        wrap("", node.description.map(print), "\n") + join([node.name.value, join(node.directives.map(print), " ")], " ")
    }

    static func print(_ node: DirectiveDefinition) -> String {
        wrap("", node.description.map(print), "\n") + "directive @" + node.name.value
            + printArgumentDefinitions(node.arguments) + (node.repeatable ? " repeatable" : "")
            + " on " + join(node.locations.map { $0.value }, " | ")
    }

    // MARK: graphql-js's string helpers

    /// Joins the non-empty strings with a separator.
    static func join(_ parts: [String], _ separator: String) -> String {
        var result = ""
        var first = true
        for part in parts where !part.isEmpty {
            if !first { result += separator }
            result += part
            first = false
        }
        return result
    }

    /// `start + value + end` when the value is non-empty, else "".
    static func wrap(_ start: String, _ value: String?, _ end: String = "") -> String {
        guard let value, !value.isEmpty else { return "" }
        return start + value + end
    }

    /// `{\n  item\n  item\n}` or "" when there are no items.
    static func block(_ items: [String]) -> String {
        wrap("{\n", indent(join(items, "\n")), "\n}")
    }

    /// Indents every line by two spaces.
    static func indent(_ text: String) -> String {
        guard !text.isEmpty else { return "" }
        // Byte by byte: `replacing` searched the text as a collection, the most of printing an operation.
        var bytes: [UInt8] = [0x20, 0x20]
        bytes.reserveCapacity(text.utf8.count + text.utf8.count / 8)
        for byte in text.utf8 {
            bytes.append(byte)
            if byte == 0x0A { bytes.append(contentsOf: [0x20, 0x20]) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
