/// What to draw for one frame into a target that may still hold an earlier one: the region to
/// redraw (nothing, everything, or a box under a scissor), the color to start from, which
/// background fills to draw, and the commands trimmed to the shapes that reach into the box.
///
/// Pure: it works from the frames (through a `DamageTracker`) and the renderer's coverage
/// margins, and is tested without GL. Drawing under a scissor gives the same pixels as drawing
/// everything, so a plan only ever saves work, never changes the picture. Reused from frame to
/// frame: a steady frame allocates nothing.
package final class RedrawPlan {
    package enum Region: Equatable, Sendable {
        /// The target already holds this frame.
        case nothing
        /// Everything: a clear to `backdrop`, every fill and every command.
        case whole
        /// Only this box, under a scissor.
        case box(PixelBox)
    }

    package let margins: CoverageMargins
    private let damage: DamageTracker
    package private(set) var region = Region.whole
    /// The color to fill the region with first.
    package private(set) var backdrop = RGBA.white
    /// The background fills (indexes into `frame.solids`) to draw over the backdrop; empty when
    /// the backdrop already is their color under the box.
    package private(set) var fills: Range<Int> = 0..<0
    /// The frame's commands to draw, in order, each narrowed to the shapes that reach the box.
    package private(set) var commands: [Frame.Command] = []

    package init(margins: CoverageMargins) {
        self.margins = margins
        damage = DamageTracker(margins: margins)
        commands.reserveCapacity(64)
    }

    /// Forgets what the target holds: the next plan redraws everything.
    package func reset() { damage.reset() }

    /// The pixels the plan redraws in a `width`×`height` target.
    package func redrawn(width: Int, height: Int) -> PixelBox {
        switch region {
        case .nothing: .empty
        case .whole: PixelBox(x0: 0, y0: 0, x1: width, y1: height)
        case .box(let b): b
        }
    }

    /// Plans `frame`. `textBoxes[i]` bounds the pixels of `frame.texts[i]` as laid out;
    /// `bufferAge` says what the target holds (0 unknown, n the frame planned n calls ago);
    /// `partial` false draws everything and compares nothing.
    package func update(_ frame: Frame, textBoxes: [PixelBox], bufferAge: Int, partial: Bool) {
        region = .whole
        if partial {
            damage.update(frame, textBoxes: textBoxes)
            if case .box(let box) = damage.region(bufferAge: bufferAge) {
                // Past about half the target a whole frame costs no more than a scissored one.
                if box.isEmpty { region = .nothing } else if box.area * 2 < frame.width * frame.height { region = .box(box) }
            }
        }
        commands.removeAll(keepingCapacity: true)
        backdrop = frame.background.color
        fills = frame.background.fills
        switch region {
        case .nothing:
            fills = 0..<0
        case .whole:
            commands.append(contentsOf: frame.commands)
        case .box(let box):
            // Inside one background fill that covers the box, start from its color and skip
            // the fills: one pass over the pixels instead of two.
            if let color = Self.background(under: box, frame) {
                backdrop = color; fills = 0..<0
            } else {
                fills = span(fills) { hits(margins.bounds(frame.solids[$0]), box) } ?? 0..<0
            }
            for command in frame.commands {
                if let trimmed = trim(command, in: frame, textBoxes: textBoxes, to: box) { commands.append(trimmed) }
            }
        }
    }

    /// The color `box` has once the background fills are drawn, when that is one color (the
    /// last fill covering the box whole, none after it touching it, or none touching it at all).
    static func background(under box: PixelBox, _ frame: Frame) -> RGBA? {
        var color: RGBA? = frame.background.color
        for s in frame.solids[frame.background.fills] {
            let r = s.rect
            if r.minX <= Double(box.x0) && r.minY <= Double(box.y0) && r.maxX >= Double(box.x1) && r.maxY >= Double(box.y1) {
                color = s.color
            } else if r.minX < Double(box.x1) && r.maxX > Double(box.x0) && r.minY < Double(box.y1) && r.maxY > Double(box.y0) {
                color = nil
            }
        }
        return color
    }

    private func hits(_ b: PixelBox, _ box: PixelBox) -> Bool { b.x0 < box.x1 && b.x1 > box.x0 && b.y0 < box.y1 && b.y1 > box.y0 }

    /// The shapes of `r` from the first to the last that `reaches`, or nil when none does.
    private func span(_ r: Range<Int>, _ reaches: (Int) -> Bool) -> Range<Int>? {
        guard let first = r.first(where: reaches), let last = r.last(where: reaches) else { return nil }
        return first..<last + 1
    }

    /// `command` narrowed to the shapes from the first to the last that reach into `box` (text:
    /// runs), or nil when none does: llvmpipe shades and bins every vertex of a draw, clipped or
    /// not. Sectors are regrouped by the renderer, so a sector command is kept whole; meshes are
    /// assumed to reach in; a layer is one picture, kept whole when its box reaches in.
    func trim(_ command: Frame.Command, in f: Frame, textBoxes: [PixelBox], to box: PixelBox) -> Frame.Command? {
        switch command {
        case .roundedRects(let r): return span(r) { hits(margins.bounds(f.roundedRects[$0]), box) }.map { .roundedRects($0) }
        case .lines(let r): return span(r) { hits(margins.bounds(f.lines[$0]), box) }.map { .lines($0) }
        case .solids(let r): return span(r) { hits(margins.bounds(f.solids[$0]), box) }.map { .solids($0) }
        case .text(let r): return span(r) { hits(textBoxes[$0], box) }.map { .text($0) }
        case .sectors(let r): return f.sectors[r].contains { hits(margins.bounds($0), box) } ? command : nil
        case .scan(let i): return hits(margins.bounds(f.scans[i]), box) ? command : nil
        case .mesh: return command
        case .layer(let l): return hits(margins.bounds(l), box) ? command : nil
        case .group, .endGroup: return nil
        }
    }
}
