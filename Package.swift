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
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        /// ATK and its AT-SPI bridge (GLib with them), for CAccessibility only.
        /// cairo 1.16 with its PDF surface and FreeType fonts, for RadialVector only.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo-ft", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CATK", pkgConfig: "atk-bridge-2.0", providers: [.apt(["libatk1.0-dev", "libatk-bridge2.0-dev"])]),

        // MARK: - Radial
        /// Pure Swift: model, spec files, layout, timeline, tessellation, frames. No GL, no C.
        .target(name: "RadialCore", swiftSettings: strict),
        /// Every GL call, the glyph atlas, PNG, JPEG and WebP files.
        .target(
            name: "RadialGL",
            dependencies: ["RadialCore", "CEpoxy", "CFreeType", "CHarfBuzz", "CFontconfig", "CPNG", "CPNGWrite", "CJPEGWrite", "CWebPWrite"],
            swiftSettings: strict,
            plugins: ["EmbedShaders"]
        ),
        /// The second backend for the same frame: cairo paths (PDF and a CPU PNG to check the GL
        /// renderer against) and SVG written from the same paths, fonts through FreeType.
        .target(name: "RadialVector", dependencies: ["RadialCore", "CCairo", "CFreeType"], swiftSettings: strict),
        /// The command line, the window, the render and bench drivers.
        .target(name: "RadialApp", dependencies: ["RadialCore", "RadialGL", "RadialVector", "CGLFW", "CAllocCounter", "CPresent", "CSurfaceless", "CAccessibility"],
                swiftSettings: strict),
        /// PNG writing with a chosen zlib level and filters (libpng reports errors by longjmp).
        .target(name: "CPNGWrite", dependencies: ["CPNG"]),
        /// JPEG writing through libjpeg-turbo (errors by longjmp too), RGBA composited to RGB.
        /// (A C target links only what it names, so the libraries are named here as well.)
        .target(name: "CJPEGWrite", dependencies: ["CJPEG"], linkerSettings: [.linkedLibrary("jpeg")]),
        /// Still WebP writing through libwebp: lossy, or lossless at quality 100.
        .target(name: "CWebPWrite", dependencies: ["CWebP"], linkerSettings: [.linkedLibrary("webp")]),
        /// Counts the render thread's heap allocations for `radial bench`.
        .target(name: "CAllocCounter"),
        /// Presenting a GLFW window's frames: GLX buffer age, copying the back buffer.
        .target(name: "CPresent", dependencies: ["CGLFW", "CEpoxy"], linkerSettings: [.linkedLibrary("X11")]),
        /// An OpenGL context with no window system: EGL's surfaceless platform (render, bench
        /// --offscreen, render tests).
        .target(name: "CSurfaceless", dependencies: ["CEpoxy"]),
        /// Radial's accessible objects on AT-SPI: AtkObject nodes, the AtkUtil root, the bridge.
        /// (A C target links only what it names: CATK's module map `link`s apply to importers.)
        .target(name: "CAccessibility", dependencies: ["CATK"],
                linkerSettings: ["atk-bridge-2.0", "atk-1.0", "gobject-2.0", "glib-2.0"].map { .linkedLibrary($0) }),
        .executableTarget(name: "radial", dependencies: ["RadialApp"], swiftSettings: strict),

        // MARK: - Build tools
        /// Embeds the top-level Shaders/ folder as Swift string literals, so the binary finds
        /// its shaders however it is run (swift run, an installed copy, tests).
        .plugin(name: "EmbedShaders", capability: .buildTool()),

        // MARK: - Tests
        /// What both test targets share: oracles from the reference, a manual clock, geometry reading.
        .target(name: "RadialTestSupport", dependencies: ["RadialCore"], path: "Tests/RadialTestSupport", swiftSettings: strict),
        .testTarget(name: "RadialCoreTests", dependencies: ["RadialCore", "RadialTestSupport"], exclude: ["Regressions"], swiftSettings: strict),
        .testTarget(
            name: "RadialRenderTests",
            dependencies: ["RadialApp", "RadialGL", "RadialVector", "RadialCore", "RadialTestSupport"],
            exclude: ["Goldens"],
            swiftSettings: strict
        ),
    ]
)
