import GraftLanguage

/// A field of an object or interface type.
public typealias FieldDef = SchemaElement<FieldProperties>

/// What a field holds, read and written as the field's own (`field.type`). It declares no
/// initializer: the memberwise one is used, as for the AST nodes (Architecture.md, "Language layer").
public struct FieldProperties: SchemaElementProperties {
    /// The field's name.
    public var name: String
    /// The arguments.
    public var arguments: NamedList<InputValueDef>
    /// The field's type.
    public var type: TypeRef
    /// Why the field is deprecated (`@deprecated(reason:)`), or nil when it is not.
    public var deprecationReason: String?
    /// The directives applied to the field definition.
    public var directives: [AppliedDirective]
    /// The span of the field definition in SDL, if built from SDL.
    public var span: SourceSpan?
    var nodeReference: NodeReference<FieldDefinition>

    /// The field definition node, if built from SDL.
    public var node: FieldDefinition? { get { nodeReference.node } set { nodeReference = NodeReference(newValue) } }
}

extension FieldDef {
    /// Creates the field.
    public init(
        name: String,
        description: String? = nil,
        arguments: NamedList<InputValueDef> = NamedList(),
        type: TypeRef,
        deprecationReason: String? = nil,
        directives: [AppliedDirective] = [],
        span: SourceSpan? = nil,
        node: FieldDefinition? = nil
    ) {
        self.init(FieldProperties(
            name: name,
            arguments: arguments,
            type: type,
            deprecationReason: deprecationReason,
            directives: directives,
            span: span,
            nodeReference: NodeReference(node)
        ), description: .text(description))
    }
}
