/// One `@include`/`@skip` condition on a variable, or a deferred fragment (`@defer`), as the IR
/// records it on a selection.
public enum IRCondition: Sendable, Hashable, Comparable {
    /// `@include(if: $variable)`.
    case include(String)
    /// `@skip(if: $variable)`.
    case skip(String)
    /// Inside a `@defer` fragment: the data may arrive later (the label, or "" without one).
    case deferred(String)

    /// The sort key: variable conditions first, by variable, include before skip.
    var sortKey: (Int, String) {
        switch self {
        case .include(let name): return (0, name + "\u{0}0")
        case .skip(let name): return (0, name + "\u{0}1")
        case .deferred(let label): return (1, label)
        }
    }

    /// Variable conditions first (by variable, include before skip), then deferral.
    public static func < (lhs: IRCondition, rhs: IRCondition) -> Bool { lhs.sortKey < rhs.sortKey }
}

/// When a selection applies: a disjunction of conjunctions of conditions. A selection written
/// twice under different conditions applies when either applies; the empty conjunction means
/// "always".
public struct IRConditions: Sendable, Hashable {
    /// The alternatives (each a sorted conjunction); `[[]]` means always, `[]` never.
    public private(set) var alternatives: [[IRCondition]]

    /// Creates conditions from alternatives (normalized: sorted, without duplicates).
    public init(_ alternatives: [[IRCondition]]) {
        var seen: Set<[IRCondition]> = []
        var result: [[IRCondition]] = []
        for alternative in alternatives {
            let sorted = Array(Set(alternative)).sorted()
            if sorted.isEmpty { result = [[]]; seen = [[]]; break }
            if seen.insert(sorted).inserted { result.append(sorted) }
        }
        self.alternatives = result.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Always applies.
    public static let always = IRConditions([[]])

    /// Whether the selection always applies.
    public var isAlways: Bool { alternatives == [[]] }

    /// Applies when either applies.
    public func or(_ other: IRConditions) -> IRConditions {
        IRConditions(alternatives + other.alternatives)
    }

    /// Applies when both apply.
    public func and(_ other: IRConditions) -> IRConditions {
        var result: [[IRCondition]] = []
        for left in alternatives {
            for right in other.alternatives { result.append(left + right) }
        }
        return IRConditions(result)
    }

    /// The conditions relative to a parent that applies under `parent`: when the parent has a
    /// single alternative that every alternative here includes, its conditions are removed
    /// (a selection inside a conditional field applies whenever that field is present).
    public func relative(to parent: IRConditions) -> IRConditions {
        guard parent.alternatives.count == 1, let base = parent.alternatives.first, !base.isEmpty else { return self }
        let baseSet = Set(base)
        guard alternatives.allSatisfy({ baseSet.isSubset(of: $0) }) else { return self }
        return IRConditions(alternatives.map { $0.filter { !baseSet.contains($0) } })
    }

    /// The `@include`/`@skip` conditions of each alternative (deferral left out), for selection metadata.
    public var variableAlternatives: [[IRCondition]] {
        alternatives.map { $0.filter { if case .deferred = $0 { return false } else { return true } } }
    }
}
