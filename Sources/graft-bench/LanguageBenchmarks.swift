import Foundation
import GraftLanguage

/// `lex` and `parse` benchmarks of the language layer.
enum LanguageBenchmarks {
    static func lex(_ arguments: [String]) throws {
        guard arguments.count == 1 else { throw BenchmarkError("usage: graft-bench lex FILE") }
        let source = Source(bytes: try Measurement.read(arguments[0]), name: arguments[0])
        var tokens = 0
        let milliseconds = try Measurement.median {
            tokens = try Lexer.withLexer(source) { (lexer: inout Lexer) throws(SyntaxError) -> Int in
                var count = 0
                while try lexer.nextToken().kind != .endOfFile { count += 1 }
                return count
            }
        }
        precondition(tokens > 0)
        Measurement.report("lex", name(arguments[0]), bytes: source.bytes.count, milliseconds: milliseconds)
    }

    static func parse(_ arguments: [String]) throws {
        guard arguments.count == 1 else { throw BenchmarkError("usage: graft-bench parse FILE") }
        let source = Source(bytes: try Measurement.read(arguments[0]), name: arguments[0])
        let definitions = try GraftLanguage.parse(source).definitions.count
        precondition(definitions > 0)
        // The time to produce the AST; freeing the previous run's AST is not timed.
        let milliseconds = try Measurement.median(producing: { try GraftLanguage.parse(source) })
        Measurement.report("parse", name(arguments[0]), bytes: source.bytes.count, milliseconds: milliseconds)
    }

    static func name(_ path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }
}
