import Foundation
import GraftCodegen

/// How `generate`, `validate` and `print-schema` find their configuration: `--config FILE`, else
/// `./graft.json` when no input paths are given on the command line, else the defaults
/// (`Schemas/`, `Operations/`, `Generated/`). One place, so the three commands agree.
enum ConfigurationLookup {
    /// The configuration, or nil after printing why it could not be read.
    static func load(configPath: String?, pathsGiven: Bool) -> GraftConfiguration? {
        do {
            if let configPath { return try GraftConfiguration.load(path: configPath) }
            if !pathsGiven && FileManager.default.fileExists(atPath: "graft.json") {
                return try GraftConfiguration.load(path: "graft.json")
            }
            return GraftConfiguration()
        } catch {
            StandardError.write(error.description)
            return nil
        }
    }
}
