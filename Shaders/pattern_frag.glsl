// Pattern fills and dashes (issue #37), the fragment side: spliced at a fragment shader's
// "// @pattern" line with PATTERN. Coverage of the pattern's ink at a point (pixels from the
// pattern's origin): the union of two line families (the first maybe a zigzag) and a lattice
// of dots or rings, each a 1 px analytic ramp on its distance, no branches and no textures.
#ifdef PATTERN
flat in vec4 v_lineA;
flat in vec4 v_lineA2;
flat in vec4 v_lineB;
flat in vec4 v_lineB2;
flat in vec4 v_dots;

// One family of lines: those where n·q (less the zigzag's wave along them) is a whole number
// of spacings past the phase; the distance across a zigzag is its vertical distance × cos of its slope.
float patternLines(vec2 q, vec4 f, vec4 g) {
    float wave = 4.0 * abs(fract(dot(q, vec2(f.y, -f.x)) * g.z) - 0.5) - 1.0;
    float t = dot(q, f.xy) - g.y * wave;
    float d = abs(fract(t / f.z - g.x + 0.5) - 0.5) * f.z * g.w;
    return clamp(f.w + 0.5 - d, 0.0, 1.0);
}

// The ink's coverage at q.
float patternCoverage(vec2 q) {
    vec2 c = (fract(q / v_dots.x - v_dots.y + 0.5) - 0.5) * v_dots.x;
    float dots = clamp(0.5 - (abs(length(c) - v_dots.z) - v_dots.w), 0.0, 1.0);
    // The union of the families' coverages, as cairo fills their paths together: exact where
    // a grid's lines cross (edges across each other), where the larger of the two falls short.
    float a = patternLines(q, v_lineA, v_lineA2), b = patternLines(q, v_lineB, v_lineB2);
    return 1.0 - (1.0 - a) * (1.0 - b) * (1.0 - dots);
}

// `ink` over `fill` where the pattern covers q (both premultiplied).
vec4 patternOver(vec4 fill, vec4 ink, vec2 q) {
    float c = patternCoverage(q);
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
