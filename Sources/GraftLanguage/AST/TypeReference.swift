/// A type reference (Section 2.11): a named type, a list type or a non-null type.
///
/// A value type without indirection: the named type and up to three wrappers (`[String!]!`)
/// packed into one word, so parsing a schema allocates nothing for its field types. Build
/// references with ``named(_:)``, ``list(_:_:)`` and ``nonNull(_:_:)``; take them apart with
/// ``outermost``.
public struct TypeReference: Sendable, Hashable, CustomStringConvertible {
    /// The named type at the core of the reference.
    public private(set) var namedType: NamedType
    /// The list and non-null wrappers around ``namedType``, innermost first.
    private var wrappers: Wrappers

    /// One layer of a type reference, as the grammar has it.
    public enum Layer: Sendable, Hashable {
        /// `Name`.
        case named(NamedType)
        /// `[Type]`.
        case list(TypeReference, SourceRange)
        /// `Type!`.
        case nonNull(TypeReference, SourceRange)
    }

    /// `Name`.
    public static func named(_ named: NamedType) -> TypeReference {
        TypeReference(namedType: named, wrappers: Wrappers())
    }

    /// `[Type]`.
    public static func list(_ inner: TypeReference, _ range: SourceRange) -> TypeReference {
        var type = inner
        type.wrap(isList: true, range)
        return type
    }

    /// `Type!`.
    public static func nonNull(_ inner: TypeReference, _ range: SourceRange) -> TypeReference {
        var type = inner
        type.wrap(isList: false, range)
        return type
    }

    /// Wraps the reference in place in `[…]` or `…!` spanning `range` (the parser's way, no copy).
    @inline(__always)
    mutating func wrap(isList: Bool, _ range: SourceRange) {
        wrappers.append(isList: isList, range, around: namedType.range)
    }

    /// The outermost layer: the named type itself, or a wrapper with the reference it wraps.
    public var outermost: Layer {
        guard wrappers.count > 0 else { return .named(namedType) }
        var inner = self
        let (isList, range) = inner.wrappers.removeLast(around: namedType.range)
        return isList ? .list(inner, range) : .nonNull(inner, range)
    }

    /// Whether the outermost layer is `Type!`.
    public var isNonNull: Bool {
        wrappers.count > 0 && !wrappers.wrapper(wrappers.count - 1, around: namedType.range).isList
    }

    /// Where it is.
    public var range: SourceRange {
        wrappers.count > 0 ? wrappers.wrapper(wrappers.count - 1, around: namedType.range).range : namedType.range
    }

    /// The type as written in GraphQL, such as `[String!]!`.
    public var description: String {
        var text = namedType.name.value
        for index in 0..<wrappers.count {
            if wrappers.wrapper(index, around: namedType.range).isList { text = "[" + text + "]" } else { text += "!" }
        }
        return text
    }
}

extension TypeReference {
    /// The wrappers of a reference, innermost first. Up to three whose ranges lie within 511
    /// bytes before and after the named type are packed into one word as those two distances;
    /// any others move all of them to an array. Which storage holds them follows from the
    /// wrappers alone, so the synthesized `==` and hash compare wrappers, not storage.
    struct Wrappers: Sendable, Hashable {
        /// Bits 0–1: the count; bits 2–4: which are lists; then nine bits each for the distance
        /// before and after the named type of wrappers 0, 1 and 2.
        private var packed: UInt64 = 0
        /// All the wrappers, when they do not fit in `packed`.
        private var spilled: [Spilled]? = nil

        private struct Spilled: Sendable, Hashable {
            var isList: Bool
            var range: SourceRange
        }

        private static let inlineCapacity = 3
        private static let distanceBits: UInt64 = 9
        private static let maxDistance = 1 << 9 - 1

        var count: Int {
            if let spilled { return spilled.count }
            return Int(packed & 0b11)
        }

        /// Wrapper `index` around a named type at `core`.
        func wrapper(_ index: Int, around core: SourceRange) -> (isList: Bool, range: SourceRange) {
            if let spilled { return (spilled[index].isList, spilled[index].range) }
            let isList = packed & (1 << (2 + UInt64(index))) != 0
            let shift = 5 + UInt64(index) * 2 * Self.distanceBits
            let mask: UInt64 = 1 << Self.distanceBits - 1
            let before = Int((packed >> shift) & mask), after = Int((packed >> (shift + Self.distanceBits)) & mask)
            return (isList, SourceRange(checkedStart: core.start - before, end: core.end + after))
        }

        @inline(__always)
        mutating func append(isList: Bool, _ range: SourceRange, around core: SourceRange) {
            let index = Int(packed & 0b11)
            let before = core.start &- range.start, after = range.end &- core.end
            if spilled == nil, index < Self.inlineCapacity, before >= 0, before <= Self.maxDistance,
               after >= 0, after <= Self.maxDistance {
                let shift = 5 + UInt64(index) * 2 * Self.distanceBits
                packed = (packed & ~0b11) | UInt64(index + 1) | (isList ? 1 << (2 + UInt64(index)) : 0)
                    | UInt64(before) << shift | UInt64(after) << (shift + Self.distanceBits)
                return
            }
            spill(adding: isList, range, around: core)
        }

        private mutating func spill(adding isList: Bool, _ range: SourceRange, around core: SourceRange) {
            var all = spilled ?? (0..<count).map {
                let wrapper = self.wrapper($0, around: core)
                return Spilled(isList: wrapper.isList, range: wrapper.range)
            }
            all.append(Spilled(isList: isList, range: range))
            packed = 0
            spilled = all
        }

        mutating func removeLast(around core: SourceRange) -> (isList: Bool, range: SourceRange) {
            let last = wrapper(count - 1, around: core)
            if var all = spilled {
                all.removeLast()
                self = Wrappers()
                for wrapper in all { append(isList: wrapper.isList, wrapper.range, around: core) }
            } else {
                let index = UInt64(count - 1)
                let shift = 5 + index * 2 * Self.distanceBits
                let kept: UInt64 = (1 << shift) - 1
                packed = (packed & kept & ~(0b11 | 1 << (2 + index))) | index
            }
            return last
        }

        init() {}
    }
}

/// A reference to a named type.
public struct NamedType: Sendable, Hashable {
    /// The type's name.
    public var name: Name

    /// Creates a named type reference.
    public init(name: Name) {
        self.name = name
    }

    /// Where it is (the same as its name).
    public var range: SourceRange { name.range }
}
