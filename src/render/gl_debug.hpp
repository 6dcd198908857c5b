#pragma once
// OpenGL debug output (GL 4.3 / KHR_debug) that counts what it reports, so that a
// run can say at its end whether the driver saw any error, not only print them.

namespace cs {

// Installs the counting callback when the context offers KHR_debug (a debug
// context reports the most). Errors and warnings go to stderr as
// "GL error ID: message" / "GL warning ID: message". Returns whether it was installed.
bool installGlErrorCounter();

// GL_DEBUG_TYPE_ERROR messages reported since installGlErrorCounter().
int glDebugErrorCount();

} // namespace cs
