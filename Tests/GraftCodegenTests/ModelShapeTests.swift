import Foundation
import GraftCodegen
import Testing

/// `"modelShape": "class"` with the options the StarWarsClassAPI golden does not use: internal
/// declarations, and every name qualified (`--per-input-file`, where generated code shares a target
/// with the user's own declarations).
@Suite struct ModelShapeTests {
    /// The one file generated for `SelectionSetModelTests`' operations and fragment.
    static func generate(_ shape: GraftConfiguration.ModelShape, memberwiseInitializers: Bool = true) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("graft-shape-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try SelectionSetModelTests.schema.write(toFile: folder + "/schema.graphqls", atomically: true, encoding: .utf8)
        try SelectionSetModelTests.operations.write(toFile: folder + "/Hero.graphql", atomically: true, encoding: .utf8)
        var configuration = GraftConfiguration(schemaPaths: [folder + "/schema.graphqls"], operationPaths: [folder + "/Hero.graphql"],
                                               output: folder + "/out", accessLevel: .internal)
        configuration.modelShape = shape
        configuration.memberwiseInitializers = memberwiseInitializers
        let result = CodeGenerator.run(configuration, layout: .perInputFile)
        #expect(result.errors.map(\.description) == [])
        return try #require(result.files.first { $0.path == "Hero.graphql.swift" }).contents
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map { String($0.drop { $0 == "\t" }) }
    }

    /// `"memberwiseInitializers": false` leaves out every memberwise initializer, in both shapes,
    /// and nothing else (the decoding initializers stay).
    @Test(arguments: [GraftConfiguration.ModelShape.struct, .class])
    func withoutMemberwiseInitializers(_ shape: GraftConfiguration.ModelShape) throws {
        let with = Self.lines(try Self.generate(shape))
        let without = Self.lines(try Self.generate(shape, memberwiseInitializers: false))
        // Memberwise initializers: every `init(` but the decoding one and the operation's variables'.
        func memberwise(_ lines: [String]) -> [String] {
            lines.filter { ($0.hasPrefix("init(") || $0.hasPrefix("convenience init(")) && !$0.hasPrefix("init(_ data") && !$0.hasPrefix("init(flag") }
        }
        #expect(memberwise(with).count >= 4)
        #expect(memberwise(without).isEmpty, "\(memberwise(without))")
        // Nothing else changes: `without` is `with` with lines left out.
        var rest = with[...]
        for line in without {
            guard let index = rest.firstIndex(of: line) else {
                Issue.record("a line not in the output with initializers: \(line)")
                break
            }
            rest = rest[(index + 1)...]
        }
        #expect(without.contains { $0.contains("init(_ data: GraftAPI.ObjectData)") })
    }

    @Test func internalQualifiedClasses() throws {
        let text = try Self.generate(.class)
        let lines = Self.lines(text)
        for expected in [
            "final class Data: GraftAPI.SelectionSetObject, @unchecked Swift.Sendable {",
            "final class Hero: GraftAPI.SelectionSetObject, @unchecked Swift.Sendable {",
            "final class AsDroid: GraftAPI.SelectionSetObject, @unchecked Swift.Sendable {",
            "final class Friends: GraftAPI.FragmentObject, @unchecked Swift.Sendable {",
            "struct Fragments: Swift.Sendable { let friends: Friends }",
        ] {
            #expect(lines.contains(expected), "no line \(expected)")
        }
        // The fragment's definition a literal in the class var; the operation's document built on
        // first use and kept by GraftAPI: no static `let` (a global, a once-token and an accessor each).
        #expect(lines.contains { $0.hasPrefix("override class var fragmentDefinition: Swift.String { \"fragment Friends on ") && $0.hasSuffix("\" }") })
        #expect(lines.contains { $0.hasPrefix("static var document: GraftAPI.OperationDocument { .__kept(by: self) { GraftAPI.OperationDocument(") })
        #expect(!lines.contains { $0.contains("static let") }, "\(lines.filter { $0.contains("static let") })")
        // Selections built by a class function, kept by the base class: no static `let` per class.
        let builders = lines.filter { $0.hasPrefix("override class func __makeSelections() -> [GraftAPI.Selection] { [") }
        #expect(builders.count == 5) // Data, Hero, AsDroid, Friends, Friends.Friend
        #expect(!lines.contains { $0.contains("__sel:") || $0.contains("class var __selections") })
        let decoders = lines.filter { $0.hasPrefix("required init(_ data: GraftAPI.ObjectData) throws(GraftAPI.ResponseDecodingError) {") }
        #expect(decoders.count == 5) // Data, Hero, AsDroid, Friends, Friends.Friend
        #expect(text.components(separatedBy: "try super.init(data)").count - 1 == 5)
        #expect(lines.filter { $0.hasPrefix("convenience init(") }.count == 5)
        #expect(!lines.contains { $0.hasPrefix("public ") || $0.contains("struct Data") || $0.contains("let __data") || $0.hasPrefix("init(_ data") })
    }

    @Test func theStructShapeStaysTheDefault() throws {
        let lines = Self.lines(try Self.generate(.struct))
        #expect(lines.contains("struct Data: GraftAPI.SelectionSet {"))
        #expect(lines.contains("struct Friends: GraftAPI.Fragment {"))
        #expect(lines.contains("let __data: GraftAPI.ObjectData"))
        #expect(!lines.contains { $0.contains("class ") || $0.contains("super.init") })
    }
}
