import GraftCompiler
import GraftLanguage

/// `graft print FILE...`: prints each file in canonical form (graphql-js `print()`).
enum PrintCommand: Subcommand {
    static let name = "print"
    static let summary = "Print GraphQL files in canonical form."
    static let usage = """
    USAGE: graft print [--max-tokens N] FILE...

    Parses each GraphQL file and prints its canonical form (byte-identical to graphql-js
    print()) to standard output, files separated by a blank line. Syntax errors go to
    standard error as 'path:line:column: error: message' and the exit status is 1.

    OPTIONS:
      --max-tokens N    \(ParseLimitOption.summary)
      -h, --help        Show this help.
    """

    static func run(_ arguments: inout ArgumentList) throws(UsageError) -> Int32 {
        let options = try ParseLimitOption.parse(&arguments)
        let files = try arguments.operands()
        guard !files.isEmpty else { throw UsageError(message: "no input files") }
        var status: Int32 = 0
        var outputs: [String] = []
        for path in files {
            let source: Source
            do {
                source = Source(bytes: [UInt8](try FileReadError.read(path)), name: path)
            } catch {
                StandardError.write("\(path): error: cannot read file: \(error.reason)")
                status = 1
                continue
            }
            do {
                outputs.append(Printer.print(try parse(source, options: options)))
            } catch {
                SchemaDiagnostics.report([GraphQLError(syntaxError: error, source: source)])
                status = 1
            }
        }
        if status == 0 { StandardOutput.write(outputs.joined(separator: "\n\n")) }
        return status
    }
}
