import GraftLanguage

/// A description kept as its AST string literal and decoded when read: building a large schema
/// then costs nothing for the descriptions that validation never reads.
enum LazyDescription: Sendable, Hashable {
    /// A decoded (or absent) description.
    case text(String?)
    /// The string literal from SDL, decoded on each read.
    case literal(StringValue)

    /// The SDL string literal, decoded when read; no description when nil.
    init(literal: StringValue?) {
        self = literal.map(LazyDescription.literal) ?? .text(nil)
    }

    /// The description text.
    var value: String? {
        switch self {
        case .text(let text): return text
        case .literal(let literal): return literal.value
        }
    }

    static func == (lhs: LazyDescription, rhs: LazyDescription) -> Bool { lhs.value == rhs.value }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
