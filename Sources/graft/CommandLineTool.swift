import Foundation

/// A subcommand of `graft`.
protocol Subcommand {
    /// The name typed after `graft`.
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The full usage text for `graft help <name>`.
    static var usage: String { get }
    /// Runs the command with its arguments; returns the exit status.
    static func run(_ arguments: inout ArgumentList) throws(UsageError) -> Int32
}

/// Dispatches `graft <command> ...` and prints help and usage errors.
enum CommandLineTool {
    /// The version `graft --version` prints.
    static let version = "0.1.0"

    nonisolated(unsafe) static let subcommands: [any Subcommand.Type] = [
        PrintCommand.self, PrintSchemaCommand.self, ValidateCommand.self, GenerateCommand.self, InitCommand.self,
        FetchSchemaCommand.self,
    ]

    static var generalUsage: String {
        var text = """
        graft: typed GraphQL for Swift.

        USAGE: graft <command> [options]

        COMMANDS:

        """
        for command in subcommands {
            text += "  " + command.name.padding(toLength: 14) + command.summary + "\n"
        }
        text += "  " + "help".padding(toLength: 14) + "Show help for a command.\n"
        text += "\nRun 'graft help <command>' for a command's options, 'graft --version' for the version."
        return text
    }

    static let helpUsage = """
    USAGE: graft help [<command>]

    Shows the usage of a command, or the list of commands. 'graft <command> --help' does the same.
    Commands: \(subcommands.map { $0.name }.joined(separator: ", ")), help.
    """

    /// Runs the tool; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            StandardError.write(generalUsage)
            return 1
        }
        switch first {
        case "--help", "-h":
            StandardOutput.write(generalUsage)
            return 0
        case "--version", "version":
            StandardOutput.write("graft \(version)")
            return 0
        case "help":
            guard arguments.count > 1 else {
                StandardOutput.write(generalUsage)
                return 0
            }
            if arguments[1] == "help" {
                StandardOutput.write(helpUsage)
                return 0
            }
            guard let command = subcommands.first(where: { $0.name == arguments[1] }) else {
                StandardError.write("error: unknown command '\(arguments[1])'\n\n" + generalUsage)
                return 1
            }
            StandardOutput.write(command.usage)
            return 0
        default:
            break
        }
        guard let command = subcommands.first(where: { $0.name == first }) else {
            StandardError.write("error: unknown command '\(first)'\n\n" + generalUsage)
            return 1
        }
        var list = ArgumentList(Array(arguments.dropFirst()))
        if list.remaining.contains("--help") || list.remaining.contains("-h") {
            StandardOutput.write(command.usage)
            return 0
        }
        do {
            return try command.run(&list)
        } catch {
            StandardError.write("error: \(error.message)\n\n" + command.usage)
            return 1
        }
    }
}

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}
