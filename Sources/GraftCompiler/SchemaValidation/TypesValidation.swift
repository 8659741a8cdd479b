import GraftLanguage

/// Named types (Section 3, each type's "Type Validation"), visited in type map order (graphql-js
/// `validateTypes`).
extension SchemaValidationContext {
    mutating func validateTypes() {
        var cycles = InputObjectCycleDetector(typeCount: schema.types.count)
        let types = schema.types.elements
        for index in types.indices {
            let type = types[index]
            if !BuiltIns.isIntrospectionType(type.name) { validateName(type.name, type.span) }
            switch type.kind {
            case .object, .interface:
                validateFields(type)
                validateInterfaces(type)
            case .union:
                validateUnionMembers(type)
            case .enum:
                validateEnumValues(type)
            case .inputObject:
                validateInputFields(type)
                cycles.detect(type, in: &self)
            case .scalar:
                break
            }
        }
    }

    /// Objects and interfaces (Sections 3.6, 3.7): at least one field; output field types; input
    /// argument types; required arguments not deprecated.
    mutating func validateFields(_ type: NamedTypeDef) {
        if type.fields.isEmpty {
            report("Type \(type.name) must define one or more fields.", definitionSpans(type))
        }
        for field in type.fields {
            validateName(field.name, field.span)
            if !isOutputType(field.type) {
                report("The type of \(type.name).\(field.name) must be Output Type but got: \(inspect(field.type)).",
                       [typeSpan(field)])
            }
            for argument in field.arguments {
                validateName(argument.name, argument.span)
                if !isInputType(argument.type) {
                    report("The type of \(type.name).\(field.name)(\(argument.name):) must be Input Type but got: \(inspect(argument.type)).",
                           [typeSpan(argument)])
                }
                if argument.isRequired && argument.deprecationReason != nil {
                    report("Required argument \(type.name).\(field.name)(\(argument.name):) cannot be deprecated.",
                           [deprecatedDirectiveSpan(argument), typeSpan(argument)])
                }
            }
        }
    }

    /// Unions (Section 3.8): at least one member, each an object type, each once.
    mutating func validateUnionMembers(_ union: NamedTypeDef) {
        if union.possibleTypes.isEmpty {
            report("Union type \(union.name) must define one or more member types.", definitionSpans(union))
        }
        // Short member lists (most unions) are scanned: hashing each name into a set cost more.
        let members = union.possibleTypes
        var included = Set<String>()
        if members.count > 16 { included.reserveCapacity(members.count) }
        for (position, member) in members.enumerated() {
            let repeated = members.count > 16 ? !included.insert(member).inserted : members[..<position].contains(member)
            if repeated {
                report("Union type \(union.name) can only include type \(member) once.", memberSpans(union, member))
                continue
            }
            if let memberType = schema.types[member], memberType.kind != .object {
                report("Union type \(union.name) can only include Object types, it cannot include \(member).",
                       memberSpans(union, member))
            }
        }
    }

    /// Enums (Section 3.9): at least one value; names not reserved.
    mutating func validateEnumValues(_ type: NamedTypeDef) {
        if type.enumValues.isEmpty {
            report("Enum type \(type.name) must define one or more values.", definitionSpans(type))
        }
        for value in type.enumValues { validateName(value.name, value.span) }
    }

    /// Input objects (Section 3.10): at least one field; input field types; required fields not
    /// deprecated; OneOf fields nullable and without defaults.
    mutating func validateInputFields(_ type: NamedTypeDef) {
        if type.inputFields.isEmpty {
            report("Input Object type \(type.name) must define one or more fields.", definitionSpans(type))
        }
        for field in type.inputFields {
            validateName(field.name, field.span)
            if !isInputType(field.type) {
                report("The type of \(type.name).\(field.name) must be Input Type but got: \(inspect(field.type)).",
                       [typeSpan(field)])
            }
            if field.isRequired && field.deprecationReason != nil {
                report("Required input field \(type.name).\(field.name) cannot be deprecated.",
                       [deprecatedDirectiveSpan(field), typeSpan(field)])
            }
            if type.isOneOf {
                // Messages as in graphql-js 17, which implements OneOf Input Objects.
                if field.type.isNonNull {
                    report("OneOf input field \(type.name).\(field.name) must be nullable.", [typeSpan(field)])
                }
                if field.defaultValue != nil {
                    report("OneOf input field \(type.name).\(field.name) cannot have a default value.", [field.span])
                }
            }
        }
    }

    /// The spans of the member type nodes named `name` in a union's definition and extensions.
    private func memberSpans(_ union: NamedTypeDef, _ name: String) -> [SourceSpan?] {
        var spans: [SourceSpan?] = []
        for node in [union.definition].compactMap({ $0 }) + union.extensions {
            guard case .union(let unionNode) = node.node else { continue }
            for member in unionNode.types where member.name.value == name { spans.append(node.span(member.range)) }
        }
        return spans
    }
}
