/// "Did you mean" suggestions worded as graphql-js words them (`suggestionList`, `didYouMean`).
enum SchemaSuggestions {
    /// The options close to `input` (lexical distance at most 40% of its length, case changes
    /// counting as one edit), nearest first, ties in natural order.
    static func list(_ input: String, options: [String]) -> [String] {
        let distance = LexicalDistance(input)
        let threshold = input.utf16.count * 4 / 10 + 1
        var byDistance: [String: Int] = [:]
        for option in options where byDistance[option] == nil {
            if let value = distance.measure(option, threshold: threshold) { byDistance[option] = value }
        }
        return byDistance.keys.sorted { a, b in
            let lhs = byDistance[a]!, rhs = byDistance[b]!
            if lhs != rhs { return lhs < rhs }
            return naturalCompare(a, b) < 0
        }
    }

    /// ` Did you mean "A", "B", or "C"?` (at most five), or "" without suggestions.
    static func didYouMean(_ suggestions: [String], subMessage: String? = nil) -> String {
        var message = " Did you mean "
        if let subMessage { message += subMessage + " " }
        let quoted = suggestions.map { "\"\($0)\"" }
        switch quoted.count {
        case 0: return ""
        case 1: return message + quoted[0] + "?"
        case 2: return message + quoted[0] + " or " + quoted[1] + "?"
        default:
            let selected = Array(quoted.prefix(5))
            return message + selected.dropLast().joined(separator: ", ") + ", or " + selected.last! + "?"
        }
    }

    /// graphql-js `naturalCompare`: digit runs compare as numbers.
    static func naturalCompare(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf16), b = Array(b.utf16)
        var i = 0, j = 0
        func isDigit(_ c: UInt16) -> Bool { c >= 48 && c <= 57 }
        while i < a.count && j < b.count {
            if isDigit(a[i]) && isDigit(b[j]) {
                var aNum = 0
                repeat { aNum = aNum * 10 + Int(a[i]) - 48; i += 1 } while i < a.count && isDigit(a[i]) && aNum > 0
                var bNum = 0
                repeat { bNum = bNum * 10 + Int(b[j]) - 48; j += 1 } while j < b.count && isDigit(b[j]) && bNum > 0
                if aNum != bNum { return aNum < bNum ? -1 : 1 }
            } else {
                if a[i] != b[j] { return a[i] < b[j] ? -1 : 1 }
                i += 1
                j += 1
            }
        }
        return a.count - b.count
    }

    /// Damerau-Levenshtein distance on lowercased UTF-16 code units (graphql-js `LexicalDistance`).
    struct LexicalDistance {
        let input: String
        let inputLowercased: String
        let inputUnits: [UInt16]

        init(_ input: String) {
            self.input = input
            self.inputLowercased = input.lowercased()
            self.inputUnits = Array(inputLowercased.utf16)
        }

        func measure(_ option: String, threshold: Int) -> Int? {
            if option == input { return 0 }
            let optionLowercased = option.lowercased()
            if optionLowercased == inputLowercased { return 1 }
            var a = Array(optionLowercased.utf16)
            var b = inputUnits
            if a.count < b.count { swap(&a, &b) }
            if a.count - b.count > threshold { return nil }
            var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: 3)
            for j in 0...b.count { rows[0][j] = j }
            if a.isEmpty { return rows[0][b.count] <= threshold ? rows[0][b.count] : nil }
            for i in 1...a.count {
                let up = (i - 1) % 3, current = i % 3
                rows[current][0] = i
                var smallest = i
                if b.count >= 1 {
                    for j in 1...b.count {
                        let cost = a[i - 1] == b[j - 1] ? 0 : 1
                        var cell = min(rows[up][j] + 1, rows[current][j - 1] + 1, rows[up][j - 1] + cost)
                        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                            cell = min(cell, rows[(i - 2) % 3][j - 2] + 1)
                        }
                        if cell < smallest { smallest = cell }
                        rows[current][j] = cell
                    }
                }
                if smallest > threshold { return nil }
            }
            let distance = rows[a.count % 3][b.count]
            return distance <= threshold ? distance : nil
        }
    }
}
