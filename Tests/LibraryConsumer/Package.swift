// swift-tools-version: 6.0
// A stranger's package: it depends on Radial by path and uses only its products, as a program
// of yours would. LibraryConsumerTests builds and runs it (`consumer checks`, `consumer window`).
import PackageDescription

let package = Package(
    name: "LibraryConsumer",
    dependencies: [.package(name: "Radial", path: "../..")],
    targets: [
        .executableTarget(name: "consumer", dependencies: [
            .product(name: "RadialCore", package: "Radial"),
            .product(name: "RadialRender", package: "Radial"),
            .product(name: "RadialWindow", package: "Radial"),
        ], swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
)
