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
        onLoopPass.append { [unowned self] in
            a11y.update(scene: scene, pageIndex: current, pageName: pages[current].source.name, title: windowTitle,
                        windowSize: windowSize, time: timeline.time, animating: animating)
            for action in a11y.pump() {
                guard let ref = PageAccessibility.element(id: action.id, in: scene, time: timeline.time) else { continue }
                switch action.name {
                case "toggle": scene.perform(.toggle, on: ref, moment: Moment(time: timeline.time, reduceMotion: reduceMotion))
                case "press": scene.activate(ref, moment: Moment(time: timeline.time, reduceMotion: reduceMotion))
                default: continue
                }
                needsRedraw = true
            }
        }
    }
}
