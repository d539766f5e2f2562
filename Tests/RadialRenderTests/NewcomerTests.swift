import Foundation
import RadialCLI
import RadialRender
import RadialWindow
import RadialText
import RadialCore
import RadialGL
import Testing

/// What a newcomer types, and what they get back: suggestions for mistypes, help for a command,
/// a settled picture by default, no window controls in exports, completions and a man page.
@Suite("A newcomer's command line")
struct NewcomerTests {
    func run(_ args: [String]) throws -> (code: Int32, out: String, err: String) {
        try #require(FileManager.default.isExecutableFile(atPath: BinaryTests.binary.path))
        return try WindowTests.run(BinaryTests.binary.path, args)
    }

    @Test("mistyped commands, options, demos and locales get a suggestion and exit 2",
          arguments: [(["rendr"], "did you mean `radial render`?"),
                      (["--verison"], "`radial` has no option --verison; did you mean --version?"),
                      (["render", "--ot", "x.png", "--demo", "ebike"], "`radial render` has no option --ot; did you mean --out?"),
                      (["render", "--demo", "ebkie", "--out", "x.png"], "There is no demo called \"ebkie\"; did you mean ebike?"),
                      (["describe", "--demo", "pies", "--locale", "xx_YY"], "--locale xx_YY is not a locale this system knows"),
                      (["describe", "--demo", "pies", "--locale", "de_DX"], "did you mean de_DE?"),
                      (["help", "rendr"], "did you mean `radial render`?"),
                      (["render", "--demo", "ebike", "--out", "x.png", "--focus", "charts[0].axes[9]"], "--focus charts[0].axes[9] names no element"),
                      (["render", "--demo", "ebike", "--out", "x.png", "--hover", "900,10"], "--hover 900,10 is outside the 800x800 window"),
                      (["render", "--demo", "ebike", "--out", "x.png", "--toggle", "charts[0].axes[0]"], "has nothing to toggle")])
    func suggestions(args: [String], expected: String) throws {
        let dir = NSTemporaryDirectory() + "radial-new-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/x.png"
        let r = try run(args.map { $0 == "x.png" ? out : $0 })
        #expect(r.code == 2, "\(args): \(r.err)")
        #expect(r.err.contains(expected), "\(args): \(r.err)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("`radial help render` prints render's help; the top-level help names the gallery's options")
    func helpRouting() throws {
        let r = try run(["help", "render"])
        #expect(r.code == 0 && r.out.hasPrefix("Usage: radial render"))
        let top = try run(["--help"])
        #expect(top.out.contains("radial [--size WxH] [--theme light|dark|high-contrast] [--palette system|okabe-ito]"))
    }

    @Test("bash completion offers every command, render's options and the demos")
    func bashCompletion() throws {
        let script = try run(["completions", "bash"])
        #expect(script.code == 0)
        let file = NSTemporaryDirectory() + "radial-completion-\(UUID().uuidString).bash"
        try script.out.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let r = try WindowTests.run("/bin/bash", ["-c", "source \(file); COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _radial; printf '%s\\n' \"${COMPREPLY[@]}\""])
            return r.out.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["radial", "ren"]) == ["render"])
        #expect(try Set(complete(["radial", "re"])) == ["render", "record"])
        #expect(try Set(complete(["radial", ""])).isSuperset(of: ["show", "render", "bench", "describe", "completions", "help"]))
        #expect(try Set(complete(["radial", "render", "--"])).isSuperset(of: ["--out", "--at", "--focus", "--hover", "--toggle", "--controls", "--geometry"]))
        #expect(try complete(["radial", "render", "--demo", "p"]) == ["pies"])
        #expect(try complete(["radial", "render", "--theme", ""]) == ["light", "dark", "high-contrast"])
        let zsh = try run(["completions", "zsh"])
        #expect(zsh.code == 0 && zsh.out.hasPrefix("#compdef radial") && zsh.out.contains("--toggle"))
    }

    @Test("the man page lists every command and key, and man reads it without warnings")
    func manPage() throws {
        let page = try run(["manpage"])
        #expect(page.code == 0)
        for c in ["show", "render", "bench", "describe", "completions"] { #expect(page.out.contains(".SS \(c)\n")) }
        #expect(page.out.contains("Tab, Shift+Tab"))
        let file = NSTemporaryDirectory() + "radial-\(UUID().uuidString).1"
        try page.out.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let man = try WindowTests.run("/usr/bin/man", ["--warnings", "-l", file])
        #expect(man.code == 0)
        #expect(man.err.isEmpty, "man warns: \(man.err)")
        #expect(man.out.contains("--controls") || man.out.contains("‐‐controls") || man.out.contains("controls"))
    }

    @Test("render shows the settled page by default, without the window's Replay button unless --controls")
    func settledWithoutControls() throws {
        let dir = NSTemporaryDirectory() + "radial-settled-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func geometry(_ extra: [String]) throws -> [String: Any] {
            let r = try run(["render", "--demo", "pies", "--out", dir + "/p.png", "--geometry", dir + "/p.json", "--size", "400x760"] + extra)
            try #require(r.code == 0, "\(r.err)")
            return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/p.json"))) as? [String: Any])
        }
        let settled = try geometry([])
        let charts = try #require(settled["charts"] as? [[String: Any]])
        #expect(charts.map { ($0["sectors"] as? [Any])?.count } == [3, 3])
        #expect((charts[1]["title"] as? String) == "Expenses $200.00")
        #expect((try geometry(["--at", "end"])["time"] as? Double) == settled["time"] as? Double)
        #expect((try geometry(["--at", "0"])["charts"] as? [[String: Any]])?.first?["sectors"].map { ($0 as? [Any])?.count } == 0)
        // The e-bike: no Replay element unless asked for.
        let e = try run(["render", "--demo", "ebike", "--out", dir + "/e.png", "--geometry", dir + "/e.json"])
        try #require(e.code == 0)
        #expect(!(try String(contentsOfFile: dir + "/e.json", encoding: .utf8)).contains("charts[0].replay"))
        let c = try run(["render", "--demo", "ebike", "--out", dir + "/e.png", "--geometry", dir + "/e.json", "--controls"])
        try #require(c.code == 0)
        #expect(try String(contentsOfFile: dir + "/e.json", encoding: .utf8).contains("charts[0].replay"))
    }
}
