import Foundation
import RadialCore

/// Whether a video ffmpeg says it wrote is whole, before it replaces anything: its container
/// read back (MP4 boxes that add up to the file, with `moov` and `mdat`; WebM's EBML header;
/// a GIF's trailer; an APNG's frame count and `IEND`; a WebP's RIFF size), and where `ffprobe`
/// can read the format, as many packets as frames were sent. A full disk that ffmpeg did not
/// report ("moov atom not found") is caught here.
package enum VideoCheck {
    /// What is wrong with the file at `path`, recorded as `format` from `frames` frames, or nil.
    package static func problem(_ path: String, format: RecordFormat, frames: Int) -> String? {
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return "the file is empty" }
        let b = [UInt8](data)
        switch format {
        case .mp4:
            if let why = mp4Problem(b) { return why }
        case .webm:
            guard b.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) else { return "no WebM header" }
        case .gif:
            guard b.starts(with: Array("GIF89a".utf8)) || b.starts(with: Array("GIF87a".utf8)) else { return "no GIF header" }
            guard b.last == 0x3B else { return "the GIF has no trailer (it is cut short)" }
        case .apng:
            guard b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return "no PNG signature" }
            guard b.count >= 12, Array(b[(b.count - 8)..<(b.count - 4)]) == Array("IEND".utf8) else { return "the APNG does not end with IEND (it is cut short)" }
            if let at = find(Array("acTL".utf8), in: Array(b.prefix(4096))), at + 8 <= b.count {
                let n = b[(at + 4)..<(at + 8)].reduce(0) { $0 << 8 | Int($1) }
                if n != frames { return "the APNG says \(n) frames, \(frames) were sent" }
            } else {
                return "the APNG has no animation control chunk"
            }
        case .webp:
            guard b.count >= 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) else { return "no WebP header" }
            let size = Int(b[4]) | Int(b[5]) << 8 | Int(b[6]) << 16 | Int(b[7]) << 24
            // Identical frames merge into one longer one, so frames are not counted.
            guard size + 8 == b.count else { return "the WebP says \(size + 8) bytes and has \(b.count) (it is cut short)" }
        case .folder:
            return nil
        }
        if [.mp4, .webm, .gif].contains(format), let packets = packets(path), packets != frames {
            return packets < 0 ? "ffprobe cannot read it" : "ffprobe reads \(packets) of the \(frames) frames"
        }
        return nil
    }

    /// Top-level MP4 boxes: sizes that add up to exactly the file, with `moov` and `mdat`.
    static func mp4Problem(_ b: [UInt8]) -> String? {
        var offset = 0, types: Set<String> = []
        while offset < b.count {
            guard offset + 8 <= b.count else { return "the MP4 ends inside a box header (it is cut short)" }
            var size = b[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: b[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if size == 1 {
                guard offset + 16 <= b.count else { return "the MP4 ends inside a box header (it is cut short)" }
                size = b[(offset + 8)..<(offset + 16)].reduce(0) { $0 << 8 | Int($1) }
            } else if size == 0 {
                size = b.count - offset
            }
            guard size >= 8, offset + size <= b.count else { return "the MP4's \(type) box runs past the end of the file (it is cut short)" }
            types.insert(type)
            offset += size
        }
        if !types.contains("moov") { return "the MP4 has no moov box (it is cut short)" }
        if !types.contains("mdat") { return "the MP4 has no mdat box" }
        return nil
    }

    static func find(_ needle: [UInt8], in b: [UInt8]) -> Int? {
        guard b.count >= needle.count else { return nil }
        for i in 0...(b.count - needle.count) where b[i] == needle[0] && Array(b[i..<(i + needle.count)]) == needle { return i }
        return nil
    }

    /// Video packets in the file as `ffprobe` counts them (no decoding), or nil without ffprobe.
    static func packets(_ path: String) -> Int? {
        guard let ffprobe = FFmpegWriter.locate().map({ PathText.joining(PathText.folder(of: $0), "ffprobe") }),
              FileManager.default.isExecutableFile(atPath: ffprobe) else { return nil }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ffprobe)
        p.arguments = ["-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries", "stream=nb_read_packets", "-of", "csv=p=0", path]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return nil }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return -1 }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
}
