import RadialCore

/// One glyph to draw: a screen rectangle in output pixels (y down) and the matching
/// rectangle of an atlas in 0...1 texture coordinates (v down, row 0 = top row of its
/// `pixels`). A plain glyph (`colored` false) is coverage in `FontSystem.atlas`: multiply
/// `color` by it. A color glyph (an emoji, `colored` true) is premultiplied RGBA in
/// `FontSystem.colorAtlas`: draw it as it is, times `color`'s alpha (the run's opacity), never
/// tinted by the text color.
package struct GlyphQuad: Hashable, Sendable {
    package var x0: Float, y0: Float, x1: Float, y1: Float
    package var u0: Float, v0: Float, u1: Float, v1: Float
    package var color: RGBA
    /// Whether the rectangle is in the color atlas.
    package var colored: Bool
    package init(x0: Float, y0: Float, x1: Float, y1: Float, u0: Float, v0: Float, u1: Float, v1: Float, color: RGBA, colored: Bool = false) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
        self.u0 = u0; self.v0 = v0; self.u1 = u1; self.v1 = v1
        self.color = color
        self.colored = colored
    }
}
