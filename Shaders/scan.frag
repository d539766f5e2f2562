#version 330 core
// The beam's rim and seam (pass 1 of scan.vert): the gradient color comes interpolated from
// the vertices; here the rim and the seam (where the last stop meets the first) are
// anti-aliased, each over a pixel.
smooth in vec4 v_color;
noperspective in vec2 v_local;
noperspective in float v_seam;
uniform float u_radius;
uniform vec4 u_behind;   // the last stop, premultiplied
uniform vec4 u_ahead;    // the first stop
out vec4 o_color;

void main() {
    float inside = clamp(u_radius - length(v_local) + 0.5, 0.0, 1.0);
    float nearSeam = 1.0 - step(1.0, abs(v_seam));
    vec4 seam = mix(u_behind, u_ahead, clamp(v_seam + 0.5, 0.0, 1.0));
    o_color = mix(v_color, seam, nearSeam) * inside;
}
