#version 330 core
// Rounded rectangles (cards, buttons, dots, annotation cards) with an optional soft shadow,
// one instance each on a quad grown just enough to hold the shadow and the AA fringe.
layout(location = 0) in vec2 a_corner;        // 0...1
// @inputs   (i_rect, i_shape, i_color, i_shadowColor: RoundedRectBatch.layout)
// QUAD_MARGIN, SHADOW_REACH: #defined from RoundedRectBatch, which reports the same margin to
// the redraw planner.
uniform vec2 u_viewport;
out vec2 v_local;       // pixels from the rectangle's center
flat out vec2 v_half;
flat out vec4 v_shape;
flat out vec4 v_color;
flat out vec4 v_shadowColor;
void main() {
    float margin = QUAD_MARGIN + i_shape.z * SHADOW_REACH;
    vec2 lo = i_rect.xy - margin, hi = i_rect.xy + i_rect.zw + margin;
    vec2 p = mix(lo, hi, a_corner);
    v_half = i_rect.zw * 0.5;
    v_local = p - (i_rect.xy + v_half);
    v_shape = i_shape;
    v_color = i_color;
    v_shadowColor = i_shadowColor;
    gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
