import Foundation

/// Settings read from the environment and the desktop.
enum DesktopSettings {
    /// `RADIAL_REDUCE_MOTION=1`.
    static var reduceMotionFromEnvironment: Bool {
        let v = ProcessInfo.processInfo.environment["RADIAL_REDUCE_MOTION"] ?? ""
        return ["1", "true", "yes", "on"].contains(v.lowercased())
    }

    /// GNOME's `enable-animations`, when gsettings is there to ask (the window only: headless
    /// renders must not depend on the desktop they happen to run on).
    static var desktopDisablesAnimations: Bool {
        let candidates = ["/usr/bin/gsettings", "/bin/gsettings"]
        guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return false }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = ["get", "org.gnome.desktop.interface", "enable-animations"]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return false }
        p.waitUntilExit()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return out.trimmingCharacters(in: .whitespacesAndNewlines) == "false"
    }
}
