import Foundation
import RadialRender
import RadialGL
import RadialText
import RadialCore

extension GalleryApp {
    // MARK: - Live reload

    /// Reloads the pages whose files changed (called four times a second by the run loop).
    package func pollFiles() {
        for i in pages.indices {
            guard let watch = pages[i].watch else { continue }
            let outcome = watch.reload(pages[i].source, palette: options.palette, legend: options.legend)
            switch outcome {
            case .unchanged: continue
            case .reloaded(let page):
                Warnings.report(page, source: pages[i].source, formatting: formatting)
                // The visible page morphs from what is on screen now; a page in the background
                // has nothing on screen to morph from and appears afresh when shown.
                let previous = i == current ? pages[i].scene : nil
                pages[i].scene = PageScene(page: page, measurer: fonts, formatting: formatting, continuing: previous, at: timeline.time)
                pages[i].errors = []
                if i == current { updateTitle() }
                try? StandardStreams.line("Reloaded \(pages[i].source.name)")
            case .failed(let lines):
                pages[i].errors = lines
                StandardStreams.err("radial: " + lines.joined(separator: "\n  ") + "\n")
            }
            needsRedraw = true
        }
    }

    /// Streams (`show -`, a FIFO): the latest page, once per frame, morphing as a reload does;
    /// bad lines on the banner.
    package var hasStreams: Bool {
        sources.contains { switch $0 { case .stream, .live: true; default: false } }
    }

    package func pollStreams() {
        let now = monotonicSeconds
        for i in pages.indices {
            // A page that takes longer than a frame to rebuild and lay out is rebuilt again only
            // after as long again: the window keeps drawing and answering keys in between, and
            // the next rebuild takes the newest state, every update so far in it.
            guard now >= pages[i].nextRebuild else { continue }
            if case .live(let live) = pages[i].source {
                let (page, version) = live.current
                guard version != pages[i].liveVersion else { continue }
                pages[i].liveVersion = version
                rebuild(i, with: page)
                if i == current { updateTitle() }
                needsRedraw = true
                continue
            }
            guard case .stream(let path) = pages[i].source, let (page, problems) = StreamReader.shared(path).poll() else { continue }
            if let page { rebuild(i, with: page) }
            pages[i].errors = problems
            needsRedraw = true
        }
    }

    /// Page `i`'s scene for `page`, morphing from what is on screen when it is the current page.
    private func rebuild(_ i: Int, with page: Page) {
        let start = monotonicSeconds
        pages[i].scene = PageScene(page: page, measurer: fonts, formatting: formatting, continuing: i == current ? pages[i].scene : nil, at: timeline.time)
        // The current page's cost includes the layout of the frame that draws it (`drawFrame`).
        pages[i].rebuildStarted = start
        if i != current { pages[i].nextRebuild = 2 * monotonicSeconds - start }
    }
}
