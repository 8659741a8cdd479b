import GraftLanguage

/// Spec 5.7.1 "Directives Are Defined" and 5.7.2 "Directives Are in Valid Locations"
/// (Section-5-Validation.md).
final class OperationKnownDirectivesRule: ValidationRule {
    static let name = "KnownDirectivesRule"
    static let visitedNodes: VisitedNodes = .directive
    private let context: ValidationContext
    private var locationsByName: [String: [String]] = [:]

    init(context: ValidationContext) {
        self.context = context
        locationsByName = context.types.directiveLocations
        for case .directive(let definition) in context.document.definitions {
            locationsByName[definition.name.value] = definition.locations.map(\.value)
        }
    }

    func enter(_ node: Directive) -> VisitAction {
        let name = node.name.value
        guard let locations = locationsByName[name] else {
            context.report("Unknown directive \"@\(name)\".", at: node.range)
            return .visitChildren
        }
        if let location = context.directiveLocation, !locations.contains(location.rawValue) {
            context.report("Directive \"@\(name)\" may not be used on \(location.rawValue).", at: node.range)
        }
        return .visitChildren
    }
}
