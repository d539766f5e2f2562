/// Paths as text, in plain Swift: the folder a path is in and joining a name to a folder.
/// (Foundation's NSString path methods trapped on some strings Foundation itself returned,
/// `"./chart.png"` from `appendingPathComponent`, in the toolchain this is built with.)
package enum PathText {
    /// `a/b/c.png` → `a/b`; `c.png` → `""`; `/c.png` → `/`; trailing slashes are ignored.
    package static func folder(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "" }
        if slash == p.startIndex { return "/" }
        var folder = p[..<slash]
        while folder.count > 1 && folder.hasSuffix("/") { folder = folder.dropLast() }
        return String(folder)
    }

    /// The last part of a path: `a/b/c.png` → `c.png`.
    package static func name(of path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        return p.lastIndex(of: "/").map { String(p[p.index(after: $0)...]) } ?? String(p)
    }

    /// `a` + `b.png` → `a/b.png` (one slash between).
    package static func joining(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
