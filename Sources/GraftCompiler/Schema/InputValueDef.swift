import GraftLanguage

/// An argument of a field or directive, or a field of an input object.
public typealias InputValueDef = SchemaElement<InputValueProperties>

/// What an argument or input field holds, read and written as its own (`argument.defaultValue`).
/// It declares no initializer: the memberwise one is used, as for the AST nodes (Architecture.md,
/// "Language layer").
public struct InputValueProperties: SchemaElementProperties {
    /// The argument's or input field's name.
    public var name: String
    /// The input type.
    public var type: TypeRef
    /// The default value as a constant literal, or nil when there is none.
    public var defaultValue: Value?
    /// Why the argument or input field is deprecated, or nil when it is not.
    public var deprecationReason: String?
    /// The directives applied to its definition.
    public var directives: [AppliedDirective]
    /// The span of the definition in SDL, if built from SDL.
    public var span: SourceSpan?
    var nodeReference: NodeReference<InputValueDefinition>

    /// The input value definition node, if built from SDL.
    public var node: InputValueDefinition? { get { nodeReference.node } set { nodeReference = NodeReference(newValue) } }
}

extension InputValueDef {
    /// Creates the argument or input field.
    public init(
        name: String,
        description: String? = nil,
        type: TypeRef,
        defaultValue: Value? = nil,
        deprecationReason: String? = nil,
        directives: [AppliedDirective] = [],
        span: SourceSpan? = nil,
        node: InputValueDefinition? = nil
    ) {
        self.init(InputValueProperties(
            name: name,
            type: type,
            defaultValue: defaultValue,
            deprecationReason: deprecationReason,
            directives: directives,
            span: span,
            nodeReference: NodeReference(node)
        ), description: .text(description))
    }
}
