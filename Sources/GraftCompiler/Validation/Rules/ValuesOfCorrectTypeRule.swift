import GraftLanguage

/// Spec 5.6.1 "Values of Correct Type", 5.6.2 "Input Object Field Names" and 5.6.4 "Input Object
/// Required Fields" (Section-5-Validation.md): literals are coercible to the type expected where
/// they appear, including the OneOf Input Object rules (exactly one field, not null), worded as
/// graphql-js 17 words them.
final class ValuesOfCorrectTypeRule: ValidationRule {
    static let name = "ValuesOfCorrectTypeRule"
    static let visitedNodes: VisitedNodes = [.objectField, .value]
    private let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: Value) -> VisitAction {
        switch node {
        case .list:
            // TypeInfo has moved to the item type; the list's own type is the parent input type.
            if !(context.parentInputType?.nullable.isList ?? false) {
                checkLeafValue(node)
                return .skipChildren
            }
        case .object(let fields, let range):
            guard let type = namedInputType(context.inputType), type.kind == .inputObject else {
                checkLeafValue(node)
                return .skipChildren
            }
            checkObject(fields, range, type.definition)
        case .null(let range):
            if let type = context.inputType, type.isNonNull {
                context.report("Expected value of type \"\(type)\", found null.", at: range)
            }
        case .enumValue, .int, .float, .string, .boolean:
            checkLeafValue(node)
        case .variable:
            break
        }
        return .visitChildren
    }

    func enter(_ node: ObjectField) -> VisitAction {
        if context.inputType == nil, let parent = namedInputType(context.parentInputType), parent.kind == .inputObject {
            let suggestions = Suggestions.list(node.name.value, parent.definition.inputFields.map(\.name))
            context.report("Field \"\(node.name.value)\" is not defined by type \"\(parent.name)\"."
                           + Suggestions.didYouMean(suggestions), at: node.range)
        }
        return .visitChildren
    }

    private func checkObject(_ fields: [ObjectField], _ range: SourceRange, _ type: NamedTypeDef) {
        var fieldByName: [String: ObjectField] = [:]
        var keys: [String] = []
        for field in fields {
            if fieldByName.updateValue(field, forKey: field.name.value) == nil { keys.append(field.name.value) }
        }
        for definition in type.inputFields where fieldByName[definition.name] == nil && TypeRef.isRequired(definition) {
            context.report("Field \"\(type.name).\(definition.name)\" of required type \"\(definition.type)\" was not provided.",
                           at: range)
        }
        guard type.isOneOf else { return }
        if keys.count != 1 {
            context.report("OneOf Input Object \"\(type.name)\" must specify exactly one key.", at: range)
        } else if case .null = fieldByName[keys[0]]!.value {
            context.report("Field \"\(type.name).\(keys[0])\" must be non-null.", at: range)
        }
    }

    /// graphql-js `isValidValueNode`: checks a literal against a scalar or enum type the way its
    /// `parseLiteral` would.
    private func checkLeafValue(_ node: Value) {
        guard let locationType = context.inputType else { return }
        guard let type = namedInputType(locationType), type.isLeaf else {
            context.report("Expected value of type \"\(locationType)\", found \(Printer.print(node)).", at: node.range)
            return
        }
        if let message = LiteralCoercion.error(node, type.definition) {
            context.report(message, at: node.range)
        } else if let accepts = context.customScalarLiterals[type.definition.name], !accepts(node) {
            // A custom scalar's parseLiteral returned no value.
            context.report("Expected value of type \"\(locationType)\", found \(Printer.print(node)).", at: node.range)
        }
    }

    private func namedInputType(_ type: TypeRef?) -> ValidationType? {
        type.flatMap { context.types[$0] }
    }
}

/// The errors graphql-js's built-in scalars and enums raise from `parseLiteral`.
enum LiteralCoercion {
    /// The error for a literal of a scalar or enum type, or nil if it is valid. Custom scalars
    /// accept every literal.
    static func error(_ node: Value, _ type: NamedTypeDef) -> String? {
        if type.kind == .enum { return enumError(node, type) }
        switch type.name {
        case "Int":
            guard case .int(let text, _) = node else { return "Int cannot represent non-integer value: \(Printer.print(node))" }
            let number = Double(text) ?? 0
            if number > 2_147_483_647 || number < -2_147_483_648 {
                return "Int cannot represent non 32-bit signed integer value: \(text)"
            }
            return nil
        case "Float":
            switch node {
            case .int, .float: return nil
            default: return "Float cannot represent non numeric value: \(Printer.print(node))"
            }
        case "String":
            if case .string = node { return nil }
            return "String cannot represent a non string value: \(Printer.print(node))"
        case "Boolean":
            if case .boolean = node { return nil }
            return "Boolean cannot represent a non boolean value: \(Printer.print(node))"
        case "ID":
            switch node {
            case .string, .int: return nil
            default: return "ID cannot represent a non-string and non-integer value: \(Printer.print(node))"
            }
        default:
            return nil
        }
    }

    private static func enumError(_ node: Value, _ type: NamedTypeDef) -> String? {
        let valueString = Printer.print(node)
        let suggestions = Suggestions.didYouMean("the enum value", Suggestions.list(valueString, type.enumValues.map(\.name)))
        guard case .enumValue(let name, _) = node else {
            return "Enum \"\(type.name)\" cannot represent non-enum value: \(valueString)." + suggestions
        }
        if type.enumValues[name] == nil {
            return "Value \"\(valueString)\" does not exist in \"\(type.name)\" enum." + suggestions
        }
        return nil
    }
}
