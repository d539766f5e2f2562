#version 330 core
// Straight lines with butt ends: leader lines, scan spokes.
layout(location = 0) in vec2 a_corner;
layout(location = 1) in vec4 i_ends;     // from.xy, to.xy in pixels
layout(location = 2) in vec4 i_style;    // width, unused...
layout(location = 3) in vec4 i_color;    // premultiplied
uniform vec2 u_viewport;
out vec2 v_local;      // x along the line from its start, y across
flat out float v_length;
flat out float v_width;
flat out vec4 v_color;
void main() {
    vec2 a = i_ends.xy, b = i_ends.zw;
    float len = max(length(b - a), 1e-4);
    vec2 dir = (b - a) / len, nrm = vec2(-dir.y, dir.x);
    float half_ = i_style.x * 0.5 + 1.0;
    vec2 local = vec2(mix(-1.0, len + 1.0, a_corner.x), mix(-half_, half_, a_corner.y));
    vec2 p = a + dir * local.x + nrm * local.y;
    v_local = local; v_length = len; v_width = i_style.x; v_color = i_color;
    gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
