import GraftLanguage

/// `@catch(to:)` on a field of an operation: how the generated property hands over the field's
/// error (the nullability working group's `CatchTo`, as Apollo Kotlin reads it).
public enum CatchTo: String, Sendable, Hashable, CaseIterable {
    /// The property is a `Graft.FieldResult`: the value, or the field's error.
    case result = "RESULT"
    /// The property is optional: nil when the field has an error.
    case null = "NULL"
    /// The property throws the field's error when read (the default of a semantically non-null field).
    case `throw` = "THROW"

    /// The `to:` of a field's `@catch` (default `RESULT`), or nil without one or with a `to:`
    /// that names no case (validation reports it).
    static func of(_ directives: [Directive]) -> CatchTo? {
        guard let directive = directives.first(where: { $0.name.value == "catch" }) else { return nil }
        guard let argument = directive.arguments.first(where: { $0.name.value == "to" }) else { return .result }
        guard case .enumValue(let name, _) = argument.value else { return nil }
        return CatchTo(rawValue: name)
    }
}

/// How the generated property of a field hands over the field's error, from the schema's
/// `@semanticNonNull` and the operation's `@catch`.
public enum IRFieldErrorHandling: Sendable, Hashable {
    /// As the schema's type says: a null is nil, its error only in the response's `errors`.
    case none
    /// Reading the property throws the field's error (`@semanticNonNull`, `@catch(to: THROW)`).
    case throwing
    /// The property is a result (`@catch(to: RESULT)`).
    case result
    /// The property is nil when the field has an error (`@catch(to: NULL)` on a semantically
    /// non-null field; without `@semanticNonNull` this is `none`).
    case nullOnError
}

extension FieldDef {
    /// The list levels `@semanticNonNull(levels:)` declares non-null except for errors (0 the
    /// field, 1 the items of its list, and so on), sorted; empty without the directive. Levels
    /// that are out of range are dropped (schema validation reports them).
    public var semanticNonNullLevels: [Int] {
        guard let directive = self.directives.first(where: { $0.name == "semanticNonNull" }) else { return [] }
        guard let levels = SemanticNonNull.levels(directive) else { return [] }
        let depth = self.type.listDepth
        return Set(levels.filter { $0 >= 0 && $0 <= depth }).sorted()
    }
}

/// Reading `@semanticNonNull`.
enum SemanticNonNull {
    /// The `levels:` of an applied `@semanticNonNull` (default `[0]`); nil when not a list of integers.
    static func levels(_ directive: AppliedDirective) -> [Int]? {
        guard let value = directive.argument("levels") else { return [0] }
        switch value {
        case .int(let text, _): return Int(text).map { [$0] }
        case .list(let items, _):
            var levels: [Int] = []
            for item in items {
                guard case .int(let text, _) = item, let level = Int(text) else { return nil }
                levels.append(level)
            }
            return levels
        default: return nil
        }
    }
}

extension TypeRef {
    /// The number of list wrappers (`[[String]]` has 2).
    public var listDepth: Int {
        switch self {
        case .named: return 0
        case .list(let inner): return 1 + inner.listDepth
        case .nonNull(let inner): return inner.listDepth
        }
    }

    /// Whether the position at list level `level` (0 the type itself) is non-null; nil past the levels.
    public func isNonNull(atLevel level: Int) -> Bool? {
        switch self {
        case .nonNull(let inner): return level == 0 ? true : inner.isNonNull(atLevel: level)
        case .list(let inner): return level == 0 ? false : inner.isNonNull(atLevel: level - 1)
        case .named: return level == 0 ? false : nil
        }
    }

    /// The type with the positions at `levels` made non-null (what `@semanticNonNull` promises).
    public func nonNull(atLevels levels: [Int]) -> TypeRef {
        guard !levels.isEmpty else { return self }
        return nonNull(atLevels: Set(levels), level: 0)
    }

    private func nonNull(atLevels levels: Set<Int>, level: Int) -> TypeRef {
        switch self {
        case .nonNull(let inner): return .nonNull(inner.nonNull(atLevels: levels, level: level))
        case .named: return levels.contains(level) ? .nonNull(self) : self
        case .list(let inner):
            let list = TypeRef.list(inner.nonNull(atLevels: levels, level: level + 1))
            return levels.contains(level) ? .nonNull(list) : list
        }
    }
}

extension IRField {
    /// How the field's property hands over its error.
    public var errorHandling: IRFieldErrorHandling {
        let semantic = !definition.semanticNonNullLevels.isEmpty
        switch catchTo {
        case .result?: return .result
        case .null?: return semantic ? .nullOnError : .none
        case .throw?: return .throwing
        case nil: return semantic ? .throwing : .none
        }
    }

    /// The field's type with `@semanticNonNull`'s levels made non-null: the type of its value when
    /// it has no error.
    public var semanticType: TypeRef { type.nonNull(atLevels: definition.semanticNonNullLevels) }
}
