#version 330 core
// SwiftUI's AngularGradient, clipped to a circle (the border is a stroked mesh drawn first, as
// the seed's ZStack puts the gradient over it). n stops sit at i/(n-1) of a turn from the start angle (3 o'clock, clockwise
// on screen), interpolated in premultiplied alpha. The rim and the seam at the leading edge are
// anti-aliased analytically.
in vec2 v_local;
uniform float u_radius;
uniform float u_start;       // radians clockwise from 3 o'clock
uniform float u_direction;   // +1 clockwise, -1 counter-clockwise
uniform vec4 u_stops[8];     // premultiplied
uniform int u_stopCount;
out vec4 o_color;

const float TAU = 6.28318530718;

vec4 gradientAt(float u) {
    if (u_stopCount <= 0) return vec4(0.0);
    if (u_stopCount == 1) return u_stops[0];
    float seg = clamp(u, 0.0, 1.0) * float(u_stopCount - 1);
    int i = min(int(floor(seg)), u_stopCount - 2);
    return mix(u_stops[i], u_stops[i + 1], seg - float(i));
}

void main() {
    float r = length(v_local);
    float inside = clamp(u_radius - r + 0.5, 0.0, 1.0);
    if (inside <= 0.0) discard;
    float phi = atan(v_local.y, v_local.x);                   // clockwise from 3 o'clock (y down)
    float u = fract(u_direction * (phi - u_start) / TAU);
    vec4 beam = gradientAt(u);
    // The seam: the last stop meets the first. Box-filter it over one pixel of arc.
    float s = (u < 0.5 ? u : u - 1.0) * TAU * max(r, 1e-3);   // signed pixels from the seam
    if (abs(s) < 1.0) {
        vec4 behind = u_stops[max(u_stopCount - 1, 0)], ahead = u_stops[0];
        beam = mix(behind, ahead, clamp(s + 0.5, 0.0, 1.0));
    }
    o_color = beam * inside;
}
