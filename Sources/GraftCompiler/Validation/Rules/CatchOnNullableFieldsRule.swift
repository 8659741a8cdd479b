import GraftLanguage

/// `@catch` (a generator directive, see `GeneratorDirectives`) only on fields whose errors stay
/// on them: a nullable field, or one the schema marks `@semanticNonNull`. A non-null field's
/// error nulls the nearest nullable position above it (spec 6.4.4 "Handling Execution Errors"),
/// so there is nothing left for a `@catch` on it to catch. An unknown `to:` is reported by
/// `ValuesOfCorrectTypeRule` (it is a `CatchTo`). Not a rule of the specification: code
/// generation runs it (`SpecifiedRules.codeGeneration`).
final class CatchOnNullableFieldsRule: ValidationRule {
    static let name = "CatchOnNullableFieldsRule"
    static let visitedNodes: VisitedNodes = .field
    private let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: Field) -> VisitAction {
        guard let directive = node.directives.first(where: { $0.name.value == "catch" }),
              case .nonNull? = context.typeInfo.fieldDef?.type, let type = context.type else { return .visitChildren }
        context.report("Field \"\(node.name.value)\" of type \"\(type)\" cannot use @catch: it is non-null, so its errors "
                       + "null the enclosing field instead; catch them there.", at: directive.range)
        return .visitChildren
    }
}
