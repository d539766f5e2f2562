import CGLFW
import Foundation
import RadialCore

/// What a key does in the window.
enum GalleryAction: Equatable {
    case quit, replay, togglePause, step(Double), nextPage, previousPage, page(Int)
    case toggleReduceMotion, toggleFrameTimes, screenshot, printDescription, faster, slower, toggleTheme, toggleHelp
}

/// The window's keys: ONE table, read by the key handler and by the help overlay. Add a key by
/// adding a row (or a trigger to a row); the help lists rows in this order.
enum KeyMap {
    /// What presses a row's action: a physical key (layout-dependent letters and named keys,
    /// with or without Shift) or a typed character (layout-independent: + − ?).
    enum Trigger: Equatable {
        case key(Int32)
        case shiftKey(Int32)
        case character(Unicode.Scalar)
    }
    struct Row {
        /// How the help names the keys, and what it says they do.
        var keys: String, what: String
        var bindings: [(Trigger, GalleryAction)]
    }

    static let rows: [Row] = [
        Row(keys: "R", what: "Replay the animation", bindings: [(.key(GLFW_KEY_R), .replay)]),
        Row(keys: "Space", what: "Pause or resume", bindings: [(.key(GLFW_KEY_SPACE), .togglePause)]),
        Row(keys: "← →", what: "Step 1/60 s while paused", bindings: [(.key(GLFW_KEY_LEFT), .step(-1.0 / 60)), (.key(GLFW_KEY_RIGHT), .step(1.0 / 60))]),
        Row(keys: "1–9, Tab", what: "Switch page",
            bindings: (0..<9).map { (Trigger.key(GLFW_KEY_1 + Int32($0)), GalleryAction.page($0)) }
                + [(.key(GLFW_KEY_TAB), .nextPage), (.shiftKey(GLFW_KEY_TAB), .previousPage)]),
        Row(keys: "M", what: "Reduce motion on or off", bindings: [(.key(GLFW_KEY_M), .toggleReduceMotion)]),
        Row(keys: "F", what: "Frame-time overlay", bindings: [(.key(GLFW_KEY_F), .toggleFrameTimes)]),
        Row(keys: "S", what: "Save a screenshot (PNG)", bindings: [(.key(GLFW_KEY_S), .screenshot)]),
        Row(keys: "D", what: "Print the description", bindings: [(.key(GLFW_KEY_D), .printDescription)]),
        Row(keys: "+ −", what: "Animation speed",
            bindings: [(.character("+"), .faster), (.character("="), .faster), (.character("-"), .slower), (.character("_"), .slower)]),
        Row(keys: "L", what: "Light or dark", bindings: [(.key(GLFW_KEY_L), .toggleTheme)]),
        Row(keys: "H, ?", what: "This help", bindings: [(.key(GLFW_KEY_H), .toggleHelp), (.character("?"), .toggleHelp)]),
        Row(keys: "Esc, Q", what: "Quit", bindings: [(.key(GLFW_KEY_ESCAPE), .quit), (.key(GLFW_KEY_Q), .quit)]),
    ]

    /// The help overlay's lines.
    static let help: [(String, String)] = rows.map { ($0.keys, $0.what) }

    /// The action of a trigger (Shift+key falls back to the key's own action).
    static func action(for trigger: Trigger) -> GalleryAction? {
        for row in rows { for (t, a) in row.bindings where t == trigger { return a } }
        if case .shiftKey(let k) = trigger { return action(for: .key(k)) }
        return nil
    }
}

extension GalleryApp {
    func installCallbacks() {
        let me = Unmanaged.passUnretained(self).toOpaque()
        glfwSetWindowUserPointer(window.handle, me)
        glfwSetKeyCallback(window.handle) { w, key, _, action, mods in
            guard action == GLFW_PRESS || action == GLFW_REPEAT, let app = GalleryApp.from(w) else { return }
            app.key(key, mods: mods, repeating: action == GLFW_REPEAT)
        }
        glfwSetCharCallback(window.handle) { w, codepoint in
            guard let app = GalleryApp.from(w), let scalar = Unicode.Scalar(codepoint) else { return }
            app.character(scalar)
        }
        glfwSetMouseButtonCallback(window.handle) { w, button, action, _ in
            guard button == GLFW_MOUSE_BUTTON_LEFT, action == GLFW_PRESS, let app = GalleryApp.from(w) else { return }
            app.click()
        }
        glfwSetCursorPosCallback(window.handle) { w, x, y in
            guard let app = GalleryApp.from(w) else { return }
            app.cursor = Vec2(x, y)
            if app.pages[app.current].scene.setPointer(app.cursor) { app.needsRedraw = true }
        }
        glfwSetCursorEnterCallback(window.handle) { w, entered in
            guard let app = GalleryApp.from(w), entered == GLFW_FALSE else { return }
            if app.pages[app.current].scene.setPointer(nil) { app.needsRedraw = true }
        }
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

    static func from(_ w: OpaquePointer?) -> GalleryApp? {
        guard let p = glfwGetWindowUserPointer(w) else { return nil }
        return Unmanaged<GalleryApp>.fromOpaque(p).takeUnretainedValue()
    }

    func key(_ key: Int32, mods: Int32, repeating: Bool) {
        let shift = (mods & GLFW_MOD_SHIFT) != 0
        guard let action = KeyMap.action(for: shift ? .shiftKey(key) : .key(key)) else { return }
        needsRedraw = true
        // Esc closes the help before it quits.
        if action == .quit && key == GLFW_KEY_ESCAPE && showHelp { showHelp = false; return }
        if action == .togglePause && repeating { return }
        perform(action)
    }

    func character(_ scalar: Unicode.Scalar) {
        guard let action = KeyMap.action(for: .character(scalar)) else { return }
        needsRedraw = true
        perform(action)
    }

    func perform(_ action: GalleryAction) {
        switch action {
        case .quit: window.shouldClose = true
        case .replay: replay()
        case .togglePause:
            timeline.togglePause()
            say(timeline.isPaused ? "Paused · ← → step" : "Playing")
        case .step(let seconds):
            if !timeline.isPaused { timeline.setPaused(true) }
            timeline.step(by: seconds)
            say(String(format: "Paused at %.3f s", timeline.time))
        case .nextPage: switchPage(to: (current + 1) % pages.count)
        case .previousPage: switchPage(to: (current + pages.count - 1) % pages.count)
        case .page(let i): if i < pages.count { switchPage(to: i) }
        case .toggleReduceMotion:
            reduceMotion.toggle()
            say(reduceMotion ? "Reduce motion on" : "Reduce motion off")
        case .toggleFrameTimes: showFrameTimes.toggle()
        case .screenshot: screenshot()
        case .printDescription:
            print(pages[current].scene.description)
            say("Description printed to the terminal")
        case .toggleTheme:
            theme = theme.toggled
            say(theme == .dark ? "Dark" : "Light")
        case .toggleHelp: showHelp.toggle()
        case .faster: timeline.setSpeed(timeline.speed * 2); say("Speed \(speedText)")
        case .slower: timeline.setSpeed(timeline.speed / 2); say("Speed \(speedText)")
        }
    }

    var speedText: String {
        let s = timeline.speed
        return s >= 1 ? "\(Int(s))×" : "1/\(Int((1 / s).rounded()))×"
    }

    func click() {
        needsRedraw = true
        if showHelp { showHelp = false; return }
        switch pages[current].scene.hit(cursor) {
        case .replay?: replay()
        case .card(let i)?:
            // The pie seed reloads on a tap anywhere on the page.
            if case .pie = pages[current].scene.page.charts[i] { replay() }
        case nil: break
        }
    }

    func replay() {
        // A reloaded page replays its own appearance, not the transition into it.
        let entry = pages[current]
        if entry.scene.isContinuation {
            pages[current].scene = PageScene(page: entry.scene.page, measurer: fonts, formatting: formatting)
        }
        timeline.replay()
        if timeline.isPaused { timeline.setPaused(false) }
    }

    func switchPage(to i: Int) {
        guard i != current else { return }
        current = i
        if pages[i].scene.isContinuation {
            pages[i].scene = PageScene(page: pages[i].scene.page, measurer: fonts, formatting: formatting)
        }
        timeline.replay()
        updateTitle()
    }

    func say(_ text: String) { toast = (text, monotonicSeconds + 1.6) }

    func updateTitle() {
        let page = pages[current]
        let name = page.scene.page.title ?? page.source.name
        glfwSetWindowTitle(window.handle, "\(name) — Radial (\(current + 1)/\(pages.count)) · H for keys")
    }

}
