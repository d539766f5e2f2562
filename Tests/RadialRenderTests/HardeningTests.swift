import Foundation
import RadialCLI
import RadialCore
import Testing

/// Issue #22's findings, each as the command line that once crashed, hung, overwrote or lied,
/// run against the real binary through /bin/sh (so redirections are the shell's own). The
/// full-disk and device-node cases run as root in a private mount namespace (`unshare -m`)
/// on a small tmpfs, never on the machine's own /dev or disks; without root they are skipped.
@Suite("Hardening (issue #22)", .serialized)
struct HardeningTests {
    let dir: String = {
        let d = NSTemporaryDirectory() + "radial-hard-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()
    static var radial: String { BinaryTests.binary.path }
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples").path

    /// Runs `script` with $RADIAL (the binary), $DIR (a fresh folder) and $EXAMPLES set; its
    /// standard output, and standard error.
    func sh(_ script: String, environment: [String: String] = [:]) throws -> (code: Int32, out: String, err: String) {
        var env = ProcessInfo.processInfo.environment
        env["RADIAL"] = Self.radial; env["DIR"] = dir; env["EXAMPLES"] = Self.examples
        for (k, v) in environment { env[k] = v }
        return try Tool.run("/bin/sh", ["-c", script], environment: env)
    }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: dir + "/" + name) }

    // MARK: - Crashes

    @Test("--hover 1e19,0 is refused as out of range (Int(p.x) trapped)")
    func hugeHover() throws {
        #expect(RadialCommand.run(["render", "--demo", "ebike", "--out", dir + "/h.png", "--hover", "1e19,0"]) == 2)
        #expect(RadialCommand.run(["render", "--demo", "ebike", "--out", dir + "/h.png", "--hover", "-9e15,4"]) == 2)
        let r = try sh("\"$RADIAL\" render --demo ebike --out \"$DIR/h.png\" --hover 900,10")
        #expect(r.code == 2 && r.err.contains("--hover 900,10 is outside the 800x800 window"), "\(r.err)")
        #expect(!exists("h.png"))
    }

    @Test("a warning to a closed standard error does not crash the render, and lands in no file")
    func warningToClosedStderr() throws {
        let r = try sh("\"$RADIAL\" render \"$EXAMPLES/laptops.json\" --out \"$DIR/w.png\" --geometry \"$DIR/w.json\" --size 300x300 2>&-; echo \"rc=$?\"")
        #expect(r.out.contains("rc=0"), "\(r.out) \(r.err)")
        let png = try #require(FileManager.default.contents(atPath: dir + "/w.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && !String(decoding: png, as: UTF8.self).contains("warning:"))
        let json = try String(contentsOfFile: dir + "/w.json", encoding: .utf8)
        #expect(json.hasPrefix("{") && !json.contains("warning:"))
    }

    @Test("writes to a full or closed standard output fail with exit 1 and say so", arguments: [
        "describe --demo pies", "completions bash", "completions zsh", "help", "--help", "help render", "render --help", "--version",
        "bench --demo ebike --frames 10 --warmup 0 --offscreen --size 64x64",
    ])
    func fullOrClosedStdout(command: String) throws {
        let full = try sh("\"$RADIAL\" \(command) > /dev/full; echo \"rc=$?\" >&2")
        #expect(full.err.contains("rc=1"), "> /dev/full: \(full.err)")
        #expect(full.err.contains("could not write to standard output: No space left on device"), "\(full.err)")
        let closed = try sh("\"$RADIAL\" \(command) >&-; echo \"rc=$?\" >&2")
        #expect(closed.err.contains("rc=1") && closed.err.contains("standard output is closed"), ">&-: \(closed.err)")
        #expect(!full.err.contains("crashed") && !closed.err.contains("crashed"))
    }

    // MARK: - Hangs

    /// A stand-in ffmpeg that never reads its input (a stalled encoder) and says where it is.
    func stalledFFmpeg() throws -> String {
        let bin = dir + "/stalled"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\necho $$ > \"\(dir)/ffmpeg.pid\"\nexec sleep 600\n".write(toFile: bin + "/ffmpeg", atomically: true, encoding: .utf8)
        chmod(bin + "/ffmpeg", 0o755)
        return bin
    }

    @Test("a stalled ffmpeg: SIGTERM or Ctrl+C still ends the recording, kills and reaps ffmpeg, and leaves nothing", arguments: [SIGTERM, SIGINT])
    func stalledEncoder(signal: Int32) throws {
        let bin = try stalledFFmpeg()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.radial)
        p.arguments = ["record", "--demo", "scan", "--size", "400x400", "--out", dir + "/stall.mp4", "--quiet"]
        p.environment = ProcessInfo.processInfo.environment.merging(["PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")]) { $1 }
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        // Wait until the pipe to ffmpeg is full: frames of 640 KB into a 1 MiB pipe nobody reads.
        var pid: pid_t = 0
        for _ in 0..<600 where pid == 0 {
            usleep(50_000)
            pid = pid_t((try? String(contentsOfFile: dir + "/ffmpeg.pid", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        }
        try #require(pid > 0, "the stand-in ffmpeg never started")
        sleep(3)
        #expect(p.isRunning, "the recording ended by itself")
        kill(p.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(20)
        while p.isRunning && Date() < deadline { usleep(50_000) }
        let stuck = p.isRunning
        if stuck { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(!stuck, "radial did not end after the signal")
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == signal, "\(p.terminationStatus): \(message)")
        #expect(message.contains("recording interrupted; nothing was written"), "\(message)")
        #expect(kill(pid, 0) != 0 && errno == ESRCH, "ffmpeg (\(pid)) was left running")
        #expect(!exists("stall.mp4") && Tool.leftovers(in: dir).isEmpty, "\(Tool.leftovers(in: dir))")
    }

    @Test("named pipes and devices are refused as chart files at once, not waited on")
    func nonRegularInputs() throws {
        #expect(mkfifo(dir + "/page.json", 0o600) == 0)
        let start = Date()
        let r = try sh("\"$RADIAL\" render \"$DIR/page.json\" --out \"$DIR/x.png\"; echo \"rc=$?\"; \"$RADIAL\" describe /dev/zero; echo \"rc=$?\"")
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(r.out == "rc=2\nrc=2\n", "\(r.out)")
        #expect(r.err.contains("page.json is a named pipe, not a chart file: `radial show") && r.err.contains("/dev/zero is a device"), "\(r.err)")
        // A pipe the shell made for <(…) is read as it should be (bash: /bin/sh has no <(…)).
        let bash = try Tool.run("/bin/bash", ["-c", "\"\(Self.radial)\" describe <(cat \"\(Self.examples)/pies.json\")"])
        #expect(bash.code == 0 && bash.out.hasPrefix("SwiftUI Pie Chart"), "\(bash.err)")
    }

    // MARK: - Overwrites

    @Test("no output replaces an input, standard input and record's included")
    func inputsAreNotReplaced() throws {
        let chart = dir + "/chart.json"
        try FileManager.default.copyItem(atPath: Self.examples + "/pies.json", toPath: chart)
        try FileManager.default.copyItem(atPath: chart, toPath: dir + "/chart.gif")
        let before = try Data(contentsOf: URL(fileURLWithPath: chart))
        let r = try sh("""
            cd "$DIR"
            "$RADIAL" render - --out x.png --geometry chart.json < chart.json; echo "rc=$?"
            "$RADIAL" record chart.gif --out chart.gif --quiet; echo "rc=$?"
            "$RADIAL" render chart.json --out-dir . --format png; echo "rc=$?"
            ln -s chart.json link.json; "$RADIAL" render --demo ebike --out x.png --geometry link.json; echo "rc=$?"
            """)
        #expect(r.out == "rc=2\nrc=2\nrc=0\nrc=0\n", "\(r.out) \(r.err)")
        #expect(r.err.contains("chart.json is the file standard input reads") && r.err.contains("chart.gif is the input chart.gif"), "\(r.err)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/chart.gif")) == before)
        // The link was replaced (a link is never followed), the chart it named was not.
        #expect(try Data(contentsOf: URL(fileURLWithPath: chart)) == before)
    }

    @Test("an output that is a named pipe or a link to a stream is refused and left as it was")
    func nonRegularOutputs() throws {
        #expect(mkfifo(dir + "/out.png", 0o600) == 0 && mkfifo(dir + "/g.json", 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: dir + "/stdout.json", withDestinationPath: "/proc/self/fd/1")
        let r = try sh("""
            cd "$DIR"
            "$RADIAL" render --demo ebike --out out.png; echo "rc=$?"
            "$RADIAL" render --demo ebike --out x.png --geometry g.json; echo "rc=$?"
            "$RADIAL" render --demo ebike --out y.png --geometry stdout.json > plain.txt; echo "rc=$?"
            "$RADIAL" bench --demo ebike --frames 10 --warmup 0 --offscreen --size 64x64 --json g.json; echo "rc=$?"
            mkdir folder.png; "$RADIAL" render --demo ebike --out folder.png; echo "rc=$?"
            """)
        #expect(r.out == "rc=2\nrc=2\nrc=2\nrc=2\nrc=2\n", "\(r.out) \(r.err)")
        #expect(r.err.contains("out.png is a named pipe, not a file radial may replace"), "\(r.err)")
        #expect(r.err.contains("stdout.json is a link to a stream (/proc/self/fd/1)"), "\(r.err)")
        var st = stat()
        #expect(stat(dir + "/out.png", &st) == 0 && (st.st_mode & S_IFMT) == S_IFIFO)
        #expect(lstat(dir + "/stdout.json", &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK)
        #expect(!exists("x.png") && !exists("y.png") && Tool.leftovers(in: dir).isEmpty)
    }

    // MARK: - Smaller

    @Test("a folder named ffmpeg earlier on PATH is passed over")
    func ffmpegFolderOnPath() throws {
        try FileManager.default.createDirectory(atPath: dir + "/bin/ffmpeg", withIntermediateDirectories: true)
        chmod(dir + "/bin/ffmpeg", 0o755)
        let r = try sh("PATH=\"$DIR/bin:$PATH\" \"$RADIAL\" record --demo ebike --size 64x64 --to 0.2 --out \"$DIR/v.mp4\" --quiet; echo \"rc=$?\"")
        #expect(r.out == "rc=0\n", "\(r.err)")
        #expect(exists("v.mp4"))
    }

    @Test("record --out frames/ with frames a link to a folder puts the frames in that folder")
    func framesIntoLinkedFolder() throws {
        try FileManager.default.createDirectory(atPath: dir + "/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/frames", withDestinationPath: "real")
        let r = try sh("\"$RADIAL\" record --demo ebike --size 64x64 --to 0.1 --fps 30 --out \"$DIR/frames/\" --quiet; echo \"rc=$?\"")
        #expect(r.out == "rc=0\n", "\(r.err)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: dir + "/real")) ?? []).sorted() == ["frame-00000.png", "frame-00001.png", "frame-00002.png"])
        var st = stat()
        #expect(lstat(dir + "/frames", &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK)
    }

    @Test("--out and --out-dir agree about missing folders; a folder that cannot be made is a run-time failure (exit 1)")
    func missingFolders() throws {
        let r = try sh("""
            cd "$DIR"; mkdir -p here
            "$RADIAL" render --demo ebike --out a/b/x.png; echo "rc=$?"
            "$RADIAL" render --demo ebike --out-dir a/b; echo "rc=$?"
            "$RADIAL" record --demo ebike --out a/b/ --quiet; echo "rc=$?"
            "$RADIAL" render --demo ebike --size 64x64 --out-dir here/new; echo "rc=$?"
            "$RADIAL" render --demo ebike --size 64x64 --out-dir /proc/radial-test-folder; echo "rc=$?"
            """)
        #expect(r.out == "rc=2\nrc=2\nrc=2\nrc=0\nrc=1\n", "\(r.out) \(r.err)")
        #expect(r.err.contains("The folder a/b for a/b/x.png does not exist.") && r.err.contains("The folder a for a/b does not exist.")
                && r.err.contains("The folder a for a/b/ does not exist."), "\(r.err)")
        #expect(exists("here/new/ebike.png"))
        #expect(r.err.contains("Could not create /proc/radial-test-folder"), "\(r.err)")
    }

    @Test("a render too large for the memory left is refused up front with the memory it needs (it once ran out at 3.8 GB)")
    func tooLargeForMemory() throws {
        let start = Date()
        let r = try sh("""
            ulimit -v 3000000
            "$RADIAL" render --demo pies --size 8192x8192 --scale 2 --out "$DIR/big.jpg"; echo "rc=$?"
            "$RADIAL" record --demo pies --size 8192x8192 --scale 2 --to 0.1 --out "$DIR/big.webm" --quiet; echo "rc=$?"
            "$RADIAL" render --demo pies --size 300x300 --out "$DIR/small.jpg"; echo "rc=$?"
            """)
        #expect(r.out == "rc=1\nrc=1\nrc=0\n", "\(r.out) \(r.err)")
        #expect(r.err.contains("A 16384×16384 JPG needs about 3.7 GB of memory at its peak, and"), "\(r.err)")
        #expect(r.err.contains("A 16384×16384 recording needs about"), "\(r.err)")
        #expect(Date().timeIntervalSince(start) < 30, "refused only after drawing")
        #expect(!exists("big.jpg") && !exists("big.webm") && exists("small.jpg") && Tool.leftovers(in: dir).isEmpty)
    }

    @Test("duplicate sector names in --geometry give distinct ids")
    func duplicateIDsInGeometry() throws {
        try #"{"charts": [{"type": "pie", "appear": "all", "sectors": [{"name": "A", "value": 1}, {"name": "A", "value": 2}]}]}"#
            .write(toFile: dir + "/dup.json", atomically: true, encoding: .utf8)
        let r = try sh("\"$RADIAL\" render \"$DIR/dup.json\" --out \"$DIR/d.png\" --size 300x300 --geometry \"$DIR/d.json\"")
        #expect(r.code == 0, "\(r.err)")
        let json = try String(contentsOfFile: dir + "/d.json", encoding: .utf8)
        #expect(json.contains("\"charts[0]/sector/A\"") && json.contains("\"charts[0]/sector/A#2\""))
    }

    // MARK: - As root, in a private mount namespace

    /// Runs `script` in a private mount namespace with a tmpfs of `size` at $T (and, with
    /// `dev`, a tmpfs over /dev holding only what the script makes). Nil (and a note) when not root.
    func inNamespace(size: String, dev: Bool = false, _ script: String) throws -> (code: Int32, out: String, err: String)? {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
            print("HardeningTests: skipped a full-disk/device test: it needs root and unshare(1) to run in a private mount namespace")
            return nil
        }
        let t = dir + "/ns"
        try FileManager.default.createDirectory(atPath: t, withIntermediateDirectories: true)
        let prologue = """
            set -u
            mount --make-rprivate / || exit 97
            mount -t tmpfs -o size=\(size) radial-test "$T" || exit 98
            \(dev ? "mount -t tmpfs -o size=64k radial-dev /dev || exit 99" : "")

            """
        var env = ProcessInfo.processInfo.environment
        env["RADIAL"] = Self.radial; env["T"] = t; env["EXAMPLES"] = Self.examples
        let r = try Tool.run("/usr/bin/unshare", ["-m", "/bin/sh", "-c", prologue + script], environment: env)
        #expect(![97, 98, 99].contains(r.code), "the namespace could not be set up: \(r.err)")
        return r
    }

    @Test("as root: --geometry /dev/null, bench --json /dev/null and /dev/stdout never become files (in a private /dev)")
    func deviceNodes() throws {
        guard let r = try inNamespace(size: "1m", dev: true, """
            mknod /dev/null c 1 3 && ln -s /proc/self/fd/1 /dev/stdout && mknod "$T/node" c 1 3 && mkfifo "$T/pipe"
            cd "$T"
            "$RADIAL" render --demo ebike --size 64x64 --out a.png --geometry /dev/null; echo "rc=$?"
            "$RADIAL" bench --demo ebike --frames 10 --warmup 0 --offscreen --size 64x64 --json /dev/null > /dev/null; echo "rc=$?"
            "$RADIAL" render --demo ebike --size 64x64 --out b.png --geometry /dev/stdout > plain; echo "rc=$?"
            "$RADIAL" render --demo ebike --size 64x64 --out node; echo "rc=$?"
            "$RADIAL" render --demo ebike --size 64x64 --out c.png --geometry pipe; echo "rc=$?"
            stat -c '%F' /dev/null node pipe; stat -c '%F' -L /dev/stdout > /dev/null; ls -l /dev/stdout | cut -c1
            ls -A /dev | sort | tr '\\n' ' '; echo; ls -A "$T" | sort | tr '\\n' ' '
            """) else { return }
        let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(5)) == ["rc=2", "rc=2", "rc=2", "rc=2", "rc=2"], "\(r.out) \(r.err)")
        #expect(Array(lines.dropFirst(5).prefix(4)) == ["character special file", "character special file", "fifo", "l"], "\(r.out)")
        #expect(lines.dropFirst(9).first == "null stdout ", "something was left in /dev: \(r.out)")
        #expect(lines.dropFirst(10).first == "node pipe plain ", "\(r.out)")
    }

    @Test("as root: a recording onto a disk that fills up exits 1 and leaves the old video (ffmpeg exited 0 with a truncated MP4)")
    func fullDiskRecording() throws {
        guard let r = try inNamespace(size: "600k", """
            cd "$T"
            "$RADIAL" record --demo ebike --size 64x64 --to 0.2 --out old.mp4 --quiet && cp old.mp4 "$T/../old-copy.mp4"
            head -c $(( ($(df --output=avail -k . | tail -1) - 40) * 1024 )) /dev/zero > filler
            "$RADIAL" record --demo scan --size 400x400 --out old.mp4 --quiet; echo "rc=$?"
            "$RADIAL" record --demo scan --size 400x400 --out new.webm --quiet; echo "rc=$?"
            "$RADIAL" record --demo scan --size 400x400 --out frames/ --quiet; echo "rc=$?"
            "$RADIAL" render --demo pies --size 2000x2000 --out big.png; echo "rc=$?"
            cmp old.mp4 "$T/../old-copy.mp4" && echo same
            ls -A | sort | tr '\\n' ' '
            """) else { return }
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(4)) == ["rc=1", "rc=1", "rc=1", "rc=1"], "\(r.out) \(r.err)")
        #expect(lines.contains("same"), "the old video was replaced: \(r.out)")
        #expect(lines.last == "filler old.mp4 ", "\(r.out)")
        #expect(r.err.contains("nothing was written to old.mp4"), "\(r.err)")
        #expect(r.err.contains("the disk is full") || r.err.contains("not whole") || r.err.contains("ffmpeg failed"), "\(r.err)")
    }

    @Test("as root: --geometry beside an image the full disk refuses keeps its old file: files one command writes are whole together or not at all")
    func fullDiskSidecar() throws {
        guard let r = try inNamespace(size: "400k", """
            cd "$T"
            for f in png pdf; do "$RADIAL" render --demo ebike --size 64x64 --out "old.$f" --geometry "old-$f.json" || exit 90; done
            mkdir ../keep && cp old.* old-*.json ../keep/
            head -c $(( ($(df --output=avail -k . | tail -1) - 64) * 1024 )) /dev/zero > filler
            "$RADIAL" render --demo pies --size 2400x2400 --out old.png --geometry old-png.json; echo "rc=$?"
            "$RADIAL" render --demo pies --size 6000x6000 --out old.pdf --geometry old-pdf.json; echo "rc=$?"
            for f in old.png old.pdf old-png.json old-pdf.json; do cmp "$f" "../keep/$f" && echo "same $f"; done
            ls -A | sort | tr '\n' ' '
            """) else { return }
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(2)) == ["rc=1", "rc=1"], "\(r.out) \(r.err)")
        for f in ["old.png", "old.pdf", "old-png.json", "old-pdf.json"] { #expect(lines.contains("same " + f), "\(f) changed: \(r.out) \(r.err)") }
        #expect(lines.last == "filler old-pdf.json old-png.json old.pdf old.png ", "\(r.out)")
    }

    @Test("as root: a batch that fills the disk part-way leaves none of its images, and the folder as it was")
    func fullDiskBatch() throws {
        guard let r = try inNamespace(size: "300k", """
            cd "$T"; mkdir stills; echo keep > stills/ebike.png
            head -c $(( ($(df --output=avail -k . | tail -1) - 60) * 1024 )) /dev/zero > filler
            "$RADIAL" render --demo ebike --demo scan --demo pies --size 700x700 --format png --compress fast --out-dir stills; echo "rc=$?"
            "$RADIAL" render --demo ebike --demo scan --demo pies --size 700x700 --out-dir made; echo "rc=$?"
            cat stills/ebike.png; ls -A stills | tr '\\n' ' '; echo; ls -A | sort | tr '\\n' ' '
            """) else { return }
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(2)) == ["rc=1", "rc=1"], "\(r.out) \(r.err)")
        #expect(lines.dropFirst(2).prefix(3) == ["keep", "ebike.png ", "filler stills "], "\(r.out)")
        #expect(r.err.contains("the disk is full"), "\(r.err)")
    }
}
