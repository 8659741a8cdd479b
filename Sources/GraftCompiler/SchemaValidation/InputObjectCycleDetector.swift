import GraftLanguage

/// Input Object circular references (Section 3.10 "Type Validation" 3): an input object must not
/// reach itself through non-null, non-list fields (graphql-js `createInputObjectCircularRefsValidator`).
struct InputObjectCycleDetector {
    private var visited = Set<String>()
    private var fieldPath: [InputValueDef] = []
    private var pathIndexByTypeName: [String: Int] = [:]

    /// Creates a detector for a schema of `typeCount` types (its sets are sized once: grown from
    /// empty, they were rehashed about eighty times per build of the GitHub schema).
    init(typeCount: Int) {
        visited.reserveCapacity(typeCount)
        pathIndexByTypeName.reserveCapacity(16)
    }

    /// Reports every cycle reachable from `type` that has not been reported through an earlier type.
    mutating func detect(_ type: NamedTypeDef, in context: inout SchemaValidationContext) {
        if visited.contains(type.name) { return }
        visited.insert(type.name)
        pathIndexByTypeName[type.name] = fieldPath.count
        for field in type.inputFields {
            guard case .nonNull(.named(let fieldTypeName)) = field.type,
                  context.schema.kind(of: fieldTypeName) == .inputObject,
                  let fieldType = context.schema.types[fieldTypeName] else { continue }
            fieldPath.append(field)
            if let cycleIndex = pathIndexByTypeName[fieldTypeName] {
                let cycle = fieldPath[cycleIndex...]
                let path = cycle.map(\.name).joined(separator: ".")
                context.report("Cannot reference Input Object \"\(fieldTypeName)\" within itself through a series of non-null fields: \"\(path)\".",
                               cycle.map(\.span))
            } else {
                detect(fieldType, in: &context)
            }
            fieldPath.removeLast()
        }
        pathIndexByTypeName[type.name] = nil
    }
}
