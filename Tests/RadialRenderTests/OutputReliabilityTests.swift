import Foundation
import RadialCLI
import RadialRender
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

    @Test("a signal while an output is being written removes its temporary file", arguments: [SIGINT, SIGTERM, SIGHUP])
    func signalRemovesTemporary(signal: Int32) throws {
        try #require(FileManager.default.isExecutableFile(atPath: BinaryTests.binary.path))
        let out = dir + "/s.png", geo = dir + "/s.json"
        let r = try run(["render", "--demo", "ebike", "--out", out, "--size", "64x64", "--geometry", geo],
                        environment: ["RADIAL_TEST_SIGNAL_WHILE_WRITING": String(signal)])
        // env(1) execs radial, so the signal ends the process we started.
        #expect(r.process.terminationReason == .uncaughtSignal && r.process.terminationStatus == signal, "\(r.process.terminationReason) \(r.process.terminationStatus): \(r.err)")
        #expect(leftovers().isEmpty, "left behind: \(leftovers())")
        #expect(!FileManager.default.fileExists(atPath: geo) && !FileManager.default.fileExists(atPath: out))
    }

    @Test("temporary files of an interrupted run beside the output are named")
    func staleTemporariesNamed() throws {
        try #require(FileManager.default.isExecutableFile(atPath: BinaryTests.binary.path))
        #expect(FileManager.default.createFile(atPath: dir + "/.radial-1-2.png.tmp", contents: Data()))
        let r = try run(["render", "--demo", "ebike", "--out", dir + "/n.png", "--size", "64x64"])
        #expect(r.process.terminationStatus == 0, "\(r.err)")
        #expect(r.err.contains("holds temporary files of an interrupted run: .radial-1-2.png.tmp"))
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
        #expect(TemporaryFiles.reason(errno: ENOSPC) == "the disk is full")
    }
}
