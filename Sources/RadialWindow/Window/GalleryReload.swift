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
            // Every table is asked (each keeps its own stamp), then the page reloads if any changed.
            let tableChanged = pages[i].tables.map { $0.changed() }.contains(true)
            let outcome = watch.reload(pages[i].source, palette: options.palette, legend: options.legend, compact: options.compactNumbers, as: options.asType, force: tableChanged)
            switch outcome {
            case .unchanged: continue
            case .reloaded(let page):
                Warnings.report(page, source: pages[i].source, formatting: formatting)
                // The visible page morphs from what is on screen now; a page in the background
                // has nothing on screen to morph from and appears afresh when shown.
                let previous = i == current ? pages[i].scene : nil
                pages[i].scene = PageScene(page: page, measurer: fonts, formatting: formatting, continuing: previous, at: timeline.time)
                pages[i].play(page, app: self)
                let paths = pages[i].source.tablePaths
                if paths != pages[i].tables.map(\.path) { pages[i].tables = paths.map { FileWatch(path: $0) } }
                if pages[i].states != nil, i == current { timeline.replay() }
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
            // Every state of a stream is shaped as its first page was (--palette, --legend,
            // --format compact, --as): a sector a line adds gets the palette's next color.
            if let page {
                rebuild(i, with: (try? PageSource.shaped(page, palette: options.palette, legend: options.legend, compact: options.compactNumbers,
                                                          as: options.asType)) ?? page)
            }
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

extension GalleryApp.PageEntry {
    /// Plays `page`'s states, when it has some (from its first), each springing from the last.
    mutating func play(_ page: Page, app: GalleryApp) {
        stateIndex = 0
        guard !page.frames.isEmpty else { states = nil; return }
        let fonts = app.fonts, formatting = app.formatting
        let sequence = StateSequence(page.states, hold: app.options.frameTime ?? 1.5, reduceMotion: app.reduceMotion) { p, previous, at in
            PageScene(page: p, measurer: fonts, formatting: formatting, continuing: previous, at: at)
        }
        states = sequence
        scene = sequence.scene(0)
    }
}

extension GalleryApp {
    // MARK: - States

    /// The state the timeline has reached, on screen: its scene springs from the last, the
    /// header says its name, and a screen reader hears it ("2002, state 2 of 17").
    package func pollStates() {
        guard let states = pages[current].states else { return }
        let k = states.index(at: timeline.time)
        guard k != pages[current].stateIndex else { return }
        showState(k)
    }

    func showState(_ k: Int) {
        guard let states = pages[current].states else { return }
        pages[current].stateIndex = k
        pages[current].scene = states.scene(k)
        needsRedraw = true
        updateTitle()
        let text = Descriptions.stateChange(states.states[k].name, index: k, count: states.states.count)
        accessibility?.announce(id: "page\(current + 1).heading", text: text)
    }

    /// ← →: the previous or next state, from its start (nothing focused on a page with states).
    /// Returns false when the page has none.
    package func stepState(by delta: Int) -> Bool {
        guard let states = pages[current].states else { return false }
        let k = min(max(pages[current].stateIndex + delta, 0), states.states.count - 1)
        timeline.seek(to: states.start(of: k))
        showState(k)
        say(Descriptions.stateChange(states.states[k].name, index: k, count: states.states.count))
        return true
    }
}
