#pragma once
// Coulomb friction between two touching layers of the cloth, as both self-contact
// models apply it: position-level, on a pair's relative tangential slip over the
// substep, against the pair's normal correction in that substep (a layer resting on
// another is pressed in by g cos(theta) h^2 and pulled along by g sin(theta) h^2 a
// substep, so it sticks exactly while tan(theta) < mu_s).
namespace cs {

struct Friction {
    float staticCoefficient = 0.0f;   // mu_s: a slip below mu_s x the normal correction is removed
    float kineticCoefficient = 0.0f;  // mu_k: a longer slip is shortened by mu_k x the normal correction
    bool any() const { return staticCoefficient > 0.0f || kineticCoefficient > 0.0f; }
};

} // namespace cs
