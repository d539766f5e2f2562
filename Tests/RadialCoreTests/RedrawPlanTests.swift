import Testing
@testable import RadialCore
import RadialTestSupport

@Suite("Redraw plans")
struct RedrawPlanTests {
    func frame(_ build: (Frame) -> Void) -> Frame {
        let f = Frame()
        f.reset(width: 400, height: 300, background: RGBA(1, 1, 1))
        build(f)
        return f
    }
    func dot(_ x: Double, _ y: Double, color: RGBA = RGBA(1, 0, 0)) -> RoundedRectInstance {
        RoundedRectInstance(rect: Rect(x: x, y: y, width: 10, height: 10), radius: 5, color: color)
    }
    let card = RGBA(0.9, 0.9, 0.9)

    @Test("The first frame is whole; an unchanged one is nothing; a moved shape is a box of both places")
    func regions() {
        let plan = RedrawPlan(margins: .test)
        let a = frame { $0.add(dot(10, 10)); $0.add(dot(200, 200)) }
        plan.update(a, textBoxes: [], bufferAge: 1, partial: true)
        #expect(plan.region == .whole)
        #expect(plan.commands.count == 1)
        plan.update(a, textBoxes: [], bufferAge: 1, partial: true)
        #expect(plan.region == .nothing)
        #expect(plan.redrawn(width: 400, height: 300) == .empty)
        plan.update(frame { $0.add(dot(10, 10)); $0.add(dot(220, 200)) }, textBoxes: [], bufferAge: 1, partial: true)
        let expected = CoverageMargins.test.bounds(dot(200, 200)).union(CoverageMargins.test.bounds(dot(220, 200)))
        #expect(plan.region == .box(expected))
        // Trimmed to the dots that reach the box: only the second.
        guard case .roundedRects(let r)? = plan.commands.first else { Issue.record("expected rounded rects"); return }
        #expect(r == 1..<2)
    }

    @Test("Not partial: everything, every time, nothing compared")
    func full() {
        let plan = RedrawPlan(margins: .test)
        let a = frame { $0.add(dot(10, 10)) }
        plan.update(a, textBoxes: [], bufferAge: 1, partial: false)
        plan.update(a, textBoxes: [], bufferAge: 1, partial: false)
        #expect(plan.region == .whole)
        #expect(plan.redrawn(width: 400, height: 300) == PixelBox(x0: 0, y0: 0, x1: 400, y1: 300))
    }

    @Test("A box inside one background fill starts from its color and skips the fills")
    func backdrop() {
        let plan = RedrawPlan(margins: .test)
        func page(_ x: Double) -> Frame {
            frame { f in
                f.addBackgroundFill(Rect(x: 0, y: 0, width: 200, height: 300), color: card)
                f.addBackgroundFill(Rect(x: 200, y: 0, width: 200, height: 300), color: RGBA(0.5, 0.5, 0.5))
                f.add(dot(x, 100))
            }
        }
        plan.update(page(50), textBoxes: [], bufferAge: 1, partial: true)
        #expect(plan.fills == 0..<2)
        #expect(plan.backdrop == RGBA(1, 1, 1))
        plan.update(page(60), textBoxes: [], bufferAge: 1, partial: true)
        #expect(plan.backdrop == card)
        #expect(plan.fills.isEmpty)
        // Across the seam between the two fills: the base color, then the fills under the box.
        plan.update(page(195), textBoxes: [], bufferAge: 1, partial: true)
        #expect(plan.backdrop == RGBA(1, 1, 1))
        #expect(plan.fills == 0..<2)
    }

    @Test("Older buffers redraw the union of the frames since; unknown ones everything")
    func ages() {
        let plan = RedrawPlan(margins: .test)
        plan.update(frame { $0.add(dot(10, 10)); $0.add(dot(150, 100)) }, textBoxes: [], bufferAge: 1, partial: true)
        plan.update(frame { $0.add(dot(12, 10)); $0.add(dot(150, 100)) }, textBoxes: [], bufferAge: 1, partial: true)
        plan.update(frame { $0.add(dot(12, 10)); $0.add(dot(152, 100)) }, textBoxes: [], bufferAge: 2, partial: true)
        guard case .box(let b) = plan.region else { Issue.record("expected a box, got \(plan.region)"); return }
        #expect(b.x0 < 20 && b.x1 > 150)
        // Both dots reach the box: the command is drawn whole.
        guard case .roundedRects(let r)? = plan.commands.first else { Issue.record("expected rounded rects"); return }
        #expect(r == 0..<2)
        plan.update(frame { $0.add(dot(12, 10)); $0.add(dot(152, 100)) }, textBoxes: [], bufferAge: 0, partial: true)
        #expect(plan.region == .whole)
    }

    @Test("A change over half the target is drawn whole, without a scissor")
    func large() {
        let plan = RedrawPlan(margins: .test)
        let big = RoundedRectInstance(rect: Rect(x: 0, y: 0, width: 390, height: 290), radius: 4, color: RGBA(1, 0, 0))
        plan.update(frame { $0.add(big) }, textBoxes: [], bufferAge: 1, partial: true)
        var moved = big; moved.color = RGBA(0, 1, 0)
        plan.update(frame { $0.add(moved) }, textBoxes: [], bufferAge: 1, partial: true)
        #expect(plan.region == .whole)
    }

    @Test("Bounds come from the margins given, not from constants in RadialCore")
    func margins() {
        var wide = CoverageMargins.test
        wide.roundedRect.fixed += 10
        #expect(wide.bounds(dot(100, 100)).x0 == CoverageMargins.test.bounds(dot(100, 100)).x0 - 10)
    }
}
