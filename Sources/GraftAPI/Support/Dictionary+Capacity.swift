extension Dictionary {
    /// An empty dictionary with room for `count` elements, made by code specialized for its types.
    /// (`init(minimumCapacity:)` is not inlinable: each call looked up the storage class's generic
    /// metadata at run time, about a third of what making a small dictionary costs. The
    /// inlinable initializer from a sequence sizes the storage by the sequence's
    /// `underestimatedCount`.) Inlinable, so the cache in Graft specializes it too.
    @inlinable @inline(__always)
    package init(capacityFor count: Int) {
        self.init(NoElements(underestimatedCount: count), uniquingKeysWith: { first, _ in first })
    }
}

/// An empty sequence that says it has `underestimatedCount` elements. Frozen, so that its inlinable
/// initializer may set its property in a module built with library evolution.
@usableFromInline @frozen
struct NoElements<Element>: Sequence, IteratorProtocol {
    @usableFromInline let underestimatedCount: Int

    @inlinable init(underestimatedCount: Int) { self.underestimatedCount = underestimatedCount }

    @inlinable func next() -> Element? { nil }
}
