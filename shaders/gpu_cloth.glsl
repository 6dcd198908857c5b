// Shared by the GPU solvers' compute shaders (src/gpu): inserted after the
// #version line of each *.comp by ComputeProgram, so it declares no buffers of
// its own, only what every kernel computes the same way as the CPU code:
// colliders and their contact (src/sim/collision/colliders.cpp, contact.cpp) and
// the aerodynamic force of a triangle (src/sim/forces.cpp).

// One collider as src/gpu/gpu_colliders.cpp packs it (std430, 8 vec4s).
struct GpuCollider {
    vec4 position;           // xyz: pose position; w: shape kind (0 sphere, 1 plane, 2 box, 3 capsule)
    vec4 orientation;        // pose orientation, quaternion (x, y, z, w)
    vec4 startPosition;      // xyz: where the substep began; w: radius
    vec4 startOrientation;
    vec4 extents;            // xyz: box half extents; w: capsule half length
    vec4 panel;              // xy: plane half size (0: infinite); z: mu_s; w: mu_k
    vec4 velocity;           // xyz: a dynamic body's velocity; w: restitution
    vec4 flags;              // x: 1 for a dynamic body (its own velocity is the surface's)
};

const uint kSphere = 0u;
const uint kPlane = 1u;
const uint kBox = 2u;
const uint kCapsule = 3u;

vec3 rotateByQuat(vec4 q, vec3 v) {
    const vec3 t = 2.0 * cross(q.xyz, v);
    return v + q.w * t + cross(q.xyz, t);
}
vec3 toLocal(vec3 position, vec4 orientation, vec3 world) {
    return rotateByQuat(vec4(-orientation.xyz, orientation.w), world - position);
}
vec3 toWorld(vec3 position, vec4 orientation, vec3 local) { return position + rotateByQuat(orientation, local); }

// Contact in the collider's frame (colliders.cpp localContact): false when the
// point is farther than thickness from the surface.
bool localContact(GpuCollider c, vec3 p, float thickness, out vec3 normal, out float depth) {
    const uint kind = uint(c.position.w);
    normal = vec3(0.0, 1.0, 0.0);
    depth = 0.0;
    if (kind == kSphere) {
        const float dist = length(p);
        depth = c.startPosition.w + thickness - dist;
        normal = dist > 1e-9 ? p / dist : vec3(0.0, 1.0, 0.0);
    } else if (kind == kPlane) {
        const vec2 halfSize = c.panel.xy;
        const bool finite = halfSize.x > 0.0 && halfSize.y > 0.0;
        if (finite && (abs(p.x) > halfSize.x || abs(p.z) > halfSize.y || p.y < -min(halfSize.x, halfSize.y))) return false;
        depth = thickness - p.y;
    } else if (kind == kBox) {
        const vec3 e = c.extents.xyz;
        const vec3 q = abs(p) - e;
        const float outside = max(q.x, max(q.y, q.z));
        if (outside > 0.0) {
            const vec3 offset = p - clamp(p, -e, e);
            const float dist = length(offset);
            depth = thickness - dist;
            normal = offset / dist;
        } else {
            const int axis = q.x >= q.y && q.x >= q.z ? 0 : (q.y >= q.z ? 1 : 2);
            normal = vec3(0.0);
            normal[axis] = p[axis] >= 0.0 ? 1.0 : -1.0;
            depth = thickness - q[axis];
        }
    } else {
        const vec3 offset = p - vec3(0.0, clamp(p.y, -c.extents.w, c.extents.w), 0.0);
        const float dist = length(offset);
        depth = c.startPosition.w + thickness - dist;
        normal = dist > 1e-9 ? offset / dist : vec3(1.0, 0.0, 0.0);
    }
    return depth > 0.0;
}

// One particle against one collider (contact.cpp contactParticle) with the
// collider taken as immovable: a dynamic body is not pushed back by the cloth on
// the GPU. `restitution`: give back the approach speed (first contact pass);
// `velocities`: the force-based impulses on v as well.
void contactParticle(GpuCollider c, inout vec3 x, vec3 previous, inout vec3 v, float w, float thickness, float h,
                     float restingSpeed, bool restitution, bool velocities) {
    if (w <= 0.0) return;
    vec3 localNormal;
    float depth;
    if (!localContact(c, toLocal(c.position.xyz, c.orientation, x), thickness, localNormal, depth)) return;
    const vec3 n = rotateByQuat(c.orientation, localNormal);
    const vec3 surfaceVelocity =
        c.flags.x > 0.5 ? c.velocity.xyz
                        : (x - toWorld(c.startPosition.xyz, c.startOrientation, toLocal(c.position.xyz, c.orientation, x))) / h;
    const vec3 relative = v - surfaceVelocity;
    const float vn = dot(relative, n);
    const float e = vn < -restingSpeed ? c.velocity.w : 0.0;

    vec3 delta = n * depth;
    if (restitution && !velocities && e > 0.0) delta += n * (e * -vn * h);
    const vec3 pushed = x + delta;
    const vec3 slip =
        toWorld(c.startPosition.xyz, c.startOrientation, toLocal(c.position.xyz, c.orientation, pushed)) - previous;
    const vec3 tangential = slip - dot(slip, n) * n;
    const float slipLength = length(tangential);
    if (slipLength > 0.0) {
        const float stick = c.panel.z * depth;
        delta -= slipLength <= stick ? tangential : tangential * min(1.0, c.panel.w * depth / slipLength);
    }
    x += delta;

    if (!velocities || vn >= 0.0) return;
    const float jn = -(1.0 + e) * vn / w;
    const float jStick = -vn / w;
    const vec3 vt = relative - vn * n;
    const float vtLength = length(vt);
    vec3 impulse = jn * n;
    if (vtLength > 0.0) {
        const float jtFull = vtLength / w;
        const float jt = jtFull <= c.panel.z * jStick ? jtFull : min(jtFull, c.panel.w * jStick);
        impulse -= jt * (vt / vtLength);
    }
    v += w * impulse;
}

// The aerodynamic force on one corner of triangle (x0, x1, x2) with corner
// velocities v0..v2 (forces.cpp accumulateAerodynamicForces: a third of the
// triangle's drag and lift). wind: the wind velocity; air: (rho / 2, C_D, C_L).
vec3 aerodynamicCornerForce(vec3 x0, vec3 x1, vec3 x2, vec3 v0, vec3 v1, vec3 v2, vec3 wind, vec3 air) {
    if (air.x <= 0.0 || (air.y <= 0.0 && air.z <= 0.0)) return vec3(0.0);
    const vec3 u = wind - (v0 + v1 + v2) * (1.0 / 3.0);
    const float speedSquared = dot(u, u);
    if (speedSquared < 1e-12) return vec3(0.0);
    const vec3 c = cross(x1 - x0, x2 - x0);
    const float twiceArea = length(c);
    if (twiceArea < 1e-20) return vec3(0.0);
    const float speed = sqrt(speedSquared);
    const vec3 flow = u / speed;
    vec3 n = c / twiceArea;
    float cosTheta = dot(n, flow);
    if (cosTheta < 0.0) {
        n = -n;
        cosTheta = -cosTheta;
    }
    const float q = air.x * 0.5 * twiceArea * speedSquared * cosTheta;
    return q * (air.y * flow + air.z * (n - cosTheta * flow)) * (1.0 / 3.0);
}
