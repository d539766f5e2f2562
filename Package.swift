// swift-tools-version: 6.0
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "Radial",
    products: [
        .executable(name: "radial", targets: ["radial"]),
        /// Charts as values, spec files, layout, animation, elements and frames: no GL, no C.
        .library(name: "RadialCore", targets: ["RadialCore"]),
        /// A page to pixels with no window system: images, still files, videos, geometry (EGL).
        .library(name: "RadialRender", targets: ["RadialRender"]),
        /// A page in a GLFW window with the gallery's keys, pointer, live reload and AT-SPI.
        .library(name: "RadialWindow", targets: ["RadialWindow"]),
    ],
    targets: [
        // MARK: - C libraries (Debian packages only)
        .systemLibrary(name: "CGLFW", pkgConfig: "glfw3", providers: [.apt(["libglfw3-dev", "libx11-dev", "libxrandr-dev"])]),
        .systemLibrary(name: "CEpoxy", pkgConfig: "epoxy", providers: [.apt(["libepoxy-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        /// PulseAudio's simple playback API (PipeWire serves it too): the window's audio graphs.
        /// (No pkgConfig: its headers are in /usr/include, and its .pc file's only flag is -D_REENTRANT,
        /// which SwiftPM refuses with a warning on every build; the library is opened with dlopen.)
        .systemLibrary(name: "CPulseSimple", providers: [.apt(["libpulse-dev"])]),
        /// ATK and its AT-SPI bridge (GLib with them), for CAccessibility only.
        /// cairo 1.16 with its PDF surface and FreeType fonts, for RadialVector only.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo-ft", providers: [.apt(["libcairo2-dev"])]),
        /// (pkgConfig "atk", not "atk-bridge-2.0": the bridge's .pc file brings GLib's -pthread, which
        /// SwiftPM refuses with a warning on every build; shim.h finds the bridge's one header by its
        /// path under /usr/include, and the module map links the bridge.)
        .systemLibrary(name: "CATK", pkgConfig: "atk", providers: [.apt(["libatk1.0-dev", "libatk-bridge2.0-dev"])]),

        // MARK: - Radial
        /// Pure Swift: model, spec files, layout, timeline, tessellation, frames. No GL, no C.
        .target(name: "RadialCore", swiftSettings: strict),
        /// Text: fontconfig finds fonts, HarfBuzz shapes, FreeType rasterizes into the glyph atlas.
        .target(name: "RadialText", dependencies: ["RadialCore", "CFreeType", "CHarfBuzz", "CFriBidi", "CFontconfig"], swiftSettings: strict),
        /// Every GL call: typed wrappers, the batches and the renderer that turns a frame into draws.
        .target(
            name: "RadialGL",
            dependencies: ["RadialCore", "RadialText", "CEpoxy"],
            swiftSettings: strict,
            plugins: ["EmbedShaders"]
        ),
        /// The second backend for the same frame: cairo paths (PDF pages and a CPU PNG to check the
        /// GL renderer against) and SVG written from the same paths; fonts through FreeType.
        .target(name: "RadialVector", dependencies: ["RadialCore", "CCairo", "CFreeType"], swiftSettings: strict),
        /// Headless: a GL context with no window system (EGL), images, PNG/JPEG/WebP/SVG/PDF files, video.
        /// Links neither GLFW nor ATK.
        .target(name: "RadialRender", dependencies: ["RadialCore", "RadialText", "RadialGL", "RadialVector", "CSurfaceless", "CPNGWrite", "CJPEGWrite", "CWebPWrite"],
                swiftSettings: strict),
        /// The window: GLFW, input, live reload, presentation, the AT-SPI bridge.
        .target(name: "RadialWindow", dependencies: ["RadialCore", "RadialText", "RadialGL", "RadialRender", "CGLFW", "CPresent", "CAccessibility", "CXKeys", "CPulseSimple"],
                swiftSettings: strict),
        /// The command line: every command and its options, over RadialRender and RadialWindow.
        .target(name: "RadialCLI", dependencies: ["RadialCore", "RadialText", "RadialGL", "RadialRender", "RadialVector", "RadialWindow", "CGLFW", "CAllocCounter"],
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
        /// A GLFW key as X names it (keysym, modifier mask, text) for ATK's key listeners.
        .target(name: "CXKeys", dependencies: ["CGLFW"], linkerSettings: [.linkedLibrary("X11")]),
        /// An OpenGL context with no window system: EGL's surfaceless platform (render, bench
        /// --offscreen, render tests).
        .target(name: "CSurfaceless", dependencies: ["CEpoxy"]),
        /// Radial's accessible objects on AT-SPI: AtkObject nodes, the AtkUtil root, the bridge.
        /// (A C target links only what it names: CATK's module map `link`s apply to importers.)
        .target(name: "CAccessibility", dependencies: ["CATK"],
                linkerSettings: ["atk-bridge-2.0", "atk-1.0", "gobject-2.0", "glib-2.0"].map { .linkedLibrary($0) }),
        .executableTarget(name: "radial", dependencies: ["RadialCLI"], swiftSettings: strict),

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
            dependencies: ["RadialCLI", "RadialWindow", "RadialRender", "RadialGL", "RadialText", "RadialVector", "RadialCore", "RadialTestSupport"],
            exclude: ["Goldens"],
            swiftSettings: strict
        ),
    ]
)
