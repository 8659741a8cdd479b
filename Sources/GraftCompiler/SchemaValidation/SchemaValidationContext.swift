import GraftLanguage

/// The state of `SchemaValidator`: the schema and the errors found so far, in order.
struct SchemaValidationContext {
    /// The schema being validated.
    let schema: Schema
    /// The errors, in graphql-js's order.
    var errors: [GraphQLError] = []

    init(schema: Schema) {
        self.schema = schema
    }

    /// Reports an error at the given spans (nil spans, for nodes that do not exist, are dropped).
    mutating func report(_ message: String, _ locations: [SourceSpan?]) {
        errors.append(GraphQLError(message, locations: locations.compactMap { $0 }))
    }

    /// Name Validation (Section 3, "Names"): names of types, fields, arguments, enum values and
    /// directives must not begin with `__` (graphql-js `validateName`).
    mutating func validateName(_ name: String, _ span: @autoclosure () -> SourceSpan?) {
        var utf8 = name.utf8.makeIterator()
        if utf8.next() == UInt8(ascii: "_") && utf8.next() == UInt8(ascii: "_") {
            report("Name \"\(name)\" must not begin with \"__\", which is reserved by GraphQL introspection.", [span()])
        }
    }

    /// Whether a type reference names an input type (scalar, enum or input object).
    func isInputType(_ type: TypeRef) -> Bool {
        switch schema.kind(of: type.namedType) {
        case .scalar, .enum, .inputObject: return true
        default: return false
        }
    }

    /// Whether a type reference names an output type (anything but an input object).
    func isOutputType(_ type: TypeRef) -> Bool {
        guard let kind = schema.kind(of: type.namedType) else { return false }
        return kind != .inputObject
    }

    /// The span of the `@deprecated` directive of an input value, if any.
    func deprecatedDirectiveSpan(_ value: InputValueDef) -> SourceSpan? {
        value.directives.first { $0.name == "deprecated" }?.span
    }

    /// The span of an input value's type node.
    func typeSpan(_ value: InputValueDef) -> SourceSpan? {
        guard let node = value.node, let span = value.span else { return nil }
        return SourceSpan(source: span.source, range: node.type.range)
    }

    /// The span of a field's type node.
    func typeSpan(_ field: FieldDef) -> SourceSpan? {
        guard let node = field.node, let span = field.span else { return nil }
        return SourceSpan(source: span.source, range: node.type.range)
    }

    /// The spans of a type's definition and extensions.
    func definitionSpans(_ type: NamedTypeDef) -> [SourceSpan?] {
        [type.span] + type.extensionSpans.map { $0 }
    }

    /// graphql-js `inspect` of a type reference: its GraphQL notation.
    func inspect(_ type: TypeRef) -> String { type.description }
}
