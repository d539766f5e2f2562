import Foundation
import RadialCore
#if canImport(Glibc)
import Glibc
#endif

/// How much memory a very large render needs, against what the process may still take, so that
/// `render --size 8192x8192 --scale 2` is refused up front with both numbers instead of being
/// killed (or trapping on a failed allocation) after minutes of drawing.
///
/// The estimate: the offscreen target (on llvmpipe a texture in ordinary memory) and the one
/// readback buffer, 4 bytes a pixel each, plus what the encoder keeps: libjpeg's coefficients
/// for its optimal Huffman tables (2 bytes a sample: 6 a pixel at 4:4:4, 3 at 4:2:0), libwebp's
/// copies (4 bytes a pixel lossy, 8 lossless), PNG rows only; a recording holds up to six frames
/// besides the target (three kept for partial redraws, two queued, one being written). Plus
/// `baseline` for the process itself (the GL driver, fonts, the page).
package enum MemoryBudget {
    package static let baseline: UInt64 = 200 << 20

    /// Bytes a still of `width` × `height` pixels in `format` needs at its peak.
    package static func still(width: Int, height: Int, encoding: StillEncoding) -> UInt64 {
        let pixels = UInt64(width) * UInt64(height)
        let encoder: UInt64 = switch encoding.format {
        case .png, .svg, .pdf: 0
        case .jpg: pixels * (encoding.quality >= 90 ? 6 : 3)
        case .webp: pixels * (encoding.quality >= 100 ? 8 : 4)
        }
        return baseline + pixels * 8 + encoder
    }

    /// Bytes a recording of `width` × `height` frames needs at its peak (ffmpeg's own aside).
    package static func recording(width: Int, height: Int) -> UInt64 {
        baseline + UInt64(width) * UInt64(height) * 4 * 7
    }

    /// Bytes the process may still take: the least of the system's available memory, what
    /// its cgroup still allows, and what its address-space limit (`ulimit -v`) leaves. Nil when
    /// none can be read.
    package static func available() -> UInt64? {
        var limits: [UInt64] = []
        if let info = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8), let kb = field(info, "MemAvailable:") {
            limits.append(kb * 1024)
        }
        if let max = try? String(contentsOfFile: "/sys/fs/cgroup/memory.max", encoding: .utf8),
           let limit = UInt64(max.trimmingCharacters(in: .whitespacesAndNewlines)),
           let cur = try? String(contentsOfFile: "/sys/fs/cgroup/memory.current", encoding: .utf8),
           let used = UInt64(cur.trimmingCharacters(in: .whitespacesAndNewlines)) {
            limits.append(limit > used ? limit - used : 0)
        }
        var rl = rlimit()
        if getrlimit(Int32(RLIMIT_AS.rawValue), &rl) == 0, rl.rlim_cur != rlim_t.max,
           let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8), let vm = field(status, "VmSize:") {
            let used = vm * 1024
            limits.append(rl.rlim_cur > used ? UInt64(rl.rlim_cur) - used : 0)
        }
        return limits.min()
    }

    private static func field(_ text: String, _ name: String) -> UInt64? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return nil }
        return UInt64(line.dropFirst(name.count).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
    }

    /// `3.7 GB`.
    package static func text(_ bytes: UInt64) -> String {
        bytes >= 1 << 30 ? String(format: "%.1f GB", Double(bytes) / Double(1 << 30)) : String(format: "%.0f MB", Double(bytes) / Double(1 << 20))
    }

    /// Why `needed` bytes cannot be had (more than is available), or nil.
    package static func problem(_ needed: UInt64) -> RenderError? {
        guard let free = available(), needed > free else { return nil }
        return .notEnoughMemory(needed: needed, available: free)
    }

    /// A run-time failure when `needed` is more than is available (exit 1), naming both.
    package static func check(_ needed: UInt64, what: String) throws(RunTimeError) {
        guard let free = available(), needed > free else { return }
        throw RunTimeError("\(what) needs about \(text(needed)) of memory at its peak, and \(text(free)) is available; make --size or --scale smaller (or write a PNG, which needs the least).")
    }
}
