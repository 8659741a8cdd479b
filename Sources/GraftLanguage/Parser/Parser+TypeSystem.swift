extension Parser {
    /// SchemaDefinition : Description? schema Directives[Const]? { RootOperationTypeDefinition+ } (Section 3.3).
    mutating func parseSchemaDefinition() throws(SyntaxError) -> SchemaDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("schema")
        let directives = try parseDirectives(isConst: true)
        let operationTypes = try many(.braceLeft, .braceRight) { (parser: inout Parser) throws(SyntaxError) in
            try parser.parseOperationTypeDefinition()
        }
        return SchemaDefinition(description: description, directives: directives, operationTypes: operationTypes, range: range(from: start))
    }

    /// RootOperationTypeDefinition : OperationType : NamedType
    mutating func parseOperationTypeDefinition() throws(SyntaxError) -> OperationTypeDefinition {
        let start = token.start
        let operation = try parseOperationType()
        try expect(.colon)
        let type = try parseNamedType()
        return OperationTypeDefinition(operation: operation, type: type, range: range(from: start))
    }

    /// ScalarTypeDefinition : Description? scalar Name Directives[Const]? (Section 3.5).
    mutating func parseScalarTypeDefinition() throws(SyntaxError) -> TypeDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("scalar")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        return .scalar(ScalarTypeDefinition(name: name, description: description, directives: directives, range: range(from: start)))
    }

    /// ObjectTypeDefinition (Section 3.6) and InterfaceTypeDefinition (Section 3.7):
    /// Description? type|interface Name ImplementsInterfaces? Directives[Const]? FieldsDefinition?
    mutating func parseObjectTypeDefinition(keyword: StaticString) throws(SyntaxError) -> TypeDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword(keyword)
        let name = try parseName()
        let interfaces = try parseImplementsInterfaces()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseFieldsDefinition()
        let node = ObjectTypeDefinition(name: name, description: description, interfaces: interfaces,
                                        directives: directives, fields: fields, range: range(from: start))
        return keyword.utf8CodeUnitCount == 4 ? .object(node) : .interface(node)
    }

    /// ImplementsInterfaces : implements &? NamedType (& NamedType)*
    mutating func parseImplementsInterfaces() throws(SyntaxError) -> [NamedType] {
        guard try expectOptionalKeyword("implements") else { return [] }
        return try delimitedMany(.ampersand) { (parser: inout Parser) throws(SyntaxError) in try parser.parseNamedType() }
    }

    /// FieldsDefinition : { FieldDefinition+ }
    mutating func parseFieldsDefinition() throws(SyntaxError) -> [FieldDefinition] {
        try optionalMany(.braceLeft, .braceRight) { (parser: inout Parser) throws(SyntaxError) in
            try parser.parseFieldDefinition()
        }
    }

    /// FieldDefinition : Description? Name ArgumentsDefinition? : Type Directives[Const]?
    mutating func parseFieldDefinition() throws(SyntaxError) -> FieldDefinition {
        let start = token.start
        let description = try parseDescription()
        let name = try parseName()
        let arguments = try parseArgumentsDefinition()
        try expect(.colon)
        let type = try parseTypeReference()
        let directives = try parseDirectives(isConst: true)
        return FieldDefinition(name: name, description: description, arguments: arguments, type: type,
                               directives: directives, range: range(from: start))
    }

    /// ArgumentsDefinition : ( InputValueDefinition+ )
    mutating func parseArgumentsDefinition() throws(SyntaxError) -> [InputValueDefinition] {
        try optionalMany(.parenLeft, .parenRight) { (parser: inout Parser) throws(SyntaxError) in
            try parser.parseInputValueDefinition()
        }
    }

    /// InputValueDefinition : Description? Name : Type DefaultValue? Directives[Const]?
    mutating func parseInputValueDefinition() throws(SyntaxError) -> InputValueDefinition {
        let start = token.start
        let description = try parseDescription()
        let name = try parseName()
        try expect(.colon)
        let type = try parseTypeReference()
        let defaultValue = try expectOptional(.equals) ? try parseValueLiteral(isConst: true) : nil
        let directives = try parseDirectives(isConst: true)
        return InputValueDefinition(name: name, description: description, type: type, defaultValue: defaultValue,
                                    directives: directives, range: range(from: start))
    }

    /// UnionTypeDefinition : Description? union Name Directives[Const]? UnionMemberTypes? (Section 3.8).
    mutating func parseUnionTypeDefinition() throws(SyntaxError) -> TypeDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("union")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let types = try parseUnionMemberTypes()
        return .union(UnionTypeDefinition(name: name, description: description, directives: directives, types: types, range: range(from: start)))
    }

    /// UnionMemberTypes : = |? NamedType (| NamedType)*
    mutating func parseUnionMemberTypes() throws(SyntaxError) -> [NamedType] {
        guard try expectOptional(.equals) else { return [] }
        return try delimitedMany(.pipe) { (parser: inout Parser) throws(SyntaxError) in try parser.parseNamedType() }
    }

    /// EnumTypeDefinition : Description? enum Name Directives[Const]? EnumValuesDefinition? (Section 3.9).
    mutating func parseEnumTypeDefinition() throws(SyntaxError) -> TypeDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("enum")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let values = try parseEnumValuesDefinition()
        return .enum(EnumTypeDefinition(name: name, description: description, directives: directives, values: values, range: range(from: start)))
    }

    /// EnumValuesDefinition : { EnumValueDefinition+ }
    mutating func parseEnumValuesDefinition() throws(SyntaxError) -> [EnumValueDefinition] {
        try optionalMany(.braceLeft, .braceRight) { (parser: inout Parser) throws(SyntaxError) in
            try parser.parseEnumValueDefinition()
        }
    }

    /// EnumValueDefinition : Description? EnumValue Directives[Const]? — EnumValue is a Name but not
    /// `true`, `false` or `null`.
    mutating func parseEnumValueDefinition() throws(SyntaxError) -> EnumValueDefinition {
        let start = token.start
        let description = try parseDescription()
        if peekKeyword("true") || peekKeyword("false") || peekKeyword("null") {
            throw error("\(describe(token)) is reserved and cannot be used for an enum value.", at: token.start)
        }
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        return EnumValueDefinition(name: name, description: description, directives: directives, range: range(from: start))
    }

    /// InputObjectTypeDefinition : Description? input Name Directives[Const]? InputFieldsDefinition? (Section 3.10).
    mutating func parseInputObjectTypeDefinition() throws(SyntaxError) -> TypeDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("input")
        let name = try parseName()
        let directives = try parseDirectives(isConst: true)
        let fields = try parseArgumentsDefinitionBraced()
        return .inputObject(InputObjectTypeDefinition(name: name, description: description, directives: directives, fields: fields, range: range(from: start)))
    }

    /// InputFieldsDefinition : { InputValueDefinition+ }
    mutating func parseArgumentsDefinitionBraced() throws(SyntaxError) -> [InputValueDefinition] {
        try optionalMany(.braceLeft, .braceRight) { (parser: inout Parser) throws(SyntaxError) in
            try parser.parseInputValueDefinition()
        }
    }

    /// DirectiveDefinition : Description? directive @ Name ArgumentsDefinition? repeatable? on DirectiveLocations (Section 3.13).
    mutating func parseDirectiveDefinition() throws(SyntaxError) -> DirectiveDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("directive")
        try expect(.at)
        let name = try parseName()
        let arguments = try parseArgumentsDefinition()
        let repeatable = try expectOptionalKeyword("repeatable")
        try expectKeyword("on")
        let locations = try delimitedMany(.pipe) { (parser: inout Parser) throws(SyntaxError) in
            try parser.parseDirectiveLocation()
        }
        return DirectiveDefinition(name: name, description: description, arguments: arguments, repeatable: repeatable,
                                   locations: locations, range: range(from: start))
    }

    /// DirectiveLocation : one of the executable and type-system directive locations.
    mutating func parseDirectiveLocation() throws(SyntaxError) -> Name {
        let start = token
        let name = try parseName()
        guard DirectiveLocation(rawValue: name.value) != nil else { throw unexpected(start) }
        return name
    }
}
