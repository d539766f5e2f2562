#version 330 core
// The radar-scan sweep on the circle's bounding quad.
layout(location = 0) in vec2 a_corner;
uniform vec2 u_viewport;
uniform vec2 u_center;
uniform float u_radius;
out vec2 v_local;
void main() {
    vec2 local = mix(vec2(-u_radius - 1.0), vec2(u_radius + 1.0), a_corner);
    v_local = local;
    vec2 p = u_center + local;
    gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
