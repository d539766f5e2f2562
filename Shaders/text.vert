#version 330 core
// Glyph quads from the R8 atlas.
layout(location = 0) in vec2 a_corner;
layout(location = 1) in vec4 i_rect;    // x0, y0, x1, y1 in pixels
layout(location = 2) in vec4 i_uv;      // u0, v0, u1, v1
layout(location = 3) in vec4 i_color;   // premultiplied
uniform vec2 u_viewport;
out vec2 v_uv;
flat out vec4 v_color;
void main() {
    vec2 p = mix(i_rect.xy, i_rect.zw, a_corner);
    v_uv = mix(i_uv.xy, i_uv.zw, a_corner);
    v_color = i_color;
    gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
