import Foundation
import GraftCompiler
import GraftLanguage

/// The `validate` benchmark: operation validation with all specified rules (graphql-js
/// `validate(schema, document)`), the schema built and the operations parsed beforehand.
/// Compare with `NODE_PATH=/usr/share/nodejs node Scripts/validation-bench.js` on the same files.
enum ValidationBenchmarks {
    static let usage = "usage: graft-bench validate --schema PATH... --operations PATH..."

    static func validate(_ arguments: [String]) throws {
        var schemaPaths: [String] = []
        var operationPaths: [String] = []
        var current: String?
        for argument in arguments {
            if argument == "--schema" || argument == "--operations" {
                current = argument
            } else if current == "--schema" {
                schemaPaths.append(argument)
            } else if current == "--operations" {
                operationPaths.append(argument)
            } else {
                throw BenchmarkError(usage)
            }
        }
        guard !schemaPaths.isEmpty, !operationPaths.isEmpty else { throw BenchmarkError(usage) }
        let loadedSchema = SchemaLoader.load(paths: schemaPaths, generatorDirectives: true)
        guard let schema = loadedSchema.schema else {
            throw BenchmarkError("invalid schema: " + loadedSchema.errors.map(\.message).joined(separator: "; "))
        }
        let operations = OperationLoader.load(paths: operationPaths)
        guard let document = operations.document, let sources = operations.sources else {
            throw BenchmarkError("invalid operations: " + operations.errors.map(\.message).joined(separator: "; "))
        }
        let validator = Validator(schema: schema)
        var errorCount = 0
        let milliseconds = Measurement.median(minimumRuns: 50, minimumSeconds: 2) {
            errorCount = validator.validate(document, sources: sources).count
        }
        let name = URL(fileURLWithPath: operationPaths[0]).lastPathComponent
        let bytes = sources.combined.bytes.count
        let operationsPerSecond = Double(document.definitions.count) / (milliseconds / 1000)
        print("validate \(name): \(bytes) bytes, \(document.definitions.count) definitions, \(errorCount) errors, "
              + "median \(Measurement.format(milliseconds)) ms, \(Measurement.format(operationsPerSecond, digits: 0)) definitions/s")
    }
}
