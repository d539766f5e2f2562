#version 330 core
// The radar-scan beam, drawn as a triangle fan over just the arc of the turn where the gradient
// is not clear: vertex 0 is the center, vertices 1...n+1 lie on a polygon circumscribing the
// circle (so the fan holds the whole disk sector and its 1 px rim fringe). No vertex buffer:
// positions come from gl_VertexID.
uniform vec2 u_viewport;
uniform vec2 u_center;
uniform float u_radius;
uniform vec2 u_arc;        // start, end angle (radians clockwise from 3 o'clock)
uniform int u_segments;
out vec2 v_local;
void main() {
    vec2 local = vec2(0.0);
    if (gl_VertexID > 0) {
        float step_ = (u_arc.y - u_arc.x) / float(u_segments);
        float a = u_arc.x + step_ * float(gl_VertexID - 1);
        float reach = (u_radius + 1.5) / cos(0.5 * step_);
        local = reach * vec2(cos(a), sin(a));
    }
    v_local = local;
    vec2 p = u_center + local;
    gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
