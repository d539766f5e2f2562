import Foundation
import Testing
@testable import RadialCore
import RadialTestSupport

/// A `w`×`h` image, black where `dark(x, y)`, white elsewhere.
private func image(_ w: Int, _ h: Int, dark: (Int, Int) -> Bool) -> RGBAImage {
    var px: [UInt8] = []
    for y in 0..<h {
        for x in 0..<w {
            let v: UInt8 = dark(x, y) ? 0 : 255
            px += [v, v, v, 255]
        }
    }
    return RGBAImage(width: w, height: h, pixels: px)
}

@Suite("Image comparison")
struct ImageComparisonTests {
    @Test("identical images differ nowhere")
    func identical() throws {
        let a = image(20, 20) { x, y in (x + y) % 3 == 0 }
        let c = try #require(ImageComparison.compare(a, a))
        #expect(c.differingPixels == 0)
        #expect(c.maxChannelDelta == 0)
        #expect(c.diff.width == 20 && c.diff.height == 20)
    }

    @Test("an edge moved by one pixel passes with radius 1 and fails one column with radius 0")
    func shiftedEdge() throws {
        let a = image(16, 10) { x, _ in x < 8 }
        let b = image(16, 10) { x, _ in x < 9 }
        let c = try #require(ImageComparison.compare(b, a, threshold: 24, radius: 1))
        #expect(c.differingPixels == 0)
        #expect(c.maxChannelDelta == 255)
        let strict = try #require(ImageComparison.compare(b, a, threshold: 24, radius: 0))
        #expect(strict.differingPixels == 10)
    }

    @Test("a small change within the threshold passes")
    func withinThreshold() throws {
        let a = RGBAImage(width: 4, height: 4, fill: RGBA(0.5, 0.5, 0.5, 1))
        var b = a
        for i in stride(from: 0, to: b.pixels.count, by: 4) { b.pixels[i] &+= 20 }
        let c = try #require(ImageComparison.compare(b, a, threshold: 24, radius: 0))
        #expect(c.differingPixels == 0)
        #expect(c.maxChannelDelta == 20)
    }

    @Test("a changed 5×5 block fails with all of its 25 pixels")
    func changedBlock() throws {
        let a = image(20, 20) { _, _ in false }
        let b = image(20, 20) { x, y in (5..<10).contains(x) && (8..<13).contains(y) }
        let c = try #require(ImageComparison.compare(b, a))
        #expect(c.differingPixels == 25)
        #expect(c.maxChannelDelta == 255)
        // The diff marks exactly those pixels red.
        var red = 0
        for y in 0..<20 { for x in 0..<20 { let p = c.diff.pixel(x, y); if p.r == 255 && p.g == 0 && p.b == 0 { red += 1 } } }
        #expect(red == c.differingPixels)
        #expect(c.diff.pixel(7, 10).g == 0)
    }

    @Test("a missing one-pixel line is found, in either direction")
    func missingLine() throws {
        let plain = image(12, 12) { _, _ in false }
        let line = image(12, 12) { x, _ in x == 6 }
        #expect(ImageComparison.compare(plain, line)?.differingPixels == 12)
        #expect(ImageComparison.compare(line, plain)?.differingPixels == 12)
    }

    @Test("images of different sizes cannot be compared")
    func sizes() {
        #expect(ImageComparison.compare(RGBAImage(width: 2, height: 2), RGBAImage(width: 2, height: 3)) == nil)
    }

    @Test("an image filled with a color stores it as 8-bit straight RGBA")
    func fill() {
        let img = RGBAImage(width: 3, height: 2, fill: RGBA(1, 0.5, 0, 0.25))
        #expect(img.pixels.count == 24)
        let p = img.pixel(2, 1)
        #expect(p.r == 255 && p.g == 128 && p.b == 0 && p.a == 64)
    }
}
