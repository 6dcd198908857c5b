#version 330 core
// Depth-only pass: the depth buffer is all we want.

void main() {}
