import GraftCompiler

/// Prints a `SelectionSetModel` as a `GraftAPI.SelectionSet` struct: static selection metadata,
/// stored `let` properties (its own fields), computed properties for the fields it takes over
/// (from its parent, read from the response object; from fragments that always apply, forwarded),
/// an initializer from `GraftAPI.ObjectData`, a memberwise initializer, a `Fragments` struct for
/// named fragments and nested structs for sub-selections and type cases.
struct SelectionSetRenderer {
    let context: RenderContext

    /// Renders `struct <name>: <conformance>` for `set`; `statics` adds lines at the top of the body.
    func render(_ set: IRSelectionSet, name: String, conformance: String, statics: [String] = [], into writer: inout SwiftWriter) {
        print(SelectionSetModelBuilder(context: context).model(set, name: name, conformance: conformance, statics: statics), into: &writer)
    }

    func print(_ model: SelectionSetModel, into writer: inout SwiftWriter) {
        let access = context.access
        writer.block("\(access)struct \(model.name): \(model.conformance)") { body in
            for line in model.statics { body.line(line) }
            // Several selections a line when each fits on one (a field with long arguments gets its own lines).
            let packed = model.selections.allSatisfy { body.column + 4 + $0.count + 1 <= SwiftWriter.maxLineWidth }
            body.list(prefix: "\(access)static let __selections: [\(context.graft)Selection] = ", model.selections, packed: packed)
            body.line("\(access)let __data: \(context.graft)ObjectData")
            for property in model.properties where property.isStored { Self.declare(property, access: access, into: &body) }
            for typeCase in model.typeCases { body.line("\(access)let \(SwiftNames.identifier(typeCase.member)): \(typeCase.name)?") }
            for deferred in model.deferred {
                body.line("\(access)let \(SwiftNames.identifier(deferred.property)): \(deferred.type)")
            }
            if !model.fragments.isEmpty { body.line("\(access)let fragments: Fragments") }
            for property in model.properties where !property.isStored {
                body.deprecation(property.deprecation)
                let name = SwiftNames.identifier(property.name)
                if case .forwarded(let member) = property.origin {
                    body.function("\(access)var \(name): \(property.type)", ["fragments.\(SwiftNames.identifier(member)).\(name)"])
                } else {
                    body.function("\(access)var \(name): \(property.type)", ["self[\(SwiftNames.stringLiteral(property.key))]"])
                }
            }
            let error = context.graft.isEmpty ? "DecodeError" : "GraftAPI.ResponseDecodingError"
            body.function("\(access)init(_ data: \(context.graft)ObjectData) throws(\(error))", model.decodeStatements, packed: true)
            if model.hasMemberwiseInitializer { printInitializer(model.initializer, into: &body) }
            if !model.fragments.isEmpty {
                let members = model.fragments.map { "\(access)let \(SwiftNames.identifier($0.member)): \($0.name)\($0.isOptional ? "?" : "")" }
                body.function("\(access)struct Fragments: \(context.graft)FragmentSet", members, separator: "; ")
            }
            for child in model.nested { print(child, into: &body) }
        }
    }

    /// `init(…) { self.init(typename, [values], parts) }`, the values packed over lines when the
    /// call does not fit on one.
    private func printInitializer(_ initializer: SelectionSetModel.Initializer, into writer: inout SwiftWriter) {
        let arguments = [initializer.typename, "[" + initializer.values.joined(separator: ", ") + "]"] + initializer.parts + initializer.deferred
        let call = "self.init(\(arguments.joined(separator: ", ")))"
        guard writer.column + 4 + call.count > SwiftWriter.maxLineWidth else {
            writer.function("\(context.access)init", parameters: initializer.parameters, [call])
            return
        }
        writer.openSignature("\(context.access)init", initializer.parameters)
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

    private static func declare(_ member: SelectionSetModel.Property, access: String, into writer: inout SwiftWriter) {
        if member.deprecation != nil {
            writer.line("private let _\(member.name): \(member.type)")
        }
        if member.schemaField.isEmpty {
            writer.documentation(member.description)
        } else {
            writer.fieldDocumentation(member.description, field: member.schemaField)
        }
        writer.deprecation(member.deprecation)
        if member.deprecation != nil {
            writer.line("\(access)var \(SwiftNames.identifier(member.name)): \(member.type) { _\(member.name) }")
        } else {
            writer.line("\(access)let \(SwiftNames.identifier(member.name)): \(member.type)")
        }
    }
}
