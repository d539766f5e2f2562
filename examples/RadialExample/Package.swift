// swift-tools-version: 6.0
// An app of your own that uses Radial as a library: `swift run` here writes ebike.png and
// expenses.mp4. It depends on the Radial package by path, as yours would by path or URL.
import PackageDescription

let package = Package(
    name: "RadialExample",
    dependencies: [.package(name: "Radial", path: "../..")],
    targets: [
        .executableTarget(name: "radial-example", dependencies: [
            .product(name: "RadialCore", package: "Radial"),
            .product(name: "RadialRender", package: "Radial"),
        ]),
    ]
)
