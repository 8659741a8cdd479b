import GraftLanguage

extension OverlappingFieldsCanBeMergedRule {
    /// Compares fields with one response name: every pair `i < j` of `fields1` when `fields2` is
    /// nil (graphql-js `collectConflictsWithin`), else every pair of `fields1` × `fields2`
    /// (`collectConflictsBetween`), appending conflicts in graphql-js's order.
    ///
    /// When every field involved is free of fragment spreads, fields are grouped by signature:
    /// whether a pair conflicts is decided once per pair of signatures (and remembered for the
    /// whole run), and only pairs from conflicting groups are compared in full.
    func collectPairs(_ conflicts: inout [Conflict], _ mutuallyExclusive: Bool,
                      _ fields1: [FieldEntry], _ fields2: [FieldEntry]?) {
        let within = fields2 == nil
        let right = fields2 ?? fields1
        let signatures1 = fields1.map(signature)
        let signatures2 = within ? signatures1 : right.map(signature)
        let allPure = !signatures1.contains(nil) && !signatures2.contains(nil)
        if !allPure || fields1.count * right.count <= 16 {
            for i in fields1.indices {
                for j in (within ? i + 1 : 0)..<right.count {
                    if let conflict = compare(mutuallyExclusive, fields1[i], signatures1[i], right[j], signatures2[j]) {
                        conflicts.append(conflict)
                    }
                }
            }
            return
        }
        // Group the right-hand fields by signature, keeping indices in ascending order.
        var groups: [(signature: Int, indices: [Int])] = []
        var groupIndex: [Int: Int] = [:]
        for (j, signature) in signatures2.enumerated() {
            let signature = signature!
            if let index = groupIndex[signature] {
                groups[index].indices.append(j)
            } else {
                groupIndex[signature] = groups.count
                groups.append((signature, [j]))
            }
        }
        var conflictingGroups: [Int: [Int]] = [:]
        for i in fields1.indices {
            let signature = signatures1[i]!
            let targets: [Int]
            if let known = conflictingGroups[signature] {
                targets = known
            } else {
                targets = groups.indices.filter { index in
                    groupsConflict(mutuallyExclusive, fields1[i], signature, right, groups[index], within ? i : nil)
                }
                conflictingGroups[signature] = targets
            }
            if targets.isEmpty { continue }
            var candidates: [Int] = []
            for target in targets {
                for j in groups[target].indices where !within || j > i { candidates.append(j) }
            }
            if targets.count > 1 { candidates.sort() }
            for j in candidates {
                if let conflict = findConflict(mutuallyExclusive, fields1[i], right[j]) { conflicts.append(conflict) }
            }
        }
    }

    /// Whether a field with `signature` conflicts with the fields of a group (all alike).
    private func groupsConflict(_ mutuallyExclusive: Bool, _ field: FieldEntry, _ signature: Int, _ right: [FieldEntry],
                                _ group: (signature: Int, indices: [Int]), _ selfIndex: Int?) -> Bool {
        let pair = StructurePair(first: min(signature, group.signature), second: max(signature, group.signature),
                                 mutuallyExclusive: mutuallyExclusive)
        if let known = pureConflictMemo[pair] { return known }
        guard let other = group.indices.first(where: { $0 != selfIndex }) else { return false }
        let result = findConflict(mutuallyExclusive, field, right[other]) != nil
        pureConflictMemo[pair] = result
        return result
    }

    /// `findConflict`, skipped when the pair's signatures are known not to conflict.
    private func compare(_ mutuallyExclusive: Bool, _ field1: FieldEntry, _ signature1: Int?,
                         _ field2: FieldEntry, _ signature2: Int?) -> Conflict? {
        guard let signature1, let signature2 else { return findConflict(mutuallyExclusive, field1, field2) }
        let pair = StructurePair(first: min(signature1, signature2), second: max(signature1, signature2),
                                 mutuallyExclusive: mutuallyExclusive)
        if pureConflictMemo[pair] == false { return nil }
        let conflict = findConflict(mutuallyExclusive, field1, field2)
        pureConflictMemo[pair] = conflict != nil
        return conflict
    }
}
