#version 330 core
// A ring intersected with an angular wedge whose edges move in, parallel, by half the inset:
// the gap between neighbours has the same width all the way out. Distances are in pixels,
// positive inside; coverage is a 1 px analytic ramp.
in vec2 v_local;
flat in vec4 v_geom;
flat in vec4 v_angles;
flat in vec4 v_color;
flat in vec4 v_normals;   // inside normals of the start and end edges, from the vertex shader
out vec4 o_color;
void main() {
    vec2 p = v_local;
    float ri = v_geom.z, ro = v_geom.w;
    float a0 = v_angles.x, a1 = v_angles.y, h = v_angles.z, cr = v_angles.w;
    float r = length(p);
    float ring = ro - r;
    if (ri > 0.0) ring = min(ring, r - ri);
    float wedge = 1e6;
    float span = a1 - a0;
    if (span < 6.2830853 - 1e-4) {
        float s0 = dot(p, v_normals.xy) - h;
        float s1 = dot(p, v_normals.zw) - h;
        // Under half a turn the wedge is both half-planes; over it, either one.
        wedge = span <= 3.14159265 ? min(s0, s1) : max(s0, s1);
    }
    float d;
    if (cr > 0.0) {
        // Rounded intersection of ring and wedge (distances negated: outside positive).
        vec2 u = max(vec2(cr - wedge, cr - ring), 0.0);
        d = min(-cr, max(-wedge, -ring)) + length(u);
    } else {
        d = -min(wedge, ring);
    }
    float coverage = clamp(0.5 - d, 0.0, 1.0);
    if (span <= 0.0) coverage = 0.0;
    if (coverage <= 0.0) discard;
    o_color = v_color * coverage;
}
