/// The validation rules of the specification, in graphql-js 17's `specifiedRules` order (the
/// order errors are reported in), and the custom rules graphql-js ships.
public enum SpecifiedRules {
    /// Every rule of Section 5, in graphql-js's order: graphql-js 16's rules, and
    /// `KnownOperationTypesRule` (the specification's since 2025, graphql-js 17's).
    public static let all: [any ValidationRule.Type] = [
        ExecutableDefinitionsRule.self,
        KnownOperationTypesRule.self,
        UniqueOperationNamesRule.self,
        LoneAnonymousOperationRule.self,
        SingleFieldSubscriptionsRule.self,
        OperationKnownTypeNamesRule.self,
        FragmentsOnCompositeTypesRule.self,
        VariablesAreInputTypesRule.self,
        ScalarLeafsRule.self,
        FieldsOnCorrectTypeRule.self,
        UniqueFragmentNamesRule.self,
        KnownFragmentNamesRule.self,
        NoUnusedFragmentsRule.self,
        PossibleFragmentSpreadsRule.self,
        NoFragmentCyclesRule.self,
        UniqueVariableNamesRule.self,
        NoUndefinedVariablesRule.self,
        NoUnusedVariablesRule.self,
        OperationKnownDirectivesRule.self,
        OperationUniqueDirectivesPerLocationRule.self,
        KnownArgumentNamesRule.self,
        OperationUniqueArgumentNamesRule.self,
        ValuesOfCorrectTypeRule.self,
        ProvidedRequiredArgumentsRule.self,
        VariablesInAllowedPositionRule.self,
        OverlappingFieldsCanBeMergedRule.self,
        OperationUniqueInputFieldNamesRule.self,
    ]

    /// The rules for operations given to the code generator: all specified rules but
    /// `NoUnusedFragmentsRule`, since every fragment becomes a model of its own whether or not an
    /// operation spreads it (Apollo iOS drops the same rule); plus `CatchOnNullableFieldsRule`,
    /// for the generator's `@catch`.
    public static let codeGeneration: [any ValidationRule.Type] = all.filter { $0 != NoUnusedFragmentsRule.self }
        + [CatchOnNullableFieldsRule.self]

    /// Rules that are not part of the specification: deprecated-usage and introspection reporting.
    public static let custom: [any ValidationRule.Type] = [
        NoDeprecatedCustomRule.self,
        NoSchemaIntrospectionCustomRule.self,
    ]

    /// The rule with a graphql-js name such as `"FieldsOnCorrectTypeRule"`, or nil.
    public static func named(_ name: String) -> (any ValidationRule.Type)? {
        (all + custom).first { $0.name == name }
    }
}
