#version 330 core
// Coverage of a stroke from its distance to the path: a 1 px anti-aliased fringe, no MSAA.
// With PATTERN, a fill's pattern in its ink over it and an outline's dashes (issue #37).
in float v_d;
flat in float v_halfWidth;
flat in vec4 v_color;        // premultiplied
#ifdef PATTERN
in float v_along;
flat in vec4 v_ink;
#endif
// @pattern
out vec4 o_color;
void main() {
    float coverage = 1.0;
    if (v_halfWidth > 0.0) {
        float dist = abs(v_d) * (v_halfWidth + 0.5);
        coverage = clamp(v_halfWidth + 0.5 - dist, 0.0, 1.0);
    }
#ifdef PATTERN
    o_color = patternOver(v_color, v_ink) * coverage;
#ifdef DASHED
    o_color *= dashCoverage(v_along);
#endif
#else
    o_color = v_color * coverage;
#endif
}
