// Pattern fills and dashes (issue #37), the vertex side: spliced into a vertex shader at its
// "// @pattern" line (ProgramSource), compiled only with PATTERN. PATTERN_TABLE and DASH_TABLE
// are #defined from RadialCore's FillPattern (PatternTable.swift), in points: four rows a
// pattern (line family A, its phase and zigzag, and the lattice of line family B or of dots)
// and two a dash (its on intervals and period). Everything affine in the point is computed
// here, once a vertex, and interpolated: the fragment side only takes fract and a distance.
#ifdef PATTERN
const vec4 PATTERNS[PATTERN_ROWS] = PATTERN_TABLE;
const vec4 DASHES[DASH_ROWS] = DASH_TABLE;
out vec2 v_lineAt;        // family A: spacings across (phase in, + 0.5); wavelengths along (a zigzag's)
out vec2 v_latticeAt;     // the lattice's cell coordinates (phase in, + 0.5); a line family's y is 0.5
flat out vec4 v_lineA;    // zigzag amplitude (spacings), px across a spacing (× the zigzag's slope cosine), half width + 0.5 (px; < 0: no lines)
flat out vec4 v_lattice;  // spacing (px), ring radius (px; 0: dots or lines), half width + 0.5 (px; < 0: none)

// The rows of pattern `id` at `scale` pixels a point, at `q` (pixels from the pattern's origin).
void patternSetup(float id, float scale, vec2 q) {
    int k = int(id + 0.5) * 4;
    vec4 a = PATTERNS[k], a2 = PATTERNS[k + 1], b = PATTERNS[k + 2], b2 = PATTERNS[k + 3];
    float spacing = a.z * scale;
    v_lineAt = vec2(dot(q, a.xy) / spacing - a2.x + 0.5, dot(q, vec2(a.y, -a.x)) * a2.z / scale);
    v_lineA = vec4(a2.y / a.z, spacing * a2.w, a.w < 0.0 ? -1.0 : a.w * scale + 0.5, 0.0);
    // b.xy: a line family's unit normal (b2.y 0) or the dots' lattice (b2.y 1: q on both axes).
    float cell = b.z * scale;
    v_latticeAt = b2.y > 0.5 ? q / cell - b2.x + 0.5 : vec2(dot(q, b.xy) / cell - b2.x + 0.5, 0.5);
    v_lattice = vec4(cell, b2.z * scale, b.w < 0.0 ? -1.0 : b.w * scale + 0.5, 0.0);
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
