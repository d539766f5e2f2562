import Foundation
import RadialCore

/// Settings read from the environment and the desktop.
public enum DesktopSettings {
    /// `RADIAL_REDUCE_MOTION=1`.
    static var reduceMotionFromEnvironment: Bool {
        let v = ProcessInfo.processInfo.environment["RADIAL_REDUCE_MOTION"] ?? ""
        return ["1", "true", "yes", "on"].contains(v.lowercased())
    }

    /// GNOME's `enable-animations`, when gsettings is there to ask (the window only: headless
    /// renders must not depend on the desktop they happen to run on).
    static var desktopDisablesAnimations: Bool {
        gsettings("org.gnome.desktop.interface", "enable-animations").map { boolean($0) == false } ?? false
    }

    /// GNOME's `org.gnome.desktop.a11y.interface high-contrast`, when gsettings is there to
    /// ask (the window only, as for reduce motion).
    static var desktopWantsHighContrast: Bool {
        gsettings("org.gnome.desktop.a11y.interface", "high-contrast").map { boolean($0) == true } ?? false
    }

    /// The window's theme: the `--theme` flag, else high contrast when the desktop asks for it
    /// (it is for reading, so it wins over a page's preference for light or dark), else the
    /// page's, else light.
    public static func windowTheme(flag: Theme?, page: Theme?, desktopHighContrast: Bool) -> Theme {
        flag ?? (desktopHighContrast ? .highContrast : page ?? .light)
    }

    /// A GVariant boolean as `gsettings get` prints it (`true` / `false`, maybe with a newline);
    /// nil for anything else (a missing schema's error, an empty answer).
    public static func boolean(_ gsettingsOutput: String) -> Bool? {
        switch gsettingsOutput.trimmingCharacters(in: .whitespacesAndNewlines) {
        case "true": true
        case "false": false
        default: nil
        }
    }

    /// What `gsettings get SCHEMA KEY` prints, or nil without gsettings or when it fails.
    private static func gsettings(_ schema: String, _ key: String) -> String? {
        let candidates = ["/usr/bin/gsettings", "/bin/gsettings"]
        guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = ["get", schema, key]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return p.terminationStatus == 0 ? out : nil
    }
}
