import GraftLanguage

/// Spec 5.3.3 "Leaf Field Selections" (Section-5-Validation.md): scalar and enum fields have no
/// selection set; object, interface and union fields have one.
final class ScalarLeafsRule: ValidationRule {
    static let name = "ScalarLeafsRule"
    static let visitedNodes: VisitedNodes = .field
    private let context: ValidationContext

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: Field) -> VisitAction {
        guard let type = context.type, let named = context.typeInfo.namedType else { return .visitChildren }
        let fieldName = node.name.value
        if named.isLeaf {
            if let selectionSet = node.selectionSet {
                context.report("Field \"\(fieldName)\" must not have a selection since type \"\(type)\" has no subfields.",
                               at: selectionSet.range)
            }
        } else if node.selectionSet == nil {
            context.report("Field \"\(fieldName)\" of type \"\(type)\" must have a selection of subfields. Did you mean \"\(fieldName) { ... }\"?",
                           at: node.range)
        }
        return .visitChildren
    }
}
