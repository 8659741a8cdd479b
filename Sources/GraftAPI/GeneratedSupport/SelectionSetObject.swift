/// The base class of generated models in the class shape (`graft.json`'s `"modelShape": "class"`):
/// the conformances to `SelectionSet`, `Hashable`, `OutputValue` and `Sendable` are made once here
/// and inherited, so a generated model (a `final class`) has no witness tables of its own, which
/// is most of a generated module's machine code in the struct shape.
///
/// Models are immutable (their stored properties are `let`s set from `__data`), hence
/// `@unchecked Sendable`; subclasses restate it. Two models are `==` when they are of the same
/// dynamic type and were built from equal response objects: identity is never compared.
open class SelectionSetObject: SelectionSet, @unchecked Sendable {
    @_spi(Generated) public let __data: ObjectData

    /// Stores the response object; a generated subclass decodes its fields first, then calls this.
    public required init(_ data: ObjectData) throws(ResponseDecodingError) {
        __data = data
    }

    /// Overridden by each generated subclass: builds its selections. Called once per class, by
    /// `__selections`.
    @_spi(Generated) open class func __makeSelections() -> [Selection] { [] }

    /// The selections of the dynamic class, built by its `__makeSelections()` on first use and
    /// kept (`SelectionCache`). A `static let` in each generated class instead cost about a tenth
    /// of a generated module's debug compile time: a global, a once-token and an accessor per
    /// class, and its initializer type-checked again by the job that emits the module.
    @_spi(Generated) public final class var __selections: [Selection] { SelectionCache.shared.selections(of: self) }

    public static func == (lhs: SelectionSetObject, rhs: SelectionSetObject) -> Bool {
        ObjectIdentifier(type(of: lhs)) == ObjectIdentifier(type(of: rhs)) && lhs.__data == rhs.__data
    }

    public func hash(into hasher: inout Hasher) { __data.hash(into: &hasher) }
}

/// The base class of generated named fragments in the class shape.
open class FragmentObject: SelectionSetObject, Fragment, @unchecked Sendable {
    /// Overridden by each generated fragment with its definition, a string literal.
    open class var fragmentDefinition: String { "" }
}
