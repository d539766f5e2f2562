#version 330 core
// A capped arc of a ring (gauges, activity rings, radial bars): the ring between the two end
// angles with a half-disc of half the ring's width at each end, centered on the ring's middle.
// Its distance is the distance to the arc of the ring's middle, less half the width: |r − rm|
// inside the angles, the distance to the nearer end's center outside them. Distances in pixels,
// positive outside; coverage a 1 px analytic ramp. Ahead of the end cap, inside the ring only,
// and ahead of it only, a shadow (black, i_angles.w where it touches the cap, falling off as (1 − d/reach)² over
// i_angles.z pixels) shows where a ring past one lap overlaps itself; the arc covers its own part.
in vec2 v_local;
flat in vec4 v_geom;     // center.xy, inner radius, outer radius (pixels)
flat in vec4 v_angles;   // start, end (radians clockwise from 12), shadow reach (pixels), shadow opacity
flat in vec4 v_color;    // premultiplied
flat in vec4 v_caps;     // start and end cap centers (sector.vert, per arc)
flat in vec4 v_middle;   // middle direction, cos of the half span, end direction ahead (x)
flat in float v_aheadY;  // end direction ahead (y)
#ifdef PATTERN
flat in vec4 v_ink;
flat in float v_outline;
#endif
// @pattern
out vec4 o_color;
void main() {
    vec2 p = v_local;
    float ri = v_geom.z, ro = v_geom.w;
    float rm = 0.5 * (ri + ro), hw = 0.5 * (ro - ri);
    float r = length(p);
    // Within the angles: the angle to the arc's middle is at most half the span (cos is
    // monotonic on [0, pi], so compare dot products instead of angles).
    bool inside = dot(p, v_middle.xy) >= r * v_middle.z;
    vec2 c0 = v_caps.xy, c1 = v_caps.zw;
    float toEnd = length(p - c1) - hw;
    float caps = min(length(p - c0) - hw, toEnd);
    float along = inside ? abs(r - rm) - hw : 1e6;
    float d = min(along, caps);
#ifdef PATTERN
    float coverage = clamp(0.5 - outlineDistance(d, v_outline), 0.0, 1.0);
    vec4 fill = patternOver(v_color, v_ink);
#else
    float coverage = clamp(0.5 - d, 0.0, 1.0);
    vec4 fill = v_color;
#endif
    float reach = v_angles.z;
    float band = clamp(0.5 - max(r - ro, ri - r), 0.0, 1.0);
    float t = clamp(toEnd / max(reach, 1e-3), 0.0, 1.0);
    // Only ahead of the end: the line where that starts crosses the ring inside the end cap.
    float ahead = step(0.0, dot(p - c1, vec2(v_middle.w, v_aheadY)));
    float shadow = step(1e-3, reach) * v_angles.w * (1.0 - t) * (1.0 - t) * band * ahead * (1.0 - coverage);
    o_color = fill * coverage + vec4(0.0, 0.0, 0.0, shadow);
}
