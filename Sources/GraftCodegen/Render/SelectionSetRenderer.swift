import GraftCompiler

/// Prints a `SelectionSetModel` as a `GraftAPI.SelectionSet` struct (or, in the class shape, a final
/// class inheriting `GraftAPI.SelectionSetObject`): static selection metadata,
/// stored `let` properties (its own fields), computed properties for the fields it takes over
/// (from its parent, read from the response object; from fragments that always apply, forwarded),
/// an initializer from `GraftAPI.ObjectData`, a memberwise initializer, a `Fragments` struct for
/// named fragments and nested structs for sub-selections and type cases.
struct SelectionSetRenderer {
    let context: RenderContext

    /// Renders the model type `name` for `set` (a named fragment when `isFragment`); `statics`
    /// adds lines at the top of the body.
    func render(_ set: IRSelectionSet, name: String, isFragment: Bool = false, statics: [String] = [], into writer: inout SwiftWriter) {
        let model = SelectionSetModelBuilder(context: context).model(set, name: name, isFragment: isFragment, statics: statics)
        print(model, into: &writer)
    }

    func print(_ model: SelectionSetModel, into writer: inout SwiftWriter) {
        let access = context.access
        let isClass = context.isClassShape
        writer.block(context.modelDeclaration(model.name, isFragment: model.isFragment)) { body in
            for line in model.statics { body.line(line) }
            // Several selections a line when each fits on one (a field with long arguments gets its own lines).
            let packed = model.selections.allSatisfy { body.column + 4 + $0.count + 1 <= SwiftWriter.maxLineWidth }
            if isClass {
                // Built once per class on first use and kept by the base class's `__selections`:
                // no global, once-token and accessor per class, as a `static let` would make.
                body.list(prefix: "override \(access)class func __makeSelections() -> [\(context.graft)Selection] { ", model.selections,
                          close: "] }", packed: packed)
            } else {
                body.list(prefix: "\(access)static let __selections: [\(context.graft)Selection] = ", model.selections, packed: packed)
                body.line("\(access)let __data: \(context.graft)ObjectData")
            }
            for property in model.properties where property.isStored { declare(property, access: access, into: &body) }
            for typeCase in model.typeCases { body.line("\(access)let \(SwiftNames.identifier(typeCase.member)): \(typeCase.name)?") }
            for deferred in model.deferred {
                body.line("\(access)let \(SwiftNames.identifier(deferred.property)): \(deferred.type)")
            }
            if !model.fragments.isEmpty { body.line("\(access)let fragments: Fragments") }
            for property in model.properties where !property.isStored {
                body.deprecation(property.deprecation)
                let name = SwiftNames.identifier(property.name)
                let key = SwiftNames.stringLiteral(property.key)
                let value: String
                if case .forwarded(let member) = property.origin {
                    value = (property.errorHandling == .throwing ? "try " : "") + "fragments.\(SwiftNames.identifier(member)).\(name)"
                } else {
                    switch property.errorHandling {
                    case .none: value = "self[\(key)]"
                    case .throwing: value = "try __data[fieldResult: \(key)].get()"
                    case .result: value = "__data[fieldResult: \(key)]"
                    case .nullOnError: value = "__data[nullOnError: \(key)]"
                    }
                }
                body.function("\(access)var \(name): \(property.type)", [accessor(property, value)])
            }
            let error = context.graft.isEmpty ? "DecodeError" : "GraftAPI.ResponseDecodingError"
            body.function("\(access)\(isClass ? "required " : "")init(_ data: \(context.graft)ObjectData) throws(\(error))",
                          model.decodeStatements, packed: true)
            if model.hasMemberwiseInitializer && context.configuration.memberwiseInitializers {
                printInitializer(model.initializer, into: &body)
            }
            if !model.fragments.isEmpty {
                let members = model.fragments.map { "\(access)let \(SwiftNames.identifier($0.member)): \($0.name)\($0.isOptional ? "?" : "")" }
                // `FragmentSet` is `Hashable`; in the class shape, where models compare their
                // response objects, `Fragments` is only `Sendable` (5% of a debug build).
                let conformance = isClass ? "\(context.swift)Sendable" : "\(context.graft)FragmentSet"
                body.function("\(access)struct Fragments: \(conformance)", members, separator: "; ")
            }
            for child in model.nested { print(child, into: &body) }
        }
    }

    /// `init(…) { self.init(typename, [values], parts) }`, the values packed over lines when the
    /// call does not fit on one.
    private func printInitializer(_ initializer: SelectionSetModel.Initializer, into writer: inout SwiftWriter) {
        let arguments = [initializer.typename, "[" + initializer.values.joined(separator: ", ") + "]"] + initializer.parts + initializer.deferred
        let call = "self.init(\(arguments.joined(separator: ", ")))"
        let keyword = context.access + (context.isClassShape ? "convenience init" : "init")
        guard writer.column + 4 + call.count > SwiftWriter.maxLineWidth else {
            writer.function(keyword, parameters: initializer.parameters, [call])
            return
        }
        writer.openSignature(keyword, initializer.parameters)
        writer.indent { body in
            let close = "]" + (initializer.parts + initializer.deferred).map { ", " + $0 }.joined() + ")"
            if body.fits(close) {
                body.list(prefix: "self.init(\(initializer.typename), ", initializer.values, close: close, packed: true)
            } else {
                body.wrapped(call) // many type cases and fragments: every argument packed
            }
        }
        writer.line("}")
    }

    /// A computed property's body: `value`, in a throwing getter for a throwing property.
    private func accessor(_ property: SelectionSetModel.Property, _ value: String) -> String {
        guard property.errorHandling == .throwing else { return value }
        return "get throws(\(context.graft)GraphQLFieldError) { \(value) }"
    }

    private func declare(_ member: SelectionSetModel.Property, access: String, into writer: inout SwiftWriter) {
        let stored = SelectionSetModelBuilder.storedName(member)
        if member.errorHandling == .throwing {
            writer.line("private let \(stored): \(context.graft)FieldResult<\(member.type)>")
        } else if member.deprecation != nil {
            writer.line("private let \(stored): \(member.type)")
        }
        if member.schemaField.isEmpty {
            writer.documentation(member.description)
        } else {
            writer.fieldDocumentation(member.description, field: member.schemaField)
        }
        writer.deprecation(member.deprecation)
        if member.errorHandling == .throwing {
            writer.line("\(access)var \(SwiftNames.identifier(member.name)): \(member.type) { \(accessor(member, "try \(stored).get()")) }")
        } else if member.deprecation != nil {
            writer.line("\(access)var \(SwiftNames.identifier(member.name)): \(member.type) { \(stored) }")
        } else {
            writer.line("\(access)let \(SwiftNames.identifier(member.name)): \(member.type)")
        }
    }
}
