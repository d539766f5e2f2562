#version 330 core
// Radar grid and series: a path point scaled about the chart center by the growth, plus an
// extrusion in pixels that keeps strokes the same width while the shape grows.
layout(location = 0) in vec2 a_point;    // unit-radius path point
layout(location = 1) in vec2 a_extrude;  // extrusion direction, in half-widths
layout(location = 2) in float a_d;       // signed distance across the stroke, -1...1
uniform vec2 u_viewport;
uniform vec2 u_center;
uniform float u_radius;     // pixels at growth 1
uniform float u_growth;
uniform float u_halfWidth;  // pixels; 0 for fills
out float v_d;
void main() {
    vec2 p = u_center + a_point * u_radius * u_growth + a_extrude * (u_halfWidth + 0.5);
    v_d = a_d;
    gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
