import Foundation
import RadialRender
import RadialGL
import RadialText
import RadialCore

/// Settings read from the environment and the desktop.
package enum DesktopSettings {
    /// `RADIAL_REDUCE_MOTION=1`.
    package static var reduceMotionFromEnvironment: Bool {
        let v = ProcessInfo.processInfo.environment["RADIAL_REDUCE_MOTION"] ?? ""
        return ["1", "true", "yes", "on"].contains(v.lowercased())
    }

    /// GNOME's `enable-animations`, when gsettings is there to ask (the window only: headless
    /// renders must not depend on the desktop they happen to run on).
    package static var desktopDisablesAnimations: Bool {
        gsettings("org.gnome.desktop.interface", "enable-animations").map { boolean($0) == false } ?? false
    }

    /// GNOME's `org.gnome.desktop.interface text-scaling-factor` as a Dynamic Type size (nil at
    /// 1.0 or without gsettings): the window's text follows the desktop's (the window only).
    package static var desktopTextSize: TextSize? {
        guard let s = gsettings("org.gnome.desktop.interface", "text-scaling-factor"),
              let f = Double(s.trimmingCharacters(in: .whitespacesAndNewlines)), f.isFinite, f > 0, abs(f - 1) > 0.01 else { return nil }
        return TextSize(scalingFactor: f)
    }

    /// GNOME's `org.gnome.desktop.a11y.interface high-contrast`, when gsettings is there to
    /// ask (the window only, as for reduce motion).
    package static var desktopWantsHighContrast: Bool {
        gsettings("org.gnome.desktop.a11y.interface", "high-contrast").map { boolean($0) == true } ?? false
    }

    /// The window's theme: the `--theme` flag, else high contrast when the desktop asks for it
    /// (it is for reading, so it wins over a page's preference for light or dark), else the
    /// page's, else light.
    package static func windowTheme(flag: Theme?, page: Theme?, desktopHighContrast: Bool) -> Theme {
        flag ?? (desktopHighContrast ? .highContrast : page ?? .light)
    }

    /// A GVariant boolean as `gsettings get` prints it (`true` / `false`, maybe with a newline);
    /// nil for anything else (a missing schema's error, an empty answer).
    package static func boolean(_ gsettingsOutput: String) -> Bool? {
        switch gsettingsOutput.trimmingCharacters(in: .whitespacesAndNewlines) {
        case "true": true
        case "false": false
        default: nil
        }
    }

    /// What `gsettings get SCHEMA KEY` prints, or nil without gsettings or when it fails.
    /// Spawned directly (posix_spawn, stdout on a pipe): Foundation's `Process` took ~50 ms a
    /// call here, a third of the window's time to its first frame.
    private static func gsettings(_ schema: String, _ key: String) -> String? {
        let candidates = ["/usr/bin/gsettings", "/bin/gsettings"]
        guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        return Subprocess.output(tool, ["get", schema, key])
    }
}

/// Runs a short-lived tool and reads what it prints.
package enum Subprocess {
    /// `tool`'s standard output (its standard error discarded), or nil when it cannot start or
    /// exits with a status other than 0.
    package static func output(_ tool: String, _ arguments: [String]) -> String? {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([tool] + arguments).map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, tool, &actions, nil, argv, environ) == 0
        close(fds[1])
        defer { close(fds[0]) }
        guard started else { return nil }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let n = read(fds[0], &buffer, buffer.count)
            if n > 0 { bytes += buffer[0..<n] } else if n < 0 && errno == EINTR { continue } else { break }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Exited normally with status 0 (WIFEXITED && WEXITSTATUS == 0).
        return status & 0x7F == 0 && (status >> 8) & 0xFF == 0 ? String(decoding: bytes, as: UTF8.self) : nil
    }
}
