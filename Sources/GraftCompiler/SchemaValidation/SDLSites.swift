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
        // Definitions are read in place, one case per pattern: a case binding the same name across
        // patterns (`.type(let t), .typeExtension(let t)`) copies the whole definition node.
        for (index, document) in documents.enumerated() {
            let source = document.source
            func site(_ start: Int, _ location: DirectiveLocation, _ directives: [Directive], _ typeName: String? = nil) {
                if directives.isEmpty { return }
                body(DirectiveSite(document: index, source: source, nodeStart: start, location: location,
                                   directives: directives, typeName: typeName))
            }
            func inputValues(_ values: [InputValueDefinition], _ location: DirectiveLocation) {
                values.forEachInPlace { value in
                    if !value.pointee.directives.isEmpty { site(value.pointee.range.start, location, value.pointee.directives) }
                }
            }
            @inline(__always) func object(_ node: ObjectTypeDefinition, _ location: DirectiveLocation) {
                site(node.range.start, location, node.directives, node.name.value)
                node.fields.forEachInPlace { field in
                    if !field.pointee.directives.isEmpty {
                        site(field.pointee.range.start, .fieldDefinition, field.pointee.directives)
                    }
                    if !field.pointee.arguments.isEmpty { inputValues(field.pointee.arguments, .argumentDefinition) }
                }
            }
            @inline(__always) func type(_ type: TypeDefinition) {
                switch type {
                case .scalar(let node): site(node.range.start, .scalar, node.directives, node.name.value)
                case .object(let node): object(node, .object)
                case .interface(let node): object(node, .interface)
                case .union(let node): site(node.range.start, .union, node.directives, node.name.value)
                case .enum(let node):
                    site(node.range.start, .enum, node.directives, node.name.value)
                    node.values.forEachInPlace { value in
                        if !value.pointee.directives.isEmpty { site(value.pointee.range.start, .enumValue, value.pointee.directives) }
                    }
                case .inputObject(let node):
                    site(node.range.start, .inputObject, node.directives, node.name.value)
                    inputValues(node.fields, .inputFieldDefinition)
                }
            }
            document.node.definitions.forEachInPlace { definition in
                switch definition.pointee {
                case .schema(let node): site(node.range.start, .schema, node.directives, nil)
                case .schemaExtension(let node): site(node.range.start, .schema, node.directives, nil)
                case .type(let node): type(node)
                case .typeExtension(let node): type(node)
                case .directive(let node): inputValues(node.arguments, .argumentDefinition)
                case .operation, .fragment: Self.walkExecutable(definition.pointee, site: { site($0, $1, $2) })
                }
            }
        }
    }

    /// Calls `body` for every named type reference, in source order, and whether it is in a
    /// type-system definition (rather than an operation or fragment).
    func forEachNamedType(_ body: (Int, Source, NamedType, Bool) -> Void) {
        // Read in place, one case per pattern (see forEachDirectiveSite).
        for (index, document) in documents.enumerated() {
            let source = document.source
            func inputValues(_ values: [InputValueDefinition]) {
                values.forEachInPlace { body(index, source, $0.pointee.type.namedType, true) }
            }
            @inline(__always) func object(_ node: ObjectTypeDefinition) {
                node.interfaces.forEachInPlace { body(index, source, $0.pointee, true) }
                node.fields.forEachInPlace { field in
                    if !field.pointee.arguments.isEmpty { inputValues(field.pointee.arguments) }
                    body(index, source, field.pointee.type.namedType, true)
                }
            }
            @inline(__always) func type(_ type: TypeDefinition) {
                switch type {
                case .scalar, .enum: break
                case .object(let node): object(node)
                case .interface(let node): object(node)
                case .union(let node): node.types.forEachInPlace { body(index, source, $0.pointee, true) }
                case .inputObject(let node): inputValues(node.fields)
                }
            }
            @inline(__always) func schema(_ node: SchemaDefinition) {
                node.operationTypes.forEachInPlace { body(index, source, $0.pointee.type, true) }
            }
            document.node.definitions.forEachInPlace { definition in
                switch definition.pointee {
                case .schema(let node): schema(node)
                case .schemaExtension(let node): schema(node)
                case .type(let node): type(node)
                case .typeExtension(let node): type(node)
                case .directive(let node): inputValues(node.arguments)
                case .operation, .fragment:
                    Self.walkExecutable(definition.pointee, namedType: { body(index, source, $0, false) })
                }
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
        // Read in place, one case per pattern (see forEachDirectiveSite).
        for (index, document) in documents.enumerated() {
            let source = document.source
            func inputValues(_ values: [InputValueDefinition]) {
                values.forEachInPlace { value in
                    if let defaultValue = value.pointee.defaultValue { body(index, source, defaultValue) }
                }
            }
            @inline(__always) func object(_ node: ObjectTypeDefinition) {
                node.fields.forEachInPlace { field in
                    if !field.pointee.arguments.isEmpty { inputValues(field.pointee.arguments) }
                }
            }
            @inline(__always) func type(_ type: TypeDefinition) {
                switch type {
                case .object(let node): object(node)
                case .interface(let node): object(node)
                case .inputObject(let node): inputValues(node.fields)
                case .scalar, .union, .enum: break
                }
            }
            document.node.definitions.forEachInPlace { definition in
                switch definition.pointee {
                case .type(let node): type(node)
                case .typeExtension(let node): type(node)
                case .directive(let node): inputValues(node.arguments)
                case .operation, .fragment:
                    Self.walkExecutable(definition.pointee, fieldArguments: { field in
                        for argument in field.arguments { body(index, source, argument.value) }
                    }, defaultValue: { body(index, source, $0) })
                case .schema, .schemaExtension: break
                }
            }
        }
    }
}

