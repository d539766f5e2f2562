#version 330 core
// Glyph quads from the R8 atlas, or (i_colored 1) from the RGBA color atlas.
layout(location = 0) in vec2 a_corner;
// @inputs   (i_rect, i_uv, i_color, i_colored, i_angle: TextBatch.layout)
// A glyph of a turned run (i_angle not 0) turns about its rect's center, clockwise on the screen.
uniform vec2 u_viewport;
out vec2 v_uv;
flat out vec4 v_color;
flat out float v_colored;
void main() {
    vec2 p = mix(i_rect.xy, i_rect.zw, a_corner);
    if (i_angle != 0.0) {
        vec2 c = (i_rect.xy + i_rect.zw) * 0.5, d = p - c;
        float co = cos(i_angle), si = sin(i_angle);
        p = c + vec2(co * d.x - si * d.y, si * d.x + co * d.y);
    }
    v_uv = mix(i_uv.xy, i_uv.zw, a_corner);
    v_color = i_color;
    v_colored = i_colored;
    gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
