/// The SDL validation rules graphql-js runs before building a schema (`specifiedSDLRules`), in
/// its order. Each case's raw value is graphql-js's rule name.
public enum SDLRule: String, CaseIterable, Sendable {
    case loneSchemaDefinition = "LoneSchemaDefinitionRule"
    case uniqueOperationTypes = "UniqueOperationTypesRule"
    case uniqueTypeNames = "UniqueTypeNamesRule"
    case uniqueEnumValueNames = "UniqueEnumValueNamesRule"
    case uniqueFieldDefinitionNames = "UniqueFieldDefinitionNamesRule"
    case uniqueArgumentDefinitionNames = "UniqueArgumentDefinitionNamesRule"
    case uniqueDirectiveNames = "UniqueDirectiveNamesRule"
    case knownTypeNames = "KnownTypeNamesRule"
    case knownDirectives = "KnownDirectivesRule"
    case uniqueDirectivesPerLocation = "UniqueDirectivesPerLocationRule"
    case possibleTypeExtensions = "PossibleTypeExtensionsRule"
    case knownArgumentNamesOnDirectives = "KnownArgumentNamesOnDirectivesRule"
    case uniqueArgumentNames = "UniqueArgumentNamesRule"
    case uniqueInputFieldNames = "UniqueInputFieldNamesRule"
    case providedRequiredArgumentsOnDirectives = "ProvidedRequiredArgumentsOnDirectivesRule"

    /// Runs the rule, adding its errors to the context.
    func run(_ context: inout SDLValidationContext) {
        context.ruleIndex = SDLRule.allCases.firstIndex(of: self) ?? 0
        switch self {
        case .loneSchemaDefinition: context.checkLoneSchemaDefinition()
        case .uniqueOperationTypes: context.checkUniqueOperationTypes()
        case .uniqueTypeNames: context.checkUniqueTypeNames()
        case .uniqueEnumValueNames: context.checkUniqueEnumValueNames()
        case .uniqueFieldDefinitionNames: context.checkUniqueFieldDefinitionNames()
        case .uniqueArgumentDefinitionNames: context.checkUniqueArgumentDefinitionNames()
        case .uniqueDirectiveNames: context.checkUniqueDirectiveNames()
        case .knownTypeNames: context.checkKnownTypeNames()
        case .knownDirectives: context.checkKnownDirectives()
        case .uniqueDirectivesPerLocation: context.checkUniqueDirectivesPerLocation()
        case .possibleTypeExtensions: context.checkPossibleTypeExtensions()
        case .knownArgumentNamesOnDirectives: context.checkKnownArgumentNamesOnDirectives()
        case .uniqueArgumentNames: context.checkUniqueArgumentNames()
        case .uniqueInputFieldNames: context.checkUniqueInputFieldNames()
        case .providedRequiredArgumentsOnDirectives: context.checkProvidedRequiredArgumentsOnDirectives()
        }
    }
}
