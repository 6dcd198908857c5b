// XPBD with small steps.
//
// Method. Extended Position-Based Dynamics (Macklin, Müller, Chentanez 2016)
// treats each constraint C(x) = 0 as the limit of a stiff spring of compliance
// alpha (inverse stiffness, m/N). Per step it predicts positions from velocities
// and external forces, then moves them to satisfy the constraints with
//     dlambda = (-C - alphaTilde lambda) / (sum_i w_i |grad_i C|^2 + alphaTilde),
//     dx_i    = w_i grad_i C dlambda,           alphaTilde = alpha / h^2,
// and derives velocities as (x - x_previous) / h. Because alpha is scaled by
// 1/h^2 the stiffness the user sets does not change with the time step or the
// iteration count — the flaw of plain PBD it fixes (xpbd-thesis, section 3.4;
// docs/sources.md).
//
// "Small steps" (Macklin et al. 2019): instead of many iterations of one big
// step, the physics step is split into n substeps of h = dt / n with a single
// constraint pass each, and lambda restarts at 0 every substep. This converges
// faster for the same cost and damps less. solver.iterations > 1 runs extra
// passes within a substep, accumulating lambda as in the 2016 paper.
//
// Constraints: the cloth's distance links (compliance per link kind), or with
// solver.bending = dihedral the stretch and shear links plus a dihedral angle
// constraint per interior edge (pbd-jobs); optional tethers to the pins (Kim et
// al. 2012, hard and one-sided); collisions with the colliders and the ground
// as positional constraints with Coulomb friction, last in each pass. Air drag
// multiplies v by (1 - k h).
//
// Weaknesses: Gauss–Seidel ordering makes the result depend slightly on link
// order; one pass per substep leaves a residual that gathers at point pins
// (tethers remove most of it); stiff long links can lock folds.
#include "../constraints.hpp"
#include "../forces.hpp"
#include "../profile.hpp"
#include "../collision/contact.hpp"
#include "link_sweep.hpp"
#include "position_based.hpp"
#include "solvers.hpp"

#include <algorithm>
#include <cmath>

namespace cs {
namespace {

class XpbdSolver final : public Solver {
public:
    std::string_view id() const override { return "xpbd"; }
    void topologyChanged(World& world, const TopologyEdit& edit) override {
        ensureSized(world.cloth);
        m_tethers.edited(world.cloth, edit);
        m_sweep.invalidate();
        m_contacts.invalidate(world);
    }

    StepStats step(World& world, float dt) override {
        StepStats stats;
        CS_TIME_SCOPE(stats.totalMs);
        Cloth& cloth = world.cloth;
        const Settings& s = world.settings;
        ensureSized(cloth);

        const int substeps = substepsThisStep(world);
        const int passes = std::max(s.solver.iterations, 1);
        const float h = dt / static_cast<float>(substeps);
        const bool dihedral = s.solver.bending == BendingModel::Dihedral;
        const float compliance[kLinkKindCount] = {s.solver.stretchCompliance, s.solver.shearCompliance,
                                                  s.solver.bendCompliance};
        float alphaTilde[kLinkKindCount];
        for (int k = 0; k < kLinkKindCount; ++k) alphaTilde[k] = compliance[k] / (h * h);
        const float drag = dragFactor(world.settings.solver, h);
        const std::span<const Tether> tethers =
            s.solver.tethers ? m_tethers.get(cloth, s.solver.tetherSlack) : std::span<const Tether>();

        glm::vec3* x = cloth.positions.data();
        LinkPass linkPass;
        linkPass.links = cloth.links.data();
        linkPass.x = x;
        linkPass.w = cloth.inverseMasses.data();
        std::copy(std::begin(alphaTilde), std::end(alphaTilde), linkPass.alphaTilde);
        // one pass per substep (the small-steps default): lambda starts at 0 and is
        // read once, so the accumulated-lambda array is neither cleared nor touched
        linkPass.lambda = passes > 1 ? m_lambda.data() : nullptr;
        const int threads = std::max(s.solver.threads, 1);
        m_sweep.update(cloth, threads);
        // with dihedral bending the long links are left out
        const std::size_t linkCount = dihedral ? stretchAndShearLinks(cloth).size() : cloth.links.size();
        {
            CS_TIME_SCOPE(stats.integrateMs);
            externalForces(world, m_forces);
        }

        float residual = 0.0f;
        for (int sub = 0; sub < substeps; ++sub) {
            const SubstepClock clock = startSubstep(world, sub, substeps, h);
            {
                CS_TIME_SCOPE(stats.integrateMs);
                predictPositions(cloth, m_forces, h, m_predicted, threads);
            }
            {
                CS_TIME_SCOPE(stats.constraintMs);
                if (passes > 1) std::fill(m_lambda.begin(), m_lambda.end(), 0.0f);
                std::fill(m_bendLambda.begin(), m_bendLambda.end(), 0.0f);
                for (int pass = 0; pass < passes; ++pass) {
                    const bool lastPass = sub == substeps - 1 && pass == passes - 1;
                    // project links (colour by colour on s.solver.threads threads; same bits as serial)
                    const float passResidual = m_sweep.sweep(linkPass, linkCount, threads, lastPass);
                    if (lastPass) residual = passResidual;
                    // project hinges
                    if (dihedral) {
                        const float bendAlpha = alphaTilde[static_cast<int>(LinkKind::Bend)];
                        for (std::size_t e = 0; e < cloth.bendElements.size(); ++e)
                            m_bendLambda[e] += projectHinge(cloth.positions, cloth.inverseMasses, cloth.bendElements[e],
                                                            bendAlpha, m_bendLambda[e], 1.0f);
                    }
                    projectTethers(tethers, cloth.positions, cloth.inverseMasses);
                }
                stats.iterations += passes;
            }
            {
                CS_TIME_SCOPE(stats.collisionMs);
                m_contacts.projectPositions(world, cloth.previousPositions, clock, 0, 1);
            }
            {
                CS_TIME_SCOPE(stats.integrateMs);
                updateVelocities(cloth, m_predicted, h, drag, threads);
            }
        }
        stats.residual = residual;
        m_contacts.reportTo(stats);
        return stats;
    }

private:
    void ensureSized(const Cloth& cloth) {
        if (m_lambda.size() != cloth.links.size()) m_lambda.assign(cloth.links.size(), 0.0f);
        if (m_bendLambda.size() != cloth.bendElements.size()) m_bendLambda.assign(cloth.bendElements.size(), 0.0f);
        if (m_forces.size() != cloth.particleCount()) m_forces.assign(cloth.particleCount(), glm::vec3(0.0f));
        if (m_predicted.size() != cloth.particleCount()) m_predicted.assign(cloth.particleCount(), glm::vec3(0.0f));
    }

    std::vector<float> m_lambda;          // per link, accumulated within a substep
    std::vector<float> m_bendLambda;      // per hinge
    std::vector<glm::vec3> m_forces;      // per particle external force, newtons
    std::vector<glm::vec3> m_predicted;   // per particle position after prediction, metres
    TetherCache m_tethers;
    LinkSweep m_sweep;
    ContactStage m_contacts;
};

} // namespace

std::unique_ptr<Solver> makeXpbdSolver() { return std::make_unique<XpbdSolver>(); }

} // namespace cs
