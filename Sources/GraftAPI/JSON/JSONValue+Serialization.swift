extension JSONValue {
    /// Compact JSON text with object keys sorted (deterministic request bodies and cache keys).
    public var serialized: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// Compact JSON bytes with object keys sorted.
    public var serializedBytes: [UInt8] { Array(serialized.utf8) }

    /// Appends the value's JSON text. A loop with the open lists and objects on a stack of its
    /// own, not a recursion, so a value as deep as the JSON parser accepts is written on a thread
    /// with a small stack.
    package func write(to output: inout String) {
        // The open lists and objects, innermost last: the container, an object's keys in order,
        // and how many items or fields have been written.
        var open: [(container: JSONValue, keys: [String], next: Int)] = []
        var value = self
        while true {
            switch value {
            case .null: output += "null"
            case .bool(let flag): output += flag ? "true" : "false"
            case .int(let number): output += String(number)
            case .double(let number):
                if number.isFinite && number == number.rounded() && abs(number) < 1e15 {
                    output += String(Int(number))
                } else if number.isFinite {
                    output += "\(number)"
                } else {
                    output += "null"
                }
            case .string(let text): JSONValue.writeString(text, to: &output)
            case .array:
                output += "["
                open.append((value, [], 0))
            case .object(let fields):
                output += "{"
                open.append((value, fields.keys.sorted(), 0))
            }
            // The next value to write, closing the containers that are done.
            var hasNext = false
            while !hasNext, let top = open.indices.last {
                let index = open[top].next
                switch open[top].container {
                case .array(let elements) where index < elements.count:
                    if index > 0 { output += "," }
                    value = elements[index]
                    hasNext = true
                case .object(let fields) where index < open[top].keys.count:
                    if index > 0 { output += "," }
                    let key = open[top].keys[index]
                    JSONValue.writeString(key, to: &output)
                    output += ":"
                    value = fields[key]!
                    hasNext = true
                case .array:
                    output += "]"
                    open.removeLast()
                default:
                    output += "}"
                    open.removeLast()
                }
                if hasNext { open[top].next += 1 }
            }
            if !hasNext { return }
        }
    }

    package static func writeString(_ text: String, to output: inout String) {
        output += "\""
        // Most strings need no escape: append them whole rather than scalar by scalar.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            output += text
            output += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
