#version 330 core
// Opaque rectangles in whole pixels (card interiors, the page around cards), instanced.
layout(location = 0) in vec2 a_corner;
// @inputs   (i_rect, i_color: SolidBatch.layout)
uniform vec2 u_viewport;
flat out vec4 v_color;
void main() {
    vec2 p = i_rect.xy + a_corner * i_rect.zw;
    v_color = i_color;
    gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
