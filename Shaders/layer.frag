#version 330 core
// A layer's picture, premultiplied as its rectangles' blending left it, laid down pixel for pixel.
flat in ivec2 v_origin;
uniform sampler2D u_picture;
out vec4 o_color;
void main() {
    vec4 c = texelFetch(u_picture, ivec2(gl_FragCoord.xy) - v_origin, 0);
    if (c.a <= 0.0) discard;
    o_color = c;
}
