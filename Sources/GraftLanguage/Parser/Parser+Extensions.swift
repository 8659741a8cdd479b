extension Parser {
    /// TypeSystemExtension : SchemaExtension | TypeExtension (Sections 3.3.1, 3.4.3).
    mutating func parseTypeSystemExtension() throws(SyntaxError) -> Definition {
        let keyword = try lookahead()
        if keyword.kind == .name {
            if lexer.tokenText(keyword, equals: "schema") { return .schemaExtension(try parseSchemaExtension()) }
            if lexer.tokenText(keyword, equals: "scalar") { return .typeExtension(try parseScalarTypeExtension()) }
            if lexer.tokenText(keyword, equals: "type") { return .typeExtension(try parseObjectTypeExtension(keyword: "type")) }
            if lexer.tokenText(keyword, equals: "interface") { return .typeExtension(try parseObjectTypeExtension(keyword: "interface")) }
            if lexer.tokenText(keyword, equals: "union") { return .typeExtension(try parseUnionTypeExtension()) }
            if lexer.tokenText(keyword, equals: "enum") { return .typeExtension(try parseEnumTypeExtension()) }
            if lexer.tokenText(keyword, equals: "input") { return .typeExtension(try parseInputObjectTypeExtension()) }
        }
        throw unexpected(keyword)
    }

    /// SchemaExtension : extend schema Directives[Const]? { RootOperationTypeDefinition+ } | extend schema Directives[Const]
    mutating func parseSchemaExtension() throws(SyntaxError) -> SchemaDefinition {
        let start = token.start
        try expectKeyword("extend")
        try expectKeyword("schema")
        let directives = try parseDirectives(isConst: true)
        let operationTypes = try optionalMany(.braceLeft, .braceRight) { (parser: inout Parser) throws(SyntaxError) in
            try parser.parseOperationTypeDefinition()
        }
        if directives.isEmpty && operationTypes.isEmpty { throw unexpected() }
        return SchemaDefinition(description: nil, directives: directives, operationTypes: operationTypes, range: range(from: start))
    }

    /// ScalarTypeExtension : extend scalar Name Directives[Const]
    mutating func parseScalarTypeExtension() throws(SyntaxError) -> TypeDefinition {
        let start = token.start
        try expectKeyword("extend")
        try expectKeyword("scalar")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        if directives.isEmpty { throw unexpected() }
        return .scalar(ScalarTypeDefinition(name: name, description: nil, directives: directives, range: range(from: start)))
    }

    /// ObjectTypeExtension and InterfaceTypeExtension: extend type|interface Name ImplementsInterfaces? Directives[Const]? FieldsDefinition?
    /// with at least one of the three.
    mutating func parseObjectTypeExtension(keyword: StaticString) throws(SyntaxError) -> TypeDefinition {
        let start = token.start
        try expectKeyword("extend")
        try expectKeyword(keyword)
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseFieldsDefinition()
        if interfaces.isEmpty && directives.isEmpty && fields.isEmpty { throw unexpected() }
        let node = ObjectTypeDefinition(name: name, description: nil, interfaces: interfaces, directives: directives,
                                        fields: fields, range: range(from: start))
        return keyword.utf8CodeUnitCount == 4 ? .object(node) : .interface(node)
    }

    /// UnionTypeExtension : extend union Name Directives[Const]? UnionMemberTypes (or only directives).
    mutating func parseUnionTypeExtension() throws(SyntaxError) -> TypeDefinition {
        let start = token.start
        try expectKeyword("extend")
        try expectKeyword("union")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let types = try parseUnionMemberTypes()
        if directives.isEmpty && types.isEmpty { throw unexpected() }
        return .union(UnionTypeDefinition(name: name, description: nil, directives: directives, types: types, range: range(from: start)))
    }

    /// EnumTypeExtension : extend enum Name Directives[Const]? EnumValuesDefinition (or only directives).
    mutating func parseEnumTypeExtension() throws(SyntaxError) -> TypeDefinition {
        let start = token.start
        try expectKeyword("extend")
        try expectKeyword("enum")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let values = try parseEnumValuesDefinition()
        if directives.isEmpty && values.isEmpty { throw unexpected() }
        return .enum(EnumTypeDefinition(name: name, description: nil, directives: directives, values: values, range: range(from: start)))
    }

    /// InputObjectTypeExtension : extend input Name Directives[Const]? InputFieldsDefinition (or only directives).
    mutating func parseInputObjectTypeExtension() throws(SyntaxError) -> TypeDefinition {
        let start = token.start
        try expectKeyword("extend")
        try expectKeyword("input")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseArgumentsDefinitionBraced()
        if directives.isEmpty && fields.isEmpty { throw unexpected() }
        return .inputObject(InputObjectTypeDefinition(name: name, description: nil, directives: directives, fields: fields, range: range(from: start)))
    }
}
