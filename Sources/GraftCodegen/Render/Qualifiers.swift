import GraftCompiler

/// Whether generated code writes `Swift.String` and `GraftAPI.SelectionSet` or just `String` and
/// `SelectionSet`: qualified only when a name the code generates (a type, field, alias,
/// argument, enum value, fragment, operation or variable, or the nested type or case named after
/// one) could shadow a name it uses unqualified, and always in `.perInputFile` layout, where the
/// code shares a target with the user's own declarations. Qualifying everything costs about 7%
/// of the output's bytes.
struct Qualifiers {
    /// `"Swift."` or `""`.
    let swift: String
    /// `"GraftAPI."` or `""`.
    let graft: String

    /// The standard library names generated code writes.
    static let swiftNames: Set<String> = ["String", "Int", "Double", "Bool", "Hashable", "Sendable", "Swift"]
    /// The names from GraftAPI (the module generated code imports) that generated code writes.
    static let graftNames: Set<String> = [
        "ArgumentValue", "CustomScalar", "EnumType", "Fragment", "GraphQLEnum", "GraphQLNullable", "GraphQLQuery",
        "GraphQLMutation", "GraphQLSubscription", "InputObject", "InputValueConvertible", "JSONValue", "ObjectData",
        "OperationDocument", "ResponseDecodingError", "SchemaMetadata", "Selection", "SelectionSet", "Graft", "GraftAPI",
        "DecodeError", "SchemaOperation", "FragmentSet", "Deferred", "SelectionSetObject", "FragmentObject",
    ]

    static let qualified = Qualifiers(swift: "Swift.", graft: "GraftAPI.")

    /// Qualifiers for a document: names from the schema and the operations, with the Swift names
    /// derived from them, checked against `swiftNames` and `graftNames`.
    init(document: IRDocument, configuration: GraftConfiguration, alwaysQualify: Bool) {
        guard !alwaysQualify else {
            self = .qualified
            return
        }
        var names: Set<String> = Set(configuration.customScalars.values)
        if let namespace = configuration.namespace { names.insert(namespace) }
        for type in document.schema.types {
            // Built-in scalars are written as Swift types, never declared.
            if !["String", "Int", "Float", "Boolean", "ID"].contains(type.name) { names.insert(type.name) }
            for field in type.fields {
                names.insert(field.name)
                names.formUnion(field.arguments.map(\.name))
            }
            names.formUnion(type.enumValues.map(\.name))
            names.formUnion(type.inputFields.map(\.name))
        }
        for operation in document.operations {
            names.insert(operation.name)
            names.formUnion(operation.variables.map(\.name))
            Self.collect(operation.selectionSet, into: &names)
        }
        for fragment in document.fragments {
            names.insert(fragment.name)
            Self.collect(fragment.selectionSet, into: &names)
        }
        var derived = names
        for name in names {
            derived.insert(SwiftNames.upperFirst(name))
            derived.insert(SwiftNames.upperFirst(SwiftNames.singular(name)))
            derived.insert(SwiftNames.enumCase(name))
        }
        swift = derived.isDisjoint(with: Self.swiftNames) ? "" : "Swift."
        graft = derived.isDisjoint(with: Self.graftNames) ? "" : "GraftAPI."
    }

    private init(swift: String, graft: String) {
        self.swift = swift
        self.graft = graft
    }

    private static func collect(_ set: IRSelectionSet, into names: inout Set<String>) {
        for field in set.fields {
            names.insert(field.responseKey)
            if let child = field.selectionSet { collect(child, into: &names) }
        }
        for typeCase in set.typeCases { collect(typeCase.selectionSet, into: &names) }
        for deferred in set.deferredFragments {
            names.insert(DeferredFragmentRendering.typeName(forLabel: deferred.label))
            collect(deferred.selectionSet, into: &names)
        }
    }
}
