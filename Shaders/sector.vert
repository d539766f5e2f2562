#version 330 core
// Pie and donut sectors: one instance each, on a quad that bounds just that sector.
layout(location = 0) in vec2 a_corner;
layout(location = 1) in vec4 i_geom;     // center.xy, inner radius, outer radius (pixels)
layout(location = 2) in vec4 i_angles;   // start, end (radians clockwise from 12), half inset, corner radius
layout(location = 3) in vec4 i_color;    // premultiplied
uniform vec2 u_viewport;
out vec2 v_local;
flat out vec4 v_geom;
flat out vec4 v_angles;
flat out vec4 v_color;

vec2 dirOf(float a) { return vec2(sin(a), -cos(a)); }

void main() {
    float ri = i_geom.z, ro = i_geom.w, a0 = i_angles.x, a1 = i_angles.y;
    // The bounding box of the annular sector: its four corners and any of the four compass
    // points its arc passes.
    vec2 lo = min(min(dirOf(a0) * ro, dirOf(a1) * ro), min(dirOf(a0) * ri, dirOf(a1) * ri));
    vec2 hi = max(max(dirOf(a0) * ro, dirOf(a1) * ro), max(dirOf(a0) * ri, dirOf(a1) * ri));
    for (int k = 0; k < 8; k++) {
        float c = float(k) * 1.5707963;
        if (c > a0 && c < a1) { lo = min(lo, dirOf(c) * ro); hi = max(hi, dirOf(c) * ro); }
    }
    lo -= 1.5; hi += 1.5;
    vec2 local = mix(lo, hi, a_corner);
    v_local = local; v_geom = i_geom; v_angles = i_angles; v_color = i_color;
    vec2 p = i_geom.xy + local;
    gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
