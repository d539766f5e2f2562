// Pattern fills and dashes (issue #37), the fragment side: spliced at a fragment shader's
// "// @pattern" line with PATTERN. Coverage of the pattern's ink at a pixel: the union of line
// family A (maybe a zigzag) and a lattice (dots, rings, or line family B as dots stretched into
// lines), each a 1 px analytic ramp on its distance, each only where PATTERN_LINES,
// PATTERN_WAVE and PATTERN_LATTICE ask for it. The affine parts come interpolated from the
// vertex side (pattern_vert.glsl); no branches, no textures, no divisions.
#ifdef PATTERN
#ifdef PATTERN_LINES
in vec2 v_lineAt;
flat in vec4 v_lineA;
#endif
#ifdef PATTERN_LATTICE
in vec2 v_latticeAt;
flat in vec4 v_lattice;
#endif

// The ink's coverage here: only the terms this program was made with (PatternTerms), so a
// pattern pays for what it draws.
float patternCoverage() {
    float a = 0.0, b = 0.0;
#ifdef PATTERN_LINES
    // Family A: lines where the coordinate across (less a zigzag's wave along them) is whole;
    // the distance across a zigzag is its vertical distance × cos of its slope (in v_lineA.y).
    float across = v_lineAt.x;
#ifdef PATTERN_WAVE
    across -= v_lineA.x * (4.0 * abs(fract(v_lineAt.y) - 0.5) - 1.0);
#endif
    a = clamp(v_lineA.z - abs(fract(across) - 0.5) * v_lineA.y, 0.0, 1.0);
#endif
#ifdef PATTERN_LATTICE
    // The lattice: the distance to the cell's center (a dot), to a ring round it, or, with the
    // second coordinate held at the center, to a line.
    float r = length((fract(v_latticeAt) - 0.5) * v_lattice.x);
    b = clamp(v_lattice.z - abs(r - v_lattice.y), 0.0, 1.0);
#endif
    // The union, as cairo fills the paths together: exact where a grid's lines cross (edges
    // across each other), where the larger of the two falls short.
    return 1.0 - (1.0 - a) * (1.0 - b);
}

// `ink` over `fill` where the pattern covers this pixel (both premultiplied).
vec4 patternOver(vec4 fill, vec4 ink) {
    float c = patternCoverage();
    return ink * c + fill * (1.0 - c * ink.a);
}

// The distance to the band `width` px wide inside a shape's edge (d: the shape's distance,
// positive outside); width 0: the shape's own.
float outlineDistance(float d, float width) { return width > 0.0 ? abs(d + 0.5 * width) - 0.5 * width : d; }

#ifdef DASHED
flat in vec4 v_dash0;
flat in vec4 v_dash1;

float dashInterval(float m, float s, float e) { return clamp(0.5 + min(m - s, e - m), 0.0, 1.0); }

// How much of a stroke's pixel `a` px along its path a dash covers (butt ends, a 1 px ramp).
float dashCoverage(float a) {
    float period = v_dash1.z;
    float m = a - floor(a / period) * period;
    float c = max(dashInterval(m, v_dash0.x, v_dash0.y), max(dashInterval(m, v_dash0.z, v_dash0.w), dashInterval(m, v_dash1.x, v_dash1.y)));
    // The first dash again, where the next period starts.
    c = max(c, dashInterval(m - period, v_dash0.x, v_dash0.y));
    return max(c, v_dash1.w);
}
#endif
#endif
