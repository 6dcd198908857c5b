#version 330 core
// One triangle that covers the screen; no vertex buffers (draw 3 vertices).

out vec2 vNdc;

void main() {
    // vertices (-1,-1), (3,-1), (-1,3)
    vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2)) * 2.0 - 1.0;
    vNdc = p;
    gl_Position = vec4(p, 0.0, 1.0);
}
