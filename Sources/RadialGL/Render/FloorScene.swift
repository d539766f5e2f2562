/// The benchmark's floor: a clear of the whole framebuffer and nothing else.
public enum FloorScene {
    public static func draw(width: Int, height: Int) {
        GL.viewport(0, 0, width, height)
        GL.clearColor((0.949, 0.949, 0.969, 1))
        GL.clearColorBuffer()
    }
}
