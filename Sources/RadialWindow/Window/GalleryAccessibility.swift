import Foundation
import RadialRender
import RadialGL
import RadialText
import RadialCore

extension GalleryApp {
    /// Starts the AT-SPI bridge (nil without a session bus or with NO_AT_BRIDGE=1) and pumps it
    /// on every pass of the loop: the page's elements are published when they change, and a
    /// screen reader's "toggle" and "press" do what a click does.
    package func startAccessibility() {
        guard let a11y = WindowAccessibility.start(window: window.handle) else { return }
        accessibility = a11y
        onLoopPass.append { [unowned self] in
            let page = windowPoints.map(pageSize(window:))
            a11y.update(scene: scene, pageIndex: current, pageName: pages[current].source.name, title: windowTitle,
                        windowSize: windowSize, pageHeight: page?.height, scroll: scrollY, time: timeline.time, animating: animating)
            for action in a11y.pump() {
                guard let ref = PageAccessibility.element(id: action.id, in: scene, time: timeline.time) else { continue }
                switch action.name {
                case "toggle": if scene.perform(.toggle, on: ref, moment: Moment(time: timeline.time, reduceMotion: reduceMotion)) { announceToggle(ref) }
                case "press": scene.activate(ref, moment: Moment(time: timeline.time, reduceMotion: reduceMotion))
                case "drill": scene.perform(.drill, on: ref, moment: Moment(time: timeline.time, reduceMotion: reduceMotion))
                case "play": playAudioGraph(chart: ref.chart)
                default: continue
                }
                needsRedraw = true
            }
        }
    }

    /// After a legend entry was toggled: the screen reader says it with its new state, "City,
    /// hidden" (while it keeps the focus).
    func announceToggle(_ ref: ElementRef) {
        guard let a11y = accessibility, scene.focused == ref,
              let e = scene.element(ref, moment: Moment(time: timeline.time, reduceMotion: reduceMotion)), e.role == .legendEntry, let shown = e.checked else { return }
        a11y.announce(id: "page\(current + 1)/" + e.id, text: Descriptions.toggled(e.name, shown: shown))
    }

    /// Plays chart `chart` (the focused one, else the first) as an audio graph, its hidden
    /// series and sectors left out. With no sound server: one line on standard error, a toast,
    /// and the screen reader says it.
    func playAudioGraph(chart: Int? = nil) {
        let c = chart ?? scene.focused?.chart ?? 0
        guard c < scene.page.charts.count else { return }
        let hidden = Set(scene.elements(moment: .atRest).compactMap { e -> Int? in
            guard e.chart == c, e.checked == false else { return nil }
            switch e.key {
            case .series(let i), .legend(let i): return i
            default: return nil
            }
        })
        do {
            try audio.play(AudioGraph(page: scene.page, chart: c, hidden: hidden, formatting: formatting))
            say("Playing · ← → step · Esc stops")
        } catch {
            if !toldNoSound { FileHandle.standardError.write(Data(("radial: " + error.description + "\n").utf8)); toldNoSound = true }
            say("No sound server")
            announceAtFocus(error.description)
        }
    }

    /// Says `text` through the screen reader as the new description of what has the focus: the
    /// focused element, else the page's heading (Orca speaks a description change of the focused
    /// node only, so an announcement elsewhere would go unsaid).
    func announceAtFocus(_ text: String) {
        guard let a11y = accessibility else { return }
        let id = scene.focused.flatMap { scene.element($0, moment: Moment(time: timeline.time, reduceMotion: reduceMotion)) }
            .map { "page\(current + 1)/" + $0.id } ?? "page\(current + 1).heading"
        a11y.announce(id: id, text: text)
    }
}
