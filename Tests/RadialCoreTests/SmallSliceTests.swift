import Foundation
import Testing
@testable import RadialCore

/// examples/budget.json as shipped (Streaming 0.5 % and Charity 1.5 % grouped into Other, 2 %),
/// or with its `group` taken out so both small slices are drawn.
private func budget(grouped: Bool) throws -> Page {
    var text = try String(contentsOf: examples.appendingPathComponent("budget.json"), encoding: .utf8)
    if !grouped { text = text.replacingOccurrences(of: #""group": {"below": 0.02, "label": "Other"},"#, with: "") }
    let page = try Spec.decode(text)
    guard case .pie(let p) = page.charts[0] else { throw CocoaError(.fileReadCorruptFile) }
    #expect(p.sectors.count == (grouped ? 8 : 9))
    return page
}

/// Small slices (issue #17): a sector narrower than the minimum angle gets its card outside the
/// ring with a leader where there is room, and is counted in the legend's note where not.
@Suite("Pie small slices")
struct SmallSliceTests {
    /// The pie of `page` drawn at `size` at rest, with the frame.
    private func pie(_ page: Page, _ size: Size) throws -> (PageScene, PieItem, Frame) {
        let (scene, frame) = drawn(page, size: size, at: 30)
        return (scene, try #require(scene.items[0] as? PieItem), frame)
    }

    @Test("each small slice of budget.json is labeled outside with a leader or counted in the note, at any size",
          arguments: [true, false], [Size(900, 700), Size(600, 500), Size(420, 360), Size(320, 300)])
    func smallSlices(grouped: Bool, size: Size) throws {
        let (scene, pie, frame) = try self.pie(try budget(grouped: grouped), size)
        let chart = pie.chart
        let small = chart.sectors.indices.filter { chart.sectors[$0].value / chart.total * 360 < pie.minimumInsideAngle }
        #expect(small.map { chart.sectors[$0].name } == (grouped ? ["Other"] : ["Streaming", "Charity"]))
        #expect(pie.reservesNote)
        for i in small {
            let card = pie.annotations.first { $0.sector == i }
            #expect((card?.leader != nil) != pie.unlabeled.contains(i), "\(chart.sectors[i].name): a card with a leader, or counted — exactly one")
        }
        // Nothing is labeled twice, and everything unlabeled is counted once.
        #expect(Set(pie.annotations.map(\.sector)).count == pie.annotations.count)
        #expect(Set(pie.annotations.map(\.sector)).isDisjoint(with: pie.unlabeled))
        checkOutsideCards(pie)
        checkNote(pie, frame: frame)
        // The chart's accessible value says it too, naming the sectors.
        let value = try #require(scene.elements(moment: Moment(time: 30, reduceMotion: false)).first { $0.role == .chart }).value
        if pie.unlabeled.isEmpty {
            #expect(!value.contains("unlabeled"))
        } else {
            #expect(value.hasSuffix(". " + Descriptions.unlabeledNote(count: pie.unlabeled.count) + ": "
                                    + pie.unlabeled.map { chart.sectors[$0].name }.joined(separator: ", ")))
        }
    }

    @Test("at 900 × 700 budget.json labels its small slices outside (none unlabeled); at 320 × 300 some are counted")
    func bothOutcomes() throws {
        for grouped in [true, false] {
            let (_, big, _) = try pie(try budget(grouped: grouped), Size(900, 700))
            #expect(big.unlabeled.isEmpty)
            #expect(big.annotations.filter { $0.leader != nil }.count == (grouped ? 1 : 2))
        }
        let (_, small, frame) = try pie(try budget(grouped: false), Size(320, 300))
        #expect(!small.unlabeled.isEmpty)
        #expect(frame.texts.contains { $0.text == Descriptions.unlabeledNote(count: small.unlabeled.count) })
    }

    /// Outside cards: between title and legend, inside the card's width, clear of the ring, of
    /// each other and of inside cards; leaders cross neither the ring nor each other.
    private func checkOutsideCards(_ pie: PieItem) {
        let c = pie.plot.center, ro = pie.outerRadius
        let boxes = pie.annotations.map(\.box)
        for (i, a) in boxes.enumerated() { for b in boxes[(i + 1)...] { #expect(!PieItem.overlaps(a, b), "\(a) overlaps \(b)") } }
        let leaders = pie.annotations.compactMap(\.leader)
        for a in pie.annotations {
            guard let l = a.leader else { continue }
            #expect(a.box.minY >= pie.plot.minY - 4 - 1e-9 && a.box.maxY <= pie.legendTop - PieItem.spacing + 1e-9, "\(a.box) leaves the room between title and legend")
            #expect(a.box.minX >= pie.contentRect.minX - 1e-9 && a.box.maxX <= pie.contentRect.maxX + 1e-9)
            // The box's nearest point to the center is outside the ring.
            let nearest = Vec2(min(max(c.x, a.box.minX), a.box.maxX), min(max(c.y, a.box.minY), a.box.maxY))
            #expect((nearest - c).length >= ro, "\(a.box) covers the ring")
            // The leader starts on the sector's rim and ends on the card's edge.
            #expect(abs((l.rim - c).length - (ro - 4)) < 1e-6 && (l.elbow - c).length > ro)
            let e = 1e-6
            let within = l.end.x >= a.box.minX - e && l.end.x <= a.box.maxX + e && l.end.y >= a.box.minY - e && l.end.y <= a.box.maxY + e
            let onEdge = abs(l.end.x - a.box.minX) < e || abs(l.end.x - a.box.maxX) < e || abs(l.end.y - a.box.minY) < e || abs(l.end.y - a.box.maxY) < e
            #expect(within && onEdge, "leader end \(l.end) is not on the edge of \(a.box)")
            for m in leaders where !(m.end == l.end) {
                #expect(!PieItem.crosses(l.elbow, l.end, m.elbow, m.end), "leaders cross")
            }
        }
    }

    /// The note is drawn exactly when something is unlabeled, in the legend's style and color,
    /// inside the card and clear of every legend entry.
    private func checkNote(_ pie: PieItem, frame: Frame) {
        let notes = frame.texts.filter { $0.text.hasSuffix("unlabeled") }
        guard !pie.unlabeled.isEmpty else { #expect(notes.isEmpty); return }
        #expect(notes.count == 1)
        guard let note = notes.first else { return }
        #expect(note.text == Descriptions.unlabeledNote(count: pie.unlabeled.count))
        #expect(note.style == PieItem.legendStyle && note.color == Palette.of(.light).secondaryLabel)
        let m = TestMeasurer().measure(note.text, style: note.style)
        let box = Rect(x: note.origin.x, y: note.origin.y - m.ascent, width: m.width, height: m.ascent + m.descent)
        #expect(box.maxX <= pie.contentRect.maxX + 1e-6 && box.maxY <= pie.contentRect.maxY + 1e-6 && box.minY >= pie.plot.maxY)
        for t in frame.texts where t.style == PieItem.legendStyle && t.text != note.text {
            let n = TestMeasurer().measure(t.text, style: t.style)
            let other = Rect(x: t.origin.x, y: t.origin.y - n.ascent, width: n.width, height: n.ascent + n.descent)
            #expect(!PieItem.overlaps(box, other), "the note \(box) overlaps legend entry \(t.text) \(other)")
        }
        for a in pie.annotations { #expect(!PieItem.overlaps(box, a.box)) }
    }

    @Test("the note reads \"1 small slice unlabeled\", \"2 small slices unlabeled\"")
    func wording() {
        #expect(Descriptions.unlabeledNote(count: 1) == "1 small slice unlabeled")
        #expect(Descriptions.unlabeledNote(count: 2) == "2 small slices unlabeled")
        #expect(Descriptions.unlabeledNote(count: 40) == "40 small slices unlabeled")
    }

    @Test("a sector narrow only while it grows in is neither moved outside nor counted; one hidden by its legend entry is not counted")
    func transient() throws {
        let chart = PieChart(title: "Two", sectors: [PieSector(name: "A", value: 10), PieSector(name: "B", value: 10), PieSector(name: "C", value: 0.1)],
                             innerRadius: 0.5, annotations: true, appear: .sequence(interval: 0.8), minimumAnnotationAngle: 14)
        let (scene, _) = drawn(Page(charts: [.pie(chart)]), size: Size(600, 500), at: 1.62)
        let pie = try #require(scene.items[0] as? PieItem)
        #expect(pie.share(1, moment: Moment(time: 1.62, reduceMotion: false)) * 360 < 14)   // B is still growing
        #expect(!pie.annotations.contains { $0.sector == 1 } && pie.unlabeled.isEmpty)
        // At rest B sits inside, C (0.5 %) outside.
        pie.update(moment: Moment(time: 30, reduceMotion: false))
        #expect(pie.annotations.contains { $0.sector == 1 && $0.leader == nil })
        #expect(pie.annotations.contains { $0.sector == 2 && $0.leader != nil })
        // Hidden with its legend entry, C is neither labeled nor counted.
        #expect(pie.perform(.toggle, on: .legend(2), at: Moment(time: 30, reduceMotion: true)))
        pie.update(moment: Moment(time: 30, reduceMotion: true))
        #expect(!pie.annotations.contains { $0.sector == 2 } && pie.unlabeled.isEmpty)
    }

    @Test("drawing emits what update placed: the same frame twice, and draw leaves the placement alone")
    func drawOnlyEmits() throws {
        let page = try budget(grouped: false)
        let scene = PageScene(page: page, measurer: TestMeasurer(), formatting: enUS)
        let a = Frame(), b = Frame()
        scene.draw(into: a, FrameRequest(size: Size(420, 360), scale: 1, time: 30, theme: .light, reduceMotion: false))
        let pie = try #require(scene.items[0] as? PieItem)
        let before = (pie.annotations.map(\.box), pie.unlabeled)
        scene.draw(into: b, FrameRequest(size: Size(420, 360), scale: 1, time: 30, theme: .light, reduceMotion: false))
        #expect(dump(a) == dump(b))
        #expect(pie.annotations.map(\.box) == before.0 && pie.unlabeled == before.1)
    }
}
