#version 330 core
// The beam's inside (pass 0 of scan.vert): fully covered pixels away from the seam, so the
// color interpolated from the vertices is all there is to it.
smooth in vec4 v_color;
out vec4 o_color;
void main() { o_color = v_color; }
