import Foundation
import GraftCompiler

extension GraftConfiguration {
    /// The graft.json `graft init --schema-only` writes: a schema module, holding the schema alone
    /// (`"operations": []`), that generates the schema types and `SchemaMetadata` once for the
    /// modules depending on it. `schema` is the schema's path relative to the file.
    public static func schemaModuleFile(schema: String) -> String {
        """
        // graft.json of a schema module: the schema alone ("operations": []). `graft generate` writes every
        // enum, input object and custom scalar of the schema and its SchemaMetadata (key fields, possible
        // types, pagination) once, for the modules that depend on this one; they never declare them again.
        // With the SwiftPM build plugin, keep this file in the target's folder beside the schema; "output"
        // is then ignored (the plugin generates into the build folder).
        {
          "schema": [\(jsonString(schema))],
          "operations": [],
          "output": "Generated",
          // Key fields and pagination belong here: one SchemaMetadata serves every module.
          "keyFields": {},
          "pagination": {}
        }

        """
    }

    /// The graft.json `graft init --schema-module NAME` writes: an operation module (a feature, or
    /// a core module of shared fragments) on the schema module `schemaModule`, whose generated
    /// code imports it and the `upstream` modules (name and `.graphql` file or folder, relative to
    /// the file) whose fragments it spreads. `schema` is the schema's path relative to the file.
    public static func operationModuleFile(schemaModule: String, schema: String, upstream: [UpstreamModule]) -> String {
        let modules = upstream.map { module in
            "\(jsonString(module.name)): [\(module.operationPaths.map(jsonString).joined(separator: ", "))]"
        }
        return """
        // graft.json of an operation module on the schema module \(schemaModule): `graft generate` writes
        // this module's operations and fragments only; the schema types come from \(schemaModule), and
        // fragments of the "upstream" modules can be spread here and are imported, not generated again.
        // With the SwiftPM build plugin this file is optional: the plugin finds the schema module and the
        // upstream modules among the target's dependencies in Package.swift (and ignores "output").
        {
          "schema": [\(jsonString(schema))],
          "schemaModule": \(jsonString(schemaModule)),
          "upstream": {\(modules.joined(separator: ", "))},
          "operations": ["."],
          "output": "Generated"
        }

        """
    }

    /// `text` as a JSON string literal (slashes left as they are).
    private static func jsonString(_ text: String) -> String {
        let data = (try? JSONEncoder.withoutEscapingSlashes.encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

private extension JSONEncoder {
    /// An encoder writing `/` as is.
    static var withoutEscapingSlashes: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return encoder
    }
}
