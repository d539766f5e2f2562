import Foundation

/// Annotation cards, planned once for the pie at rest (every sector arrived, toggles settled)
/// and kept through the arrival: a card goes inside when at least three quarters of it lie in
/// its own sector's ring segment (between the hole and the rim) and it is clear of every other
/// card and the center total; otherwise outside the ring with a leader line; otherwise it is counted in
/// the legend's note of unlabeled slices. The plan is remade only when the layout, the text size
/// or the hidden sectors change, so cards neither jump from inside to outside nor change the
/// count while sectors arrive.
extension PieItem {
    /// Where each sector's card goes at rest.
    enum CardPlan {
        case inside
        /// The card's place and the end of its leader, beside the ring.
        case outside(center: Vec2, box: Rect, end: Vec2)
        case none
    }

    /// How much of a card must lie in its own sector for it to go inside.
    static let insideShare = 0.75

    func update(moment: Moment) {
        annotations.removeAll(keepingCapacity: true)
        guard chart.annotations, !chart.sectors.isEmpty else { unlabeled.removeAll(keepingCapacity: true); return }
        if planKey == nil || planKey! != PlanKey(content: contentRect, hidden: hidden, textSize: measurer.textSize) { planCards() }
        let k = arrivedCount(moment: moment)
        guard shownTotal(count: k) > 0 else { return }
        // Inside cards follow their sector (as the seed's overlay annotations do) once it is wide
        // enough to hold them; outside cards wait at their place, their leader from the sector's rim.
        let c = pieCenter, ro = outerRadius
        let scale = drawScale(count: k, moment: moment)
        var start = 0.0
        for i in order where i < k {
            let f = wedgeShare(i, moment: moment) * scale
            defer { start += f }
            guard i >= 0, f > 0, i < cardPlans.count, !hidden.contains(i) else { continue }
            let mid = turn(start + f / 2) * 2 * .pi - .pi / 2
            let dir = Vec2(cos(mid), sin(mid))
            switch cardPlans[i] {
            case .inside:
                let (w, h) = cardSize(i)
                let p = c + dir * ((innerRadius + outerRadius) / 2 + chart.sectors[i].offset)
                let box = Rect(x: p.x - w / 2, y: p.y - h / 2, width: w, height: h)
                guard insideShare(of: box.moved(by: dir * -chart.sectors[i].offset), from: turn(start), to: turn(start + f)) >= Self.insideShare else { continue }
                annotations.append((i, p, box, nil))
            case .outside(let center, let box, let end):
                annotations.append((i, center, box, (c + dir * (ro - 4), c + dir * (ro + 6), end)))
            case .none:
                break
            }
        }
    }

    /// Plans every card for the pie at rest (see the extension's comment).
    func planCards() {
        planKey = PlanKey(content: contentRect, hidden: hidden, textSize: measurer.textSize)
        cardPlans = Array(repeating: .none, count: chart.sectors.count)
        unlabeled.removeAll(keepingCapacity: true)
        placed.removeAll(keepingCapacity: true)
        outside.removeAll(keepingCapacity: true)
        annotations.removeAll(keepingCapacity: true)
        let c = pieCenter
        let restTotal = hidden.isEmpty ? total : chart.sectors.indices.reduce(0) { hidden.contains($1) ? $0 : $0 + chart.sectors[$1].value }
        guard restTotal > 0 else { return }
        // The center total is an obstacle.
        if chart.centerLabel == .total && innerRadius > 0 {
            let m = measurer.measure(centerTotals.last ?? "", style: .headline), t = centerTotalPoint
            placed.append(Rect(x: t.x - m.width / 2 - 2, y: t.y - m.height / 2, width: m.width + 4, height: m.height))
        }
        let minimum = minimumInsideAngle
        var start = 0.0
        for i in chart.sectors.indices where !hidden.contains(i) {
            let f = chart.sectors[i].value / restTotal
            defer { start += f }
            guard f > 0 else { continue }
            let mid = turn(start + f / 2) * 2 * .pi - .pi / 2
            if f * 360 * chart.arcTurns < minimum { outside.append((i, mid)); continue }
            let (w, h) = cardSize(i)
            let p = c + Vec2(cos(mid), sin(mid)) * ((innerRadius + outerRadius) / 2 + chart.sectors[i].offset)
            let box = Rect(x: p.x - w / 2, y: p.y - h / 2, width: w, height: h)
            guard insideShare(of: box.moved(by: Vec2(cos(mid), sin(mid)) * -chart.sectors[i].offset), from: turn(start), to: turn(start + f)) >= Self.insideShare,
                  !placed.contains(where: { Self.overlaps($0, box) }) else { outside.append((i, mid)); continue }
            placed.append(box)
            annotations.append((i, p, box, nil))
            cardPlans[i] = .inside
        }
        // Outside, in turn around the ring (what labels the most); when that leaves some out, again
        // with the largest slices first, so the room goes to them and the smallest give way (#32).
        let insidePlaced = placed, insideAnnotations = annotations
        for largestFirst in [false, true] {
            if largestFirst {
                guard !unlabeled.isEmpty else { break }
                placed = insidePlaced
                annotations = insideAnnotations
                unlabeled.removeAll(keepingCapacity: true)
                for o in outside { cardPlans[o.sector] = .none }
                outside.sort { a, b in
                    let va = chart.sectors[a.sector].value, vb = chart.sectors[b.sector].value
                    return va != vb ? va > vb : a.sector < b.sector
                }
            }
            for (n, o) in outside.enumerated() {
                if n < Self.outsideAttempts, let a = outsideCard(o.sector, angle: o.angle) {
                    placed.append(a.box)
                    annotations.append((o.sector, a.center, a.box, a.leader))
                    cardPlans[o.sector] = .outside(center: a.center, box: a.box, end: a.leader.end)
                } else {
                    unlabeled.append(o.sector)
                }
            }
        }
        // Never an unlabeled slice larger than a labeled one: a smaller slice's card that found a
        // place a larger one did not gives way too.
        if let largest = unlabeled.lazy.map({ self.chart.sectors[$0].value }).max() {
            for i in chart.sectors.indices where !hidden.contains(i) && chart.sectors[i].value < largest {
                if case .none = cardPlans[i] { continue }
                cardPlans[i] = .none
                unlabeled.append(i)
            }
        }
        unlabeled.sort()
        annotations.removeAll(keepingCapacity: true)
    }

    /// The share of `box` (sampled on a grid) that lies in the ring segment from `a0` to `a1`
    /// turns (clockwise from 12 o'clock), between the hole and the rim, its edges moved in by half
    /// the angular inset.
    func insideShare(of box: Rect, from a0: Double, to a1: Double) -> Double {
        // Turns of a pie that starts before 12 o'clock (a half donut from −90°) are negative.
        let whole = a0.rounded(.down), a0 = a0 - whole, a1 = a1 - whole
        let c = pieCenter, ri = innerRadius, ro = outerRadius
        let halfInset = chart.angularInset / 2
        var inside = 0, count = 0
        for yi in 0..<5 {
            for xi in 0..<9 {
                let p = Vec2(box.minX + box.width * Double(xi) / 8, box.minY + box.height * Double(yi) / 4)
                count += 1
                let d = p - c, r = d.length
                guard r > 1e-9, r >= ri, r <= ro else { continue }
                var t = atan2(d.x, -d.y) / (2 * .pi)
                if t < a0 { t += 1 }
                guard t >= a0 && t <= a1 else { continue }
                // Distance from either edge, as the gap between sectors sees it.
                let ang0 = (t - a0) * 2 * .pi, ang1 = (a1 - t) * 2 * .pi
                if r * sin(min(ang0, .pi / 2)) >= halfInset && r * sin(min(ang1, .pi / 2)) >= halfInset { inside += 1 }
            }
        }
        return Double(inside) / Double(count)
    }

    /// The widest a card's name stands on one line at the default text size; a longer name goes
    /// on two balanced lines (so "Accommodation and lodging for the conference" fits inside its
    /// third of a donut instead of going unlabeled).
    static let cardNameRoom = 160.0

    /// Sector i's name as its card writes it: one line, or two balanced ones when it is longer
    /// than `cardNameRoom` (grown with the text size).
    func cardNameLines(_ i: Int) -> [String] {
        let name = chart.sectors[i].name
        let room = Self.cardNameRoom * measurer.textSize.resolve(Self.annotationStyle).size / max(TextSize.large.resolve(Self.annotationStyle).size, 1)
        let w = measurer.width(name, Self.annotationStyle)
        guard w > room else { return [name] }
        return TextBlock.balancedLines(name, style: Self.annotationStyle, width: max(room, w * 0.6), measurer) ?? [name]
    }

    /// Sector i's card: the wider of its name's lines and its value, padded.
    func cardSize(_ i: Int) -> (Double, Double) {
        let lines = cardNameLines(i)
        let w = (lines + [valueTexts[i]]).map { measurer.width($0, Self.annotationStyle) }.max()! + 8
        return (w, Double(lines.count + 1) * measurer.lineHeight(Self.annotationStyle) + 8)
    }

    /// A place for sector i's card outside the ring, its sector's middle at `angle` (radians,
    /// clockwise from 3 o'clock): along that angle just clear of the ring; else beside the ring
    /// on the side the sector faces (then the other), at the height of the sector's edge or the
    /// nearest free height, hugging the ring. The leader runs from the sector's rim to the card
    /// and may cross neither the ring nor another card. nil when nothing fits.
    private func outsideCard(_ i: Int, angle: Double) -> (center: Vec2, box: Rect, leader: Leader)? {
        let c = pieCenter, ro = outerRadius
        let (w, h) = cardSize(i)
        let dir = Vec2(cos(angle), sin(angle))
        // Outside cards stay between the title and the legend (or, with the legend beside the
        // pie, left of it), in the room the ring was placed in (and the 4 points above it).
        let top = min(ringRoom.minY, plot.minY) - 4
        let room = chart.legendPosition == .trailing
            ? Rect(x: contentRect.minX, y: top, width: max(legendRect.minX - 8 - contentRect.minX, 0), height: max(plot.maxY, ringRoom.maxY) + 4 - top)
            : Rect(x: contentRect.minX, y: top, width: contentRect.width, height: max(legendTop - Self.spacing - top, 0))
        func free(_ box: Rect) -> Bool {
            box.minX >= room.minX && box.maxX <= room.maxX && box.minY >= room.minY && box.maxY <= room.maxY
                && !placed.contains(where: { Self.overlaps($0, box) })
        }
        // Along the mid-angle, far enough that the card clears the ring.
        let reach = ro + 10 + abs(dir.x) * w / 2 + abs(dir.y) * h / 2
        let p = c + dir * reach
        let radial = Rect(x: p.x - w / 2, y: p.y - h / 2, width: w, height: h)
        let elbow = c + dir * (ro + 6)
        // The leader ends where the line to the center leaves the card.
        let exit = min(abs(dir.x) > 1e-12 ? w / 2 / abs(dir.x) : .infinity, abs(dir.y) > 1e-12 ? h / 2 / abs(dir.y) : .infinity)
        if free(radial) { return (p, radial, (c + dir * (ro - 4), elbow, p - dir * exit)) }
        // Beside the ring: rows of card height, nearest to the rim's height first.
        guard room.height >= h else { return nil }
        let rim = c + dir * ro
        let y0 = min(max(rim.y, room.minY + h / 2), room.maxY - h / 2)
        let step = h + 4, rows = Int(room.height / step) + 1
        for side in dir.x < 0 ? [-1.0, 1.0] : [1.0, -1.0] {
            for n in 0..<(2 * rows + 1) {
                let y = y0 + Double((n + 1) / 2) * step * (n % 2 == 1 ? 1 : -1)
                guard y - h / 2 >= room.minY - 1e-9, y + h / 2 <= room.maxY + 1e-9 else { continue }
                // As close to the ring as leaves 8 points between them.
                let dy = max(abs(y - c.y) - h / 2, 0), clear = ro + 8
                let dx = dy < clear ? (clear * clear - dy * dy).squareRoot() : 0
                let box = Rect(x: side > 0 ? c.x + dx : c.x - dx - w, y: y - h / 2, width: w, height: h)
                guard free(box) else { continue }
                let end = Vec2(side > 0 ? box.minX : box.maxX, y)
                guard leaderIsClear(from: elbow, to: end) else { continue }
                return (Vec2(box.midX, y), box, (c + dir * (ro - 4), elbow, end))
            }
        }
        return nil
    }

    /// Whether a leader from `a` (its elbow, just outside the rim) to `b` stays outside the ring,
    /// off every card placed and crosses no other leader.
    private func leaderIsClear(from a: Vec2, to b: Vec2) -> Bool {
        let c = pieCenter, d = b - a, len2 = d.dot(d)
        let t = len2 > 0 ? min(max((c - a).dot(d) / len2, 0), 1) : 0
        if (a + d * t - c).length < outerRadius { return false }
        for s in 1...16 {
            let q = a + d * (Double(s) / 16)
            if placed.contains(where: { $0.contains(q) }) { return false }
        }
        for case let (_, _, _, l?) in annotations where Self.crosses(a, b, l.elbow, l.end) || Self.crosses(a, b, l.rim, l.elbow) { return false }
        return true
    }

    /// Whether segments pq and rs cross (touching ends do not count).
    static func crosses(_ p: Vec2, _ q: Vec2, _ r: Vec2, _ s: Vec2) -> Bool {
        let d1 = (q - p).cross(r - p), d2 = (q - p).cross(s - p), d3 = (s - r).cross(p - r), d4 = (s - r).cross(q - r)
        return d1 * d2 < 0 && d3 * d4 < 0
    }
}

extension Rect {
    /// The rectangle moved by `d`.
    func moved(by d: Vec2) -> Rect { Rect(x: x + d.x, y: y + d.y, width: width, height: height) }
}
