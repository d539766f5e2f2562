#version 330 core
in vec2 v_uv;
flat in vec4 v_color;
uniform sampler2D u_atlas;
out vec4 o_color;
void main() {
    float coverage = texture(u_atlas, v_uv).r;
    if (coverage <= 0.0) discard;
    o_color = v_color * coverage;
}
