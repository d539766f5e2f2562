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
            a11y.update(scene: scene, pageIndex: current, pageName: pages[current].source.name, title: windowTitle,
                        windowSize: windowSize, time: timeline.time, animating: animating)
            for action in a11y.pump() {
                guard let ref = PageAccessibility.element(id: action.id, in: scene, time: timeline.time) else { continue }
                switch action.name {
                case "toggle": if scene.perform(.toggle, on: ref, moment: Moment(time: timeline.time, reduceMotion: reduceMotion)) { announceToggle(ref) }
                case "press": scene.activate(ref, moment: Moment(time: timeline.time, reduceMotion: reduceMotion))
                case "drill": scene.perform(.drill, on: ref, moment: Moment(time: timeline.time, reduceMotion: reduceMotion))
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
}
