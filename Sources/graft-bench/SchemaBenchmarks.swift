import Foundation
import GraftCompiler
import GraftLanguage

/// `schema`: build and validate a schema from SDL (parse, SDL rules, assembly, schema validation).
enum SchemaBenchmarks {
    static func schema(_ arguments: [String]) throws {
        guard !arguments.isEmpty else { throw BenchmarkError("usage: graft-bench schema FILE...") }
        let sources = try arguments.map { Source(bytes: try Measurement.read($0), name: $0) }
        let bytes = sources.reduce(0) { $0 + $1.bytes.count }
        // Fail early and clearly on an invalid schema.
        do {
            _ = try SchemaBuilder.build(sdl: sources)
        } catch {
            throw BenchmarkError("the schema is invalid: \(error.errors.first?.message ?? "?")")
        }
        let name = arguments.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: "+")
        // The previous run's schema is freed after the clock stops (as `parse` does with its AST, and
        // as graphql-js leaves its schemas to the garbage collector): freeing it was an eighth of
        // the instructions of a build when it was timed.
        let total = try Measurement.median(producing: { try SchemaBuilder.build(sdl: sources) })
        Measurement.report("schema", name, bytes: bytes, milliseconds: total)
        if ProcessInfo.processInfo.environment["GRAFT_BENCH_BREAKDOWN"] != nil {
            try breakdown(sources)
        }
    }

    /// Per-stage medians (GRAFT_BENCH_BREAKDOWN=1), for finding where time goes.
    static func breakdown(_ sources: [Source]) throws {
        var documents: [Located<Document>] = []
        let parse = try Measurement.median { documents = try sources.map { Located(try GraftLanguage.parse($0), source: $0) } }
        let sdl = Measurement.median { _ = SDLValidator.validate(documents) }
        var schema: Schema? = nil
        let assemble = Measurement.median { schema = SchemaBuilder.buildUnchecked(documents: documents) }
        let validate = Measurement.median { _ = SchemaValidator.validate(schema!) }
        print("  parse \(Measurement.format(parse)) ms, SDL rules \(Measurement.format(sdl)) ms, "
              + "assemble \(Measurement.format(assemble)) ms, schema validation \(Measurement.format(validate)) ms")
    }
}
