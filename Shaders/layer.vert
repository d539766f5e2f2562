#version 330 core
// A layer's picture (LayerBatch): one quad over its box, its pixels fetched one for one.
layout(location = 0) in vec2 a_corner;        // 0...1
// @inputs   (i_rect: LayerBatch.layout)
uniform vec2 u_viewport;
// The box's bottom-left pixel in window coordinates (y up), where the picture's texel (0, 0) goes.
flat out ivec2 v_origin;
void main() {
    vec2 p = i_rect.xy + a_corner * i_rect.zw;
    v_origin = ivec2(i_rect.x, u_viewport.y - i_rect.y - i_rect.w);
    gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
