/// Static selection metadata of a generated selection set: what one generic executor walks to
/// normalize a response into cache records and read it back. Generated as
/// `static let __selections: [Graft.Selection] = [.field("name", Swift.String.self), ...]`.
public enum Selection: Sendable {
    /// A field.
    case field(Field)
    /// An inline fragment (a type case, or a conditional group).
    case inlineFragment(InlineFragment)
    /// A named fragment spread.
    case fragmentSpread(FragmentSpread)

    // The payloads are classes: the normalizer and the reader switch over selections once per
    // object, and copying a struct payload retained and released each of its members.

    /// A field selection.
    public final class Field: Sendable {
        /// The key in the response (alias or name).
        public let responseKey: String
        /// The schema field name.
        public let name: String
        /// The field's GraphQL shape.
        public let type: OutputType
        /// The arguments, by name.
        @_spi(Generated) public let arguments: [String: ArgumentValue]
        /// `@include`/`@skip` conditions; all must hold.
        @_spi(Generated) public let conditions: [Condition]

        package init(responseKey: String, name: String, type: OutputType, arguments: [String: ArgumentValue], conditions: [Condition]) {
            self.responseKey = responseKey
            self.name = name
            self.type = type
            self.arguments = arguments
            self.conditions = conditions
        }
    }

    /// An inline fragment: its own selection set type and when it applies.
    public final class InlineFragment: Sendable {
        /// The generated type (`AsDroid`) holding the fragment's selections.
        public let type: any SelectionSet.Type
        /// The object typenames it applies to, or nil when it always applies.
        public let possibleTypes: Set<String>?
        /// `@include`/`@skip` conditions.
        @_spi(Generated) public let conditions: [Condition]
        /// The `@defer` label when the fragment holds deferred selections (``Deferred``), else nil:
        /// its fields may be missing from a response and from the cache without a miss.
        public let deferredLabel: String?

        package init(type: any SelectionSet.Type, possibleTypes: Set<String>?, conditions: [Condition], deferredLabel: String?) {
            self.type = type
            self.possibleTypes = possibleTypes
            self.conditions = conditions
            self.deferredLabel = deferredLabel
        }
    }

    /// A named fragment spread.
    public final class FragmentSpread: Sendable {
        /// The generated fragment type.
        public let fragment: any Fragment.Type
        /// The object typenames it applies to, or nil when it always applies.
        public let possibleTypes: Set<String>?
        /// `@include`/`@skip` conditions.
        @_spi(Generated) public let conditions: [Condition]

        package init(fragment: any Fragment.Type, possibleTypes: Set<String>?, conditions: [Condition]) {
            self.fragment = fragment
            self.possibleTypes = possibleTypes
            self.conditions = conditions
        }
    }

    /// `__typename`, which every selection set below the root selects.
    @_spi(Generated) public static let typename: Selection = .field("__typename", String.self)

    // The factories are `@inline(never)`: generated `__selections` initializers call them once
    // per type, and inlining them (with their default arguments and set building) into every
    // initializer made the optimizer's work on a generated module about a quarter larger.

    // Overloads without default arguments cover the common generated call sites
    // (`.field("name", String.self)`, `.typeCase(AsDroid.self, on: ["Droid"])`): a default argument
    // is one more call and one more value to build and release per site in every initializer.

    /// A field selected by its name, without arguments or conditions.
    @inline(never)
    @_spi(Generated) public static func field(_ responseKey: String, _ type: any OutputValue.Type) -> Selection {
        .field(Field(responseKey: responseKey, name: responseKey, type: type.__outputType, arguments: [:], conditions: []))
    }

    /// A field with arguments, selected by its name.
    @inline(never)
    @_spi(Generated) public static func field(_ responseKey: String, _ type: any OutputValue.Type, arguments: [String: ArgumentValue]) -> Selection {
        .field(Field(responseKey: responseKey, name: responseKey, type: type.__outputType, arguments: arguments, conditions: []))
    }

    /// A field with one argument, selected by its name: the common case of arguments, as a call
    /// instead of a one-entry dictionary literal, which costs the compiler more (a tuple, an array
    /// of tuples, `Dictionary`'s generic initializer). With `__variable(_:_:)` for an operation's
    /// one variable, this took 1.9% off the compiler's instructions for StarWarsAPI's debug build
    /// (57 literals).
    @inline(never)
    @_spi(Generated) public static func field(_ responseKey: String, _ type: any OutputValue.Type, argument name: String,
                                              _ value: ArgumentValue) -> Selection {
        .field(Field(responseKey: responseKey, name: responseKey, type: type.__outputType, arguments: [name: value], conditions: []))
    }

    /// A field under `@include`/`@skip`, selected by its name, without arguments.
    @inline(never)
    @_spi(Generated) public static func field(_ responseKey: String, _ type: any OutputValue.Type, if conditions: [Condition]) -> Selection {
        .field(Field(responseKey: responseKey, name: responseKey, type: type.__outputType, arguments: [:], conditions: conditions))
    }

    /// A field.
    @inline(never)
    @_spi(Generated) public static func field(_ responseKey: String, _ type: any OutputValue.Type, name: String? = nil,
                             arguments: [String: ArgumentValue] = [:], if conditions: [Condition] = []) -> Selection {
        .field(Field(responseKey: responseKey, name: name ?? responseKey, type: type.__outputType,
                     arguments: arguments, conditions: conditions))
    }

    /// A type case: an inline fragment (`... on Droid { … }`) whose fields apply when the object's
    /// `__typename` is one of `possibleTypes`, an array literal in generated code (cheaper to
    /// compile than a set literal); the set is built here.
    @inline(never)
    @_spi(Generated) public static func typeCase(_ type: any SelectionSet.Type, on possibleTypes: [String]? = nil,
                                if conditions: [Condition] = []) -> Selection {
        .inlineFragment(InlineFragment(type: type, possibleTypes: possibleTypes.map(Set.init), conditions: conditions, deferredLabel: nil))
    }

    /// An unconditional inline fragment that always applies.
    @inline(never)
    @_spi(Generated) public static func typeCase(_ type: any SelectionSet.Type) -> Selection {
        .inlineFragment(InlineFragment(type: type, possibleTypes: nil, conditions: [], deferredLabel: nil))
    }

    /// An unconditional type case (see ``typeCase(_:on:if:)``).
    @inline(never)
    @_spi(Generated) public static func typeCase(_ type: any SelectionSet.Type, on possibleTypes: [String]) -> Selection {
        .inlineFragment(InlineFragment(type: type, possibleTypes: Set(possibleTypes), conditions: [], deferredLabel: nil))
    }

    /// A `@defer` fragment's selections (``Deferred``).
    @inline(never)
    @_spi(Generated) public static func deferred(_ type: any SelectionSet.Type, label: String) -> Selection {
        .inlineFragment(InlineFragment(type: type, possibleTypes: nil, conditions: [], deferredLabel: label))
    }

    /// An unconditional fragment spread that always applies.
    @inline(never)
    @_spi(Generated) public static func fragment(_ fragment: any Fragment.Type) -> Selection {
        .fragmentSpread(FragmentSpread(fragment: fragment, possibleTypes: nil, conditions: []))
    }

    /// An unconditional fragment spread on a narrower type.
    @inline(never)
    @_spi(Generated) public static func fragment(_ fragment: any Fragment.Type, on possibleTypes: [String]) -> Selection {
        .fragmentSpread(FragmentSpread(fragment: fragment, possibleTypes: Set(possibleTypes), conditions: []))
    }

    /// A fragment spread.
    @inline(never)
    @_spi(Generated) public static func fragment(_ fragment: any Fragment.Type, on possibleTypes: [String]? = nil,
                                if conditions: [Condition] = []) -> Selection {
        .fragmentSpread(FragmentSpread(fragment: fragment, possibleTypes: possibleTypes.map(Set.init), conditions: conditions))
    }
}

/// `@include(if: $variable)` or `@skip(if: $variable)`.
@_spi(Generated) public struct Condition: Sendable, Hashable {
    /// The Boolean variable.
    public let variable: String
    /// True for `@skip` (the selection applies when the variable is false).
    public let inverted: Bool

    /// `@include(if: $variable)`.
    public static func include(_ variable: String) -> Condition { Condition(variable: variable, inverted: false) }
    /// `@skip(if: $variable)`.
    public static func skip(_ variable: String) -> Condition { Condition(variable: variable, inverted: true) }

    /// Whether the condition holds for these variable values (a missing variable counts as false).
    public func holds(_ variables: [String: JSONValue]) -> Bool {
        let value = variables[variable] == .bool(true)
        return inverted ? !value : value
    }
}

/// An argument value in selection metadata: a literal or a reference to a variable.
@_spi(Generated) public indirect enum ArgumentValue: Sendable, Hashable {
    /// `$name`.
    case variable(String)
    /// A constant.
    case value(JSONValue)
    /// A list that may contain variables.
    case list([ArgumentValue])
    /// An object that may contain variables.
    case object([String: ArgumentValue])

    /// The value with variables substituted (a missing variable becomes null).
    public func resolved(_ variables: [String: JSONValue]) -> JSONValue {
        switch self {
        case .variable(let name): return variables[name] ?? .null
        case .value(let value): return value
        case .list(let items): return .array(items.map { $0.resolved(variables) })
        case .object(let fields): return .object(fields.mapValues { $0.resolved(variables) })
        }
    }
}
