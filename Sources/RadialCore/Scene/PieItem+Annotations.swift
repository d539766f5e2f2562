import Foundation

/// Annotation cards, placed once per frame in `update`: inside the sector where it is wide
/// enough and there is room, else outside the ring with a leader line, else counted in the
/// legend's note of unlabeled slices.
extension PieItem {
    func update(moment: Moment) {
        annotations.removeAll(keepingCapacity: true)
        unlabeled.removeAll(keepingCapacity: true)
        let k = arrivedCount(moment: moment)
        if shownTotal(count: k) > 0 && !chart.sectors.isEmpty && chart.annotations { placeAnnotations(moment: moment, count: k) }
    }

    /// Name and value on a white rounded card at each sector's centroid. A card that would
    /// overlap one already placed, or whose sector is (at rest) narrower than the minimum angle,
    /// goes outside the ring with a leader line once every inside card is placed: along its
    /// sector's middle, else beside the ring at the nearest free height. Outside cards stay
    /// between the title and the legend, clear of the ring and of each other; one that finds no
    /// room is counted in `unlabeled` for the legend's note. A sector still growing in, narrow
    /// only for now, gets its card when it is wide enough, as before. Leaves the cards, leader
    /// lines and text positions in `annotations` for `draw`.
    private func placeAnnotations(moment: Moment, count k: Int) {
        let c = pieCenter
        placed.removeAll(keepingCapacity: true)
        outside.removeAll(keepingCapacity: true)
        let scale = drawScale(count: k, moment: moment)
        let minimum = minimumInsideAngle
        // What each shown sector's share will be at rest (every sector arrived, toggles settled).
        let restTotal = hidden.isEmpty ? total : chart.sectors.indices.reduce(0) { hidden.contains($1) ? $0 : $0 + chart.sectors[$1].value }
        var start = 0.0
        for i in order where i < k {
            let f = wedgeShare(i, moment: moment) * scale
            defer { start += f }
            guard i >= 0, f > 0 else { continue }
            let mid = turn(start + f / 2) * 2 * .pi - .pi / 2
            if !hidden.contains(i) && restTotal > 0 && chart.sectors[i].value / restTotal * 360 * chart.arcTurns < minimum {
                outside.append((i, mid))
                continue
            }
            guard f * 360 * chart.arcTurns >= minimum else { continue }
            let (w, h) = cardSize(i)
            let p = c + Vec2(cos(mid), sin(mid)) * ((innerRadius + outerRadius) / 2 + chart.sectors[i].offset)
            let box = Rect(x: p.x - w / 2, y: p.y - h / 2, width: w, height: h)
            if placed.contains(where: { Self.overlaps($0, box) }) { outside.append((i, mid)); continue }
            placed.append(box)
            annotations.append((i, p, box, nil))
        }
        for (n, o) in outside.enumerated() {
            if n < Self.outsideAttempts, let a = outsideCard(o.sector, angle: o.angle) {
                placed.append(a.box)
                annotations.append((o.sector, a.center, a.box, a.leader))
            } else if !hidden.contains(o.sector) {
                unlabeled.append(o.sector)
            }
        }
    }

    /// Sector i's card: the wider of its name and value, two lines, padded.
    private func cardSize(_ i: Int) -> (Double, Double) {
        let w = max(measurer.width(chart.sectors[i].name, Self.annotationStyle), measurer.width(valueTexts[i], Self.annotationStyle)) + 8
        return (w, 2 * measurer.lineHeight(Self.annotationStyle) + 8)
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
        // Outside cards stay between the title and the legend.
        let room = Rect(x: contentRect.minX, y: plot.minY - 4, width: contentRect.width,
                        height: max(legendTop - Self.spacing - plot.minY + 4, 0))
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
