import RadialCore

extension GalleryApp {
    /// T (`step` 1) and Shift+T (−1): the focused chart, else the first, becomes the next or
    /// previous kind its data fits (`Chart.fittingTypes`, the registry's order) and morphs into
    /// it; the kind it leaves is kept, so that its own keys (a donut's hole, a rose's scale) come
    /// back with it. The header says the new kind for a moment and a screen reader hears it
    /// ("Rose chart, 5 wedges", as the description of the focused chart or of the page's
    /// heading); with reduce motion it is there at once.
    func turnKind(by step: Int) {
        let scene = pages[current].scene
        let i = scene.focused?.chart ?? 0
        guard i < scene.page.charts.count else { return }
        let chart = scene.page.charts[i]
        guard let type = chart.nextType(step: step) else {
            say(Descriptions.noOtherKind(chart))
            return
        }
        pages[current].kinds[i, default: [:]][chart.fittingName] = chart
        guard let next = chart.converted(to: type, template: pages[current].kinds[i]?[type]) else { return }
        var page = scene.page
        page.charts[i] = next
        pages[current].scene = PageScene(page: page, measurer: fonts, formatting: formatting, continuing: scene, at: timeline.time)
        needsRedraw = true
        let text = Descriptions.kindName(of: next)
        say(text)
        announceAtFocus(text)
    }
}
