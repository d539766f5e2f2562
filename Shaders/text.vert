#version 330 core
// Glyph quads from the R8 atlas.
layout(location = 0) in vec2 a_corner;
// @inputs   (i_rect, i_uv, i_color: TextBatch.layout)
uniform vec2 u_viewport;
out vec2 v_uv;
flat out vec4 v_color;
void main() {
    vec2 p = mix(i_rect.xy, i_rect.zw, a_corner);
    v_uv = mix(i_uv.xy, i_uv.zw, a_corner);
    v_color = i_color;
    gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
