#version 330 core
// Triangulated shapes: radar grids, series fills and outlines, scan rings. A path point is
// scaled about the chart center by the growth, plus an extrusion in pixels that keeps strokes
// the same width while the shape grows. In radar mode each vertex's role and series pick its
// width and color, so a whole radar is one draw call.
layout(location = 0) in vec2 a_point;    // unit-radius path point
layout(location = 1) in vec2 a_extrude;  // extrusion direction, in half-widths
layout(location = 2) in float a_d;       // signed distance across the stroke, -1...1
layout(location = 3) in vec2 a_tag;      // role (0 fill, 1 stroke, 2 grid), series index
uniform vec2 u_viewport;
uniform vec2 u_center;
uniform float u_radius;      // pixels at growth 1
uniform float u_growth;
uniform int u_radarMode;     // 0: u_halfWidth and u_color for everything
uniform float u_halfWidth;   // pixels; 0 for fills
uniform vec4 u_color;        // premultiplied
uniform vec4 u_seriesColors[128];   // straight alpha
uniform float u_fillOpacity;
uniform float u_strokeHalfWidth;
uniform vec4 u_gridColor;    // premultiplied
uniform float u_gridHalfWidth;
out float v_d;
flat out float v_halfWidth;
flat out vec4 v_color;
void main() {
    float hw = u_halfWidth;
    vec4 color = u_color;
    float growth = u_growth;
    if (u_radarMode == 1) {
        int role = int(a_tag.x + 0.5);
        vec4 c = u_seriesColors[int(a_tag.y + 0.5)];
        if (role == 0) { hw = 0.0; color = vec4(c.rgb, 1.0) * c.a * u_fillOpacity; }
        else if (role == 1) { hw = u_strokeHalfWidth; color = vec4(c.rgb, 1.0) * c.a; }
        else { hw = u_gridHalfWidth; color = u_gridColor; growth = 1.0; }
    }
    vec2 p = u_center + a_point * u_radius * growth + a_extrude * (hw + 0.5);
    v_d = a_d;
    v_halfWidth = hw;
    v_color = color;
    gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
