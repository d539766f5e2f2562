#version 330 core
// A ring intersected with an angular wedge whose edges move in, parallel, by half the inset:
// the gap between neighbours has the same width all the way out. Distances are in pixels,
// positive inside; coverage is a 1 px analytic ramp. No branches and no discard (a pixel of
// zero coverage blends to nothing); on llvmpipe that measured the same as with them.
in vec2 v_local;
flat in vec4 v_geom;
flat in vec4 v_angles;
flat in vec4 v_color;
flat in vec4 v_normals;   // inside normals of the start and end edges, from the vertex shader
flat in vec2 v_wedge;     // x: 1 under half a turn (both edges bound), 0 over it (either); y: 1e6 for a whole turn, else 0
#ifdef PATTERN
flat in vec4 v_ink;
flat in float v_outline;
#endif
// @pattern
out vec4 o_color;
void main() {
    vec2 p = v_local;
    float ri = v_geom.z, ro = v_geom.w;
    float h = v_angles.z, cr = v_angles.w;
    float r = length(p);
    // Outside the hole only when there is one (ri = 0: r - ri >= 0 never binds below ro - r).
    float ring = min(ro - r, r - ri + step(ri, 0.0) * 1e6);
    float s0 = dot(p, v_normals.xy) - h;
    float s1 = dot(p, v_normals.zw) - h;
    float wedge = mix(max(s0, s1), min(s0, s1), v_wedge.x) + v_wedge.y;
#ifdef ROUNDED
    // Rounded intersection of ring and wedge (distances negated: outside positive); with a
    // corner radius of 0 it is the plain intersection.
    vec2 u = max(vec2(cr - wedge, cr - ring), 0.0);
    float d = min(-cr, max(-wedge, -ring)) + length(u);
#else
    // Sectors without rounded corners (the program without ROUNDED): the plain intersection,
    // which differs from the rounded one at cr = 0 only by a fraction of a pixel's coverage just
    // outside a corner, and saves llvmpipe a length per pixel.
    float d = max(-wedge, -ring);
#endif
#ifdef PATTERN
    o_color = patternOver(v_color, v_ink) * clamp(0.5 - outlineDistance(d, v_outline), 0.0, 1.0);
#else
    o_color = v_color * clamp(0.5 - d, 0.0, 1.0);
#endif
}
