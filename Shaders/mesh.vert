#version 330 core
// Triangulated shapes: radar grids, series fills and outlines, scan rings. A path point is
// scaled about the chart center by the growth, plus an extrusion in pixels that keeps strokes
// the same width while the shape grows. Each vertex's role and series pick its width and
// color, so a whole radar is one draw call. With PATTERN (issue #37) each series' fill takes
// its pattern in the series' color and, with DASHED, each outline its pattern's dash, measured
// along the outline in pixels (the path grows with the shape, so its dashes do too); a
// patterned radar is drawn a role at a time (MeshBatch), outlines with DASHED, fills without.
// @inputs   (a_point, a_extrude, a_d, a_tag, a_along: MeshBatch.layout)
// EXTRUSION_PAD: #defined from MeshBatch, which reports the same reach to the redraw planner.
// @pattern
uniform vec2 u_viewport;
uniform vec2 u_center;
uniform float u_radius;      // pixels at growth 1
uniform float u_growth;
uniform vec4 u_seriesColors[128];   // straight alpha
uniform float u_fillOpacity;
uniform float u_strokeHalfWidth;
uniform vec4 u_gridColor;    // premultiplied
uniform float u_gridHalfWidth;
out float v_d;
flat out float v_halfWidth;
flat out vec4 v_color;
#ifdef PATTERN
uniform vec4 u_seriesPatterns[32];   // each series' FillPattern.index, four a vec4
uniform float u_patternScale;        // pixels a point
uniform vec2 u_patternOrigin;        // pixels
uniform float u_patternInk;          // the series color's opacity in a fill's pattern
out float v_along;                   // pixels along an outline
flat out vec4 v_ink;
#endif
void main() {
    float hw, growth = u_growth;
    vec4 color;
    int role = int(a_tag.x + 0.5);
    int series = int(a_tag.y + 0.5);
    vec4 c = u_seriesColors[series];
    if (role == 0) { hw = 0.0; color = vec4(c.rgb, 1.0) * c.a * u_fillOpacity; }
    else if (role == 1) { hw = u_strokeHalfWidth; color = vec4(c.rgb, 1.0) * c.a; }
    else { hw = u_gridHalfWidth; color = u_gridColor; growth = 1.0; }
    vec2 p = u_center + a_point * u_radius * growth + a_extrude * (hw + EXTRUSION_PAD);
    v_d = a_d;
    v_halfWidth = hw;
    v_color = color;
#ifdef PATTERN
    float pattern = u_seriesPatterns[series / 4][series % 4];
    // Fills take the pattern (outlines and the grid none), outlines the dash (fills and the grid solid).
    patternSetup(role == 0 ? pattern : 0.0, u_patternScale, p - u_patternOrigin);
#ifdef DASHED
    dashSetup(role == 1 ? pattern : 0.0, u_patternScale);
#endif
    v_along = a_along * u_radius * growth;
    v_ink = vec4(c.rgb, 1.0) * c.a * u_patternInk;
#endif
    gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}
