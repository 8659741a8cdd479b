/// "Did you mean" suggestions worded and ordered exactly as graphql-js 16 (`suggestionList`,
/// `didYouMean`, `naturalCompare`).
public enum Suggestions {
    /// The options close to `input` (lexical distance at most 40% of its length, plus one),
    /// nearest first, ties in natural order.
    public static func list(_ input: String, _ options: some Sequence<String>) -> [String] {
        let distance = LexicalDistance(input)
        let threshold = input.utf16.count * 4 / 10 + 1
        var byDistance: [String: Int] = [:]
        var order: [String] = []
        for option in options {
            guard let measured = distance.measure(option, threshold: threshold) else { continue }
            if byDistance[option] == nil { order.append(option) }
            byDistance[option] = measured
        }
        return JSSort.sorted(order) { a, b in
            let diff = byDistance[a]! - byDistance[b]!
            return diff != 0 ? diff : naturalCompare(a, b)
        }
    }

    /// `" Did you mean "A", "B", or "C"?"` with at most five suggestions, or "" for none.
    public static func didYouMean(_ suggestions: [String]) -> String {
        didYouMean(nil, suggestions)
    }

    /// `" Did you mean <subMessage> "A" or "B"?"`.
    static func didYouMean(_ subMessage: String?, _ suggestions: [String]) -> String {
        var message = " Did you mean "
        if let subMessage { message += subMessage + " " }
        let quoted = suggestions.map { "\"\($0)\"" }
        switch quoted.count {
        case 0: return ""
        case 1: return message + quoted[0] + "?"
        case 2: return message + quoted[0] + " or " + quoted[1] + "?"
        default:
            var selected = Array(quoted.prefix(5))
            let last = selected.removeLast()
            return message + selected.joined(separator: ", ") + ", or " + last + "?"
        }
    }

    /// Natural sort order: digit runs compare by value (graphql-js `naturalCompare`).
    static func naturalCompare(_ aString: String, _ bString: String) -> Int {
        let a = Array(aString.utf16), b = Array(bString.utf16)
        var aIndex = 0, bIndex = 0
        func isDigit(_ code: UInt16) -> Bool { code >= 48 && code <= 57 }
        while aIndex < a.count && bIndex < b.count {
            var aChar = a[aIndex], bChar = b[bIndex]
            if isDigit(aChar) && isDigit(bChar) {
                var aNum = 0
                repeat {
                    aIndex += 1
                    aNum = aNum &* 10 &+ Int(aChar) - 48
                    aChar = aIndex < a.count ? a[aIndex] : 0
                } while aIndex < a.count && isDigit(aChar) && aNum > 0
                var bNum = 0
                repeat {
                    bIndex += 1
                    bNum = bNum &* 10 &+ Int(bChar) - 48
                    bChar = bIndex < b.count ? b[bIndex] : 0
                } while bIndex < b.count && isDigit(bChar) && bNum > 0
                if aNum < bNum { return -1 }
                if aNum > bNum { return 1 }
            } else {
                if aChar < bChar { return -1 }
                if aChar > bChar { return 1 }
                aIndex += 1
                bIndex += 1
            }
        }
        return a.count - b.count
    }
}

/// Damerau-Levenshtein distance where a change of case alone counts as one edit
/// (graphql-js `LexicalDistance`), over UTF-16 code units.
struct LexicalDistance {
    private let input: String
    private let inputLowerCase: String
    private let inputArray: [UInt16]

    init(_ input: String) {
        self.input = input
        self.inputLowerCase = input.lowercased()
        self.inputArray = Array(inputLowerCase.utf16)
    }

    func measure(_ option: String, threshold: Int) -> Int? {
        if input == option { return 0 }
        let optionLowerCase = option.lowercased()
        if inputLowerCase == optionLowerCase { return 1 }
        var a = Array(optionLowerCase.utf16)
        var b = inputArray
        if a.count < b.count { swap(&a, &b) }
        let aLength = a.count, bLength = b.count
        if aLength - bLength > threshold { return nil }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: bLength + 1), count: 3)
        for j in 0...bLength { rows[0][j] = j }
        if aLength == 0 { return rows[0][bLength] <= threshold ? rows[0][bLength] : nil }
        for i in 1...aLength {
            let up = (i - 1) % 3, current = i % 3
            rows[current][0] = i
            var smallest = i
            if bLength > 0 {
                for j in 1...bLength {
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
        let distance = rows[aLength % 3][bLength]
        return distance <= threshold ? distance : nil
    }
}

/// `Array.prototype.sort` as V8 runs it for short arrays (a leading run, then binary insertion),
/// so comparators that are not total orders give graphql-js's exact results.
enum JSSort {
    static func sorted<T>(_ input: [T], by compare: (T, T) -> Int) -> [T] {
        var array = input
        let count = array.count
        guard count > 1 else { return array }
        // countAndMakeRun: a strictly descending leading run is reversed.
        var runEnd = 1
        if compare(array[1], array[0]) < 0 {
            runEnd = 2
            while runEnd < count && compare(array[runEnd], array[runEnd - 1]) < 0 { runEnd += 1 }
            array[0..<runEnd].reverse()
        } else {
            runEnd = 2
            while runEnd < count && compare(array[runEnd], array[runEnd - 1]) >= 0 { runEnd += 1 }
        }
        // Binary insertion sort of the rest (stable).
        for start in runEnd..<count {
            let pivot = array[start]
            var left = 0, right = start
            while left < right {
                let middle = left + ((right - left) >> 1)
                if compare(pivot, array[middle]) < 0 { right = middle } else { left = middle + 1 }
            }
            var index = start
            while index > left { array[index] = array[index - 1]; index -= 1 }
            array[left] = pivot
        }
        return array
    }
}
