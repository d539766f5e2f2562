#version 330 core
// Straight lines with butt ends: leader lines, scan spokes.
layout(location = 0) in vec2 a_corner;
// @inputs   (i_ends, i_style, i_color: LineBatch.layout)
// LINE_MARGIN: #defined from LineBatch (pixels past the ends and past half the width).
uniform vec2 u_viewport;
out vec2 v_local;      // x along the line from its start, y across
flat out float v_length;
flat out float v_width;
flat out vec4 v_color;
void main() {
    vec2 a = i_ends.xy, b = i_ends.zw;
    float len = max(length(b - a), 1e-4);
    vec2 dir = (b - a) / len, nrm = vec2(-dir.y, dir.x);
    float half_ = i_style.x * 0.5 + LINE_MARGIN;
    vec2 local = vec2(mix(-LINE_MARGIN, len + LINE_MARGIN, a_corner.x), mix(-half_, half_, a_corner.y));
    vec2 p = a + dir * local.x + nrm * local.y;
    v_local = local; v_length = len; v_width = i_style.x; v_color = i_color;
    gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
