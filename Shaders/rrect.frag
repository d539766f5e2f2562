#version 330 core
in vec2 v_local;
flat in vec2 v_half;
flat in vec4 v_shape;
flat in vec4 v_color;
flat in vec4 v_shadowColor;
out vec4 o_color;

// Signed distance to a rounded box (negative inside), in pixels.
float sdRoundBox(vec2 p, vec2 b, float r) {
    vec2 q = abs(p) - b + r;
    return min(max(q.x, q.y), 0.0) + length(max(q, 0.0)) - r;
}

// erf, to within 5e-4 (Abramowitz and Stegun 7.1.26), for the Gaussian shadow's edge.
float erf_(float x) {
    float s = sign(x); x = abs(x);
    float t = 1.0 / (1.0 + 0.3275911 * x);
    float y = 1.0 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * exp(-x * x);
    return s * y;
}

void main() {
    float radius = min(v_shape.x, min(v_half.x, v_half.y));
    float d = sdRoundBox(v_local, v_half, radius);
    float fill = clamp(0.5 - d, 0.0, 1.0);
    if (v_shape.y > 0.0) fill -= clamp(0.5 - (d + v_shape.y), 0.0, 1.0);
    vec4 color = v_color * fill;
    if (v_shape.z > 0.0) {
        // SwiftUI's shadow(radius:) blurs with sigma of about radius / 2.
        float sigma = max(v_shape.z * 0.5, 0.5);
        float shadow = 0.5 - 0.5 * erf_(d / (sigma * 1.41421356));
        color += v_shadowColor * shadow * (1.0 - color.a);
    }
    if (color.a <= 0.0) discard;
    o_color = color;
}
