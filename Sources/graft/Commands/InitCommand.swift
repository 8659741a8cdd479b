import Foundation
import GraftCodegen

/// `graft init`: writes a commented graft.json in the current folder.
enum InitCommand: Subcommand {
    static let name = "init"
    static let summary = "Write a commented graft.json."
    static let usage = """
    USAGE: graft init [--force]

    Writes graft.json in the current folder with every option and a comment on each (graft.json
    accepts // line comments). Refuses to replace an existing file unless --force is given.

    OPTIONS:
      --force       Replace an existing graft.json.
      -h, --help    Show this help.
    """

    static func run(_ arguments: inout ArgumentList) throws(UsageError) -> Int32 {
        let force = arguments.flag("--force")
        let operands = try arguments.operands()
        guard operands.isEmpty else { throw UsageError(message: "unexpected argument '\(operands[0])'") }
        if FileManager.default.fileExists(atPath: "graft.json") && !force {
            StandardError.write("error: graft.json already exists (use --force to replace it)")
            return 1
        }
        guard FileManager.default.createFile(atPath: "graft.json", contents: Data(GraftConfiguration.initialFile.utf8)) else {
            StandardError.write("error: cannot write graft.json")
            return 1
        }
        StandardOutput.write("Wrote graft.json")
        return 0
    }
}
