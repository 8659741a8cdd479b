import GraftLanguage

/// Turns type-system AST nodes into schema model values (graphql-js `extendSchemaImpl`'s
/// `buildType`, `buildFieldMap`, `buildArgumentMap`, ...). Later fields, values and arguments with
/// an earlier one's name replace it in place, as graphql-js's object maps do.
struct TypeDefinitionBuilder {
    /// Whether to keep AST nodes and spans (false for the built-in definitions).
    var keepNodes: Bool = true
    /// Whether the names of fields, arguments, enum values and input fields are known to be unique
    /// within their type or field (SDL validation passed): members are then appended without
    /// looking for an earlier one with the same name.
    var namesAreUnique: Bool = false

    /// Builds a named type from its definition and extensions.
    ///
    /// Takes the definition (the caller's copy is stored, not copied again) and stores it last.
    func makeType(_ definition: consuming Located<TypeDefinition>, extensions: [Located<TypeDefinition>]) -> NamedTypeDef {
        var type = NamedTypeDef(name: definition.node.name.value, kind: Self.kind(of: definition.node))
        type.setDescription(literal: definition.node.description)
        apply(definition, to: &type)
        // graphql-js's buildType reads @specifiedBy from the definition only, not from extensions
        // in the same documents (extending a built schema does read them).
        for extensionNode in extensions { applyExtension(extensionNode, to: &type, readsSpecifiedBy: false) }
        if keepNodes {
            type.span = definition.span(definition.node.range)
            type.definition = consume definition
        }
        return type
    }

    /// Applies an `extend` node to an existing type (graphql-js `extendNamedType`).
    func applyExtension(_ extensionNode: Located<TypeDefinition>, to type: inout NamedTypeDef, readsSpecifiedBy: Bool = true) {
        if keepNodes {
            type.extensionSpans.append(extensionNode.span(extensionNode.node.range))
            type.extensions.append(extensionNode)
        }
        apply(extensionNode, to: &type, readsSpecifiedBy: readsSpecifiedBy)
    }

    /// The model kind of an AST type definition.
    static func kind(of node: TypeDefinition) -> TypeKind {
        switch node {
        case .scalar: return .scalar
        case .object: return .object
        case .interface: return .interface
        case .union: return .union
        case .enum: return .enum
        case .inputObject: return .inputObject
        }
    }

    private func apply(_ located: Located<TypeDefinition>, to type: inout NamedTypeDef, readsSpecifiedBy: Bool = true) {
        let source = located.source
        let applied = located.node.directives.map { appliedDirective($0, source: source) }
        type.directives.append(contentsOf: applied)
        // An extension of another kind is reported by validation; its members are not applied.
        let kind = Self.kind(of: located.node)
        guard kind == type.kind || (kind == .object && type.kind == .interface) || (kind == .interface && type.kind == .object)
        else { return }
        switch located.node {
        case .scalar(let node):
            if readsSpecifiedBy, let url = Self.stringArgument("url", ofDirective: "specifiedBy", in: node.directives) {
                type.specifiedByURL = url
            }
        // One case per pattern: a case binding the same name across patterns copies the node.
        case .object(let node): applyFields(node, source: source, to: &type)
        case .interface(let node): applyFields(node, source: source, to: &type)
        case .union(let node):
            type.possibleTypes.append(contentsOf: node.types.map { $0.name.value })
        case .enum(let node):
            type.enumValues.reserveCapacity(type.enumValues.count + node.values.count)
            node.values.withUnsafeBufferPointer { values in
                for index in values.indices { add(makeEnumValue((values.baseAddress! + index).pointee, source: source), to: &type.enumValues) }
            }
        case .inputObject(let node):
            if node.directives.contains(where: { $0.name.value == "oneOf" }) { type.isOneOf = true }
            type.inputFields.reserveCapacity(type.inputFields.count + node.fields.count)
            node.fields.withUnsafeBufferPointer { fields in
                for index in fields.indices {
                    add(makeInputValue(fields.baseAddress! + index, of: node.fields, at: index, source: source), to: &type.inputFields)
                }
            }
        }
    }

    /// Applies the interfaces and fields of an object or interface node.
    @inline(__always)
    private func applyFields(_ node: ObjectTypeDefinition, source: Source, to type: inout NamedTypeDef) {
        // Interfaces are kept even when the kinds differ (validation reports mismatches).
        type.interfaces.append(contentsOf: node.interfaces.map { $0.name.value })
        type.fields.reserveCapacity(type.fields.count + node.fields.count)
        // Read in place through `pointee` (an addressor): iterating the array, or subscripting the
        // buffer, copies every field node once more (a retain and release per reference in it).
        node.fields.withUnsafeBufferPointer { fields in
            for index in fields.indices { add(makeField(fields.baseAddress! + index, of: node.fields, at: index, source: source), to: &type.fields) }
        }
    }

    /// Adds a member: a later one with an earlier one's name replaces it in place, as graphql-js's
    /// object maps do, unless names are known to be unique.
    @inline(__always)
    private func add<Element: Named & Sendable>(_ element: Element, to list: inout NamedList<Element>) {
        if namesAreUnique { list.append(element) } else { list.update(element) }
    }

    /// Builds a field definition from `node`, which is `list[index]` (kept by reference, not copied).
    func makeField(_ node: UnsafePointer<FieldDefinition>, of list: [FieldDefinition], at index: Int, source: Source) -> FieldDef {
        var arguments = NamedList<InputValueDef>()
        let argumentNodes = node.pointee.arguments
        if !argumentNodes.isEmpty {
            arguments.reserveCapacity(argumentNodes.count)
            argumentNodes.withUnsafeBufferPointer { nodes in
                for position in nodes.indices {
                    add(makeInputValue(nodes.baseAddress! + position, of: argumentNodes, at: position, source: source), to: &arguments)
                }
            }
        }
        let directives = node.pointee.directives
        return FieldDef(FieldProperties(
            name: node.pointee.name.value, arguments: arguments, type: TypeRef(node.pointee.type),
            deprecationReason: directives.isEmpty ? nil : Self.deprecationReason(directives),
            directives: directives.isEmpty ? [] : directives.map { appliedDirective($0, source: source) },
            span: keepNodes ? SourceSpan(source: source, range: node.pointee.range) : nil,
            nodeReference: keepNodes ? .element(list, index) : .none
        ), description: LazyDescription(literal: node.pointee.description))
    }

    /// Builds an argument or input field from `node`, which is `list[index]` (kept by reference).
    func makeInputValue(_ node: UnsafePointer<InputValueDefinition>, of list: [InputValueDefinition], at index: Int,
                        source: Source) -> InputValueDef {
        let directives = node.pointee.directives
        return InputValueDef(InputValueProperties(
            name: node.pointee.name.value, type: TypeRef(node.pointee.type),
            defaultValue: node.pointee.defaultValue,
            deprecationReason: directives.isEmpty ? nil : Self.deprecationReason(directives),
            directives: directives.isEmpty ? [] : directives.map { appliedDirective($0, source: source) },
            span: keepNodes ? SourceSpan(source: source, range: node.pointee.range) : nil,
            nodeReference: keepNodes ? .element(list, index) : .none
        ), description: LazyDescription(literal: node.pointee.description))
    }

    /// Builds an enum value.
    /// Takes the node (the caller's copy is stored, not copied again) and stores it last.
    func makeEnumValue(_ node: consuming EnumValueDefinition, source: Source) -> EnumValueDef {
        let description = node.description
        var value = EnumValueDef(
            name: node.name.value,
            deprecationReason: Self.deprecationReason(node.directives),
            directives: node.directives.map { appliedDirective($0, source: source) },
            span: keepNodes ? SourceSpan(source: source, range: node.range) : nil, node: keepNodes ? consume node : nil)
        value.setDescription(literal: description)
        return value
    }

    /// Builds a directive definition.
    func makeDirective(_ located: Located<DirectiveDefinition>) -> DirectiveDef {
        let node = located.node
        var arguments = NamedList<InputValueDef>()
        node.arguments.withUnsafeBufferPointer { nodes in
            for index in nodes.indices {
                add(makeInputValue(nodes.baseAddress! + index, of: node.arguments, at: index, source: located.source), to: &arguments)
            }
        }
        // Unknown locations are rejected by the parser; compactMap keeps this total.
        let locations = node.locations.compactMap { DirectiveLocation(rawValue: $0.value) }
        return DirectiveDef(
            name: node.name.value, description: node.description?.value, arguments: arguments,
            isRepeatable: node.repeatable, locations: locations,
            span: keepNodes ? located.span(node.range) : nil, node: keepNodes ? node : nil)
    }

    private func appliedDirective(_ directive: Directive, source: Source) -> AppliedDirective {
        AppliedDirective(name: directive.name.value, arguments: directive.arguments,
                         span: keepNodes ? SourceSpan(source: source, range: directive.range) : nil)
    }

    /// The deprecation reason of `@deprecated` (graphql-js `getDeprecationReason`): the `reason`
    /// argument, its default "No longer supported" when absent, nil when not deprecated.
    static func deprecationReason(_ directives: [Directive]) -> String? {
        guard let directive = directives.first(where: { $0.name.value == "deprecated" }) else { return nil }
        guard let argument = directive.arguments.first(where: { $0.name.value == "reason" }) else {
            return "No longer supported"
        }
        if case .string(let string) = argument.value { return string.value }
        return nil
    }

    /// A string argument of the first directive with a name, or nil.
    static func stringArgument(_ name: String, ofDirective directiveName: String, in directives: [Directive]) -> String? {
        guard let directive = directives.first(where: { $0.name.value == directiveName }),
              let argument = directive.arguments.first(where: { $0.name.value == name }),
              case .string(let string) = argument.value else { return nil }
        return string.value
    }
}
