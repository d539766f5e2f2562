import Foundation
import RadialCore
import RadialRender
import Testing

/// Issue #38's messages, each run against the real binary: `--out-dir` takes what `--out x.pdf`
/// takes, a full disk is named as the disk being full by every writer (the full-disk cases run as
/// root in a private mount namespace on a small tmpfs, and are skipped without root), and color
/// emoji reach a PDF's text layer.
@Suite("The real cause (issue #38)", .serialized)
struct CauseTests {
    let dir: String = {
        let d = NSTemporaryDirectory() + "radial-cause-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples").path

    @Test("--out-dir renders a chart file and a table with --type together (--type applies to the tables), as --out x.pdf does")
    func outDirTakesChartsAndTables() throws {
        let ebike = Self.examples + "/ebike.json", laptops = Self.examples + "/laptops.csv", out = dir + "/figures"
        let r = try Tool.radial(["render", ebike, laptops, "--type", "radar", "--out-dir", out, "--size", "400x400"])
        #expect(r.code == 0, "\(r.err)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: out).sorted()) == ["ebike.png", "laptops.png"])
        // Each image is what a render of its input alone writes.
        for (name, args) in [("ebike", [ebike]), ("laptops", [laptops, "--type", "radar"])] {
            let single = dir + "/\(name).png"
            #expect(try Tool.radial(["render"] + args + ["--out", single, "--size", "400x400"]).code == 0)
            #expect(FileManager.default.contents(atPath: single) == FileManager.default.contents(atPath: out + "/\(name).png"), "\(name)")
        }
        // The PDF of the same inputs, which always took them.
        #expect(try Tool.radial(["render", ebike, laptops, "--type", "radar", "--out", dir + "/both.pdf"]).code == 0)
        // A table option with no table among the inputs is still refused.
        let none = try Tool.radial(["render", ebike, "--type", "radar", "--out-dir", dir + "/none"])
        #expect(none.code == 2 && none.err.contains("--type applies to .csv and .tsv files, and none of the inputs is one"), "\(none.err)")
    }

    @Test("color emoji are in a PDF's text layer: pdftotext reads the title whole")
    func emojiInPDFText() throws {
        let file = dir + "/love.json", out = dir + "/love.pdf"
        try #"{"title": "I ❤️ you 🚀", "charts": [{"type": "radar", "axes": ["A", "B", "C"], "series": [{"name": "S", "values": [1, 2, 3]}]}]}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let r = try Tool.radial(["render", file, "--out", out, "--size", "400x400"])
        #expect(r.code == 0, "\(r.err)")
        let text = try Tool.run("/usr/bin/pdftotext", [out, "-"]).out
        #expect(text.contains("I ❤️ you 🚀"), "pdftotext read: \(text)")
    }

    // MARK: - As root, on a full disk

    /// Runs `script` in a private mount namespace with a tmpfs of `size` at $T, which a filler
    /// leaves `free` KiB of; nil (and a note) when not root.
    func onFullDisk(size: String, free: Int, _ script: String) throws -> (code: Int32, out: String, err: String)? {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
            print("CauseTests: skipped a full-disk test: it needs root and unshare(1) to run in a private mount namespace")
            return nil
        }
        let t = dir + "/ns"
        try FileManager.default.createDirectory(atPath: t, withIntermediateDirectories: true)
        let prologue = """
            set -u
            mount --make-rprivate / || exit 97
            mount -t tmpfs -o size=\(size) radial-test "$T" || exit 98
            cd "$T"
            fill() { head -c $(( ($(df --output=avail -k . | tail -1) - $1) * 1024 )) /dev/zero > "filler$1"; }

            """
        var env = ProcessInfo.processInfo.environment
        env["RADIAL"] = BinaryTests.binary.path; env["T"] = t; env["EXAMPLES"] = Self.examples; env["FREE"] = String(free)
        let r = try Tool.run("/usr/bin/unshare", ["-m", "/bin/sh", "-c", prologue + script], environment: env)
        #expect(![97, 98].contains(r.code), "the namespace could not be set up: \(r.err)")
        return r
    }

    @Test("as root: listen --out .ogg and .mp3 on a full disk say the disk is full, and leave nothing")
    func fullDiskListen() throws {
        guard let r = try onFullDisk(size: "2m", free: 24, """
            fill "$FREE"
            "$RADIAL" listen --demo ebike --out sound.ogg; echo "rc=$?"
            "$RADIAL" listen --demo ebike --out sound.mp3; echo "rc=$?"
            rm filler*; ls -A | tr '\\n' ' '
            """) else { return }
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(2)) == ["rc=1", "rc=1"], "\(r.out) \(r.err)")
        #expect(lines.count == 2, "something was left: \(r.out)")
        let said = r.err.split(separator: "\n").map(String.init)
        #expect(said == ["radial: Could not write sound.ogg: the disk is full.", "radial: Could not write sound.mp3: the disk is full."], "\(r.err)")
    }

    @Test("as root: record --audio on a disk with room for the video but not its sound says the disk is full, and leaves nothing")
    func fullDiskRecordAudio() throws {
        guard let r = try onFullDisk(size: "2m", free: 60, """
            fill "$FREE"
            "$RADIAL" record --demo ebike --size 64x64 --to 0.1 --audio --out clip.mp4 --quiet; echo "rc=$?"
            rm filler*; ls -A | tr '\\n' ' '
            """) else { return }
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines == ["rc=1"], "\(r.out) \(r.err)")
        #expect(r.err == "radial: Could not write clip.mp4: the disk is full.\n", "\(r.err)")
    }

    @Test("as root: a multi-page PDF on a full disk says the disk is full, as a single render does, and leaves nothing")
    func fullDiskPDF() throws {
        guard let r = try onFullDisk(size: "2m", free: 40, """
            fill "$FREE"
            "$RADIAL" render "$EXAMPLES/ebike.json" "$EXAMPLES/pies.json" "$EXAMPLES/dashboard.json" "$EXAMPLES/sunburst.json" --demo scan --out report.pdf; echo "rc=$?"
            "$RADIAL" render "$EXAMPLES/dashboard.json" --out one.pdf; echo "rc=$?"
            rm filler*; ls -A | tr '\\n' ' '
            """) else { return }
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines == ["rc=1", "rc=1"], "\(r.out) \(r.err)")
        let said = r.err.split(separator: "\n").map(String.init)
        #expect(said == ["radial: Could not write report.pdf: the disk is full.", "radial: Could not write one.pdf: the disk is full."], "\(r.err)")
    }
}
