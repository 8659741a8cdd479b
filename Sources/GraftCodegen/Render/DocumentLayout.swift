import GraftLanguage

/// The text generated code carries for an operation or fragment: the one-line source the IR
/// keeps (`__typename` added, what persisted-query identifiers are computed from) laid out again
/// as graphql-js prints it, one selection a line, a tab per level, for a multi-line string
/// literal a reader can follow. Servers read the same document either way.
enum DocumentLayout {
    static func multiLine(_ oneLine: String) -> String {
        guard let document = try? parse(oneLine) else { return oneLine }
        let printed = Printer.print(document)
        var lines: [String] = []
        for line in printed.split(separator: "\n", omittingEmptySubsequences: false) {
            let spaces = line.prefix { $0 == " " }.count
            lines.append(String(repeating: "\t", count: spaces / 2) + String(repeating: " ", count: spaces % 2) + line.dropFirst(spaces))
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
