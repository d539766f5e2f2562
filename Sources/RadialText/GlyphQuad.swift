import Foundation
import RadialCore

/// One glyph to draw: a screen rectangle in output pixels (y down) and the matching
/// rectangle of an atlas in 0...1 texture coordinates (v down, row 0 = top row of its
/// `pixels`). A plain glyph (`colored` false) is coverage in `FontSystem.atlas`: multiply
/// `color` by it. A color glyph (an emoji, `colored` true) is premultiplied RGBA in
/// `FontSystem.colorAtlas`: draw it as it is, times `color`'s alpha (the run's opacity), never
/// tinted by the text color. A glyph of a turned run is drawn turned `angle` radians clockwise
/// about the rectangle's center (the center already where turning the run put it).
package struct GlyphQuad: Hashable, Sendable {
    package var x0: Float, y0: Float, x1: Float, y1: Float
    package var u0: Float, v0: Float, u1: Float, v1: Float
    package var color: RGBA
    /// Whether the rectangle is in the color atlas.
    package var colored: Bool
    /// How far the quad is turned about its center, radians clockwise on the screen (0: upright).
    package var angle: Float
    package init(x0: Float, y0: Float, x1: Float, y1: Float, u0: Float, v0: Float, u1: Float, v1: Float, color: RGBA, colored: Bool = false,
                 angle: Float = 0) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
        self.u0 = u0; self.v0 = v0; self.u1 = u1; self.v1 = v1
        self.color = color
        self.colored = colored
        self.angle = angle
    }

    /// The bounds of the pixels it covers: its rectangle, or the turned rectangle's bounds.
    package var bounds: (x0: Float, y0: Float, x1: Float, y1: Float) {
        guard angle != 0 else { return (x0, y0, x1, y1) }
        let c = abs(cos(angle)), s = abs(sin(angle))
        let hw = (x1 - x0) / 2, hh = (y1 - y0) / 2, cx = (x0 + x1) / 2, cy = (y0 + y1) / 2
        let ex = hw * c + hh * s, ey = hw * s + hh * c
        return (cx - ex, cy - ey, cx + ex, cy + ey)
    }
}
