#version 330 core
// The radar-scan beam (SwiftUI's AngularGradient clipped to a circle), as triangles from the
// center over just the arc where the gradient shows. No vertex buffer: gl_VertexID / 3 is the
// segment, gl_VertexID % 3 its corner (0 the center, 1 and 2 on a polygon circumscribing the
// circle, so each triangle holds its disk sector and the 1 px rim fringe).
//
// The gradient is worked out here, per vertex, not per pixel. Segments lie on a grid of
// u_turnSegments a turn, a multiple of (stops - 1), so every stop falls on a vertex and the
// gradient is linear between vertices, as its colors are. The center vertex sits at w = 1e5:
// perspective-correct interpolation then ignores its color, so the color is constant along each
// ray from the center and varies only with the angle (the chord-versus-arc error is < 2e-5 rad
// for 64 segments a turn). Per pixel, the fragment shader only anti-aliases the rim and seam.
uniform vec2 u_viewport;
uniform vec2 u_center;
uniform float u_radius;
uniform float u_start;        // radians clockwise from 3 o'clock, where u = 0
uniform float u_direction;    // +1 clockwise, -1 counter-clockwise
uniform int u_first;          // grid index of the first segment (may be negative)
uniform int u_turnSegments;   // segments a full turn
uniform vec4 u_stops[8];      // premultiplied
uniform int u_stopCount;
smooth out vec4 v_color;
noperspective out vec2 v_local;
noperspective out float v_seam;  // signed pixels from the seam (ahead side positive), near it only

const float TAU = 6.28318530718;
const float CENTER_W = 100000.0;

vec4 gradientAt(float u) {
    if (u_stopCount <= 0) return vec4(0.0);
    if (u_stopCount == 1) return u_stops[0];
    float seg = clamp(u, 0.0, 1.0) * float(u_stopCount - 1);
    int i = min(int(floor(seg)), u_stopCount - 2);
    return mix(u_stops[i], u_stops[i + 1], seg - float(i));
}

void main() {
    int segment = u_first + gl_VertexID / 3;
    int corner = gl_VertexID - (gl_VertexID / 3) * 3;
    int n = u_turnSegments;
    int inTurn = ((segment % n) + n) % n;          // 0 is just ahead of the seam, n - 1 just behind
    float step_ = TAU / float(n);
    // The seam line's normal, pointing to the ahead side.
    vec2 seamNormal = u_direction * vec2(-sin(u_start), cos(u_start));
    bool nearSeam = inTurn == 0 || inTurn == n - 1;
    vec2 local = vec2(0.0);
    vec4 color;
    float w = 1.0;
    if (corner == 0) {
        color = gradientAt((float(inTurn) + 0.5) / float(n));
        w = CENTER_W;
    } else {
        int k = corner - 1;
        float a = u_start + u_direction * float(segment + k) * step_;
        local = (u_radius + 1.5) / cos(0.5 * step_) * vec2(cos(a), sin(a));
        color = gradientAt(float(inTurn + k) / float(n));
    }
    v_color = color;
    v_local = local;
    v_seam = nearSeam ? dot(local, seamNormal) : 100.0;
    vec2 p = u_center + local;
    gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0) * w;
}
