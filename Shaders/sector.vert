#version 330 core
// Pie and donut sectors: one instance each, drawn as a strip along the annular sector
// (inner edge, outer edge, u_steps steps: 2 for narrow sectors, 16 for wide ones) so only
// about the sector's own pixels are shaded. No
// vertex buffer: positions come from gl_VertexID; the strip reaches 1.5 px past every edge
// for the anti-aliasing. With CAPPED it covers a capped arc (arc.frag): its caps and the
// shadow ahead of its end. With PATTERN (sectors with a pattern or an outline, issue #37) it
// also sets up the pattern's lines and dots, the point's place in the pattern and the ink.
// @inputs   (i_geom, i_angles, i_color, i_pattern, i_ink: SectorBatch.layout)
// @pattern
uniform vec2 u_viewport;
out vec2 v_local;
flat out vec4 v_geom;
flat out vec4 v_angles;
flat out vec4 v_color;
flat out vec4 v_normals;   // inside normals of the start and end edges (per sector, not per pixel)
flat out vec2 v_wedge;     // how the fragment shader combines the edges (see sector.frag)
#ifdef PATTERN
flat out vec4 v_ink;       // premultiplied
flat out float v_outline;  // the outline band's width in pixels (0: filled)
#endif
#ifdef CAPPED
flat out vec4 v_caps;      // the centers of the start and end caps (pixels from the center)
flat out vec4 v_middle;    // the arc's middle direction, cos of its half span, the end's direction ahead (x)
flat out float v_aheadY;   // ... (y): per arc, so arc.frag needs no sin, cos or atan per pixel
#endif

uniform int u_steps;   // the strip has 2 × (u_steps + 1) vertices

vec2 dirOf(float a) { return vec2(sin(a), -cos(a)); }

void main() {
    float ri = i_geom.z, ro = i_geom.w, a0 = i_angles.x, a1 = i_angles.y;
    int step_ = gl_VertexID / 2;
    bool outer = (gl_VertexID & 1) == 1;
    float span = a1 - a0;
#ifdef CAPPED
    // A capped arc (arc.frag): the strip reaches past each end by the cap (half the ring's
    // width, at the ring's middle) and past the end by its shadow, 1.5 px more for the
    // anti-aliasing, but never round more than one turn (a pixel shaded twice would blend twice).
    float full = 0.0;
    float rm = max(0.5 * (ri + ro), 1.0), hw = 0.5 * (ro - ri);
    float cap = asin(min((hw + 1.5) / rm, 1.0));
    float b0 = a0 - cap, b1 = a1 + max(cap, (hw + i_angles.z + 1.5) / rm);
    b1 = min(b1, b0 + 6.2831853);
#else
    float full = step(6.2831853 - 1e-4, span);
    // Widen the arc by 1.5 px at the outer rim (a whole turn needs no widening).
    float margin = (1.0 - full) * 1.5 / max(ro, 1.0);
    float b0 = a0 - margin, b1 = a1 + margin;
#endif
    float a = mix(b0, b1, float(step_) / float(u_steps));
    float half_ = 0.5 * (b1 - b0) / float(u_steps);
    // The outer edge circumscribes the arc; the inner one stays inside the hole (or at the center).
    float r = outer ? (ro + 1.5) / cos(half_) : max(ri - 1.5, 0.0);
    vec2 local = dirOf(a) * r;
    v_local = local; v_geom = i_geom; v_angles = i_angles; v_color = i_color;
#ifdef PATTERN
    // A negative pattern is an outline that wide (no pattern: an outlined track is plain).
    v_outline = max(-i_pattern.x, 0.0);
    patternSetup(max(i_pattern.x, 0.0), i_pattern.y, local + i_pattern.zw);
    v_ink = i_ink;
#endif
#ifdef CAPPED
    v_caps = vec4(dirOf(a0) * rm, dirOf(a1) * rm);
    v_middle = vec4(dirOf(0.5 * (a0 + a1)), cos(min(0.5 * span, 3.14159265)), cos(a1));
    v_aheadY = sin(a1);
#endif
    // Clockwise is increasing angle: the start edge's inside is along +(cos, sin), the end's along −.
    v_normals = vec4(cos(a0), sin(a0), -cos(a1), -sin(a1));
    // Under half a turn the wedge is both half-planes; over it, either one; a whole turn has none.
    // An empty sector (span <= 0) gets a wedge far outside, so it covers nothing.
    v_wedge = vec2(step(span, 3.14159265), full * 1e6 - step(span, 0.0) * 1e6);
    vec2 p = i_geom.xy + local;
    gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
