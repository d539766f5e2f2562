#version 330 core
// The radar-scan beam (SwiftUI's AngularGradient clipped to a circle), over just the arc where
// the gradient shows, in two passes with this vertex shader and no vertex buffer:
//   u_pass 0: for each segment of the arc a triangle from the center to a chord inside the
//             circle (every pixel fully inside, no anti-aliasing needed), except the two
//             segments beside the seam;
//   u_pass 1: those two seam triangles (vertices 0...5), then for each segment a quad from
//             that chord out to a polygon circumscribing the circle: the rim.
// The fragment shaders: pass 0 only interpolates the color; pass 1 anti-aliases rim and seam.
//
// The gradient is worked out here, per vertex. Segments lie on a grid of u_turnSegments a
// turn, a multiple of (stops - 1), so every stop falls on a vertex and the gradient is linear
// between vertices, as its colors are. The center vertex sits at w = 1e5: perspective-correct
// interpolation then ignores its color, so the color is constant along each ray from the
// center and varies only with the angle (the chord-versus-arc error is < 1.3e-4 rad at 32
// segments a turn: under 0.01 of a color level).
uniform vec2 u_viewport;
uniform vec2 u_center;
uniform float u_radius;
uniform float u_start;        // radians clockwise from 3 o'clock, where u = 0
uniform float u_direction;    // +1 clockwise, -1 counter-clockwise
uniform int u_first;          // grid index of the arc's first segment (may be negative)
uniform int u_segments;       // segments in the arc
uniform int u_turnSegments;   // segments a full turn
uniform int u_pass;
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

int inTurn(int segment) {   // 0 is just ahead of the seam, n - 1 just behind
    // GLSL leaves % undefined for negative operands (llvmpipe computes it unsigned), so
    // floor division; segments are small integers, exact in float.
    int n = u_turnSegments;
    return segment - n * int(floor(float(segment) / float(n)));
}

void main() {
    int n = u_turnSegments;
    float step_ = TAU / float(n);
    int segment;           // grid index
    int corner;            // 0 the center, 1 and 2 the segment's two edges
    bool outer = false;    // on the circumscribing polygon rather than the inner chord
    bool keep = true;
    if (u_pass == 0) {
        segment = u_first + gl_VertexID / 3;
        corner = gl_VertexID % 3;
        int t = inTurn(segment);
        keep = t != 0 && t != n - 1;
    } else if (gl_VertexID < 6) {
        // The seam's two triangles: the segment just ahead of it and the one just behind.
        int t = gl_VertexID / 3;   // 0 ahead, 1 behind
        int ahead = u_first + inTurn(-u_first);       // the first grid index >= u_first congruent to 0
        segment = t == 0 ? ahead : ahead - 1;
        corner = gl_VertexID % 3;
        keep = segment >= u_first && segment < u_first + u_segments;
    } else {
        int id = gl_VertexID - 6;
        segment = u_first + id / 6;
        int q = id % 6;   // two triangles: (inner 1, outer 1, outer 2), (inner 1, outer 2, inner 2)
        corner = (q == 0 || q == 1 || q == 3) ? 1 : 2;
        outer = q == 1 || q == 2 || q == 4;
    }
    int t = inTurn(segment);
    vec2 seamNormal = u_direction * vec2(-sin(u_start), cos(u_start));
    bool nearSeam = t == 0 || t == n - 1;
    vec2 local = vec2(0.0);
    vec4 color;
    float w = 1.0;
    if (corner == 0) {
        color = gradientAt((float(t) + 0.5) / float(n));
        w = CENTER_W;
    } else {
        int k = corner - 1;
        float a = u_start + u_direction * float(segment + k) * step_;
        // Inner chord: its vertices at R - 0.5 px, so all of the triangle is fully inside.
        // Outer polygon: circumscribes R + 1.5 px, holding the rim's anti-aliased fringe.
        float reach = outer ? (u_radius + 1.5) / cos(0.5 * step_) : max(u_radius - 0.5, 0.0);
        local = reach * vec2(cos(a), sin(a));
        color = gradientAt(float(t + k) / float(n));
    }
    if (!keep) { local = vec2(0.0); w = 1.0; }   // a degenerate triangle, not drawn
    v_color = color;
    v_local = local;
    v_seam = nearSeam ? dot(local, seamNormal) : 100.0;
    vec2 p = u_center + local;
    gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0) * w;
}
