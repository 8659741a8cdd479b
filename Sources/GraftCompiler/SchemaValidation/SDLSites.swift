import GraftLanguage

/// A node of a type-system document that carries directives, as the SDL rules see it.
struct DirectiveSite {
    /// The index of the document.
    var document: Int
    /// The document's source.
    var source: Source
    /// The byte offset where the node starts (where graphql-js enters it).
    var nodeStart: Int
    /// The directive location the node is.
    var location: DirectiveLocation
    /// The directives applied to the node.
    var directives: [Directive]
    /// The type name for type definitions and extensions (they share seen directives), else nil.
    var typeName: String?
}

/// Walks type-system documents in graphql-js's visiting order (which is source order).
extension SDLValidationContext {
    /// Calls `body` for every type-system definition, with its document's index and source.
    func forEachDefinition(_ body: (Int, Source, Definition) -> Void) {
        // Read in place: iterating copies each definition (a retain and release per reference in it).
        for (index, document) in documents.enumerated() {
            document.node.definitions.forEachInPlace { body(index, document.source, $0.pointee) }
        }
    }

    /// Calls `body` for every node that carries directives, parents before children.
    func forEachDirectiveSite(_ body: (DirectiveSite) -> Void) {
        forEachDefinition { index, source, definition in
            func site(_ start: Int, _ location: DirectiveLocation, _ directives: [Directive], _ typeName: String? = nil) {
                if directives.isEmpty { return }
                body(DirectiveSite(document: index, source: source, nodeStart: start, location: location,
                                   directives: directives, typeName: typeName))
            }
            // Nodes are read in place: copying each field and value is most of this walk's cost.
            func inputValues(_ values: [InputValueDefinition], _ location: DirectiveLocation) {
                values.forEachInPlace { value in
                    if !value.pointee.directives.isEmpty { site(value.pointee.range.start, location, value.pointee.directives) }
                }
            }
            switch definition {
            case .schema(let node), .schemaExtension(let node):
                site(node.range.start, .schema, node.directives, nil)
            case .type(let type), .typeExtension(let type):
                let name = type.name.value
                switch type {
                case .scalar(let node): site(node.range.start, .scalar, node.directives, name)
                case .object(let node), .interface(let node):
                    site(node.range.start, type.isInterface ? .interface : .object, node.directives, name)
                    node.fields.forEachInPlace { field in
                        if !field.pointee.directives.isEmpty {
                            site(field.pointee.range.start, .fieldDefinition, field.pointee.directives)
                        }
                        if !field.pointee.arguments.isEmpty { inputValues(field.pointee.arguments, .argumentDefinition) }
                    }
                case .union(let node): site(node.range.start, .union, node.directives, name)
                case .enum(let node):
                    site(node.range.start, .enum, node.directives, name)
                    node.values.forEachInPlace { value in
                        if !value.pointee.directives.isEmpty { site(value.pointee.range.start, .enumValue, value.pointee.directives) }
                    }
                case .inputObject(let node):
                    site(node.range.start, .inputObject, node.directives, name)
                    inputValues(node.fields, .inputFieldDefinition)
                }
            case .directive(let node):
                inputValues(node.arguments, .argumentDefinition)
            case .operation, .fragment:
                Self.walkExecutable(definition, site: { site($0, $1, $2) })
            }
        }
    }

    /// Calls `body` for every named type reference, in source order, and whether it is in a
    /// type-system definition (rather than an operation or fragment).
    func forEachNamedType(_ body: (Int, Source, NamedType, Bool) -> Void) {
        forEachDefinition { index, source, definition in
            // Fields and input values are read in place: copying each node is most of this walk.
            func inputValues(_ values: [InputValueDefinition]) {
                values.forEachInPlace { body(index, source, $0.pointee.type.namedType, true) }
            }
            switch definition {
            case .schema(let node), .schemaExtension(let node):
                for operationType in node.operationTypes { body(index, source, operationType.type, true) }
            case .type(let type), .typeExtension(let type):
                switch type {
                case .scalar, .enum: break
                case .object(let node), .interface(let node):
                    for interface in node.interfaces { body(index, source, interface, true) }
                    node.fields.forEachInPlace { field in
                        if !field.pointee.arguments.isEmpty { inputValues(field.pointee.arguments) }
                        body(index, source, field.pointee.type.namedType, true)
                    }
                case .union(let node):
                    for member in node.types { body(index, source, member, true) }
                case .inputObject(let node):
                    inputValues(node.fields)
                }
            case .directive(let node):
                inputValues(node.arguments)
            case .operation, .fragment:
                Self.walkExecutable(definition, namedType: { body(index, source, $0, false) })
            }
        }
    }

    /// Visits the directives, type references, field arguments and variable default values of an
    /// operation or fragment in a type-system document, in source order: graphql-js's `validateSDL`
    /// visits the whole document, so its rules (known types, known directives, unique arguments and
    /// input fields) apply to these too.
    static func walkExecutable(_ definition: Definition, site: (Int, DirectiveLocation, [Directive]) -> Void = { _, _, _ in },
                               namedType: (NamedType) -> Void = { _ in },
                               fieldArguments: (Field) -> Void = { _ in }, defaultValue: (Value) -> Void = { _ in }) {
        func variables(_ definitions: [VariableDefinition]) {
            for variable in definitions {
                namedType(variable.type.namedType)
                if let value = variable.defaultValue { defaultValue(value) }
                if !variable.directives.isEmpty { site(variable.range.start, .variableDefinition, variable.directives) }
            }
        }
        func selections(_ set: SelectionSet) {
            for selection in set.selections {
                switch selection {
                case .field(let field):
                    if !field.arguments.isEmpty { fieldArguments(field) }
                    if !field.directives.isEmpty { site(field.range.start, .field, field.directives) }
                    if let set = field.selectionSet { selections(set) }
                case .fragmentSpread(let spread):
                    if !spread.directives.isEmpty { site(spread.range.start, .fragmentSpread, spread.directives) }
                case .inlineFragment(let fragment):
                    if let condition = fragment.typeCondition { namedType(condition) }
                    if !fragment.directives.isEmpty { site(fragment.range.start, .inlineFragment, fragment.directives) }
                    selections(fragment.selectionSet)
                }
            }
        }
        switch definition {
        case .operation(let operation):
            variables(operation.variableDefinitions)
            let location: DirectiveLocation = switch operation.operation {
            case .query: .query
            case .mutation: .mutation
            case .subscription: .subscription
            }
            if !operation.directives.isEmpty { site(operation.range.start, location, operation.directives) }
            selections(operation.selectionSet)
        case .fragment(let fragment):
            variables(fragment.variableDefinitions ?? [])
            namedType(fragment.typeCondition)
            if !fragment.directives.isEmpty { site(fragment.range.start, .fragmentDefinition, fragment.directives) }
            selections(fragment.selectionSet)
        default:
            break
        }
    }

    /// Calls `body` for every value at the top of a directive argument, default value, or (in an
    /// operation or fragment) field argument.
    mutating func forEachValue(_ body: (Int, Source, Value) -> Void) {
        for site in directiveSites {
            for directive in site.directives {
                for argument in directive.arguments { body(site.document, site.source, argument.value) }
            }
        }
        forEachDefinition { index, source, definition in
            func inputValues(_ values: [InputValueDefinition]) {
                values.forEachInPlace { value in
                    if let defaultValue = value.pointee.defaultValue { body(index, source, defaultValue) }
                }
            }
            switch definition {
            case .type(let type), .typeExtension(let type):
                switch type {
                case .object(let node), .interface(let node):
                    node.fields.forEachInPlace { field in
                        if !field.pointee.arguments.isEmpty { inputValues(field.pointee.arguments) }
                    }
                case .inputObject(let node): inputValues(node.fields)
                default: break
                }
            case .directive(let node): inputValues(node.arguments)
            case .operation, .fragment:
                Self.walkExecutable(definition, fieldArguments: { field in
                    for argument in field.arguments { body(index, source, argument.value) }
                }, defaultValue: { body(index, source, $0) })
            default: break
            }
        }
    }
}

extension TypeDefinition {
    /// Whether this is an interface definition or extension.
    var isInterface: Bool {
        if case .interface = self { return true }
        return false
    }
}
