#version 330 core
// Coverage of a stroke from its distance to the path: a 1 px anti-aliased fringe, no MSAA.
in float v_d;
flat in float v_halfWidth;
flat in vec4 v_color;        // premultiplied
out vec4 o_color;
void main() {
    float coverage = 1.0;
    if (v_halfWidth > 0.0) {
        float dist = abs(v_d) * (v_halfWidth + 0.5);
        coverage = clamp(v_halfWidth + 0.5 - dist, 0.0, 1.0);
    }
    o_color = v_color * coverage;
}
