import GraftLanguage

/// Interface implementation (Sections 3.6 "Type Validation" 4 and 3.7 "Type Validation" 3,
/// IsValidImplementation): implemented types are interfaces, not the type itself, listed once,
/// with their own interfaces listed too, and every interface field provided with a compatible
/// type and arguments (graphql-js `validateInterfaces`).
extension SchemaValidationContext {
    mutating func validateInterfaces(_ type: NamedTypeDef) {
        let interfaces = type.interfaces
        for (position, interfaceName) in interfaces.enumerated() {
            guard let interface = schema.types[interfaceName] else { continue }
            if interface.kind != .interface {
                report("Type \(type.name) must only implement Interface types, it cannot implement \(interfaceName).",
                       implementsSpans(type, interfaceName))
                continue
            }
            if interfaceName == type.name {
                report("Type \(type.name) cannot implement itself because it would create a circular reference.",
                       implementsSpans(type, interfaceName))
                continue
            }
            // An earlier occurrence of the name passed the checks above too (the lists are short:
            // a scan is cheaper than hashing each name into a set).
            if interfaces[..<position].contains(interfaceName) {
                report("Type \(type.name) can only implement \(interfaceName) once.", implementsSpans(type, interfaceName))
                continue
            }
            validateImplementsAncestors(type, interface)
            validateImplementsInterface(type, interface)
        }
    }

    private mutating func validateImplementsInterface(_ type: NamedTypeDef, _ interface: NamedTypeDef) {
        for interfaceField in interface.fields {
            let fieldName = interfaceField.name
            guard let typeField = type.fields[fieldName] else {
                report("Interface field \(interface.name).\(fieldName) expected but \(type.name) does not provide it.",
                       [interfaceField.span] + definitionSpans(type))
                continue
            }
            if !schema.isTypeSubType(typeField.type, of: interfaceField.type) {
                report("Interface field \(interface.name).\(fieldName) expects type \(inspect(interfaceField.type)) but \(type.name).\(fieldName) is type \(inspect(typeField.type)).",
                       [typeSpan(interfaceField), typeSpan(typeField)])
            }
            for interfaceArgument in interfaceField.arguments {
                let argumentName = interfaceArgument.name
                guard let typeArgument = typeField.arguments.first(where: { $0.name == argumentName }) else {
                    report("Interface field argument \(interface.name).\(fieldName)(\(argumentName):) expected but \(type.name).\(fieldName) does not provide it.",
                           [interfaceArgument.span, typeField.span])
                    continue
                }
                if interfaceArgument.type != typeArgument.type {
                    report("Interface field argument \(interface.name).\(fieldName)(\(argumentName):) expects type \(inspect(interfaceArgument.type)) but \(type.name).\(fieldName)(\(argumentName):) is type \(inspect(typeArgument.type)).",
                           [typeSpan(interfaceArgument), typeSpan(typeArgument)])
                }
            }
            for typeArgument in typeField.arguments
            where typeArgument.isRequired && !interfaceField.arguments.contains(where: { $0.name == typeArgument.name }) {
                report("Object field \(type.name).\(fieldName) includes required argument \(typeArgument.name) that is missing from the Interface field \(interface.name).\(fieldName).",
                       [typeArgument.span, interfaceField.span])
            }
        }
    }

    private mutating func validateImplementsAncestors(_ type: NamedTypeDef, _ interface: NamedTypeDef) {
        for transitive in interface.interfaces where !type.interfaces.contains(transitive) {
            // graphql-js compares resolved types; names that resolve to nothing are skipped.
            guard schema.types[transitive] != nil else { continue }
            let message = transitive == type.name
                ? "Type \(type.name) cannot implement \(interface.name) because it would create a circular reference."
                : "Type \(type.name) must implement \(transitive) because it is implemented by \(interface.name)."
            report(message, implementsSpans(interface, transitive) + implementsSpans(type, interface.name))
        }
    }

    /// The spans of the `implements` entries naming `interfaceName` in a type's definition and
    /// extensions (graphql-js `getAllImplementsInterfaceNodes`).
    func implementsSpans(_ type: NamedTypeDef, _ interfaceName: String) -> [SourceSpan?] {
        var spans: [SourceSpan?] = []
        for node in [type.definition].compactMap({ $0 }) + type.extensions {
            switch node.node {
            case .object(let typeNode), .interface(let typeNode):
                for named in typeNode.interfaces where named.name.value == interfaceName { spans.append(node.span(named.range)) }
            default:
                break
            }
        }
        return spans
    }
}
