extension Parser {
    /// Document : Definition+ (Section 2.2).
    mutating func parseDocument() throws(SyntaxError) -> Document {
        var definitions: [Definition] = []
        // About one definition per 700 bytes in large schemas (GitHub's): growing the array copies
        // every definition made so far.
        definitions.reserveCapacity(Swift.max(4, lexer.bytes.count / 600))
        repeat { definitions.append(try parseDefinition()) } while try !expectOptional(.endOfFile)
        return Document(definitions: definitions, range: SourceRange(checkedStart: 0, end: lexer.bytes.count))
    }

    /// Definition : ExecutableDefinition | TypeSystemDefinitionOrExtension.
    mutating func parseDefinition() throws(SyntaxError) -> Definition {
        if peek(.braceLeft) { return .operation(try parseOperationDefinition()) }
        let hasDescription = peekDescription()
        let keyword = hasDescription ? try lookahead() : token
        if keyword.kind == .name {
            let text = lexer
            if text.tokenText(keyword, equals: "schema") { return .schema(try parseSchemaDefinition()) }
            if text.tokenText(keyword, equals: "scalar") { return .type(try parseScalarTypeDefinition()) }
            if text.tokenText(keyword, equals: "type") { return .type(try parseObjectTypeDefinition(keyword: "type")) }
            if text.tokenText(keyword, equals: "interface") { return .type(try parseObjectTypeDefinition(keyword: "interface")) }
            if text.tokenText(keyword, equals: "union") { return .type(try parseUnionTypeDefinition()) }
            if text.tokenText(keyword, equals: "enum") { return .type(try parseEnumTypeDefinition()) }
            if text.tokenText(keyword, equals: "input") { return .type(try parseInputObjectTypeDefinition()) }
            if text.tokenText(keyword, equals: "directive") { return .directive(try parseDirectiveDefinition()) }
            // The 2025 grammar allows descriptions on operations and fragments.
            if text.tokenText(keyword, equals: "query") || text.tokenText(keyword, equals: "mutation")
                || text.tokenText(keyword, equals: "subscription") {
                return .operation(try parseOperationDefinition())
            }
            if text.tokenText(keyword, equals: "fragment") { return .fragment(try parseFragmentDefinition()) }
            if hasDescription {
                throw error("Unexpected description, descriptions are supported only on type definitions.", at: token.start)
            }
            if text.tokenText(keyword, equals: "extend") { return try parseTypeSystemExtension() }
        } else if hasDescription && keyword.kind == .braceLeft {
            throw error("Unexpected description, descriptions are not supported on shorthand queries.", at: token.start)
        }
        throw unexpected(keyword)
    }
}
