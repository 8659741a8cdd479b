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

    /// Calls `type` with each type definition or extension, read in place, and `other` with each
    /// other definition, in document order.
    func forEachDefinitionNode(type: (UnsafePointer<SDLTypeNode>, Source) -> Void,
                               other: (Int, Source, UnsafePointer<Definition>) -> Void) {
        typeNodes.withUnsafeBufferPointer { nodes in
            var next = 0
            for (index, document) in documents.enumerated() {
                let source = document.source
                document.node.definitions.forEachInPlace { definition in
                    switch definition.pointee {
                    case .type, .typeExtension:
                        type(nodes.baseAddress! + next, source)
                        next += 1
                    default:
                        other(index, source, definition)
                    }
                }
            }
        }
    }

    /// Calls `body` for every node that carries directives, parents before children.
    func forEachDirectiveSite(_ body: (DirectiveSite) -> Void) {
        func site(_ index: Int, _ source: Source, _ start: Int, _ location: DirectiveLocation, _ directives: [Directive],
                  _ typeName: String? = nil) {
            if directives.isEmpty { return }
            body(DirectiveSite(document: index, source: source, nodeStart: start, location: location,
                               directives: directives, typeName: typeName))
        }
        func inputValues(_ index: Int, _ source: Source, _ values: [InputValueDefinition], _ location: DirectiveLocation) {
            values.forEachInPlace { value in
                if !value.pointee.directives.isEmpty { site(index, source, value.pointee.range.start, location, value.pointee.directives) }
            }
        }
        forEachDefinitionNode(type: { node, source in
            let index = node.pointee.document
            let location: DirectiveLocation = switch node.pointee.kind {
            case .scalar: .scalar
            case .object: .object
            case .interface: .interface
            case .union: .union
            case .enum: .enum
            case .inputObject: .inputObject
            }
            site(index, source, node.pointee.range.start, location, node.pointee.directives, node.pointee.name.value)
            node.pointee.fields.forEachInPlace { field in
                if !field.pointee.directives.isEmpty {
                    site(index, source, field.pointee.range.start, .fieldDefinition, field.pointee.directives)
                }
                if !field.pointee.arguments.isEmpty { inputValues(index, source, field.pointee.arguments, .argumentDefinition) }
            }
            node.pointee.values.forEachInPlace { value in
                if !value.pointee.directives.isEmpty {
                    site(index, source, value.pointee.range.start, .enumValue, value.pointee.directives)
                }
            }
            inputValues(index, source, node.pointee.inputFields, .inputFieldDefinition)
        }, other: { index, source, definition in
            switch definition.pointee {
            case .schema(let node): site(index, source, node.range.start, .schema, node.directives, nil)
            case .schemaExtension(let node): site(index, source, node.range.start, .schema, node.directives, nil)
            case .directive(let node): inputValues(index, source, node.arguments, .argumentDefinition)
            case .operation, .fragment:
                Self.walkExecutable(definition.pointee, site: { site(index, source, $0, $1, $2) })
            case .type, .typeExtension: break
            }
        })
    }

    /// Calls `body` for every named type reference, in source order, and whether it is in a
    /// type-system definition (rather than an operation or fragment).
    func forEachNamedType(_ body: (Int, Source, NamedType, Bool) -> Void) {
        func inputValues(_ index: Int, _ source: Source, _ values: [InputValueDefinition]) {
            values.forEachInPlace { body(index, source, $0.pointee.type.namedType, true) }
        }
        forEachDefinitionNode(type: { node, source in
            let index = node.pointee.document
            node.pointee.interfaces.forEachInPlace { body(index, source, $0.pointee, true) }
            node.pointee.fields.forEachInPlace { field in
                if !field.pointee.arguments.isEmpty { inputValues(index, source, field.pointee.arguments) }
                body(index, source, field.pointee.type.namedType, true)
            }
            node.pointee.members.forEachInPlace { body(index, source, $0.pointee, true) }
            inputValues(index, source, node.pointee.inputFields)
        }, other: { index, source, definition in
            // One case per pattern (a case binding the same name across patterns copies the node).
            switch definition.pointee {
            case .schema(let node): node.operationTypes.forEachInPlace { body(index, source, $0.pointee.type, true) }
            case .schemaExtension(let node): node.operationTypes.forEachInPlace { body(index, source, $0.pointee.type, true) }
            case .directive(let node): inputValues(index, source, node.arguments)
            case .operation, .fragment:
                Self.walkExecutable(definition.pointee, namedType: { body(index, source, $0, false) })
            case .type, .typeExtension: break
            }
        })
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
        func inputValues(_ index: Int, _ source: Source, _ values: [InputValueDefinition]) {
            values.forEachInPlace { value in
                if let defaultValue = value.pointee.defaultValue { body(index, source, defaultValue) }
            }
        }
        forEachDefinitionNode(type: { node, source in
            let index = node.pointee.document
            node.pointee.fields.forEachInPlace { field in
                if !field.pointee.arguments.isEmpty { inputValues(index, source, field.pointee.arguments) }
            }
            inputValues(index, source, node.pointee.inputFields)
        }, other: { index, source, definition in
            switch definition.pointee {
            case .directive(let node): inputValues(index, source, node.arguments)
            case .operation, .fragment:
                Self.walkExecutable(definition.pointee, fieldArguments: { field in
                    for argument in field.arguments { body(index, source, argument.value) }
                }, defaultValue: { body(index, source, $0) })
            case .schema, .schemaExtension, .type, .typeExtension: break
            }
        })
    }
}

