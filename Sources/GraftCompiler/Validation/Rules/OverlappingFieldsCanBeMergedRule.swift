import GraftLanguage

/// Spec 5.3.2 "Field Selection Merging" (Section-5-Validation.md): fields with the same response
/// name in a selection set (after fragments are applied) can be merged: same field, same
/// arguments (unless their parents are different object types), compatible return types, and
/// mergeable sub-selections.
///
/// This follows graphql-js 16's algorithm step by step (so errors and their order match) with its
/// caches: each selection set's fields are collected once, and fragment pairs already compared are
/// remembered (`comparedFragmentPairs`). On top of that, fields are grouped by their structure:
/// when comparing two fields never consults the compared fragment pairs, whether they conflict
/// depends only on their structures, so it is decided once per pair of structures and many
/// identical sibling fields cost linear rather than quadratic time (see `collectPairs`). A
/// selection set stops collecting conflicts once they exceed the errors left before validation
/// stops, since the rest would never be reported.
///
/// Fragments that spread themselves (which No Fragment Cycles reports) would make the comparison
/// endless (graphql-js 16.6 exhausts its stack on some) or exponential: their spreads are left
/// out of the comparison (`ValidationContext.fragmentsOnCycles`). Comparisons nest at most
/// ``maxComparisonDepth`` fields deep; a document whose fragments nest overlapping fields deeper
/// is rejected with an error of its own rather than exhausting the stack.
final class OverlappingFieldsCanBeMergedRule: ValidationRule {
    static let name = "OverlappingFieldsCanBeMergedRule"
    static let visitedNodes: VisitedNodes = .selectionSet
    let context: ValidationContext
    var comparedFragmentPairs = FragmentPairSet()
    /// How many times `comparedFragmentPairs` was read or written (to tell state-free comparisons).
    var fragmentPairAccesses = 0
    /// How deep the comparison running now nests.
    var comparisonDepth = 0
    /// Whether a comparison of the selection set being checked went deeper than allowed.
    var comparisonTooDeep = false
    /// How many fields deep a comparison nests before the document is rejected.
    static let maxComparisonDepth = 256
    var fieldsCache: [Int: FieldsAndFragments] = [:]
    var argumentsCache: [Int: String] = [:]
    var structureCache: [Int: Int] = [:]
    var structureIDs: [String: Int] = [:]
    var pureConflictMemo: [StructurePair: Bool] = [:]
    var signatureCache: [Int: Int] = [:]

    init(context: ValidationContext) { self.context = context }

    func enter(_ node: SelectionSet) -> VisitAction {
        // A selection set without fragment spreads whose response names are all different has
        // nothing to compare (its fields are collected later if a comparison needs them).
        var responseKeys: [String] = []
        var responseKeySet: Set<String>?
        if canSkip(node, &responseKeys, &responseKeySet) { return .visitChildren }
        comparisonTooDeep = false
        let conflicts = findConflictsWithinSelectionSet(context.parentType, node)
        if comparisonTooDeep {
            context.report("Fields in this selection set overlap more than \(Self.maxComparisonDepth) levels deep through fragment spreads; "
                           + "Graft does not compare them further. Spread fewer fragments within each other.", at: node.range)
        }
        for conflict in conflicts {
            context.report("Fields \"\(conflict.responseName)\" conflict because \(conflict.reason.message). Use different aliases on the fields to fetch both if this was intentional.",
                           at: conflict.fields1 + conflict.fields2)
            if context.isAborted { break }
        }
        return .visitChildren
    }

    /// Whether the selection set (with its inline fragments) spreads no fragment and repeats no
    /// response name.
    private func canSkip(_ selectionSet: SelectionSet, _ keys: inout [String], _ keySet: inout Set<String>?) -> Bool {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                let key = field.responseKey
                if keySet != nil {
                    if !keySet!.insert(key).inserted { return false }
                } else if keys.contains(key) {
                    return false
                } else {
                    keys.append(key)
                    if keys.count > 16 { keySet = Set(keys) }
                }
            case .inlineFragment(let inline):
                if !canSkip(inline.selectionSet, &keys, &keySet) { return false }
            case .fragmentSpread:
                return false
            }
        }
        return true
    }

    // MARK: graphql-js steps A to J

    /// A, B, C: conflicts within a selection set, between it and its fragments, and between them.
    func findConflictsWithinSelectionSet(_ parentType: ValidationType?, _ selectionSet: SelectionSet) -> [Conflict] {
        var conflicts = ConflictList(limit: context.maxErrors - context.errors.count + 1)
        let collected = fieldsAndFragmentNames(parentType, selectionSet)
        for (_, fields) in collected.fields where fields.count > 1 {
            collectPairs(&conflicts, false, fields, nil)
        }
        let names = collected.fragmentNames
        for i in names.indices {
            collectConflictsBetweenFieldsAndFragment(&conflicts, false, collected, names[i])
            for j in (i + 1)..<names.count {
                collectConflictsBetweenFragments(&conflicts, false, names[i], names[j])
            }
        }
        return conflicts.items
    }

    /// D, E: conflicts between a set of fields and a fragment (and the fragments it spreads).
    ///
    /// Depth first, in graphql-js 16.6's order, with an explicit stack rather than recursion: a
    /// chain of fragments each spreading the next is as long as the document makes it.
    func collectConflictsBetweenFieldsAndFragment(_ conflicts: inout ConflictList, _ mutuallyExclusive: Bool,
                                                  _ fieldMap: FieldsAndFragments, _ fragmentName: String) {
        var stack: [(name: String, spreads: [String], next: Int)] = []
        func compare(with name: String) {
            guard !conflicts.isFull, let fragment = context.fragment(named: name) else { return }
            let referenced = referencedFieldsAndFragmentNames(fragment)
            if fieldMap === referenced { return }
            collectConflictsBetween(&conflicts, mutuallyExclusive, fieldMap, referenced)
            if !referenced.fragmentNames.isEmpty { stack.append((name, referenced.fragmentNames, 0)) }
        }
        compare(with: fragmentName)
        while let top = stack.last {
            guard top.next < top.spreads.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let referencedName = top.spreads[top.next]
            if fragmentPairsContain(referencedName, top.name, mutuallyExclusive) { continue }
            insertFragmentPair(referencedName, top.name, mutuallyExclusive)
            compare(with: referencedName)
        }
    }

    /// F, G: conflicts between two fragments (and the fragments they spread).
    ///
    /// Depth first, in graphql-js 16.6's order (the second fragment's spreads against the first,
    /// then the first's against the second), with an explicit stack rather than recursion.
    func collectConflictsBetweenFragments(_ conflicts: inout ConflictList, _ mutuallyExclusive: Bool,
                                          _ fragmentName1: String, _ fragmentName2: String) {
        /// One pair being compared: `spreads2` pair `name1` with each of the second fragment's
        /// spreads, then `spreads1` each of the first's with `name2`.
        struct Frame {
            let name1: String, name2: String
            let spreads1: [String], spreads2: [String]
            var next = 0
        }
        var stack: [Frame] = []
        func compare(_ name1: String, _ name2: String) {
            if name1 == name2 || conflicts.isFull { return }
            if fragmentPairsContain(name1, name2, mutuallyExclusive) { return }
            insertFragmentPair(name1, name2, mutuallyExclusive)
            guard let fragment1 = context.fragment(named: name1), let fragment2 = context.fragment(named: name2) else { return }
            let referenced1 = referencedFieldsAndFragmentNames(fragment1)
            let referenced2 = referencedFieldsAndFragmentNames(fragment2)
            collectConflictsBetween(&conflicts, mutuallyExclusive, referenced1, referenced2)
            if referenced1.fragmentNames.isEmpty && referenced2.fragmentNames.isEmpty { return }
            stack.append(Frame(name1: name1, name2: name2, spreads1: referenced1.fragmentNames, spreads2: referenced2.fragmentNames))
        }
        compare(fragmentName1, fragmentName2)
        while let top = stack.last {
            let index = top.next
            guard index < top.spreads2.count + top.spreads1.count else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            if index < top.spreads2.count {
                compare(top.name1, top.spreads2[index])
            } else {
                compare(top.spreads1[index - top.spreads2.count], top.name2)
            }
        }
    }

    /// H, I, J: conflicts between the sub-selections of two fields with the same response name.
    func findConflictsBetweenSubSelectionSets(_ mutuallyExclusive: Bool, _ parentType1: ValidationType?,
                                              _ selectionSet1: SelectionSet, _ parentType2: ValidationType?,
                                              _ selectionSet2: SelectionSet) -> [Conflict] {
        var conflicts = ConflictList()
        let collected1 = fieldsAndFragmentNames(parentType1, selectionSet1)
        let collected2 = fieldsAndFragmentNames(parentType2, selectionSet2)
        collectConflictsBetween(&conflicts, mutuallyExclusive, collected1, collected2)
        for name2 in collected2.fragmentNames {
            collectConflictsBetweenFieldsAndFragment(&conflicts, mutuallyExclusive, collected1, name2)
        }
        for name1 in collected1.fragmentNames {
            collectConflictsBetweenFieldsAndFragment(&conflicts, mutuallyExclusive, collected2, name1)
        }
        for name1 in collected1.fragmentNames {
            for name2 in collected2.fragmentNames {
                collectConflictsBetweenFragments(&conflicts, mutuallyExclusive, name1, name2)
            }
        }
        return conflicts.items
    }

    /// Compares the fields of two sets that share a response name.
    func collectConflictsBetween(_ conflicts: inout ConflictList, _ mutuallyExclusive: Bool,
                                 _ fieldMap1: FieldsAndFragments, _ fieldMap2: FieldsAndFragments) {
        for (responseName, fields1) in fieldMap1.fields {
            if conflicts.isFull { return }
            if let fields2 = fieldMap2.fields(named: responseName) {
                collectPairs(&conflicts, mutuallyExclusive, fields1, fields2)
            }
        }
    }

    /// Whether two fields with one response name conflict, and why (graphql-js `findConflict`).
    func findConflict(_ parentFieldsAreMutuallyExclusive: Bool, _ field1: FieldEntry, _ field2: FieldEntry) -> Conflict? {
        let mutuallyExclusive = parentFieldsAreMutuallyExclusive
            || (field1.parentTypeName != field2.parentTypeName && field1.parentIsObject && field2.parentIsObject)
        let node1 = field1.node, node2 = field2.node
        let responseName = node1.responseKey
        if !mutuallyExclusive {
            if node1.name.value != node2.name.value {
                return Conflict(responseName, .message("\"\(node1.name.value)\" and \"\(node2.name.value)\" are different fields"),
                                [node1.range], [node2.range])
            }
            if argumentsString(node1) != argumentsString(node2) {
                return Conflict(responseName, .message("they have differing arguments"), [node1.range], [node2.range])
            }
        }
        if let type1 = field1.type, let type2 = field2.type, doTypesConflict(type1, type2) {
            return Conflict(responseName, .message("they return conflicting types \"\(type1)\" and \"\(type2)\""),
                            [node1.range], [node2.range])
        }
        guard let selectionSet1 = node1.selectionSet, let selectionSet2 = node2.selectionSet else { return nil }
        // A cut leaves the outcome depending on the path taken, which the structure memo must not
        // record: it counts as a fragment-pair access.
        guard comparisonDepth < Self.maxComparisonDepth else {
            comparisonTooDeep = true
            fragmentPairAccesses += 1
            return nil
        }
        comparisonDepth += 1
        defer { comparisonDepth -= 1 }
        let subConflicts = findConflictsBetweenSubSelectionSets(
            mutuallyExclusive, field1.type.flatMap { context.types[$0] }, selectionSet1,
            field2.type.flatMap { context.types[$0] }, selectionSet2)
        guard !subConflicts.isEmpty else { return nil }
        return Conflict(responseName, .subfields(subConflicts.map { ($0.responseName, $0.reason) }),
                        [node1.range] + subConflicts.flatMap(\.fields1), [node2.range] + subConflicts.flatMap(\.fields2))
    }

    func fragmentPairsContain(_ a: String, _ b: String, _ mutuallyExclusive: Bool) -> Bool {
        fragmentPairAccesses += 1
        return comparedFragmentPairs.contains(a, b, mutuallyExclusive)
    }

    func insertFragmentPair(_ a: String, _ b: String, _ mutuallyExclusive: Bool) {
        fragmentPairAccesses += 1
        comparedFragmentPairs.insert(a, b, mutuallyExclusive)
    }

    private func doTypesConflict(_ type1: TypeRef, _ type2: TypeRef) -> Bool {
        if case .list(let inner1) = type1 {
            if case .list(let inner2) = type2 { return doTypesConflict(inner1, inner2) }
            return true
        }
        if case .list = type2 { return true }
        if case .nonNull(let inner1) = type1 {
            if case .nonNull(let inner2) = type2 { return doTypesConflict(inner1, inner2) }
            return true
        }
        if case .nonNull = type2 { return true }
        let isLeaf1 = context.types[type1]?.isLeaf ?? false
        let isLeaf2 = context.types[type2]?.isLeaf ?? false
        if isLeaf1 || isLeaf2 { return type1.namedType != type2.namedType }
        return false
    }
}
