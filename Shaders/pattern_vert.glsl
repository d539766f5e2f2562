// Pattern fills and dashes (issue #37), the vertex side: spliced into a vertex shader at its
// "// @pattern" line (ProgramSource), compiled only with PATTERN. PATTERN_TABLE and DASH_TABLE
// are #defined from RadialCore's FillPattern (PatternTable.swift), in points: five rows a
// pattern (line family A, its phase and zigzag, family B, its phase, the dots) and two a dash
// (its on intervals and period). Scaled to pixels here, once a vertex, so the fragment side
// only measures distances.
#ifdef PATTERN
const vec4 PATTERNS[PATTERN_ROWS] = PATTERN_TABLE;
const vec4 DASHES[DASH_ROWS] = DASH_TABLE;
flat out vec4 v_lineA;    // unit normal, spacing (px), half width (px; negative: no lines)
flat out vec4 v_lineA2;   // phase, zigzag amplitude (px), 1 / wavelength (1/px), slope cosine
flat out vec4 v_lineB;
flat out vec4 v_lineB2;
flat out vec4 v_dots;     // spacing (px), phase, ring radius (px; 0: dots), half width (px; negative: none)

// The rows of pattern `id` at `scale` pixels a point.
void patternSetup(float id, float scale) {
    int k = int(id + 0.5) * 5;
    vec4 a = PATTERNS[k], a2 = PATTERNS[k + 1], b = PATTERNS[k + 2], b2 = PATTERNS[k + 3], d = PATTERNS[k + 4];
    v_lineA = vec4(a.xy, a.z * scale, a.w < 0.0 ? -1.0 : a.w * scale);
    v_lineA2 = vec4(a2.x, a2.y * scale, a2.z / scale, a2.w);
    v_lineB = vec4(b.xy, b.z * scale, b.w < 0.0 ? -1.0 : b.w * scale);
    v_lineB2 = vec4(b2.x, b2.y * scale, b2.z / scale, b2.w);
    v_dots = vec4(d.x * scale, d.y, d.z * scale, d.w < 0.0 ? -1.0 : d.w * scale);
}

#ifdef DASHED
flat out vec4 v_dash0;    // on intervals [start, end) 0 and 1 (px)
flat out vec4 v_dash1;    // on interval 2, the period (px), 1 for a solid line

// The dash of pattern `id` at `scale` pixels a point.
void dashSetup(float id, float scale) {
    int k = int(id + 0.5) * 2;
    v_dash0 = DASHES[k] * scale;
    v_dash1 = vec4(DASHES[k + 1].xyz * scale, DASHES[k + 1].w);
}
#endif
#endif
