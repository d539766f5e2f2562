import Foundation
@testable import RadialWindow
import Testing

@Suite("Where screenshots and recordings go")
struct UserDirsTests {
    @Test("XDG_VIDEOS_DIR, else the line of user-dirs.dirs, else the current folder")
    func folders() throws {
        let home = NSTemporaryDirectory() + "radial-home-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        try FileManager.default.createDirectory(atPath: home + "/.config", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home + "/Filme", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home + "/Bilder", withIntermediateDirectories: true)
        try "XDG_PICTURES_DIR=\"$HOME/Bilder\"\nXDG_VIDEOS_DIR=\"$HOME/Filme\"\n".write(toFile: home + "/.config/user-dirs.dirs", atomically: true, encoding: .utf8)
        #expect(UserDirs.folder("VIDEOS", environment: ["HOME": home]) == home + "/Filme")
        #expect(UserDirs.folder("PICTURES", environment: ["HOME": home]) == home + "/Bilder")
        #expect(UserDirs.folder("VIDEOS", environment: ["HOME": home, "XDG_VIDEOS_DIR": home + "/Bilder"]) == home + "/Bilder")
        // A folder that does not exist, or the home folder itself (xdg's "disabled"), is not used.
        try "XDG_VIDEOS_DIR=\"$HOME/Nowhere\"\nXDG_PICTURES_DIR=\"$HOME/\"\n".write(toFile: home + "/.config/user-dirs.dirs", atomically: true, encoding: .utf8)
        #expect(UserDirs.folder("VIDEOS", environment: ["HOME": home]) == FileManager.default.currentDirectoryPath)
        #expect(UserDirs.folder("PICTURES", environment: ["HOME": home]) == FileManager.default.currentDirectoryPath)
    }
}

/// The desktop's settings are read by spawning `gsettings` (posix_spawn, stdout on a pipe).
@Suite("Subprocess")
struct SubprocessTests {
    @Test("a tool's output is read whole; a failing or missing tool gives nil")
    func output() {
        #expect(Subprocess.output("/bin/echo", ["true"]) == "true\n")
        let long = String(repeating: "x", count: 100_000)
        #expect(Subprocess.output("/usr/bin/printf", ["%s", long]) == long)   // more than one pipe buffer
        #expect(Subprocess.output("/bin/false", []) == nil)
        #expect(Subprocess.output("/nonexistent/tool", []) == nil)
        #expect(Subprocess.output("/bin/sh", ["-c", "echo out; echo err >&2"]) == "out\n")
    }
}
