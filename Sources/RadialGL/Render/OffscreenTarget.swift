import RadialCore

/// A framebuffer with an RGBA8 color texture, for `render`, `bench --offscreen` and tests.
public final class OffscreenTarget {
    public let width: Int
    public let height: Int
    private var framebuffer = GLFramebuffer.none
    private var texture = GLTexture.none

    public init(width: Int, height: Int) throws(GLFailure) {
        self.width = width; self.height = height
        texture = GL.genTexture()
        GL.bindTexture2D(texture)
        GL.texImageRGBA8(width: width, height: height)
        GL.setLinearClamp()
        framebuffer = GL.genFramebuffer()
        GL.bindFramebuffer(framebuffer)
        GL.attachColorTexture(texture)
        guard GL.framebufferComplete else {
            release()
            throw .framebufferIncomplete(width: width, height: height)
        }
    }

    public func bind() { GL.bindFramebuffer(framebuffer) }
    public static func bindDefault() { GL.bindFramebuffer(.none) }

    /// The pixels, top row first. The page background is opaque, so alpha comes out 255.
    public func read() -> RGBAImage {
        bind()
        var raw = [UInt8](repeating: 0, count: width * height * 4)
        raw.withUnsafeMutableBytes { GL.readPixelsRGBA(width: width, height: height, into: $0.baseAddress!) }
        var out = [UInt8](repeating: 0, count: raw.count)
        let row = width * 4
        for y in 0..<height {
            let src = (height - 1 - y) * row
            out.replaceSubrange(y * row..<(y + 1) * row, with: raw[src..<src + row])
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }

    /// Replaces the pixels with `image` (top row first, the same size).
    public func write(_ image: RGBAImage) {
        precondition(image.width == width && image.height == height, "an image of the target's size")
        var raw = [UInt8](repeating: 0, count: width * height * 4)
        let row = width * 4
        for y in 0..<height {
            let src = (height - 1 - y) * row
            raw.replaceSubrange(y * row..<(y + 1) * row, with: image.pixels[src..<src + row])
        }
        GL.bindTexture2D(texture)
        raw.withUnsafeBytes { GL.texSubImageRGBA8(width: width, height: height, pixels: $0.baseAddress!) }
    }

    public func release() {
        if !framebuffer.isNone { GL.deleteFramebuffer(framebuffer); framebuffer = .none }
        if !texture.isNone { GL.deleteTexture(texture); texture = .none }
    }
}
