// The `graft` command-line tool. See `graft --help`.
import Foundation

exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst())))
