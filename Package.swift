// swift-tools-version: 6.0
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "Radial",
    products: [
        .executable(name: "radial", targets: ["radial"]),
        .library(name: "RadialCore", targets: ["RadialCore"]),
    ],
    targets: [
        // MARK: - C libraries (Debian packages only)
        .systemLibrary(name: "CGLFW", pkgConfig: "glfw3", providers: [.apt(["libglfw3-dev", "libx11-dev", "libxrandr-dev"])]),
        .systemLibrary(name: "CEpoxy", pkgConfig: "epoxy", providers: [.apt(["libepoxy-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),

        // MARK: - Radial
        /// Pure Swift: model, spec files, layout, timeline, tessellation, frames. No GL, no C.
        .target(name: "RadialCore", swiftSettings: strict),
        /// Every GL call, the glyph atlas, PNG files.
        .target(
            name: "RadialGL",
            dependencies: ["RadialCore", "CEpoxy", "CFreeType", "CHarfBuzz", "CFontconfig", "CPNG"],
            swiftSettings: strict,
            plugins: ["EmbedShaders"]
        ),
        /// The command line, the window, the render and bench drivers.
        .target(name: "RadialApp", dependencies: ["RadialCore", "RadialGL", "CGLFW", "CAllocCounter", "CPresent"], swiftSettings: strict),
        /// Counts the render thread's heap allocations for `radial bench`.
        .target(name: "CAllocCounter"),
        /// Presenting a GLFW window's frames: GLX buffer age, copying the back buffer.
        .target(name: "CPresent", dependencies: ["CGLFW", "CEpoxy"]),
        .executableTarget(name: "radial", dependencies: ["RadialApp"], swiftSettings: strict),

        // MARK: - Build tools
        /// Embeds the top-level Shaders/ folder as Swift string literals, so the binary finds
        /// its shaders however it is run (swift run, an installed copy, tests).
        .plugin(name: "EmbedShaders", capability: .buildTool()),

        // MARK: - Tests
        .testTarget(name: "RadialCoreTests", dependencies: ["RadialCore"], exclude: ["Regressions"], swiftSettings: strict),
        .testTarget(
            name: "RadialRenderTests",
            dependencies: ["RadialApp", "RadialGL", "RadialCore"],
            exclude: ["Goldens"],
            swiftSettings: strict
        ),
    ]
)
