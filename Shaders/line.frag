#version 330 core
in vec2 v_local;
flat in float v_length;
flat in float v_width;
flat in vec4 v_color;
out vec4 o_color;
void main() {
    float across = clamp(v_width * 0.5 + 0.5 - abs(v_local.y), 0.0, 1.0);
    float along = clamp(min(v_local.x, v_length - v_local.x) + 0.5, 0.0, 1.0);
    float coverage = min(across, 1.0) * along;
    if (coverage <= 0.0) discard;
    o_color = v_color * coverage;
}
