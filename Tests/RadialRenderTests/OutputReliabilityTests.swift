import Foundation
import RadialCLI
@testable import RadialRender
import RadialWindow
import RadialText
import RadialCore
import RadialGL
import Testing

/// Outputs and inputs at the edges: signals, folders that take no files, read errors, exit codes.
@Suite("Outputs and read errors", .serialized)
struct OutputReliabilityTests {
    let dir: String = {
        let d = NSTemporaryDirectory() + "radial-out-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()

    func run(_ args: [String], environment: [String: String] = [:]) throws -> (process: Process, err: String) {
        let p = Process()
        // Through env(1): the variables are set exactly as a shell would set them.
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = environment.map { "\($0.key)=\($0.value)" } + [BinaryTests.binary.path] + args
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let e = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p, e)
    }

    func leftovers() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasPrefix(".radial-") }
    }

    @Test("a signal while an output is being written removes its temporary file (SIGQUIT, SIGUSR1, SIGALRM and SIGXFSZ once left it, or were taken for a crash)",
          arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGXFSZ])
    func signalRemovesTemporary(signal: Int32) throws {
        try #require(FileManager.default.isExecutableFile(atPath: BinaryTests.binary.path))
        let out = dir + "/s.png", geo = dir + "/s.json"
        let r = try run(["render", "--demo", "ebike", "--out", out, "--size", "64x64", "--geometry", geo],
                        environment: ["RADIAL_TEST_SIGNAL_WHILE_WRITING": String(signal)])
        // env(1) execs radial, so the signal ends the process we started: by the signal itself,
        // or for SIGQUIT and SIGXFSZ (whose default is a core file) with exit status 128+N.
        if signal == SIGQUIT || signal == SIGXFSZ {
            #expect(r.process.terminationReason == .exit && r.process.terminationStatus == 128 + signal, "\(r.process.terminationReason) \(r.process.terminationStatus): \(r.err)")
        } else {
            #expect(r.process.terminationReason == .uncaughtSignal && r.process.terminationStatus == signal, "\(r.process.terminationReason) \(r.process.terminationStatus): \(r.err)")
        }
        #expect(!r.err.contains("crashed"), "the Swift runtime's crash reporter took it: \(r.err)")
        #expect(leftovers().isEmpty, "left behind: \(leftovers())")
        #expect(!FileManager.default.fileExists(atPath: geo) && !FileManager.default.fileExists(atPath: out))
    }

    /// A process id no process has now: a child that has exited and been reaped.
    static func deadPID() throws -> pid_t {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        try p.run()
        p.waitUntilExit()
        return p.processIdentifier
    }

    @Test("temporary files of an interrupted run beside the output are named; a live run's are not (its probe once was)")
    func staleTemporariesNamed() throws {
        try #require(FileManager.default.isExecutableFile(atPath: BinaryTests.binary.path))
        let dead = try Self.deadPID()
        let live = Process()
        live.executableURL = URL(fileURLWithPath: "/bin/sleep")
        live.arguments = ["30"]
        try live.run()
        defer { live.terminate(); live.waitUntilExit() }
        #expect(FileManager.default.createFile(atPath: dir + "/.radial-\(dead)-2.png.tmp", contents: Data()))
        #expect(FileManager.default.createFile(atPath: dir + "/.radial-\(live.processIdentifier)-7.probe.tmp", contents: Data()))
        let r = try run(["render", "--demo", "ebike", "--out", dir + "/n.png", "--size", "64x64"])
        #expect(r.process.terminationStatus == 0, "\(r.err)")
        #expect(r.err.contains("holds temporary files of an interrupted run: .radial-\(dead)-2.png.tmp; they are safe to delete."), "\(r.err)")
        #expect(!r.err.contains("probe"), "\(r.err)")
    }

    @Test("an output folder that takes no files fails before rendering, with exit 2 for every format and the geometry alike")
    func unwritableFolder() throws {
        // /proc takes no new files, even for root (access(2) would say yes to root).
        for ext in ["png", "svg", "pdf"] {
            #expect(RadialCommand.run(["render", "--demo", "ebike", "--out", "/proc/radial-test.\(ext)"]) == 2)
        }
        #expect(RadialCommand.run(["render", "--demo", "ebike", "--out", dir + "/g.png", "--geometry", "/proc/radial-test.json"]) == 2)
        #expect(!FileManager.default.fileExists(atPath: dir + "/g.png"))
    }

    @Test("--at takes decimal numbers only: 0x10 is not 16")
    func hexTimeRefused() {
        #expect(RadialCommand.run(["render", "--demo", "ebike", "--out", dir + "/h.png", "--at", "0x10"]) == 2)
        #expect(RadialCommand.run(["render", "--demo", "ebike", "--out", dir + "/h.png", "--at", "nan"]) == 2)
    }

    @Test("a loop of symbolic links and an unreadable file are reported as what they are")
    func readErrors() throws {
        try #require(FileManager.default.isExecutableFile(atPath: BinaryTests.binary.path))
        let a = dir + "/loopA", b = dir + "/loopB"
        try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: b)
        try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: a)
        let loop = try run(["describe", a])
        #expect(loop.process.terminationStatus == 2)
        #expect(loop.err.contains("is a loop of symbolic links"), "\(loop.err)")
        let mem = try run(["describe", "/proc/self/mem"])
        #expect(mem.process.terminationStatus == 2)
        #expect(mem.err.contains("/proc/self/mem cannot be read: Input/output error"), "\(mem.err)")
    }

    @Test("a full disk is named as such")
    func fullDisk() {
        #expect(TemporaryName.reason(errno: ENOSPC) == "the disk is full")
    }
}
