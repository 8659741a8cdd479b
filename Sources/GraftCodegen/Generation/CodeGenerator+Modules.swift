import GraftCompiler
import GraftLanguage

extension CodeGenerator {
    /// Runs the pipeline for several modules (configurations whose paths are already resolved) in
    /// one process: each distinct schema and upstream module loaded once, then the modules
    /// generated on every core, each result (the one `run(_:layout:options:)` gives for its
    /// configuration alone) handed to `finish` on the thread that made it (to write it, say).
    ///
    /// A schema module declaring the types its `usedBy` modules use, when those are exactly modules
    /// of the run, runs after them and takes the types their compilations found, instead of loading
    /// and compiling every operation of the app again; when one of them has errors (or two declare
    /// the same fragment name, which only the schema module's own run would report), it runs as it
    /// would alone. Two modules may name an operation alike.
    /// - Returns: what `finish` returned, in the configurations' order.
    public static func run<Finished: Sendable>(_ configurations: [GraftConfiguration], layout: SwiftGenerator.Layout = .perDefinition,
                                               options: ParseOptions = .default,
                                               finish: @Sendable (GraftConfiguration, Result) -> Finished) -> [Finished] {
        let shared = SharedInputs.load(schemaPaths: configurations.map(\.schemaPaths), upstream: configurations.map(\.upstream),
                                       options: options)
        let dependents = configurations.indices.map { dependentModules(of: $0, in: configurations) }
        let first = configurations.indices.filter { dependents[$0] == nil }
        let firstResults = ConcurrentMap.map(first) { index in
            let result = run(configurations[index], layout: layout, options: options, shared: shared, dependentsTypes: nil)
            return (finished: finish(configurations[index], result), usage: result.typeUsage)
        }
        let usage = Dictionary(uniqueKeysWithValues: zip(first, firstResults.map(\.usage)))
        let later = configurations.indices.filter { dependents[$0] != nil }
        let laterResults = ConcurrentMap.map(later) { index in
            let types = ModuleTypeUsage.union(dependents[index]!.map { usage[$0] ?? nil })
            return finish(configurations[index],
                          run(configurations[index], layout: layout, options: options, shared: shared, dependentsTypes: types))
        }
        var finished = [Finished?](repeating: nil, count: configurations.count)
        for (index, result) in zip(first, firstResults) { finished[index] = result.finished }
        for (index, result) in zip(later, laterResults) { finished[index] = result }
        return finished.map { $0! }
    }

    /// The modules of the run whose operations are exactly the `usedBy` paths of the schema module
    /// at `index` (declaring the used types, without upstream modules), each module's paths and
    /// its upstream modules' paths among them, all on the same schema paths; nil when the
    /// configuration is not such a schema module or the paths are not covered that way.
    static func dependentModules(of index: Int, in configurations: [GraftConfiguration]) -> [Int]? {
        let schemaModule = configurations[index]
        guard configurations.count > 1, schemaModule.isSchemaModule, schemaModule.schemaTypes == .used,
              schemaModule.upstream.isEmpty, !schemaModule.usedBy.isEmpty else { return nil }
        let usedBy = Set(SharedInputs.key(schemaModule.usedBy))
        let schemaKey = SharedInputs.key(schemaModule.schemaPaths)
        var modules: [Int] = []
        var covered: Set<String> = []
        for (other, configuration) in configurations.enumerated() where other != index && !configuration.isSchemaModule {
            let paths = SharedInputs.key(configuration.operationPaths)
            guard !paths.isEmpty, usedBy.isSuperset(of: paths) else { continue }
            guard SharedInputs.key(configuration.schemaPaths) == schemaKey,
                  configuration.upstream.allSatisfy({ usedBy.isSuperset(of: SharedInputs.key($0.operationPaths)) }) else { return nil }
            modules.append(other)
            covered.formUnion(paths)
        }
        return covered == usedBy ? modules : nil
    }
}

/// The schema types a module's operations and fragments use (as `IRBuilder.compile` found them),
/// with the fragment names that would clash were its operations compiled together with other
/// modules' (operation names may repeat there: `InputLoader.load(repeatedOperationNames:)`).
struct ModuleTypeUsage: Sendable {
    /// The module's document without operations and fragments (`schemaTypesOnly()`).
    var types: IRDocument
    /// The fragments the module declares (its upstream modules' left out).
    var fragmentNames: [String]

    init(_ compiled: IRDocument) {
        types = compiled.schemaTypesOnly()
        fragmentNames = compiled.ownFragments.map(\.name)
    }

    /// The modules' type sets, or nil when one is missing (the module had errors) or two modules
    /// declare the same fragment name: compiled as one document (the schema module's own run)
    /// they would fail validation.
    static func union(_ modules: [ModuleTypeUsage?]) -> [IRDocument]? {
        var fragments: Set<String> = []
        var types: [IRDocument] = []
        for module in modules {
            guard let module else { return nil }
            for name in module.fragmentNames { guard fragments.insert(name).inserted else { return nil } }
            types.append(module.types)
        }
        return types
    }
}
