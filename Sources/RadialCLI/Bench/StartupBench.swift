import CGLFW
import Foundation
import RadialWindow
import RadialRender
import RadialText
import RadialCore
import RadialGL

/// `radial bench --startup`: how long `radial render --demo ebike --size 800x800` takes from
/// exec to exit and how much memory it peaks at, against a bare program that only gets a
/// context, clears an 800×800 framebuffer and reads it back (the same binary, so loading it
/// counts for both), alternating runs. With a display, the same through GLX and the window's
/// time to its first presented frame against a bare GLFW window's.
struct StartupBench {
    var rounds = 5

    init(_ values: OptionValues, _ operands: [String]) throws(UsageError) {
        let others = values.given.filter { $0 != "--startup" && $0 != "--rounds" }
        if let first = others.first ?? (operands.isEmpty ? nil : operands[0]) {
            throw UsageError("bench --startup measures `radial render --demo ebike` itself; it takes only --rounds, not \(first).")
        }
        rounds = values.rounds ?? 5
    }

    struct Run { var seconds: Double; var peakMB: Double }

    /// Runs this binary with `arguments` and `environment` changes; wall time and peak RSS.
    static func measure(_ arguments: [String], environment: [String: String?] = [:]) throws -> Run {
        let exe = CommandLine.arguments[0].contains("/") ? CommandLine.arguments[0] : "/proc/self/exe"
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? exe
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv { free(p) }; for p in envp { free(p) } }
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        posix_spawn_file_actions_addopen(&fileActions, 1, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let start = monotonicSeconds
        guard posix_spawn(&pid, path, &fileActions, nil, argv, envp) == 0 else { throw RunFailure("could not start \(path)") }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { throw RunFailure("lost the child process") }
        let seconds = monotonicSeconds - start
        guard status == 0 else { throw RunFailure("`radial \(arguments.joined(separator: " "))` exited with status \(status)") }
        return Run(seconds: seconds, peakMB: Double(usage.ru_maxrss) / 1024)
    }

    struct RunFailure: Error, CustomStringConvertible { var description: String; init(_ d: String) { description = d } }

    func run() throws {
        let out = NSTemporaryDirectory() + "radial-startup-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let display = !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty
        let render = ["render", "--demo", "ebike", "--size", "800x800", "--out", out]
        var pairs: [(String, [String], [String: String?], String, [String], [String: String?])] = [
            ("bare EGL (context, clear, glReadPixels)", ["__bare", "egl"], ["DISPLAY": nil],
             "render --demo ebike 800x800, EGL", render, ["DISPLAY": nil]),
            // The same with one shaded rectangle: what drawing anything costs on this GL.
            ("bare EGL + one shaded draw", ["__bare", "egl-draw"], ["DISPLAY": nil],
             "render --demo ebike 800x800, EGL", render, ["DISPLAY": nil]),
        ]
        if display {
            pairs.append(("bare GLX (hidden GLFW window, clear, glReadPixels)", ["__bare", "glx"], [:],
                          "render --demo ebike 800x800, GLX", render, ["RADIAL_CONTEXT": "glx"]))
            pairs.append(("bare GLFW window, first frame presented", ["__bare", "window"], [:],
                          "the gallery window, first frame presented", ["gallery"], ["RADIAL_EXIT_AFTER_FIRST_FRAME": "1"]))
        }
        try StandardStreams.line("Start-up, \(rounds) runs each, alternating; medians.")
        for (bareName, bareArgs, bareEnv, name, args, env) in pairs {
            var bare: [Run] = [], real: [Run] = []
            for _ in 0..<rounds {
                bare.append(try Self.measure(bareArgs, environment: bareEnv))
                real.append(try Self.measure(args, environment: env))
            }
            func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
            let bt = median(bare.map(\.seconds)), rt = median(real.map(\.seconds))
            let bm = median(bare.map(\.peakMB)), rm = median(real.map(\.peakMB))
            func pad(_ s: String) -> String { s.count >= 52 ? s : s + String(repeating: " ", count: 52 - s.count) }
            try StandardStreams.line("  " + pad(bareName) + String(format: " %6.3f s  %6.1f MB", bt, bm))
            try StandardStreams.line("  " + pad(name) + String(format: " %6.3f s  %6.1f MB   %.2f× the time, %+.1f MB", rt, rm, rt / bt, rm - bm))
        }
    }

    /// The bare program: `egl` or `glx` (context, 800×800 clear, glReadPixels), or `window` (a
    /// visible 760×900 GLFW window, clear, one swap, glFinish).
    static func bare(_ kind: String) throws {
        switch kind {
        case "egl", "glx", "egl-draw":
            let context: any GraphicsContext = kind != "glx" ? try SurfacelessContext()
                : try GLWindow(width: 64, height: 64, title: "radial", visible: false, command: "bench")
            context.makeCurrent()
            let target = try OffscreenTarget(width: 800, height: 800)
            target.bind()
            if kind == "egl-draw" { try FloorScene.drawShaded(width: 800, height: 800) } else { FloorScene.draw(width: 800, height: 800) }
            _ = target.read()
            target.release()
            context.destroy()
        case "window":
            let window = try GLWindow(width: 760, height: 900, title: "radial", visible: true, command: "bench")
            let fb = window.framebufferSize
            FloorScene.draw(width: fb.width, height: fb.height)
            window.present(size: fb)
            GLInfo.finish()
            window.destroy()
            GLFW.terminate()
        default:
            throw UsageError("__bare takes egl, egl-draw, glx or window")
        }
    }
}
