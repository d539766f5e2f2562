import Synchronization
import Foundation

extension CategoricalPalette {
    /// `count` colors for series or sectors that name none: the palette's own colors in order,
    /// skipping any that `taken` (colors siblings name) holds in light or dark, then generated
    /// ones, so a color is never repeated. Each generated color is the one, among a fixed grid
    /// of OKLCH candidates, farthest (largest smallest ΔE_OK, in light, dark and high contrast
    /// at once) from every color already in use: `taken`, the palette's and those generated
    /// before it. Deterministic: the same palette, count and `taken` give the same colors.
    package func colors(count: Int, avoiding taken: [ChartColor] = []) -> [ChartColor] {
        guard count > 0 else { return [] }
        let takenLight = Set(taken.map { $0.resolved(.light) }), takenDark = Set(taken.map { $0.resolved(.dark) })
        let own = colors.filter { !takenLight.contains($0.resolved(.light)) && !takenDark.contains($0.resolved(.dark)) }
        if count <= own.count { return Array(own.prefix(count)) }
        return own + GeneratedColors.colors(count: count - own.count, avoiding: taken + colors)
    }
}

/// Categorical colors past the end of a palette, chosen from a grid of OKLCH candidates.
///
/// Each candidate is a pair: a light variant with lightness L in 0.40...0.68, and a dark variant
/// 0.08 lighter with the same hue and chroma (as SwiftUI's dark system colors are lighter), each
/// brought into sRGB by reducing chroma, rounded to 8 bits. Only pairs whose light variant is at
/// 3:1 or more against the light card (white, so high contrast's 3:1 holds too) and whose dark
/// variant is at 3:1 or more against the dark card are kept: a generated shape never fades into
/// its card, unlike the palette's yellow (1.5:1 on white).
enum GeneratedColors {
    struct Candidate {
        var light: RGBA, dark: RGBA
        /// OKLab of the light, dark and high-contrast variants.
        var labs: (OKLab, OKLab, OKLab)
    }

    /// Dark variants are this much lighter (OKLab L).
    static let darkLift = 0.08
    /// The first this many generated colors are chosen farthest-first; later ones (a pie of
    /// hundreds of sectors, where no eye tells neighbours apart anyway) take the remaining
    /// candidates in a fixed scattered order, still never repeating.
    static let farthestFirst = 64

    /// The candidates, made once: L 0.40...0.68 by 0.02, hue every 5°, chroma 0.04...0.32 by
    /// 0.02 (before gamut mapping), in grid order, skipping any whose light or dark variant,
    /// rounded, an earlier one already has.
    static let candidates: [Candidate] = {
        let lightCard = Palette.of(.light).cardBackground, darkCard = Palette.of(.dark).cardBackground
        func quantized(_ c: RGBA) -> RGBA {
            func q(_ v: Float) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
            return RGBA(hex: q(c.r) << 16 | q(c.g) << 8 | q(c.b))
        }
        var out: [Candidate] = []
        var seenLight = Set<RGBA>(), seenDark = Set<RGBA>()
        for li in 0...14 {
            let L = 0.40 + Double(li) * 0.02
            for hi in 0..<72 {
                let h = Double(hi) * 5
                for ci in 0...14 {
                    let C = 0.04 + Double(ci) * 0.02
                    let light = quantized(OKLCH(L: L, C: C, h: h).gamutMapped().lab.rgba)
                    let dark = quantized(OKLCH(L: L + darkLift, C: C, h: h).gamutMapped().lab.rgba)
                    guard Contrast.ratio(light, lightCard) >= Contrast.shapes, Contrast.ratio(dark, darkCard) >= Contrast.shapes,
                          !seenLight.contains(light), !seenDark.contains(dark) else { continue }
                    seenLight.insert(light)
                    seenDark.insert(dark)
                    let hc = light.withContrast(atLeast: Contrast.shapes, against: .white)
                    out.append(Candidate(light: light, dark: dark, labs: (OKLab(light), OKLab(dark), OKLab(hc))))
                }
            }
        }
        return out
    }()

    /// `count` generated colors, each as far as the grid allows from `used` and from the ones before it.
    ///
    /// The answer depends only on its arguments and costs milliseconds for a few thousand, so the
    /// last few are kept: a page that streams or reloads makes its scene again up to once a
    /// frame, each time asking the same.
    static func colors(count: Int, avoiding used: [ChartColor]) -> [ChartColor] {
        guard count > 0 else { return [] }
        let key = Recent.Key(count: count, used: used)
        if let known = recent.withLock({ $0.answers[key] }) { return known }
        let answer = choose(count: count, avoiding: used)
        recent.withLock { r in
            if r.answers.count >= Recent.kept { r.answers.removeAll(keepingCapacity: true) }
            r.answers[key] = answer
        }
        return answer
    }

    private struct Recent {
        struct Key: Hashable { var count: Int; var used: [ChartColor] }
        static let kept = 16
        var answers: [Key: [ChartColor]] = [:]
    }
    private static let recent = Mutex(Recent())

    private static func choose(count: Int, avoiding used: [ChartColor]) -> [ChartColor] {
        let cands = candidates
        guard count > 0, !cands.isEmpty else { return [] }
        // Each candidate's smallest distance to what is in use, the worst of the three themes.
        var nearest = [Double](repeating: .infinity, count: cands.count)
        func include(_ l: OKLab, _ d: OKLab, _ h: OKLab) {
            for i in cands.indices {
                let c = cands[i].labs
                let m = min(c.0.distance(to: l), c.1.distance(to: d), c.2.distance(to: h))
                if m < nearest[i] { nearest[i] = m }
            }
        }
        for u in used where u.resolved(.light).a > 0 {
            include(OKLab(u.resolved(.light)), OKLab(u.resolved(.dark)), OKLab(u.resolved(.highContrast)))
        }
        var out: [ChartColor] = []
        out.reserveCapacity(count)
        var picked = Set<Int>()
        for _ in 0..<min(count, farthestFirst, cands.count) {
            var best = -1
            for i in cands.indices where !picked.contains(i) && (best < 0 || nearest[i] > nearest[best]) { best = i }
            picked.insert(best)
            out.append(.generated(light: cands[best].light, dark: cands[best].dark))
            include(cands[best].labs.0, cands[best].labs.1, cands[best].labs.2)
        }
        // The rest: every candidate not yet picked, visited with a prime stride (coprime with
        // the count, so each is reached once) to scatter hues and lightnesses.
        var j = 0
        while out.count < count && j < cands.count {
            let i = (j * 7919) % cands.count
            j += 1
            if picked.insert(i).inserted { out.append(.generated(light: cands[i].light, dark: cands[i].dark)) }
        }
        // More colors than candidates (far beyond any page's limits): start over.
        var k = 0
        while out.count < count { out.append(out[k]); k += 1 }
        return out
    }
}
