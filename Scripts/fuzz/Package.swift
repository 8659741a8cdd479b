// swift-tools-version:6.1
// Coverage-guided fuzzing of what reads untrusted input, with libFuzzer: Scripts/fuzz/run.sh TARGET.
// Not part of the Graft package (its root Package.swift does not see this folder).
import PackageDescription

let package = Package(
    name: "GraftFuzz",
    dependencies: [.package(name: "Graft", path: "../..")],
    targets: [
        .executableTarget(name: "GraftFuzz", dependencies: [
            .product(name: "GraftLanguage", package: "Graft"), .product(name: "GraftCompiler", package: "Graft"),
            .product(name: "GraftAPI", package: "Graft"), .product(name: "Graft", package: "Graft"),
            .product(name: "GraftWebSocket", package: "Graft"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
