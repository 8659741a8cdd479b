import Foundation
import Testing

/// The plugins' shared code: plugins cannot share a module, so `GraftInputs.swift` is copied into
/// each plugin folder; the copies must stay identical, so both plugins find the same inputs and
/// pass `graft` the same arguments.
@Suite struct PluginSourceTests {
    @Test func bothPluginsHoldTheSameGraftInputs() throws {
        let plugins = ExamplePackage.repositoryRoot.appendingPathComponent("Plugins")
        let build = try Data(contentsOf: plugins.appendingPathComponent("GraftBuildPlugin/GraftInputs.swift"))
        let command = try Data(contentsOf: plugins.appendingPathComponent("GraftCommandPlugin/GraftInputs.swift"))
        #expect(build.count > 1000)
        #expect(build == command, "Plugins/GraftBuildPlugin/GraftInputs.swift and Plugins/GraftCommandPlugin/GraftInputs.swift differ")
    }
}
