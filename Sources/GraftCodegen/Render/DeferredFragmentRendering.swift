import GraftCompiler

/// How a `@defer` fragment (``IRDeferredFragment``) appears in its enclosing generated struct: a
/// nested struct named after the label holding the deferred selections, a property
/// `Graft.Deferred<Name>` (pending, fulfilled, failed), its selection metadata and initializer.
///
/// `... on Dog @defer(label: "dogDetails") { favoriteToy }` gives
/// `let dogDetails: Graft.Deferred<DogDetails>`, filled by `try data.deferred("dogDetails")`,
/// and `.deferred(DogDetails.self, label: "dogDetails")` in `__selections`. A fragment without a
/// label is named `Deferred`.
struct DeferredFragmentRendering {
    /// The nested struct's name.
    let typeName: String
    /// The property's name.
    let property: String
    /// The property's type.
    let type: String
    /// The entry of `__selections`.
    let selection: String
    /// The decoding expression.
    let initializer: String

    /// Names the fragment, avoiding (and adding to) `taken`: the nested type's name and the
    /// property's name must both be free. `graft` is `Graft.` or "" (see `RenderContext.graft`).
    init(_ fragment: IRDeferredFragment, graft: String, taken: inout TakenNames) {
        let base = Self.typeName(forLabel: fragment.label)
        var name = base
        while taken.contains(name) || taken.contains(SwiftNames.lowerFirst(name)) { name += "_" }
        taken.insert(name)
        taken.insert(SwiftNames.lowerFirst(name))
        let label = SwiftNames.stringLiteral(fragment.label)
        typeName = name
        property = SwiftNames.lowerFirst(name)
        type = "\(graft)Deferred<\(name)>"
        selection = ".deferred(\(name).self, label: \(label))"
        initializer = "try data.deferred(\(label))"
    }

    /// `deferredCat` → `DeferredCat`, `course-stats` → `CourseStats`, "" → `Deferred`; a label
    /// that does not start with a letter gets `Deferred` in front.
    static func typeName(forLabel label: String) -> String {
        let words = label.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let joined = words.map { SwiftNames.upperFirst(String($0)) }.joined()
        guard let first = joined.first else { return "Deferred" }
        return first.isLetter ? joined : "Deferred" + joined
    }
}
