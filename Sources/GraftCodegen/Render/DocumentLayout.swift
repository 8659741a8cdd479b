import GraftLanguage

/// The text generated code carries for an operation or fragment: the one-line source the IR
/// keeps (`__typename` added, what persisted-query identifiers are computed from) laid out again
/// as graphql-js prints it, one selection a line, a tab per level, for a multi-line string
/// literal a reader can follow. Servers read the same document either way.
enum DocumentLayout {
    /// `printed` is the IR's `printedSource`: what parsing and printing `oneLine` gives again,
    /// unless joining its lines changed a block string (then `oneLine` is parsed and printed) or
    /// the parser would refuse `oneLine` as too long (then it is kept as it is).
    static func multiLine(_ oneLine: String, printed: String) -> String {
        let printed = roundTrips(printed, oneLine: oneLine) ? printed : reprinted(oneLine)
        if let tabbed = printed.utf8.withContiguousStorageIfAvailable(asciiTabbed) ?? nil { return tabbed }
        var lines: [String] = []
        for line in printed.split(separator: "\n", omittingEmptySubsequences: false) {
            let spaces = line.prefix { $0 == " " }.count
            lines.append(String(repeating: "\t", count: spaces / 2) + String(repeating: " ", count: spaces % 2) + line.dropFirst(spaces))
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// What `multiLine` makes of ASCII text without `\r` (each byte a Character), byte by byte:
    /// each line's leading spaces as tabs, two for one (an odd one left a space), trailing empty
    /// lines dropped; nil for any other text.
    private static func asciiTabbed(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index <= bytes.count {
            var spaces = 0
            while index + spaces < bytes.count && bytes[index + spaces] == 0x20 { spaces += 1 }
            result.append(contentsOf: repeatElement(0x09, count: spaces / 2))
            if spaces % 2 == 1 { result.append(0x20) }
            index += spaces
            while index < bytes.count && bytes[index] != 0x0A {
                guard bytes[index] < 0x80 && bytes[index] != 0x0D else { return nil }
                result.append(bytes[index])
                index += 1
            }
            if index < bytes.count { result.append(0x0A) }
            index += 1
        }
        while result.last == 0x0A { result.removeLast() }
        return String(decoding: result, as: UTF8.self)
    }

    /// `oneLine` parsed and printed, or itself when it does not parse.
    private static func reprinted(_ oneLine: String) -> String {
        guard let document = try? parse(oneLine) else { return oneLine }
        return Printer.print(document)
    }

    /// Whether `printed` is what `reprinted(oneLine)` gives: it has no block string (`"""`,
    /// whose lines `oneLine` joined) and `oneLine` has fewer bytes, so fewer tokens, than the
    /// parser's default limit.
    private static func roundTrips(_ printed: String, oneLine: String) -> Bool {
        guard !printed.isEmpty, oneLine.utf8.count < ParseOptions.default.maxTokens ?? Int.max else { return false }
        var quotes = 0
        for byte in printed.utf8 {
            quotes = byte == 0x22 ? quotes + 1 : 0
            if quotes == 3 { return false }
        }
        return true
    }
}
