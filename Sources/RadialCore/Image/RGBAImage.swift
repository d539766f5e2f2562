import Foundation

/// An 8-bit RGBA image, top row first: straight alpha, or premultiplied as a renderer's
/// framebuffer holds it (`isPremultiplied`), which writers un-premultiply once (`straightened()`).
public struct RGBAImage: Sendable, Equatable {
    /// The width in pixels.
    public package(set) var width: Int
    /// The height in pixels.
    public package(set) var height: Int
    /// Four bytes per pixel (R, G, B, A), rows top first, `width` × `height` × 4 in all.
    public package(set) var pixels: [UInt8]
    /// Whether color channels have alpha multiplied in (a GL or cairo readback). An opaque
    /// image is the same either way.
    package var isPremultiplied = false
    /// An image of `width` × `height` pixels from `pixels` (exactly `width` × `height` × 4 bytes), straight alpha unless `isPremultiplied` is set.
    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel count does not match the size")
        self.width = width; self.height = height; self.pixels = pixels
    }
    /// An image of `width` × `height` pixels all `fill` (default clear), straight alpha.
    package init(width: Int, height: Int, fill: RGBA = .clear) {
        self.width = width; self.height = height
        let c = [fill.r, fill.g, fill.b, fill.a].map { UInt8((min(max($0, 0), 1) * 255).rounded()) }
        pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) { for k in 0..<4 { pixels[i * 4 + k] = c[k] } }
    }
    /// The bytes of pixel (`x`, `y`), column `x` from the left, row `y` from the top.
    package func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}

/// Golden-image comparison in the manner of resvg and Skia: a pixel differs when any channel
/// is further than `threshold` from every pixel within `radius` of it in the other image, so
/// an anti-aliased edge may move by a pixel without failing.
package struct ImageComparison: Sendable {
    /// How many pixels differ past the threshold, after the neighbourhood search.
    package var differingPixels: Int
    /// The largest difference of one channel between same-place pixels (0…255), before the neighbourhood search.
    package var maxChannelDelta: Int
    /// A picture of the differences: the expected image faded, differing pixels red.
    package var diff: RGBAImage

    /// `actual` against `expected`: a pixel differs when a channel is more than `threshold` (0…255) from every pixel within `radius` of it in the other image; nil when the sizes differ.
    package static func compare(_ actual: RGBAImage, _ expected: RGBAImage, threshold: Int = 24, radius: Int = 1) -> ImageComparison? {
        guard actual.width == expected.width, actual.height == expected.height else { return nil }
        let w = actual.width, h = actual.height
        var diff = RGBAImage(width: w, height: h, fill: .white)
        var count = 0, maxDelta = 0
        func delta(_ a: [UInt8], _ i: Int, _ b: [UInt8], _ j: Int) -> Int {
            max(abs(Int(a[i]) - Int(b[j])), abs(Int(a[i + 1]) - Int(b[j + 1])), abs(Int(a[i + 2]) - Int(b[j + 2])), abs(Int(a[i + 3]) - Int(b[j + 3])))
        }
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                let direct = delta(actual.pixels, i, expected.pixels, i)
                maxDelta = max(maxDelta, direct)
                if direct <= threshold { 
                    // Faint copy of the picture so the diff shows where things are.
                    let g = UInt8(255 - (255 - Int(expected.pixels[i + 1])) / 4)
                    diff.pixels[i] = g; diff.pixels[i + 1] = g; diff.pixels[i + 2] = g
                    continue
                }
                // Each image must find a near match for its pixel in the other's neighbourhood:
                // a shifted edge passes, a line present in only one image does not.
                var bestForward = direct, bestBackward = direct
                for dy in -radius...radius {
                    for dx in -radius...radius {
                        let xx = x + dx, yy = y + dy
                        guard xx >= 0, yy >= 0, xx < w, yy < h else { continue }
                        let j = (yy * w + xx) * 4
                        bestForward = min(bestForward, delta(actual.pixels, i, expected.pixels, j))
                        bestBackward = min(bestBackward, delta(expected.pixels, i, actual.pixels, j))
                    }
                }
                let best = max(bestForward, bestBackward)
                if best > threshold {
                    count += 1
                    diff.pixels[i] = 255; diff.pixels[i + 1] = 0; diff.pixels[i + 2] = 0
                } else {
                    diff.pixels[i] = 255; diff.pixels[i + 1] = 200; diff.pixels[i + 2] = 0
                }
            }
        }
        return ImageComparison(differingPixels: count, maxChannelDelta: maxDelta, diff: diff)
    }
}

extension RGBAImage {
    /// The image with straight alpha: premultiplied pixels divided by their alpha (rounded), once;
    /// a straight image unchanged. What PNG, WebP and video writers store.
    package func straightened() -> RGBAImage {
        guard isPremultiplied else { return self }
        var out = self
        out.isPremultiplied = false
        // An opaque picture (every page with its background) is the same either way: no copy.
        if isOpaque { return out }
        out.pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = Int(p[i + 3])
                if a == 0 {
                    p[i] = 0; p[i + 1] = 0; p[i + 2] = 0
                } else if a < 255 {
                    for k in 0..<3 { p[i + k] = UInt8(min((Int(p[i + k]) * 255 + a / 2) / a, 255)) }
                }
                i += 4
            }
        }
        return out
    }

    /// Whether every pixel is opaque (then straight and premultiplied are the same).
    public var isOpaque: Bool {
        var i = 3
        while i < pixels.count { if pixels[i] != 255 { return false }; i += 4 }
        return true
    }

    /// The image laid over an opaque `background` (straight or premultiplied, as it says), opaque.
    package func composited(over background: RGBA) -> RGBAImage {
        let bg = [background.r, background.g, background.b].map { Double(min(max($0, 0), 1)) * 255 }
        var out = RGBAImage(width: width, height: height, pixels: pixels)
        let premultiplied = isPremultiplied
        out.pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count {
                let a = Double(p[i + 3]) / 255
                for k in 0..<3 {
                    let c = Double(p[i + k])
                    let v = (premultiplied ? c : c * a) + bg[k] * (1 - a)
                    p[i + k] = UInt8(min(max(v.rounded(), 0), 255))
                }
                p[i + 3] = 255
                i += 4
            }
        }
        return out
    }
}

extension ImageComparison {
    /// Peak signal-to-noise ratio in dB over the RGB channels of two opaque images of one size
    /// (infinite when identical), and the share of pixels whose largest channel difference is
    /// above `tolerance`: the second oracle's measures (a renderer against another).
    package static func psnr(_ a: RGBAImage, _ b: RGBAImage, tolerance: Int = 32) -> (db: Double, over: Double)? {
        guard a.width == b.width, a.height == b.height, a.width > 0, a.height > 0 else { return nil }
        var sum = 0.0, over = 0
        var i = 0
        while i < a.pixels.count {
            var worst = 0
            for k in 0..<3 {
                let d = Int(a.pixels[i + k]) - Int(b.pixels[i + k])
                sum += Double(d * d)
                worst = max(worst, abs(d))
            }
            if worst > tolerance { over += 1 }
            i += 4
        }
        let n = Double(a.width * a.height)
        let mse = sum / (n * 3)
        return (mse == 0 ? .infinity : 10 * log10(255 * 255 / mse), Double(over) / n)
    }
}
