import Foundation
import GraftCodegen

/// `generate CONFIG`: the whole code-generation pipeline, from files to rendered Swift (schema
/// loading and validation, operation parsing and validation, IR, rendering; nothing written).
enum GenerateBenchmark {
    static func run(_ arguments: [String]) throws {
        guard arguments.count == 1 else { throw BenchmarkError("usage: graft-bench generate CONFIG") }
        let configuration: GraftConfiguration
        do {
            configuration = try GraftConfiguration.load(path: arguments[0])
        } catch {
            throw BenchmarkError(error.description)
        }
        var result = CodeGenerator.run(configuration)
        guard result.errors.isEmpty else { throw BenchmarkError(result.errors.map(\.description).joined(separator: "\n")) }
        let milliseconds = Measurement.median {
            result = CodeGenerator.run(configuration)
        }
        let lines = result.files.reduce(0) { $0 + $1.contents.utf8.count { $0 == 0x0A } }
        print("generate \(LanguageBenchmarks.name(arguments[0])): \(result.files.count) files, \(lines) lines, "
              + "median \(Measurement.format(milliseconds)) ms")
    }
}
