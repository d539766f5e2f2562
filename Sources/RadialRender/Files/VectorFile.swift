import Foundation
import RadialCore
import RadialText
import RadialVector

/// A file written as it is made and only then put in place: bytes stream into an
/// `AtomicOutput`'s temporary (removed on a signal or any failure), renamed over the target by
/// `commit()`. A PDF of many pages streams through one without holding the document in memory.
package final class StreamedFile {
    package var path: String { output.path }
    private let output: AtomicOutput
    private var file: UnsafeMutablePointer<FILE>?
    private var error: Int32 = 0

    package init(path: String) throws(StillFile.Failure) {
        do { output = try AtomicOutput(path) } catch { throw StillFile.Failure(description: error.description) }
        guard let f = fopen(output.temp, "w") else {
            let code = errno
            output.abandon()
            throw StillFile.Failure(description: "Could not write \(path): \(TemporaryName.reason(errno: code)).")
        }
        file = f
    }

    /// Appends `bytes`; false (and the reason kept for `commit`) once a write has failed.
    package func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let file, error == 0 else { return false }
        guard bytes.count > 0 else { return true }
        if fwrite(bytes.baseAddress, 1, bytes.count, file) != bytes.count { error = errno == 0 ? EIO : errno; return false }
        return true
    }

    /// Flushes, closes and renames the file into place.
    package func commit() throws(StillFile.Failure) {
        guard let f = file else { throw StillFile.Failure(description: "Could not write \(path): already closed.") }
        file = nil
        var code = error
        if fflush(f) != 0 && code == 0 { code = errno }
        if fclose(f) != 0 && code == 0 { code = errno }
        guard code == 0 else {
            output.abandon()
            throw StillFile.Failure(description: "Could not write \(path): \(TemporaryName.reason(errno: code)).")
        }
        do { try output.commit() } catch { throw StillFile.Failure(description: "\(error)") }
    }

    /// Why a write failed ("the disk is full"), once one has; nil before.
    package var failure: String? { error == 0 ? nil : TemporaryName.reason(errno: error) }

    /// Removes the temporary (after a failure elsewhere); the target is left as it was.
    package func abandon() {
        if let f = file { fclose(f); file = nil }
        output.abandon()
    }

    deinit { abandon() }
}

/// SVG and PDF files of frames, each written whole or not at all.
package enum VectorFile {
    /// `frame` as an SVG `size` points across (CSS pixels: 1 per point), titled `title`.
    package static func writeSVG(_ frame: Frame, size: Size, title: String?, renderer: VectorRenderer, to path: String) throws(StillFile.Failure) {
        let text = renderer.svg(frame, size: size, title: title)
        let out = try StreamedFile(path: path)
        _ = Array(text.utf8).withUnsafeBytes { out.write($0) }
        try out.commit()   // and says why, if the write failed
    }

    /// A PDF being written page by page to a temporary beside `path`, renamed into place by
    /// `finish()`: its first page's title is the document's.
    package final class PDF {
        private let out: StreamedFile
        private let document: PDFDocument

        /// A PDF written to `path` (through a temporary file) whose first page is `size` points, titled `title`; each page is drawn by `renderer`.
        package init(path: String, firstPage size: Size, title: String?, renderer: VectorRenderer) throws(StillFile.Failure) {
            out = try StreamedFile(path: path)
            let sink = out
            do {
                document = try PDFDocument(renderer: renderer, size: size, title: title, sink: { sink.write($0) })
            } catch {
                out.abandon()
                throw StillFile.Failure(description: "Could not write \(path): \(error.description).")
            }
        }

        /// Draws `frame` as the next page, `size` points.
        package func add(_ frame: Frame, size: Size) throws(StillFile.Failure) {
            do { try document.add(frame, size: size) } catch {
                // A failed write keeps its reason (the disk is full), as a single render says it.
                let why = out.failure ?? error.description
                out.abandon()
                throw StillFile.Failure(description: "Could not write \(out.path): \(why).")
            }
        }

        /// Ends the document and moves the file into place at its path.
        package func finish() throws(StillFile.Failure) {
            do { try document.finish() } catch {
                let why = out.failure ?? error.description
                out.abandon()
                throw StillFile.Failure(description: "Could not write \(out.path): \(why).")
            }
            try out.commit()
        }

        /// Gives up: the temporary is removed, nothing is put in place.
        package func abandon() { out.abandon() }
    }
}

extension Page {
    /// What a document of this page is called: its title, else its first chart's, else "Chart".
    package var documentTitle: String {
        if let t = title, !t.isEmpty { return t }
        for chart in charts {
            if let t = chart.title, !t.isEmpty { return t }
        }
        return "Chart"
    }
}

/// Frames drawn with fonts but no GL context: what SVG and PDF files and `--renderer cairo` need
/// (the text is shaped as for GL, the shapes drawn by cairo). Starts in a few milliseconds, with
/// no EGL, no shaders.
package final class VectorSession {
    package let fonts: FontSystem
    /// Draws a frame with cairo: into an SVG, a PDF page or pixels.
    package let renderer = VectorRenderer()
    /// A recording frame: element groups (SVG ids and titles, PDF structure) and chart records.
    package let frame: Frame = { let f = Frame(); f.records = true; return f }()

    /// A session with its own fonts; throws when fontconfig or FreeType cannot be started.
    package init() throws { fonts = try FontSystem() }

    /// A scene of `page` that measures text with this session's fonts (`controls`: whether the
    /// window's buttons are drawn). With `previous`, the scene continues from it at page time
    /// `time` (a page's next state). As `GraphicsSession`'s: a page too small to read says to
    /// give a larger size; there is no window to enlarge.
    package func scene(for page: Page, formatting: Formatting, controls: Bool = true, continuing previous: PageScene? = nil, at time: Double = 0) -> PageScene {
        let scene = PageScene(page: page, measurer: fonts, formatting: formatting, continuing: previous, at: time, controls: controls)
        scene.advice = .size
        return scene
    }

    /// The picture `request` asks of `scene`, drawn by cairo (premultiplied pixels).
    package func image(of scene: PageScene, _ request: FrameRequest) throws(VectorFailure) -> RGBAImage {
        scene.draw(into: frame, request)
        return try renderer.image(frame)
    }

    /// The frame `request` asks of `scene` (reused by the next call).
    package func draw(_ scene: PageScene, _ request: FrameRequest) -> Frame {
        scene.draw(into: frame, request)
        return frame
    }

    /// Shuts the fonts down; the session cannot draw after it.
    package func close() { fonts.shutdown() }
}
