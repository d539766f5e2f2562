import CGLFW
import Foundation
import RadialRender
import RadialGL
import RadialText
import RadialCore

/// What a key does in the window.
package enum GalleryAction: Equatable {
    case quit, replay, togglePause, step(Double), nextPage, previousPage, page(Int)
    /// Page Down, Page Up: scroll a page taller than the window by a window's height, then
    /// switch pages at its end. Home, End: its top, its bottom.
    case pageDown, pageUp, scrollToTop, scrollToBottom
    case toggleReduceMotion, toggleFrameTimes, screenshot, recordPage, printDescription, faster, slower, toggleTheme, toggleHelp
    /// Pattern fills on or off (issue #37).
    case togglePatterns
    /// T, Shift+T: the focused chart (else the first) becomes the next or previous kind its data fits.
    case nextKind, previousKind
    /// Keyboard focus (the element model): Tab between charts, arrows inside one.
    case focusNextChart, focusPreviousChart, focusNext, focusPrevious
    /// Enter: act on the focused element. Space: that, or pause when nothing is focused.
    case activate, activateOrPause
    /// Esc steps back: the help, then focus, then the window.
    case escape
    /// Backspace: up a level in a drilled sunburst.
    case up
    /// A: play the focused chart as an audio graph (again: stop).
    case playAudio
    /// Ctrl+plus, Ctrl+minus, Ctrl+0: text larger, smaller, back to the page's (or desktop's).
    case textLarger, textSmaller, textDefault
}

/// The window's keys: ONE table, read by the key handler and by the help overlay. Add a key by
/// adding a row (or a trigger to a row); the help lists rows in this order.
package enum KeyMap {
    /// What presses a row's action: a physical key (layout-dependent letters and named keys,
    /// with or without Shift or Ctrl) or a typed character (layout-independent: + − ?).
    package enum Trigger: Equatable {
        case key(Int32)
        case shiftKey(Int32)
        case ctrlKey(Int32)
        case ctrlShiftKey(Int32)
        case character(Unicode.Scalar)
    }
    package struct Row {
        /// How the help names the keys, and what it says they do.
        var keys: String, what: String
        var bindings: [(Trigger, GalleryAction)]
    }

    package static let rows: [Row] = [
        Row(keys: "Tab, Shift+Tab", what: "Focus the next or previous chart",
            bindings: [(.key(GLFW_KEY_TAB), .focusNextChart), (.shiftKey(GLFW_KEY_TAB), .focusPreviousChart)]),
        Row(keys: "← → ↑ ↓", what: "Move through the focused chart",
            bindings: [(.key(GLFW_KEY_LEFT), .focusPrevious), (.key(GLFW_KEY_UP), .focusPrevious),
                       (.key(GLFW_KEY_RIGHT), .focusNext), (.key(GLFW_KEY_DOWN), .focusNext)]),
        Row(keys: "Enter, Space", what: "Toggle or replay what is focused",
            bindings: [(.key(GLFW_KEY_ENTER), .activate), (.key(GLFW_KEY_KP_ENTER), .activate), (.key(GLFW_KEY_SPACE), .activateOrPause)]),
        Row(keys: "Backspace", what: "Up a level (a sunburst opened with Enter)", bindings: [(.key(GLFW_KEY_BACKSPACE), .up)]),
        Row(keys: "Esc", what: "Clear focus (quit when none)", bindings: [(.key(GLFW_KEY_ESCAPE), .escape)]),
        Row(keys: "A", what: "Play the chart as sound", bindings: [(.key(GLFW_KEY_A), .playAudio)]),
        Row(keys: "R", what: "Replay the page", bindings: [(.key(GLFW_KEY_R), .replay)]),
        Row(keys: "Space", what: "Pause or resume (nothing focused)", bindings: []),
        Row(keys: "← →", what: "Previous or next state", bindings: []),
        Row(keys: ", .", what: "Step 1/60 s (pauses)", bindings: [(.key(GLFW_KEY_COMMA), .step(-1.0 / 60)), (.key(GLFW_KEY_PERIOD), .step(1.0 / 60))]),
        Row(keys: "1–9, PgUp PgDn, Ctrl+Tab", what: "Switch page",
            bindings: (0..<9).map { (Trigger.key(GLFW_KEY_1 + Int32($0)), GalleryAction.page($0)) }
                + [(.key(GLFW_KEY_PAGE_DOWN), .pageDown), (.key(GLFW_KEY_PAGE_UP), .pageUp),
                   (.ctrlKey(GLFW_KEY_TAB), .nextPage), (.ctrlShiftKey(GLFW_KEY_TAB), .previousPage)]),
        Row(keys: "Wheel, PgUp PgDn, Home End", what: "Scroll a page taller than the window",
            bindings: [(.key(GLFW_KEY_HOME), .scrollToTop), (.key(GLFW_KEY_END), .scrollToBottom)]),
        Row(keys: "M", what: "Reduce motion on or off", bindings: [(.key(GLFW_KEY_M), .toggleReduceMotion)]),
        Row(keys: "F", what: "Frame-time overlay", bindings: [(.key(GLFW_KEY_F), .toggleFrameTimes)]),
        Row(keys: "S", what: "Screenshot (PNG, in Pictures)", bindings: [(.key(GLFW_KEY_S), .screenshot)]),
        Row(keys: "Shift+S", what: "Record the page (MP4, in Videos)", bindings: [(.shiftKey(GLFW_KEY_S), .recordPage)]),
        Row(keys: "D", what: "Print the description", bindings: [(.key(GLFW_KEY_D), .printDescription)]),
        Row(keys: "Ctrl + − 0", what: "Text size larger, smaller, as it was",
            bindings: [(.ctrlKey(GLFW_KEY_EQUAL), .textLarger), (.ctrlShiftKey(GLFW_KEY_EQUAL), .textLarger), (.ctrlKey(GLFW_KEY_KP_ADD), .textLarger),
                       (.ctrlKey(GLFW_KEY_MINUS), .textSmaller), (.ctrlKey(GLFW_KEY_KP_SUBTRACT), .textSmaller),
                       (.ctrlKey(GLFW_KEY_0), .textDefault), (.ctrlKey(GLFW_KEY_KP_0), .textDefault)]),
        Row(keys: "+ −", what: "Animation speed",
            bindings: [(.character("+"), .faster), (.character("="), .faster), (.character("-"), .slower), (.character("_"), .slower)]),
        Row(keys: "L", what: "Light, dark or high contrast", bindings: [(.key(GLFW_KEY_L), .toggleTheme)]),
        Row(keys: "P", what: "Pattern fills on or off", bindings: [(.key(GLFW_KEY_P), .togglePatterns)]),
        Row(keys: "T, Shift+T", what: "The chart as its next or previous kind",
            bindings: [(.key(GLFW_KEY_T), .nextKind), (.shiftKey(GLFW_KEY_T), .previousKind)]),
        Row(keys: "H, ?", what: "This help", bindings: [(.key(GLFW_KEY_H), .toggleHelp), (.character("?"), .toggleHelp)]),
        Row(keys: "Q", what: "Quit", bindings: [(.key(GLFW_KEY_Q), .quit)]),
    ]

    /// The help overlay's lines.
    package static let help: [(String, String)] = rows.map { ($0.keys, $0.what) }

    /// The action of a trigger (with a modifier, falls back to the key's own action).
    package static func action(for trigger: Trigger) -> GalleryAction? {
        for row in rows { for (t, a) in row.bindings where t == trigger { return a } }
        switch trigger {
        case .shiftKey(let k), .ctrlKey(let k), .ctrlShiftKey(let k): return action(for: .key(k))
        default: return nil
        }
    }

    /// The trigger of a key press with its modifiers.
    package static func trigger(key: Int32, mods: Int32) -> Trigger {
        let shift = (mods & GLFW_MOD_SHIFT) != 0, ctrl = (mods & GLFW_MOD_CONTROL) != 0
        return ctrl ? (shift ? .ctrlShiftKey(key) : .ctrlKey(key)) : (shift ? .shiftKey(key) : .key(key))
    }
}

extension GalleryApp {
    package func installCallbacks() {
        let me = Unmanaged.passUnretained(self).toOpaque()
        glfwSetWindowUserPointer(window.handle, me)
        // Caps Lock and Num Lock in the modifiers: X's state for the screen reader's keysyms.
        glfwSetInputMode(window.handle, GLFW_LOCK_KEY_MODS, GLFW_TRUE)
        glfwSetKeyCallback(window.handle) { w, key, scancode, action, mods in
            guard let app = GalleryApp.from(w) else { return }
            // The screen reader first (its commands, its modifier key); a key it consumed does
            // nothing here, nor does the character GLFW reports for it right after.
            let consumed = app.accessibility?.offerKey(scancode: scancode, press: action != GLFW_RELEASE, mods: mods) ?? false
            app.screenReaderTookKey = consumed && action != GLFW_RELEASE
            guard !consumed, action == GLFW_PRESS || action == GLFW_REPEAT else { return }
            app.key(key, mods: mods, repeating: action == GLFW_REPEAT)
        }
        glfwSetCharCallback(window.handle) { w, codepoint in
            guard let app = GalleryApp.from(w), let scalar = Unicode.Scalar(codepoint) else { return }
            if app.screenReaderTookKey { app.screenReaderTookKey = false; return }
            app.character(scalar)
        }
        glfwSetMouseButtonCallback(window.handle) { w, button, action, _ in
            guard button == GLFW_MOUSE_BUTTON_LEFT, action == GLFW_PRESS, let app = GalleryApp.from(w) else { return }
            app.click()
        }
        glfwSetCursorPosCallback(window.handle) { w, x, y in
            guard let app = GalleryApp.from(w) else { return }
            app.cursor = Vec2(x, y)
            app.pointerInside = true
            app.pointerMoved(to: app.cursor)
        }
        glfwSetCursorEnterCallback(window.handle) { w, entered in
            guard let app = GalleryApp.from(w) else { return }
            app.pointerInside = entered != GLFW_FALSE
            if entered == GLFW_FALSE { app.pointerMoved(to: nil) }
        }
        installScrolling()
        framebufferSize = window.framebufferSize
        windowSize = window.size
        glfwSetFramebufferSizeCallback(window.handle) { w, width, height in
            guard let app = GalleryApp.from(w) else { return }
            app.framebufferSize = (Int(width), Int(height))
            app.needsRedraw = true
        }
        glfwSetWindowSizeCallback(window.handle) { w, width, height in
            guard let app = GalleryApp.from(w) else { return }
            app.windowSize = (Int(width), Int(height))
            app.needsRedraw = true
        }
        glfwSetWindowRefreshCallback(window.handle) { w in
            guard let app = GalleryApp.from(w) else { return }
            app.needsRedraw = true
            app.window.windowExposed()   // what the window showed may be gone: present all of it
            try? app.drawFrame()   // a failure shows on the next loop pass; keep the picture live while the window is being resized
        }
    }

    package static func from(_ w: OpaquePointer?) -> GalleryApp? {
        guard let p = glfwGetWindowUserPointer(w) else { return nil }
        return Unmanaged<GalleryApp>.fromOpaque(p).takeUnretainedValue()
    }

    package func key(_ key: Int32, mods: Int32, repeating: Bool) {
        guard let action = KeyMap.action(for: KeyMap.trigger(key: key, mods: mods)) else { return }
        needsRedraw = true
        if (action == .togglePause || action == .activate || action == .activateOrPause || action == .playAudio) && repeating { return }
        // While an audio graph plays, the arrows step through its tones and Esc stops it.
        if audio.isPlaying {
            switch action {
            case .focusNext: audio.step(by: 1); return
            case .focusPrevious: audio.step(by: -1); return
            case .escape: audio.stop(); return
            default: break
            }
        }
        perform(action)
    }

    package func character(_ scalar: Unicode.Scalar) {
        guard let action = KeyMap.action(for: .character(scalar)) else { return }
        needsRedraw = true
        perform(action)
    }

    package func perform(_ action: GalleryAction) {
        // A focus that moves off the window's band of a taller page brings its element into view.
        defer {
            switch action {
            case .focusNextChart, .focusPreviousChart, .focusNext, .focusPrevious, .escape: revealFocus()
            default: break
            }
        }
        switch action {
        case .quit: window.shouldClose = true
        case .replay: replay()
        case .togglePause:
            timeline.togglePause()
            say(timeline.isPaused ? "Paused · , . step" : "Playing")
        // Past the last chart (or before the first) is the page's start, its heading: Tab on a
        // page's only chart moves, and a screen reader says where the focus went.
        case .focusNextChart:
            if let f = scene.focused, f.chart == scene.page.charts.count - 1 { scene.setFocus(nil) }
            else { scene.moveFocus(.nextChart, moment: Moment(time: timeline.time, reduceMotion: reduceMotion)) }
        case .focusPreviousChart:
            if let f = scene.focused, f.chart == 0 { scene.setFocus(nil) }
            else { scene.moveFocus(.previousChart, moment: Moment(time: timeline.time, reduceMotion: reduceMotion)) }
        case .focusNext:
            if scene.focused == nil, stepState(by: 1) { break }
            scene.moveFocus(.nextElement, moment: Moment(time: timeline.time, reduceMotion: reduceMotion))
        case .focusPrevious:
            if scene.focused == nil, stepState(by: -1) { break }
            scene.moveFocus(.previousElement, moment: Moment(time: timeline.time, reduceMotion: reduceMotion))
        case .activate, .activateOrPause:
            if let f = scene.focused {
                if !scene.activate(f, moment: Moment(time: timeline.time, reduceMotion: reduceMotion)) { say("Nothing to do here") }
                else {
                    announceToggle(f)
                    if timeline.isPaused { timeline.setPaused(false) }
                }
            } else if action == .activateOrPause {
                perform(.togglePause)
            }
        case .up:
            if !scene.goUp(moment: Moment(time: timeline.time, reduceMotion: reduceMotion)) { say("Nothing to go up from") }
            else if timeline.isPaused { timeline.setPaused(false) }
        case .escape:
            if showHelp { showHelp = false } else if scene.focused != nil { scene.setFocus(nil) } else { window.shouldClose = true }
        case .step(let seconds):
            if !timeline.isPaused { timeline.setPaused(true) }
            timeline.step(by: seconds)
            say(String(format: "Paused at %.3f s", timeline.time))
        case .nextPage: switchPage(to: (current + 1) % pages.count)
        case .previousPage: switchPage(to: (current + pages.count - 1) % pages.count)
        case .pageDown: if !scrollPage(1) { switchPage(to: (current + 1) % pages.count) }
        case .pageUp: if !scrollPage(-1) { switchPage(to: (current + pages.count - 1) % pages.count) }
        case .scrollToTop: scroll(to: 0)
        case .scrollToBottom: scroll(to: scrollRange)
        case .page(let i): if i < pages.count { switchPage(to: i) }
        case .toggleReduceMotion:
            reduceMotion.toggle()
            say(reduceMotion ? "Reduce motion on" : "Reduce motion off")
        case .toggleFrameTimes: showFrameTimes.toggle()
        case .playAudio: if audio.isPlaying { audio.stop() } else { playAudioGraph() }
        case .screenshot: screenshot()
        case .recordPage: recordPage()
        case .printDescription:
            try? StandardStreams.line(pages[current].scene.description)
            say("Description printed to the terminal")
        case .toggleTheme:
            theme = theme.next
            say(theme.displayName)
        case .toggleHelp: showHelp.toggle()
        case .togglePatterns:
            let on = !frameRequest(size: Size(1, 1), scale: 1).patterns(for: pages[current].scene.page)
            patterns = on
            say(on ? "Patterns on" : "Patterns off")
        case .textLarger, .textSmaller, .textDefault:
            let now = textSize
            switch action {
            case .textLarger: chosenTextSize = now.larger ?? now
            case .textSmaller: chosenTextSize = now.smaller ?? now
            default: chosenTextSize = nil
            }
            say("Text size " + textSize.displayName)
        case .nextKind: turnKind(by: 1)
        case .previousKind: turnKind(by: -1)
        case .faster: timeline.setSpeed(timeline.speed * 2); say("Speed \(speedText)")
        case .slower: timeline.setSpeed(timeline.speed / 2); say("Speed \(speedText)")
        }
    }

    package var speedText: String {
        let s = timeline.speed
        return s >= 1 ? "\(Int(s))×" : "1/\(Int((1 / s).rounded()))×"
    }

    /// Clicking a legend entry toggles it; Replay (or a pie, as the seed's tap does) replays its
    /// chart alone; R replays the page.
    package func click() {
        needsRedraw = true
        if showHelp { showHelp = false; return }
        if scene.click(pagePoint(cursor), moment: Moment(time: timeline.time, reduceMotion: reduceMotion)) != nil, timeline.isPaused { timeline.setPaused(false) }
    }

    /// Hover: redraws only when what is hovered changes; a hand over what a click acts on.
    package func pointerMoved(to p: Vec2?) {
        if scene.setPointer(p.map(pagePoint), moment: Moment(time: timeline.time, reduceMotion: reduceMotion)) { needsRedraw = true }
        let hand = p != nil && scene.pointerIsOverAction(moment: Moment(time: timeline.time, reduceMotion: reduceMotion))
        if hand != showsHand {
            showsHand = hand
            if hand && handCursor == nil { handCursor = glfwCreateStandardCursor(GLFW_HAND_CURSOR) }
            glfwSetCursor(window.handle, hand ? handCursor : nil)
        }
    }

    package func replay() {
        // A reloaded page replays its own appearance, not the transition into it.
        let entry = pages[current]
        if let states = entry.states {
            pages[current].scene = states.scene(0); pages[current].stateIndex = 0
        } else if entry.scene.isContinuation {
            pages[current].scene = PageScene(page: entry.scene.page, measurer: fonts, formatting: formatting)
        }
        timeline.replay()
        if timeline.isPaused { timeline.setPaused(false) }
    }

    package func switchPage(to i: Int) {
        guard i != current else { return }
        current = i
        scrollY = 0
        if let states = pages[i].states {
            pages[i].scene = states.scene(0); pages[i].stateIndex = 0
        } else if pages[i].scene.isContinuation {
            pages[i].scene = PageScene(page: pages[i].scene.page, measurer: fonts, formatting: formatting)
        }
        timeline.replay()
        updateTitle()
    }

    package func say(_ text: String) { toast = (text, monotonicSeconds + 1.6) }

    package func updateTitle() {
        let page = pages[current]
        let name = page.scene.page.title ?? page.source.name
        windowTitle = Descriptions.windowTitle(page: name)
        glfwSetWindowTitle(window.handle, windowTitle)
    }

}
