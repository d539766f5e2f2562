import Foundation
import RadialRender
import RadialGL
import RadialText
import RadialCore

/// The desktop's folders for pictures and videos (xdg-user-dirs): `$XDG_PICTURES_DIR`, else the
/// line of `~/.config/user-dirs.dirs` that names it, else the current folder. Read as the file
/// says, without running `xdg-user-dir`.
package enum UserDirs {
    /// `kind` is PICTURES or VIDEOS.
    package static func folder(_ kind: String, environment env: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let home = env["HOME"] ?? NSHomeDirectory()
        func usable(_ path: String) -> String? {
            var isDir: ObjCBool = false
            let standard = (path as NSString).standardizingPath   // "$HOME/" is the home folder: xdg for "none"
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue && standard != (home as NSString).standardizingPath ? path : nil
        }
        if let v = env["XDG_\(kind)_DIR"], !v.isEmpty, let p = usable(v) { return p }
        let config = env["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        if let text = try? String(contentsOfFile: config + "/user-dirs.dirs", encoding: .utf8) {
            for line in text.split(separator: "\n") where line.hasPrefix("XDG_\(kind)_DIR=") {
                let value = line.dropFirst("XDG_\(kind)_DIR=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                if let p = usable(value.replacingOccurrences(of: "$HOME", with: home)) { return p }
            }
        }
        return FileManager.default.currentDirectoryPath
    }
}
