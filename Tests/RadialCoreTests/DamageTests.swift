import Testing
@testable import RadialCore
import RadialTestSupport

@Suite("Damage between frames")
struct DamageTests {
    func frame(width: Int = 400, height: Int = 300, _ build: (Frame) -> Void) -> Frame {
        let f = Frame()
        f.reset(width: width, height: height, background: RGBA(1, 1, 1))
        build(f)
        return f
    }
    func dot(_ x: Double, _ y: Double, color: RGBA = RGBA(1, 0, 0)) -> RoundedRectInstance {
        RoundedRectInstance(rect: Rect(x: x, y: y, width: 10, height: 10), radius: 5, color: color)
    }

    @Test("The first frame, a new size and a new command list damage everything")
    func structural() {
        let t = DamageTracker(margins: .test)
        #expect(t.update(frame { $0.add(dot(10, 10)) }, textBoxes: []) == .all)
        #expect(t.update(frame { $0.add(dot(10, 10)) }, textBoxes: []) == .box(.empty))
        #expect(t.update(frame(width: 401) { $0.add(dot(10, 10)) }, textBoxes: []) == .all)
        #expect(t.update(frame(width: 401) { $0.add(dot(10, 10)); $0.addSolid(Rect(x: 0, y: 0, width: 5, height: 5), color: RGBA(0, 0, 0)) },
                         textBoxes: []) == .all)
    }

    @Test("A moved shape damages where it was and where it is, nothing else")
    func moved() throws {
        let t = DamageTracker(margins: .test)
        _ = t.update(frame { $0.add(dot(10, 10)); $0.add(dot(200, 200)) }, textBoxes: [])
        let d = t.update(frame { $0.add(dot(10, 10)); $0.add(dot(220, 200)) }, textBoxes: [])
        guard case .box(let b) = d else { Issue.record("expected a box, got \(d)"); return }
        // Both positions, with the shader's anti-aliasing margin; the unchanged dot is outside.
        #expect(b.x0 <= 200 && b.x1 >= 230 && b.y0 <= 200 && b.y1 >= 210)
        #expect(b.x0 > 20 && b.x1 < 240 && b.y0 > 20 && b.y1 < 220)
    }

    @Test("A shape joining or leaving a batch damages the changed part of it, not the whole frame")
    func joined() {
        let t = DamageTracker(margins: .test)
        _ = t.update(frame { $0.add(dot(10, 10)); $0.add(dot(100, 100)); $0.addSolid(Rect(x: 300, y: 200, width: 20, height: 20), color: RGBA(0, 0, 0)) }, textBoxes: [])
        let d = t.update(frame { $0.add(dot(10, 10)); $0.add(dot(100, 100)); $0.add(dot(150, 120))
                                 $0.addSolid(Rect(x: 300, y: 200, width: 20, height: 20), color: RGBA(0, 0, 0)) }, textBoxes: [])
        guard case .box(let b) = d else { Issue.record("expected a box, got \(d)"); return }
        // The new dot; the two before it are unchanged, and so is the solid after the batch.
        #expect(b.x0 <= 150 && b.x1 >= 160 && b.y0 <= 120 && b.y1 >= 130)
        #expect(b.x0 > 110 && b.x1 < 300)
        // One taken from the middle: only where it was (the rest are unchanged at both ends).
        let e = t.update(frame { $0.add(dot(10, 10)); $0.add(dot(150, 120))
                                 $0.addSolid(Rect(x: 300, y: 200, width: 20, height: 20), color: RGBA(0, 0, 0)) }, textBoxes: [])
        #expect(e == .box(CoverageMargins.test.bounds(dot(100, 100))))
    }

    @Test("A color change damages the shape in place")
    func recolored() {
        let t = DamageTracker(margins: .test)
        _ = t.update(frame { $0.add(dot(100, 100)) }, textBoxes: [])
        let d = t.update(frame { $0.add(dot(100, 100, color: RGBA(0, 0, 1))) }, textBoxes: [])
        #expect(d == .box(CoverageMargins.test.bounds(dot(100, 100)).clamped(width: 400, height: 300)))
    }

    @Test("Text damages its laid-out box when its string or its box changes")
    func text() {
        let t = DamageTracker(margins: .test)
        let run = TextRun(line: TestMeasurer().shape("Speed", weight: .regular), style: .caption, origin: Vec2(50, 50), scale: 1, color: RGBA(0, 0, 0))
        let box = PixelBox(x0: 49, y0: 38, x1: 90, y1: 54)
        _ = t.update(frame { $0.add(run) }, textBoxes: [box])
        #expect(t.update(frame { $0.add(run) }, textBoxes: [box]) == .box(.empty))
        var changed = run; changed.line = TestMeasurer().shape("Speed!", weight: .regular)
        let wider = PixelBox(x0: 49, y0: 38, x1: 95, y1: 54)
        #expect(t.update(frame { $0.add(changed) }, textBoxes: [wider]) == .box(wider))
    }

    @Test("A mesh damages when its data changes, even in the same object")
    func mesh() {
        let t = DamageTracker(margins: .test)
        let m = Mesh()
        let colors = SeriesColors([RGBA(0, 0, 0)])
        func triangle(_ k: Double) -> MeshGeometry {
            var g = MeshGeometry()
            for p in [Vec2(0.5, 0), Vec2(0, 0.5), Vec2(-0.5, 0)] { _ = g.add(MeshVertex(point: p * k, role: .fill, series: 0)) }
            g.addTriangle(0, 1, 2)
            return g
        }
        m.replace(with: triangle(1))
        func draw(_ f: Frame) { f.add(MeshDraw(mesh: m, indexRange: 0..<3, center: Vec2(200, 150), pointScale: 100, growth: 1,
                                   style: .roles(colors: colors, fillOpacity: 1, strokeHalfWidth: 0, gridColor: .clear, gridHalfWidth: 0))) }
        _ = t.update(frame(draw), textBoxes: [])
        #expect(t.update(frame(draw), textBoxes: []) == .box(.empty))
        m.replace(with: triangle(0.9))
        guard case .box(let b) = t.update(frame(draw), textBoxes: []) else { Issue.record("expected a box"); return }
        // The mesh reaches 0.5 × 100 px from the center: its box holds that, with margins.
        #expect(b.x0 <= 150 && b.x1 >= 250 && b.y0 <= 100 && b.y1 >= 200)
        #expect(b.x0 > 100 && b.x1 < 300)
    }

    @Test("What to redraw depends on how old the buffer's frame is")
    func history() {
        let t = DamageTracker(margins: .test)
        _ = t.update(frame { $0.add(dot(10, 10)); $0.add(dot(100, 100)) }, textBoxes: [])
        _ = t.update(frame { $0.add(dot(12, 10)); $0.add(dot(100, 100)) }, textBoxes: [])
        _ = t.update(frame { $0.add(dot(12, 10)); $0.add(dot(102, 100)) }, textBoxes: [])
        guard case .box(let newest) = t.region(bufferAge: 1), case .box(let two) = t.region(bufferAge: 2) else {
            Issue.record("expected boxes"); return
        }
        #expect(newest.x0 >= 90)             // only the second dot moved last
        #expect(two.x0 < 20 && two.x1 > 100)  // both moved over the last two frames
        #expect(t.region(bufferAge: 0) == .all)
        #expect(t.region(bufferAge: 3) == .all)    // the first frame was drawn whole
        #expect(t.region(bufferAge: 9) == .all)
        t.reset()
        #expect(t.region(bufferAge: 1) == .all)
    }

    @Test("Boxes clamp to the frame and survive infinities")
    func boxes() {
        #expect(PixelBox(minX: -5, minY: -5, maxX: 10.2, maxY: 10, margin: 0).clamped(width: 8, height: 8) == PixelBox(x0: 0, y0: 0, x1: 8, y1: 8))
        #expect(PixelBox(minX: .nan, minY: 0, maxX: 1, maxY: 1, margin: 0).clamped(width: 8, height: 8) == PixelBox(x0: 0, y0: 0, x1: 8, y1: 8))
        #expect(PixelBox(minX: 20, minY: 20, maxX: 30, maxY: 30, margin: 0).clamped(width: 8, height: 8).isEmpty)
        #expect(PixelBox.empty.union(PixelBox(x0: 1, y0: 2, x1: 3, y1: 4)) == PixelBox(x0: 1, y0: 2, x1: 3, y1: 4))
    }

    @Test("A layer is compared by its version: unchanged it damages nothing, remade it damages where it was and where it is")
    func layer() {
        let t = DamageTracker(margins: .test)
        let layer = RoundedRectLayer()
        layer.rebuild { $0 += [dot(10, 10), dot(100, 100)] }
        _ = t.update(frame { $0.add(dot(300, 200)); $0.add(layer) }, textBoxes: [])
        #expect(t.update(frame { $0.add(dot(300, 200)); $0.add(layer) }, textBoxes: []) == .box(.empty))
        let before = CoverageMargins.test.bounds(layer)
        layer.rebuild { $0 += [dot(10, 10), dot(150, 120)] }
        let d = t.update(frame { $0.add(dot(300, 200)); $0.add(layer) }, textBoxes: [])
        #expect(d == .box(before.union(CoverageMargins.test.bounds(layer))))
        // Remade with the same box (a dot recolored): only its version tells, and it damages its box.
        let same = CoverageMargins.test.bounds(layer)
        layer.rebuild { $0 += [dot(10, 10), dot(150, 120, color: RGBA(0, 0, 1))] }
        #expect(CoverageMargins.test.bounds(layer) == same)
        #expect(t.update(frame { $0.add(dot(300, 200)); $0.add(layer) }, textBoxes: []) == .box(same))
        // The box covers every rectangle as each alone is bounded.
        #expect(CoverageMargins.test.bounds(layer) == CoverageMargins.test.bounds(dot(10, 10)).union(CoverageMargins.test.bounds(dot(150, 120))))
        // A plan redrawing a box away from the layer leaves it out; one reaching into it keeps it whole.
        let plan = RedrawPlan(margins: .test)
        let f = frame { $0.add(dot(300, 200)); $0.add(layer) }
        #expect(plan.trim(.layer(layer), in: f, textBoxes: [], to: PixelBox(x0: 250, y0: 150, x1: 320, y1: 220)) == nil)
        #expect(plan.trim(.layer(layer), in: f, textBoxes: [], to: PixelBox(x0: 140, y0: 110, x1: 145, y1: 115)) != nil)
    }
}
