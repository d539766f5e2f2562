import RadialCore

/// A framebuffer with an RGBA8 color texture, for `render`, `bench --offscreen` and tests.
package final class OffscreenTarget {
    package let width: Int
    package let height: Int
    private var framebuffer = GLFramebuffer.none
    private var texture = GLTexture.none

    package init(width: Int, height: Int) throws(GLFailure) {
        self.width = width; self.height = height
        texture = GL.genTexture()
        GL.bindTexture2D(texture)
        GL.texImageRGBA8(width: width, height: height, pixels: nil)
        GL.setLinearClamp()
        framebuffer = GL.genFramebuffer()
        GL.bindFramebuffer(framebuffer)
        GL.attachColorTexture(texture)
        guard GL.framebufferComplete else {
            release()
            throw .framebufferIncomplete(width: width, height: height)
        }
    }

    package func bind() { GL.bindFramebuffer(framebuffer) }
    package static func bindDefault() { GL.bindFramebuffer(.none) }

    /// The pixels, top row first, premultiplied as the blending left them (an opaque page's are
    /// the same straight; writers un-premultiply a transparent one once).
    package func read() -> RGBAImage {
        bind()
        // One buffer: read bottom row first (GL's order), then swap rows in place (a second
        // 800×800 copy was 2.5 MB of `render`'s peak memory).
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let row = width * 4
        pixels.withUnsafeMutableBytes { raw in
            GL.readPixelsRGBA(width: width, height: height, into: raw.baseAddress!)
            let temp = UnsafeMutableRawBufferPointer.allocate(byteCount: row, alignment: 1)
            defer { temp.deallocate() }
            for y in 0..<height / 2 {
                let top = raw.baseAddress! + y * row, bottom = raw.baseAddress! + (height - 1 - y) * row
                temp.baseAddress!.copyMemory(from: top, byteCount: row)
                top.copyMemory(from: bottom, byteCount: row)
                bottom.copyMemory(from: temp.baseAddress!, byteCount: row)
            }
        }
        var image = RGBAImage(width: width, height: height, pixels: pixels)
        image.isPremultiplied = true
        return image
    }

    /// Replaces the pixels with `image` (top row first, the same size).
    package func write(_ image: RGBAImage) {
        precondition(image.width == width && image.height == height, "an image of the target's size")
        var raw = [UInt8](repeating: 0, count: width * height * 4)
        let row = width * 4
        for y in 0..<height {
            let src = (height - 1 - y) * row
            raw.replaceSubrange(y * row..<(y + 1) * row, with: image.pixels[src..<src + row])
        }
        GL.bindTexture2D(texture)
        raw.withUnsafeBytes { GL.texSubImageRGBA8(y: 0, width: width, height: height, pixels: $0.baseAddress!) }
    }

    package func release() {
        if !framebuffer.isNone { GL.deleteFramebuffer(framebuffer); framebuffer = .none }
        if !texture.isNone { GL.deleteTexture(texture); texture = .none }
    }
}
