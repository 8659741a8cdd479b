/// A bad command line: an unknown flag, a missing value or missing operands.
struct UsageError: Error {
    let message: String
}

/// Hand-written argument parsing: options (`--name value`, `--name=value`), flags and operands.
struct ArgumentList {
    private(set) var remaining: [String]

    init(_ arguments: [String]) {
        remaining = arguments
    }

    /// Removes every `--name value` / `--name=value` and returns the values in order.
    mutating func values(for name: String) throws(UsageError) -> [String] {
        var values: [String] = []
        var index = 0
        while index < remaining.count {
            let argument = remaining[index]
            if argument == "--" { break }
            if argument == name {
                guard index + 1 < remaining.count else { throw UsageError(message: "missing value for '\(name)'") }
                values.append(remaining[index + 1])
                remaining.removeSubrange(index...index + 1)
            } else if argument.hasPrefix(name + "=") {
                values.append(String(argument.dropFirst(name.count + 1)))
                remaining.remove(at: index)
            } else {
                index += 1
            }
        }
        return values
    }

    /// Removes a single-valued option; fails if given twice.
    mutating func value(for name: String) throws(UsageError) -> String? {
        let all = try values(for: name)
        if all.count > 1 { throw UsageError(message: "'\(name)' given more than once") }
        return all.first
    }

    /// Removes a boolean flag and says whether it was present.
    mutating func flag(_ name: String) -> Bool {
        let before = remaining.count
        remaining.removeAll { $0 == name }
        return remaining.count != before
    }

    /// The operands left; fails on any remaining `-`-prefixed argument (an unknown flag).
    mutating func operands() throws(UsageError) -> [String] {
        var operands: [String] = []
        var afterSeparator = false
        for argument in remaining {
            if !afterSeparator && argument == "--" {
                afterSeparator = true
            } else if !afterSeparator && argument.hasPrefix("-") && argument != "-" {
                throw UsageError(message: "unknown option '\(argument)'")
            } else {
                operands.append(argument)
            }
        }
        remaining = []
        return operands
    }
}
