#version 330 core
// Whole rings (a full turn, no inset, no rounded corners: the scan's range rings and border, a
// pie of one sector) on sector.vert's strips: only the distances to the two circles, none of the
// general sector's wedge and corners.
in vec2 v_local;
flat in vec4 v_geom;    // center.xy, inner radius, outer radius (pixels)
flat in vec4 v_color;   // premultiplied
#ifdef PATTERN
flat in vec4 v_ink;
flat in float v_outline;
#endif
// @pattern
out vec4 o_color;
void main() {
    float r = length(v_local);
    float d = max(r - v_geom.w, v_geom.z - r);   // outside positive
#ifdef PATTERN
    o_color = patternOver(v_color, v_ink) * clamp(0.5 - outlineDistance(d, v_outline), 0.0, 1.0);
#else
    o_color = v_color * clamp(0.5 - d, 0.0, 1.0);
#endif
}
