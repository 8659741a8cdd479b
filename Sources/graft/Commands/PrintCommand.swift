import GraftLanguage

/// `graft print FILE...`: prints each file in canonical form (graphql-js `print()`).
enum PrintCommand: Subcommand {
    static let name = "print"
    static let summary = "Print GraphQL files in canonical form."
    static let usage = """
    USAGE: graft print FILE...

    Parses each GraphQL file and prints its canonical form (byte-identical to graphql-js
    print()) to standard output, files separated by a blank line. Syntax errors go to
    standard error as 'path:line:column: error: message' and the exit status is 1.

    OPTIONS:
      -h, --help    Show this help.
    """

    static func run(_ arguments: inout ArgumentList) throws(UsageError) -> Int32 {
        let files = try arguments.operands()
        guard !files.isEmpty else { throw UsageError(message: "no input files") }
        var status: Int32 = 0
        var outputs: [String] = []
        for path in files {
            guard let bytes = FileReader.read(path) else {
                StandardError.write("\(path): error: cannot read file")
                status = 1
                continue
            }
            do {
                let document = try parse(Source(bytes: bytes, name: path))
                outputs.append(Printer.print(document))
            } catch {
                StandardError.write(error.description)
                status = 1
            }
        }
        if status == 0 { StandardOutput.write(outputs.joined(separator: "\n\n")) }
        return status
    }
}
