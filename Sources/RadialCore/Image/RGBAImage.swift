/// An 8-bit RGBA image, top row first, straight alpha.
public struct RGBAImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel count does not match the size")
        self.width = width; self.height = height; self.pixels = pixels
    }
    public init(width: Int, height: Int, fill: RGBA = .clear) {
        self.width = width; self.height = height
        let c = [fill.r, fill.g, fill.b, fill.a].map { UInt8((min(max($0, 0), 1) * 255).rounded()) }
        pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) { for k in 0..<4 { pixels[i * 4 + k] = c[k] } }
    }
    public func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}

/// Golden-image comparison in the manner of resvg and Skia: a pixel differs when any channel
/// is further than `threshold` from every pixel within `radius` of it in the other image, so
/// an anti-aliased edge may move by a pixel without failing.
public struct ImageComparison: Sendable {
    public var differingPixels: Int
    public var maxChannelDelta: Int
    public var diff: RGBAImage

    public static func compare(_ actual: RGBAImage, _ expected: RGBAImage, threshold: Int = 24, radius: Int = 1) -> ImageComparison? {
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
