import Foundation
import GraftCompiler
import GraftLanguage

/// Loads the schema for code generation: like `SchemaLoader`, plus the generator directives
/// (`@typePolicy`, `@defer`, `@oneOf`, …) that the schema files do not define themselves.
enum GenerationSchemaLoader {
    static func load(paths: [String]) -> (schema: Schema?, errors: [GraphQLError]) {
        let (files, pathErrors) = SchemaLoader.schemaFiles(in: paths)
        var errors = pathErrors
        var introspection: Schema?
        var documents: [Located<Document>] = []
        for file in files {
            let data: Data
            do {
                data = try FileReadError.read(file)
            } catch {
                errors.append(GraphQLError(error.description))
                continue
            }
            if file.lowercased().hasSuffix(".json") {
                do {
                    introspection = try IntrospectionSchemaBuilder.build(json: data, sourceName: file)
                } catch {
                    errors.append(contentsOf: error.errors)
                }
                continue
            }
            let source = Source(bytes: [UInt8](data), name: file)
            do {
                documents.append(Located(try parse(source), source: source))
            } catch {
                errors.append(GraphQLError(syntaxError: error, source: source))
            }
        }
        if files.isEmpty && errors.isEmpty { errors.append(GraphQLError("no schema files found in \(paths.joined(separator: ", "))")) }
        guard errors.isEmpty else { return (nil, errors) }
        do {
            if let base = introspection {
                var extra = documents
                if let missing = GeneratorDirectives.missingDefinitions(for: documents) {
                    let definitions = missing.node.definitions.filter { definition in
                        guard case .directive(let directive) = definition else { return false }
                        return base.directives[directive.name.value] == nil
                    }
                    if !definitions.isEmpty {
                        extra.append(missing.with(Document(definitions: definitions, range: missing.node.range)))
                    }
                }
                let schema = extra.isEmpty ? base : try SchemaBuilder.extend(base, with: extra)
                return (schema, [])
            }
            if let missing = GeneratorDirectives.missingDefinitions(for: documents) { documents.append(missing) }
            return (try SchemaBuilder.build(documents: documents), [])
        } catch {
            return (nil, error.errors)
        }
    }
}
