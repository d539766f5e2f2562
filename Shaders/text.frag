#version 330 core
in vec2 v_uv;
flat in vec4 v_color;
flat in float v_colored;
uniform sampler2D u_atlas;
// Color glyphs (emoji): premultiplied RGBA, drawn as they are times the run's alpha.
uniform sampler2D u_colorAtlas;
out vec4 o_color;
void main() {
    if (v_colored > 0.5) {
        vec4 c = texture(u_colorAtlas, v_uv);
        if (c.a <= 0.0) discard;
        o_color = c * v_color.a;
        return;
    }
    float coverage = texture(u_atlas, v_uv).r;
    if (coverage <= 0.0) discard;
    o_color = v_color * coverage;
}
