import Foundation
import Testing

/// What Orca 43 says about the gallery, read from its own debug log
/// (Tests/accessibility/orca_test.py: openbox, the AT-SPI bus, speech-dispatcher and Orca on a
/// private X server and session bus), against Tests/accessibility/orca_expected.txt.
@Suite("Orca reads the gallery", .serialized)
struct OrcaTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("accessibility/orca_test.py")

    @Test("opening, Tab, six Rights, a legend toggle, where-am-I, a page switch and a focused contact: Orca's transcript as expected")
    func transcript() throws {
        try Self.orca([])
    }

    /// Issue #36: T turns the chart into the next kind its data fits and Orca says it ("Rose
    /// chart, 4 wedges"), with the page's heading focused and with the chart focused.
    @Test("T and Shift+T on a donut page, the heading focused, then the chart: Orca says each new kind (Tests/accessibility/orca_kinds_expected.txt)")
    func kinds() throws {
        try Self.orca(["--kinds"])
    }

    /// Runs orca_test.py with `options`; fails with the end of its output unless it passed.
    static func orca(_ options: [String]) throws {
        for tool in ["/usr/bin/orca", "/usr/bin/openbox", "/usr/bin/speech-dispatcher", "/usr/bin/xvfb-run", "/usr/bin/dbus-run-session", "/usr/bin/xdotool"] {
            try #require(FileManager.default.isExecutableFile(atPath: tool), "\(tool) is missing: scripts/setup installs it")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let transcript = FileManager.default.temporaryDirectory.appendingPathComponent("radial-orca-transcript-\(getpid()).txt")
        p.arguments = [Self.script.path, "--session", BinaryTests.binary.path, "--transcript", transcript.path] + options
        var env = ProcessInfo.processInfo.environment
        env["NO_AT_BRIDGE"] = nil
        p.environment = env
        // A file, not a pipe: a daemon left behind would hold a pipe open forever.
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("radial-orca-\(getpid()).txt")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log); try? FileManager.default.removeItem(at: transcript) }
        let out = try FileHandle(forWritingTo: log)
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        try? out.close()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(p.terminationStatus == 0 && text.contains("PASS orca"), "\(text.suffix(3000))")
    }
}
