#version 330 core
// Coverage of a stroke from its distance to the path: a 1 px anti-aliased fringe, no MSAA.
in float v_d;
uniform float u_halfWidth;
uniform vec4 u_color;       // premultiplied
out vec4 o_color;
void main() {
    float coverage = 1.0;
    if (u_halfWidth > 0.0) {
        float dist = abs(v_d) * (u_halfWidth + 0.5);
        coverage = clamp(u_halfWidth + 0.5 - dist, 0.0, 1.0);
    }
    o_color = u_color * coverage;
}
