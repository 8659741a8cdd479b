extension Parser {
    /// OperationDefinition : Description? OperationType Name? VariablesDefinition? Directives? SelectionSet
    /// | SelectionSet (Section 2.3).
    mutating func parseOperationDefinition() throws(SyntaxError) -> OperationDefinition {
        let start = token.start
        if peek(.braceLeft) {
            let selectionSet = try parseSelectionSet()
            return OperationDefinition(operation: .query, description: nil, name: nil, variableDefinitions: [], directives: [],
                                       selectionSet: selectionSet, range: range(from: start))
        }
        let description = try parseDescription()
        let operation = try parseOperationType()
        let name = peek(.name) ? try parseName() : nil
        let variableDefinitions = try parseVariableDefinitions()
        let directives = try parseDirectives(isConst: false)
        let selectionSet = try parseSelectionSet()
        return OperationDefinition(description: description, operation: operation, name: name, variableDefinitions: variableDefinitions,
                                   directives: directives, selectionSet: selectionSet, range: range(from: start))
    }

    /// OperationType : one of `query` `mutation` `subscription`.
    mutating func parseOperationType() throws(SyntaxError) -> OperationType {
        let operationToken = token
        try expect(.name)
        if lexer.tokenText(operationToken, equals: "query") { return .query }
        if lexer.tokenText(operationToken, equals: "mutation") { return .mutation }
        if lexer.tokenText(operationToken, equals: "subscription") { return .subscription }
        throw unexpected(operationToken)
    }

    /// VariablesDefinition : ( VariableDefinition+ ) (Section 2.10).
    mutating func parseVariableDefinitions() throws(SyntaxError) -> [VariableDefinition] {
        try optionalMany(.parenLeft, .parenRight) { (parser: inout Parser) throws(SyntaxError) in
            try parser.parseVariableDefinition()
        }
    }

    /// VariableDefinition : Description? Variable : Type DefaultValue? Directives[Const]?
    mutating func parseVariableDefinition() throws(SyntaxError) -> VariableDefinition {
        let start = token.start
        let description = try parseDescription()
        let variable = try parseVariable()
        try expect(.colon)
        let type = try parseTypeReference()
        let defaultValue = try expectOptional(.equals) ? try parseValueLiteral(isConst: true) : nil
        let directives = try parseDirectives(isConst: true)
        return VariableDefinition(description: description, variable: variable, type: type, defaultValue: defaultValue,
                                  directives: directives, range: range(from: start))
    }

    /// Variable : $ Name
    mutating func parseVariable() throws(SyntaxError) -> Variable {
        let start = token.start
        try expect(.dollar)
        let name = try parseName()
        return Variable(name: name, range: range(from: start))
    }

    /// SelectionSet : { Selection+ } (Section 2.4).
    mutating func parseSelectionSet() throws(SyntaxError) -> SelectionSet {
        let start = token.start
        try enter()
        let selections = try many(.braceLeft, .braceRight) { (parser: inout Parser) throws(SyntaxError) in
            try parser.parseSelection()
        }
        leave()
        return SelectionSet(selections: selections, range: range(from: start))
    }

    /// Selection : Field | FragmentSpread | InlineFragment
    mutating func parseSelection() throws(SyntaxError) -> Selection {
        peek(.spread) ? try parseFragment() : .field(try parseField())
    }

    /// Field : Alias? Name Arguments? Directives? SelectionSet? (Section 2.5).
    mutating func parseField() throws(SyntaxError) -> Field {
        let start = token.start
        let nameOrAlias = try parseName()
        var alias: Name? = nil
        var name = nameOrAlias
        if try expectOptional(.colon) {
            alias = nameOrAlias
            name = try parseName()
        }
        let arguments = try parseArguments(isConst: false)
        let directives = try parseDirectives(isConst: false)
        let selectionSet = peek(.braceLeft) ? try parseSelectionSet() : nil
        return Field(alias: alias, name: name, arguments: arguments, directives: directives,
                     selectionSet: selectionSet, range: range(from: start))
    }

    /// FragmentSpread : ... FragmentName Directives? | InlineFragment : ... TypeCondition? Directives? SelectionSet
    mutating func parseFragment() throws(SyntaxError) -> Selection {
        let start = token.start
        try expect(.spread)
        let hasTypeCondition = try expectOptionalKeyword("on")
        if !hasTypeCondition && peek(.name) {
            let name = try parseFragmentName()
            let directives = try parseDirectives(isConst: false)
            return .fragmentSpread(FragmentSpread(name: name, directives: directives, range: range(from: start)))
        }
        let typeCondition = hasTypeCondition ? try parseNamedType() : nil
        let directives = try parseDirectives(isConst: false)
        let selectionSet = try parseSelectionSet()
        return .inlineFragment(InlineFragment(typeCondition: typeCondition, directives: directives,
                                              selectionSet: selectionSet, range: range(from: start)))
    }

    /// FragmentDefinition : Description? fragment FragmentName TypeCondition Directives? SelectionSet (Section 2.8).
    mutating func parseFragmentDefinition() throws(SyntaxError) -> FragmentDefinition {
        let start = token.start
        let description = try parseDescription()
        try expectKeyword("fragment")
        let name = try parseFragmentName()
        let variableDefinitions = options.allowLegacyFragmentVariables ? try parseVariableDefinitions() : nil
        try expectKeyword("on")
        let typeCondition = try parseNamedType()
        let directives = try parseDirectives(isConst: false)
        let selectionSet = try parseSelectionSet()
        return FragmentDefinition(description: description, name: name, variableDefinitions: variableDefinitions,
                                  typeCondition: typeCondition, directives: directives, selectionSet: selectionSet,
                                  range: range(from: start))
    }

    /// FragmentName : Name but not `on`.
    mutating func parseFragmentName() throws(SyntaxError) -> Name {
        if peekKeyword("on") { throw unexpected() }
        return try parseName()
    }
}
