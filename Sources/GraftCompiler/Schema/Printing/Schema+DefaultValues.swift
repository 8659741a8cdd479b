import GraftLanguage

/// Default values as graphql-js prints them: the literal is coerced to the input type
/// (`valueFromAST`), then turned back into a literal (`astFromValue`). Invalid defaults print
/// nothing, as in graphql-js.
extension Schema {
    /// The default value of an argument or input field as `printSchema` prints it, or nil.
    public func printedDefaultValue(_ value: InputValueDef) -> String? {
        guard let literal = value.defaultValue,
              let coerced = coerceLiteral(literal, to: value.type, depth: 0),
              let ast = literalFromValue(coerced, type: value.type) else { return nil }
        return Printer.print(ast)
    }

    /// graphql-js `valueFromAST` without variables; nil is `undefined` (invalid).
    func coerceLiteral(_ literal: Value, to type: TypeRef, depth: Int) -> JSValue? {
        if depth > 64 { return nil }
        switch type {
        case .nonNull(let inner):
            if case .null = literal { return nil }
            return coerceLiteral(literal, to: inner, depth: depth)
        case .list(let item):
            if case .null = literal { return .null }
            if case .variable = literal { return nil }
            if case .list(let values, _) = literal {
                var result: [JSValue] = []
                for value in values {
                    guard let coerced = coerceLiteral(value, to: item, depth: depth + 1) else { return nil }
                    result.append(coerced)
                }
                return .list(result)
            }
            return coerceLiteral(literal, to: item, depth: depth + 1).map { .list([$0]) }
        case .named(let name):
            if case .null = literal { return .null }
            if case .variable = literal { return nil }
            guard let namedType = types[name] ?? BuiltIns.standardTypes[name] else { return nil }
            switch namedType.kind {
            case .inputObject:
                guard case .object(let fieldNodes, _) = literal else { return nil }
                var given: [String: Value] = [:]
                for field in fieldNodes { given[field.name.value] = field.value }
                var result: [(String, JSValue)] = []
                for field in namedType.inputFields {
                    guard let fieldLiteral = given[field.name] else {
                        if let defaultLiteral = field.defaultValue {
                            // graphql-js stores each field's coerced default (undefined when invalid).
                            if let coercedDefault = coerceLiteral(defaultLiteral, to: field.type, depth: depth + 1) {
                                result.append((field.name, coercedDefault))
                            } else if field.type.isNonNull {
                                return nil
                            }
                        } else if field.type.isNonNull {
                            return nil
                        }
                        continue
                    }
                    guard let coerced = coerceLiteral(fieldLiteral, to: field.type, depth: depth + 1) else { return nil }
                    result.append((field.name, coerced))
                }
                return .object(result)
            case .enum:
                guard case .enumValue(let valueName, _) = literal, namedType.enumValues[valueName] != nil else { return nil }
                return .string(valueName)
            case .scalar:
                return parseScalarLiteral(literal, scalar: name)
            case .object, .interface, .union:
                return nil
            }
        }
    }

    /// The specified scalars' `parseLiteral`; custom scalars use `valueFromASTUntyped`.
    private func parseScalarLiteral(_ literal: Value, scalar: String) -> JSValue? {
        switch scalar {
        case "Int":
            guard case .int(let text, _) = literal else { return nil }
            let number = JSValue.parseInt(text)
            guard number <= 2_147_483_647 && number >= -2_147_483_648 else { return nil }
            return .number(number)
        case "Float":
            switch literal {
            case .int(let text, _), .float(let text, _): return .number(JSValue.parseFloat(text))
            default: return nil
            }
        case "String":
            guard case .string(let string) = literal else { return nil }
            return .string(string.value)
        case "Boolean":
            guard case .boolean(let flag, _) = literal else { return nil }
            return .bool(flag)
        case "ID":
            switch literal {
            case .string(let string): return .string(string.value)
            case .int(let text, _): return .string(text)
            default: return nil
            }
        default:
            return Self.untypedValue(literal)
        }
    }

    /// graphql-js `valueFromASTUntyped` without variables.
    static func untypedValue(_ literal: Value) -> JSValue? {
        switch literal {
        case .null: return .null
        case .int(let text, _): return .number(JSValue.parseInt(text))
        case .float(let text, _): return .number(JSValue.parseFloat(text))
        case .string(let string): return .string(string.value)
        case .enumValue(let text, _): return .string(text)
        case .boolean(let flag, _): return .bool(flag)
        case .list(let values, _): return .list(values.map { untypedValue($0) ?? .null })
        case .object(let fields, _):
            var result: [(String, JSValue)] = []
            for field in fields {
                let value = untypedValue(field.value) ?? .null
                if let index = result.firstIndex(where: { $0.0 == field.name.value }) {
                    result[index].1 = value
                } else {
                    result.append((field.name.value, value))
                }
            }
            return .object(result)
        case .variable: return nil
        }
    }

    /// graphql-js `astFromValue`; nil where it returns null (or would throw).
    func literalFromValue(_ value: JSValue, type: TypeRef) -> Value? {
        let range = SourceRange(start: 0, end: 0)
        switch type {
        case .nonNull(let inner):
            let result = literalFromValue(value, type: inner)
            if case .null = result { return nil }
            return result
        case .list(let item):
            if case .null = value { return .null(range) }
            if case .list(let values) = value {
                return .list(values.compactMap { literalFromValue($0, type: item) }, range)
            }
            return literalFromValue(value, type: item)
        case .named(let name):
            if case .null = value { return .null(range) }
            guard let namedType = types[name] ?? BuiltIns.standardTypes[name] else { return nil }
            switch namedType.kind {
            case .inputObject:
                guard case .object(let entries) = value else { return nil }
                var fields: [ObjectField] = []
                for field in namedType.inputFields {
                    guard let entry = entries.last(where: { $0.0 == field.name }),
                          let fieldValue = literalFromValue(entry.1, type: field.type) else { continue }
                    fields.append(ObjectField(name: Name(field.name, range: range), value: fieldValue, range: range))
                }
                return .object(fields, range)
            case .enum:
                guard case .string(let valueName) = value, namedType.enumValues[valueName] != nil else { return nil }
                return .enumValue(valueName, range)
            case .scalar:
                return serializeScalar(value, scalar: name)
            case .object, .interface, .union:
                return nil
            }
        }
    }

    private func serializeScalar(_ value: JSValue, scalar: String) -> Value? {
        let range = SourceRange(start: 0, end: 0)
        switch value {
        case .bool(let flag):
            if scalar == "Int" || scalar == "Float" { return .number(flag ? 1 : 0, range) }
            if scalar == "String" || scalar == "ID" { return nil }
            return .boolean(flag, range)
        case .number(let number):
            if scalar == "String" || scalar == "ID" {
                return scalar == "ID" ? .int(JSValue.numberString(number), range) : .string(StringValue(value: JSValue.numberString(number), block: false, range: range))
            }
            if scalar == "Boolean" { return .boolean(number != 0, range) }
            guard number.isFinite else { return nil }
            return .number(number, range)
        case .string(let string):
            if scalar == "Int" || scalar == "Float" || scalar == "Boolean" { return nil }
            if scalar == "ID" && Self.isIntegerString(string) { return .int(string, range) }
            return .string(StringValue(value: string, block: false, range: range))
        case .null, .list, .object:
            return nil
        }
    }

    /// `/^-?(?:0|[1-9][0-9]*)$/`.
    static func isIntegerString(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        guard let first = bytes.first else { return false }
        if first == UInt8(ascii: "0") { return bytes.count == 1 }
        return bytes.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}

extension Value {
    /// An IntValue or FloatValue literal for a JavaScript number, as `astFromValue` makes it.
    static func number(_ number: Double, _ range: SourceRange) -> Value {
        let text = JSValue.numberString(number)
        return Schema.isIntegerString(text) ? .int(text, range) : .float(text, range)
    }
}
