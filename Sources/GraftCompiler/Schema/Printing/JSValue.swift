/// A JavaScript value, as graphql-js holds coerced default values between `valueFromAST` and
/// `astFromValue`. Printing default values the graphql-js way needs this round trip: it fills in
/// input object field defaults, wraps single values in lists and renders numbers as JavaScript does.
indirect enum JSValue: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case list([JSValue])
    /// An object; keys in insertion order.
    case object([(String, JSValue)])

    static func == (lhs: JSValue, rhs: JSValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.list(let a), .list(let b)): return a == b
        case (.object(let a), .object(let b)): return a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: return false
        }
    }

    /// JavaScript `parseInt(text, 10)` of an IntValue literal.
    static func parseInt(_ text: String) -> Double { Double(text) ?? .nan }

    /// JavaScript `parseFloat(text)` of an IntValue or FloatValue literal.
    static func parseFloat(_ text: String) -> Double { Double(text) ?? .nan }

    /// JavaScript `String(number)` (`Number.prototype.toString()`), for finite numbers.
    static func numberString(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        // Swift prints the shortest round-tripping digits; re-lay them out by JavaScript's rules.
        var text = "\(value.magnitude)"
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...]) ?? 0
            text = String(text[..<e])
        }
        var integerPart = text
        var fractionPart = ""
        if let dot = text.firstIndex(of: ".") {
            integerPart = String(text[..<dot])
            fractionPart = String(text[text.index(after: dot)...])
        }
        var digits = Array(integerPart + fractionPart)
        var pointPosition = integerPart.count + exponent  // digits before the decimal point
        while digits.count > 1 && digits.first == "0" {
            digits.removeFirst()
            pointPosition -= 1
        }
        while digits.count > 1 && digits.last == "0" { digits.removeLast() }
        let k = digits.count
        let n = pointPosition
        let s = String(digits)
        var result: String
        if k <= n && n <= 21 {
            result = s + String(repeating: "0", count: n - k)
        } else if 0 < n && n <= 21 {
            result = String(digits[..<n]) + "." + String(digits[n...])
        } else if -6 < n && n <= 0 {
            result = "0." + String(repeating: "0", count: -n) + s
        } else {
            let e = n - 1
            let sign = e < 0 ? "-" : "+"
            result = k == 1 ? s : String(digits[0]) + "." + String(digits[1...])
            result += "e" + sign + String(abs(e))
        }
        return value < 0 ? "-" + result : result
    }
}
