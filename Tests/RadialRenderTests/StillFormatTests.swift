import Foundation
import RadialCLI
import RadialRender
import RadialWindow
import RadialText
import RadialCore
import RadialGL
import Testing

/// `radial render --format jpg|webp` as a user runs it: the built binary writes the file, and
/// ffmpeg's own JPEG and WebP decoders (not libjpeg or libwebp, which wrote them) read it back
/// for comparison with the PNG of the same render.
@Suite("Still formats: JPEG and WebP", .serialized)
struct StillFormatTests {
    let dir: String = {
        let d = NSTemporaryDirectory() + "radial-stills-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()

    static var examples: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples").path
    }

    /// `radial render ARGS --out dir/NAME`, which must succeed; returns the path.
    func render(_ args: [String], _ name: String) throws -> String {
        let out = dir + "/" + name
        let r = try Tool.radial(["render"] + args + ["--out", out])
        try #require(r.code == 0, "render \(args) \(name): \(r.err)")
        return out
    }

    /// The image ffmpeg decodes from `path`, as RGBA.
    func decode(_ path: String) throws -> RGBAImage {
        let frames = try Tool.extractFrames(path, into: dir + "/decoded-\(UUID().uuidString)")
        try #require(frames.count == 1, "\(path) decoded to \(frames.count) frames")
        return frames[0]
    }

    func bytes(_ path: String) -> Int { (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }

    @Test("A JPEG and a WebP decode (by ffmpeg) to the PNG of the same render: lossy close, lossless WebP exact",
          arguments: [["--demo", "ebike"], ["--demo", "pies", "--theme", "dark", "--size", "400x760"], ["--demo", "scan", "--at", "2.2"]])
    func decodesToThePNG(args: [String]) throws {
        let name = args[1]
        let png = try PNGFile.read(try render(args, name + ".png"))
        let jpg = try render(args, name + ".jpg")
        let webp = try render(args, name + ".webp")
        let lossless = try render(args + ["--quality", "100"], name + "-100.webp")

        // What the files are, by ffprobe: baseline JPEG with full-resolution chroma at the default
        // quality 90, a still WebP.
        let jInfo = try Tool.probe(jpg), wInfo = try Tool.probe(webp)
        #expect(jInfo.codec == "mjpeg" && jInfo.pixelFormat == "yuvj444p" && jInfo.width == png.width && jInfo.height == png.height, "\(jInfo)")
        #expect(wInfo.codec == "webp" && wInfo.width == png.width && wInfo.height == png.height, "\(wInfo)")

        // JPEG at 90, 4:4:4: flat areas within a level or two, only a few pixels on hard edges
        // further off (measured on the e-bike: mean 0.41, 0.02 % over 24, max 48).
        let j = Difference(try decode(jpg), png)
        #expect(j.mean < 1 && j.fractionOver(24) < 0.002 && j.maximum < 96, "JPEG \(name): \(j)")
        // Lossy WebP at 90 halves chroma (4:2:0), so saturated edges are further off (e-bike: mean 0.63,
        // 0.66 % over 24, max 129), like the lossy animated WebP of `record`.
        let w = Difference(try decode(webp), png)
        #expect(w.mean < 1.5 && w.fractionOver(48) < 0.01, "WebP \(name): \(w)")
        // Lossless: the same pixels.
        let l = Difference(try decode(lossless), png)
        #expect(l.maximum == 0, "lossless WebP \(name): \(l)")
    }

    @Test("--quality is obeyed: lower is smaller and further from the PNG; below 90 JPEG halves chroma")
    func qualityMatters() throws {
        let png = try PNGFile.read(try render(["--demo", "pies"], "q.png"))
        for format in ["jpg", "webp"] {
            let high = try render(["--demo", "pies", "--quality", "90"], "q90.\(format)")
            let low = try render(["--demo", "pies", "--quality", "20"], "q20.\(format)")
            #expect(bytes(low) * 3 / 2 < bytes(high), "\(format): quality 20 is \(bytes(low)) bytes, 90 is \(bytes(high))")
            let dHigh = Difference(try decode(high), png), dLow = Difference(try decode(low), png)
            #expect(dLow.mean > dHigh.mean * 1.5, "\(format): quality 20 \(dLow), 90 \(dHigh)")
        }
        #expect(try Tool.probe(dir + "/q20.jpg").pixelFormat == "yuvj420p")
        // .jpeg is a JPEG too, and the default quality is 90.
        let jpeg = try render(["--demo", "pies"], "default.jpeg")
        #expect(try Data(contentsOf: URL(fileURLWithPath: jpeg)) == Data(contentsOf: URL(fileURLWithPath: dir + "/q90.jpg")))
    }

    @Test("render --out-dir --format jpg|webp names each output after its input, byte for byte a single render")
    func batchEqualsSingles() throws {
        let dashboard = Self.examples + "/dashboard.json"
        for format in ["jpg", "webp"] {
            let batch = dir + "/batch-\(format)"
            let r = try Tool.radial(["render", dashboard, "--demo", "ebike", "--demo", "pies", "--out-dir", batch, "--format", format,
                                     "--size", "360x420", "--at", "1.1", "--theme", "dark"] + (format == "webp" ? ["--quality", "70"] : []))
            #expect(r.code == 0, "\(r.err)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: batch).sorted() == ["dashboard", "ebike", "pies"].map { "\($0).\(format)" })
            for (name, args) in [("dashboard", [dashboard]), ("ebike", ["--demo", "ebike"]), ("pies", ["--demo", "pies"])] {
                let single = try render(args + ["--size", "360x420", "--at", "1.1", "--theme", "dark"] + (format == "webp" ? ["--quality", "70"] : []),
                                        "single-\(name).\(format)")
                let a = try Data(contentsOf: URL(fileURLWithPath: batch + "/\(name).\(format)"))
                #expect(a == (try Data(contentsOf: URL(fileURLWithPath: single))), "\(name).\(format) differs from a single render")
            }
        }
    }

    @Test("Bad usage: one line, exit 2, nothing written",
          arguments: [["--out", "OUT/x.png", "--format", "jpg"], ["--out", "OUT/x.webp", "--format", "jpeg"],
                      ["--out", "OUT/x.jpg", "--format", "tiff"], ["--out", "OUT/x.tiff"], ["--out", "OUT/x", "--format", "webp"],
                      ["--out", "OUT/x.jpg", "--quality", "0"], ["--out", "OUT/x.webp", "--quality", "101"],
                      ["--out", "OUT/x.jpg", "--quality", "high"], ["--out", "OUT/x.png", "--quality", "50"],
                      ["--out", "OUT/x.webp", "--compress", "best"], ["--out", "OUT/x.webp", "--size", "8192x100", "--scale", "2"],
                      ["--out-dir", "OUT/d", "--format", "gif"], ["--out-dir", "OUT/d", "--quality", "50"],
                      ["--out-dir", "OUT/d", "--format", "jpg", "--quality", "0"], ["--out-dir", "OUT/d", "--format", "jpg", "--compress", "fast"]])
    func badUsage(args: [String]) throws {
        let out = dir + "/bad-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try "keep".write(toFile: out + "/keep.txt", atomically: true, encoding: .utf8)
        let r = try Tool.radial(["render", "--demo", "ebike"] + args.map { $0.replacingOccurrences(of: "OUT", with: out) })
        #expect(r.code == 2, "\(args): \(r.err)")
        #expect(r.err.hasPrefix("radial: ") && r.err.split(separator: "\n").count == 1, "\(r.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["keep.txt"])
    }

    @Test("An output never replaces an input: a chart file named .webp, --geometry over the chart")
    func inputsAreNotOverwritten() throws {
        let chart = try String(contentsOfFile: Self.examples + "/pies.json", encoding: .utf8)
        let odd = dir + "/chart.webp"
        try chart.write(toFile: odd, atomically: true, encoding: .utf8)
        let batch = try Tool.radial(["render", odd, "--out-dir", dir, "--format", "webp"])
        #expect(batch.code == 2 && batch.err.contains("is the input"), "\(batch.err)")
        let json = dir + "/pies.json"
        try chart.write(toFile: json, atomically: true, encoding: .utf8)
        let geometry = try Tool.radial(["render", json, "--out", dir + "/pies.jpg", "--geometry", json])
        #expect(geometry.code == 2 && geometry.err.contains("is the input"), "\(geometry.err)")
        #expect(try String(contentsOfFile: odd, encoding: .utf8) == chart)
        #expect(try String(contentsOfFile: json, encoding: .utf8) == chart)
        #expect(!FileManager.default.fileExists(atPath: dir + "/pies.jpg"))
    }

    @Test("A folder that takes no files (exit 2) or a full disk (exit 1): a line that says so, no output and no temporary left",
          .enabled(if: getuid() == 0, "needs root to mount a small tmpfs"))
    func fullDiskAndUnwritable() throws {
        for out in ["/proc/radial-test.jpg", "/proc/radial-test.webp"] {
            let r = try Tool.radial(["render", "--demo", "ebike", "--out", out])
            #expect(r.code == 2 && r.err.contains("does not take new files"), "\(r.err)")
        }
        // A 16 KiB file system: the probe file fits, the image does not.
        let small = dir + "/full"
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
        guard try Tool.run("/bin/mount", ["-t", "tmpfs", "-o", "size=16k", "tmpfs", small]).code == 0 else {
            print("StillFormatTests: cannot mount a tmpfs here; the full-disk half is skipped")
            return
        }
        defer { _ = try? Tool.run("/bin/umount", [small]) }
        for (name, extra) in [("x.jpg", []), ("x.webp", []), ("y.webp", ["--quality", "100"]), ("x.svg", []), ("x.pdf", ["--demo", "pies"])] {
            let r = try Tool.radial(["render", "--demo", "ebike", "--out", small + "/" + name] + extra)
            #expect(r.code == 1 && r.err == "radial: Could not write \(small)/\(name): the disk is full.\n", "\(r.err)")
        }
        let r = try Tool.radial(["render", "--demo", "ebike", "--demo", "pies", "--out-dir", small + "/batch", "--format", "jpg"])
        #expect(r.code == 1 && r.err.contains("the disk is full"), "\(r.err)")
        let left = try FileManager.default.subpathsOfDirectory(atPath: small).filter { $0.contains(".") }
        #expect(left.isEmpty, "left behind: \(left)")
    }
}
