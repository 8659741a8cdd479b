import GraftLanguage

extension OverlappingFieldsCanBeMergedRule {
    /// Compares fields with one response name: every pair `i < j` of `fields1` when `fields2` is
    /// nil (graphql-js `collectConflictsWithin`), else every pair of `fields1` × `fields2`
    /// (`collectConflictsBetween`), appending conflicts in graphql-js's order.
    ///
    /// A few pairs are compared directly. Otherwise fields are grouped by signature (fields with
    /// the same signature compare alike): when comparing two fields never reads the compared
    /// fragment pairs, the comparison is a function of their signatures, so its outcome is
    /// remembered for the whole run. For each field, only the groups of the other side that
    /// conflict with it (or whose comparison depends on the compared fragment pairs) are compared
    /// pair by pair, in graphql-js's order.
    func collectPairs(_ conflicts: inout ConflictList, _ mutuallyExclusive: Bool,
                      _ fields1: [FieldEntry], _ fields2: [FieldEntry]?) {
        let within = fields2 == nil
        let right = fields2 ?? fields1
        if fields1.count * right.count <= 16 {
            // Few pairs: compare them as graphql-js does.
            for i in fields1.indices {
                for j in (within ? i + 1 : 0)..<right.count {
                    if conflicts.isFull { return }
                    if let conflict = findConflict(mutuallyExclusive, fields1[i], right[j]) { conflicts.append(conflict) }
                }
            }
            return
        }
        let signatures1 = fields1.map(signature)
        let signatures2 = within ? signatures1 : right.map(signature)
        // Group the right-hand fields by signature, indices ascending.
        var groups: [(signature: Int, indices: [Int])] = []
        var groupIndex: [Int: Int] = [:]
        for (j, signature) in signatures2.enumerated() {
            if let index = groupIndex[signature] {
                groups[index].indices.append(j)
            } else {
                groupIndex[signature] = groups.count
                groups.append((signature, [j]))
            }
        }
        var targetsBySignature: [Int: [Int]] = [:]
        for i in fields1.indices {
            let signature = signatures1[i]
            let targets: [Int]
            if let known = targetsBySignature[signature] {
                targets = known
            } else {
                targets = groups.indices.filter { index in
                    mayConflict(mutuallyExclusive, fields1[i], signature, right, groups[index], within ? i : nil)
                }
                targetsBySignature[signature] = targets
            }
            if targets.isEmpty { continue }
            var candidates: [Int] = []
            for target in targets {
                for j in groups[target].indices where !within || j > i { candidates.append(j) }
            }
            if targets.count > 1 { candidates.sort() }
            for j in candidates {
                if conflicts.isFull { return }
                if let conflict = compare(mutuallyExclusive, fields1[i], signature, right[j], signatures2[j]) {
                    conflicts.append(conflict)
                }
            }
        }
    }

    /// Whether a field may conflict with the fields of a group (which all compare alike): false
    /// only if comparing with one of them, without consulting the compared fragment pairs, finds
    /// no conflict. That trial comparison is undone if it touched the fragment pairs.
    private func mayConflict(_ mutuallyExclusive: Bool, _ field: FieldEntry, _ signature: Int, _ right: [FieldEntry],
                             _ group: (signature: Int, indices: [Int]), _ selfIndex: Int?) -> Bool {
        let pair = StructurePair(first: min(signature, group.signature), second: max(signature, group.signature),
                                 mutuallyExclusive: mutuallyExclusive)
        if let known = pureConflictMemo[pair] { return known }
        guard let other = group.indices.first(where: { $0 != selfIndex }) else { return false }
        let savedPairs = comparedFragmentPairs
        let accesses = fragmentPairAccesses
        let conflicts = findConflict(mutuallyExclusive, field, right[other]) != nil
        if fragmentPairAccesses != accesses {
            comparedFragmentPairs = savedPairs
            return true
        }
        pureConflictMemo[pair] = conflicts
        return conflicts
    }

    /// `findConflict`, skipped when the pair's signatures are known not to conflict.
    private func compare(_ mutuallyExclusive: Bool, _ field1: FieldEntry, _ signature1: Int,
                         _ field2: FieldEntry, _ signature2: Int) -> Conflict? {
        let pair = StructurePair(first: min(signature1, signature2), second: max(signature1, signature2),
                                 mutuallyExclusive: mutuallyExclusive)
        if pureConflictMemo[pair] == false { return nil }
        let accesses = fragmentPairAccesses
        let conflict = findConflict(mutuallyExclusive, field1, field2)
        if fragmentPairAccesses == accesses { pureConflictMemo[pair] = conflict != nil }
        return conflict
    }
}
