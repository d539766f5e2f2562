import Foundation
import Testing

/// The gallery as a screen reader reads it: a private session bus and the AT-SPI bus on an
/// Xvfb server of their own (the window tests grab the shared display), and pyatspi (the library Orca is built on) walking the tree, reading extents,
/// listening to events and invoking actions (Tests/accessibility/atspi_test.py). One run of
/// the script answers every test here.
@Suite("The gallery on AT-SPI", .serialized)
struct AccessibilityTests {
    struct Outcome: Sendable { var status: String; var message: String }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("accessibility/atspi_test.py")

    /// What each check said: PASS, FAIL or PENDING, with its message; `setup` when the run
    /// itself could not start.
    static let outcomes: [String: Outcome] = {
        for tool in ["/usr/bin/xvfb-run", "/usr/bin/dbus-run-session", "/usr/libexec/at-spi-bus-launcher", "/usr/bin/python3", "/usr/bin/xdotool"]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            return ["setup": Outcome(status: "FAIL", message: "\(tool) is missing: scripts/setup installs it")]
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = [script.path, "--session", BinaryTests.binary.path, "activate", "tree", "extents", "events", "focus", "toggle", "reactivate", "pagefocus", "keys", "family"]
        var env = ProcessInfo.processInfo.environment
        env["NO_AT_BRIDGE"] = nil
        p.environment = env
        // A file, not a pipe: a bus daemon left behind would hold a pipe open forever.
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("radial-atspi-\(getpid()).txt")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        guard let out = try? FileHandle(forWritingTo: log) else { return ["setup": Outcome(status: "FAIL", message: "cannot write \(log.path)")] }
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice   // the private buses' chatter
        do { try p.run() } catch { return ["setup": Outcome(status: "FAIL", message: "\(error)")] }
        p.waitUntilExit()
        try? out.close()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        var result: [String: Outcome] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            guard parts.count >= 2, ["PASS", "FAIL", "PENDING"].contains(parts[0]) else { continue }
            let name = parts[1].hasSuffix(":") ? String(parts[1].dropLast()) : parts[1]
            result[name] = Outcome(status: parts[0], message: parts.count > 2 ? parts[2] : "")
        }
        if result.isEmpty { result["setup"] = Outcome(status: "FAIL", message: "the script said nothing useful: \(text)") }
        return result
    }()

    static func check(_ name: String) throws {
        if let setup = outcomes["setup"] { Issue.record("setup: \(setup.message)"); return }
        if let quiet = outcomes["quiet"] { Issue.record("the gallery printed: \(quiet.message)") }
        let outcome = try #require(outcomes[name], "the script did not run \(name): \(outcomes)")
        switch outcome.status {
        case "PASS": return
        case "PENDING": try Test.cancel("pending: \(outcome.message)")
        default: Issue.record("\(name): \(outcome.message)")
        }
    }

    @Test("a gauge and each activity ring are level bars with AtkValue; sunburst nodes are a tree that follows a drill")
    func family() throws { try Self.check("family") }

    @Test("the tree holds every chart and element of `radial describe`, with roles, names, values and states")
    func tree() throws { try Self.check("tree") }

    @Test("extents lie inside the window, around what is drawn, and follow the window when it moves")
    func extents() throws { try Self.check("extents") }

    @Test("a page switch announces the new page and title: children-changed and name-changed")
    func events() throws { try Self.check("events") }

    @Test("Tab and the arrows move the AT-SPI focus with one focus event each, in order")
    func focus() throws { try Self.check("focus") }

    @Test("a legend entry's toggle action hides its series and brings it back")
    func toggle() throws { try Self.check("toggle") }

    @Test("the window's first map says window:activate and the active state, then focuses the page's heading")
    func activate() throws { try Self.check("activate") }

    @Test("a window given the focus back says window:activate and announces its focused object again")
    func reactivate() throws { try Self.check("reactivate") }

    @Test("a page switch focuses the new page's heading; Esc and Tab on a lone chart come back to it")
    func pageFocus() throws { try Self.check("pagefocus") }

    @Test("keys reach ATK's key listeners first: one that consumes Return keeps it from the chart")
    func keys() throws { try Self.check("keys") }
}
