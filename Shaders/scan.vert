#version 330 core
// The radar-scan beam on a quad bounding the part of the turn where it is not clear.
layout(location = 0) in vec2 a_corner;
uniform vec2 u_viewport;
uniform vec2 u_center;
uniform vec4 u_bounds;   // lo.xy, hi.xy relative to the center: just the beam's wedge
out vec2 v_local;
void main() {
    vec2 local = mix(u_bounds.xy, u_bounds.zw, a_corner);
    v_local = local;
    vec2 p = u_center + local;
    gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
