import GraftLanguage

/// Converts our AST to the shape of graphql-js's AST JSON (kinds, keys, `loc` in UTF-16 offsets),
/// omitting absent optional keys as `JSON.stringify` omits `undefined`.
struct ASTJSON {
    let source: Source
    let includeLocations: Bool

    func node(_ kind: String, _ range: SourceRange?, _ fields: [String: JSONNode?]) -> JSONNode {
        var object: [String: JSONNode] = ["kind": .string(kind)]
        for (key, value) in fields { if let value { object[key] = value } }
        if includeLocations, let range {
            object["loc"] = .object(["start": .number(source.utf16Offset(ofByte: range.start)),
                                     "end": .number(source.utf16Offset(ofByte: range.end))])
        }
        return .object(object)
    }

    func list<T>(_ items: [T], _ convert: (T) -> JSONNode) -> JSONNode { .array(items.map(convert)) }

    func document(_ document: Document) -> JSONNode {
        node("Document", document.range, ["definitions": list(document.definitions, definition)])
    }

    func name(_ name: Name) -> JSONNode { node("Name", name.range, ["value": .string(name.value)]) }
    func namedType(_ type: NamedType) -> JSONNode { node("NamedType", type.range, ["name": name(type.name)]) }

    func type(_ type: TypeReference) -> JSONNode {
        switch type.outermost {
        case .named(let named): return namedType(named)
        case .list(let inner, let range): return node("ListType", range, ["type": self.type(inner)])
        case .nonNull(let inner, let range): return node("NonNullType", range, ["type": self.type(inner)])
        }
    }

    func string(_ value: StringValue) -> JSONNode {
        node("StringValue", value.range, ["value": .string(value.value), "block": .bool(value.block)])
    }

    func value(_ value: Value) -> JSONNode {
        switch value {
        case .variable(let variable): return self.variable(variable)
        case .int(let text, let range): return node("IntValue", range, ["value": .string(text)])
        case .float(let text, let range): return node("FloatValue", range, ["value": .string(text)])
        case .string(let string): return self.string(string)
        case .boolean(let flag, let range): return node("BooleanValue", range, ["value": .bool(flag)])
        case .null(let range): return node("NullValue", range, [:])
        case .enumValue(let text, let range): return node("EnumValue", range, ["value": .string(text)])
        case .list(let values, let range): return node("ListValue", range, ["values": list(values, self.value)])
        case .object(let fields, let range):
            return node("ObjectValue", range, ["fields": list(fields) { field in
                node("ObjectField", field.range, ["name": name(field.name), "value": self.value(field.value)])
            }])
        }
    }

    func variable(_ variable: Variable) -> JSONNode { node("Variable", variable.range, ["name": name(variable.name)]) }

    func argument(_ argument: Argument) -> JSONNode {
        node("Argument", argument.range, ["name": name(argument.name), "value": value(argument.value)])
    }

    func directive(_ directive: Directive) -> JSONNode {
        node("Directive", directive.range, ["name": name(directive.name), "arguments": list(directive.arguments, argument)])
    }

    func directives(_ directives: [Directive]) -> JSONNode { list(directives, directive) }

    func definition(_ definition: Definition) -> JSONNode {
        switch definition {
        case .operation(let operation):
            return node("OperationDefinition", operation.range, [
                "operation": .string(operation.operation.rawValue), "name": operation.name.map(name),
                "description": operation.description.map(string),
                "variableDefinitions": list(operation.variableDefinitions, variableDefinition),
                "directives": directives(operation.directives), "selectionSet": selectionSet(operation.selectionSet)])
        case .fragment(let fragment):
            return node("FragmentDefinition", fragment.range, [
                "name": name(fragment.name), "description": fragment.description.map(string),
                "variableDefinitions": fragment.variableDefinitions.map { list($0, variableDefinition) },
                "typeCondition": namedType(fragment.typeCondition), "directives": directives(fragment.directives),
                "selectionSet": selectionSet(fragment.selectionSet)])
        case .schema(let schema):
            return node("SchemaDefinition", schema.range, [
                "description": schema.description.map(string), "directives": directives(schema.directives),
                "operationTypes": list(schema.operationTypes, operationType)])
        case .schemaExtension(let schema):
            return node("SchemaExtension", schema.range, [
                "directives": directives(schema.directives), "operationTypes": list(schema.operationTypes, operationType)])
        case .type(let type): return typeDefinition(type, suffix: "Definition")
        case .typeExtension(let type): return typeDefinition(type, suffix: "Extension")
        case .directive(let directive):
            return node("DirectiveDefinition", directive.range, [
                "description": directive.description.map(string), "name": name(directive.name),
                "arguments": list(directive.arguments, inputValue), "repeatable": .bool(directive.repeatable),
                "locations": list(directive.locations, name)])
        }
    }

    func operationType(_ node: OperationTypeDefinition) -> JSONNode {
        self.node("OperationTypeDefinition", node.range, ["operation": .string(node.operation.rawValue), "type": namedType(node.type)])
    }

    func variableDefinition(_ definition: VariableDefinition) -> JSONNode {
        node("VariableDefinition", definition.range, [
            "description": definition.description.map(string), "variable": variable(definition.variable),
            "type": type(definition.type), "defaultValue": definition.defaultValue.map(value),
            "directives": directives(definition.directives)])
    }

    func selectionSet(_ set: SelectionSet) -> JSONNode {
        node("SelectionSet", set.range, ["selections": list(set.selections, selection)])
    }

    func selection(_ selection: Selection) -> JSONNode {
        switch selection {
        case .field(let field):
            return node("Field", field.range, [
                "alias": field.alias.map(name), "name": name(field.name), "arguments": list(field.arguments, argument),
                "directives": directives(field.directives), "selectionSet": field.selectionSet.map(selectionSet)])
        case .fragmentSpread(let spread):
            return node("FragmentSpread", spread.range, ["name": name(spread.name), "directives": directives(spread.directives)])
        case .inlineFragment(let fragment):
            return node("InlineFragment", fragment.range, [
                "typeCondition": fragment.typeCondition.map(namedType), "directives": directives(fragment.directives),
                "selectionSet": selectionSet(fragment.selectionSet)])
        }
    }

    func inputValue(_ definition: InputValueDefinition) -> JSONNode {
        node("InputValueDefinition", definition.range, [
            "description": definition.description.map(string), "name": name(definition.name), "type": type(definition.type),
            "defaultValue": definition.defaultValue.map(value), "directives": directives(definition.directives)])
    }

    func fieldDefinition(_ definition: FieldDefinition) -> JSONNode {
        node("FieldDefinition", definition.range, [
            "description": definition.description.map(string), "name": name(definition.name),
            "arguments": list(definition.arguments, inputValue), "type": type(definition.type),
            "directives": directives(definition.directives)])
    }

    func typeDefinition(_ type: TypeDefinition, suffix: String) -> JSONNode {
        switch type {
        case .scalar(let scalar):
            return node("ScalarType" + suffix, scalar.range, [
                "description": scalar.description.map(string), "name": name(scalar.name), "directives": directives(scalar.directives)])
        case .object(let object), .interface(let object):
            let kind = { if case .object = type { return "ObjectType" } else { return "InterfaceType" } }()
            return node(kind + suffix, object.range, [
                "description": object.description.map(string), "name": name(object.name),
                "interfaces": list(object.interfaces, namedType), "directives": directives(object.directives),
                "fields": list(object.fields, fieldDefinition)])
        case .union(let union):
            return node("UnionType" + suffix, union.range, [
                "description": union.description.map(string), "name": name(union.name),
                "directives": directives(union.directives), "types": list(union.types, namedType)])
        case .enum(let enumType):
            return node("EnumType" + suffix, enumType.range, [
                "description": enumType.description.map(string), "name": name(enumType.name),
                "directives": directives(enumType.directives), "values": list(enumType.values) { value in
                    node("EnumValueDefinition", value.range, [
                        "description": value.description.map(string), "name": name(value.name),
                        "directives": directives(value.directives)])
                }])
        case .inputObject(let input):
            return node("InputObjectType" + suffix, input.range, [
                "description": input.description.map(string), "name": name(input.name),
                "directives": directives(input.directives), "fields": list(input.fields, inputValue)])
        }
    }
}
