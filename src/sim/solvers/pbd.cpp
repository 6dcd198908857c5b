// Position-Based Dynamics (Müller, Heidelberger, Hennix, Ratcliff 2007).
//
// Method. Per step: v += h f / m; p = x + h v; then solver.iterations passes
// project every constraint directly on the positions, each moving its particles
// by  dx_i = -k' w_i C grad_i C / sum_j w_j |grad_j C|^2  (a fraction k' of the
// full correction); finally v = (p - x) / h and x = p. Constraints: the distance
// links with a stiffness k in [0, 1] per link kind, or dihedral bending
// (pbd-jobs, docs/sources.md), tethers if enabled, and collisions projected
// inside the loop.
//
// Stiffness. A constraint projected n times with stiffness k keeps (1 - k)^n of
// its error, so the paper (and xpbd-thesis) use k' = 1 - (1 - k)^(1/n), which makes
// the error left after n passes independent of n. That fixes the per-step decay,
// not the material: the cloth still gets stiffer with more iterations and with
// smaller steps, because a converged solve is simply inextensible — the flaw
// XPBD removes with compliance. The tests show it.
//
// Weaknesses: stiffness tied to iteration count and time step; unconverged
// Gauss–Seidel stretches long chains; no physical units for k.
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

class PbdSolver final : public Solver {
public:
    std::string_view id() const override { return "pbd"; }

    void topologyChanged(World& world, const TopologyEdit& edit) override {
        m_tethers.edited(world.cloth, edit);
        m_sweep.invalidate();
        m_contacts.invalidate(world);
    }

    StepStats step(World& world, float dt) override {
        StepStats stats;
        CS_TIME_SCOPE(stats.totalMs);
        Cloth& cloth = world.cloth;
        const Settings& s = world.settings;
        if (m_forces.size() != cloth.particleCount()) {
            m_forces.assign(cloth.particleCount(), glm::vec3(0.0f));
            m_predicted.assign(cloth.particleCount(), glm::vec3(0.0f));
        }
        const int substeps = substepsThisStep(world);
        const int passes = std::max(s.solver.iterations, 1);
        const float h = dt / static_cast<float>(substeps);
        const bool dihedral = s.solver.bending == BendingModel::Dihedral;
        // k' = 1 - (1 - k)^(1/n)
        auto perPass = [passes](float k) { return 1.0f - std::pow(1.0f - std::clamp(k, 0.0f, 1.0f), 1.0f / passes); };
        const float stiffness[kLinkKindCount] = {perPass(s.pbd.stretchStiffness), perPass(s.pbd.shearStiffness),
                                                 perPass(s.pbd.bendStiffness)};
        const float drag = dragFactor(world.settings.solver, h);
        const std::span<const Tether> tethers =
            s.solver.tethers ? m_tethers.get(cloth, s.solver.tetherSlack) : std::span<const Tether>();
        LinkPass linkPass;  // PBD: no compliance, the stiffness scales each correction
        linkPass.links = cloth.links.data();
        linkPass.x = cloth.positions.data();
        linkPass.w = cloth.inverseMasses.data();
        std::copy(std::begin(stiffness), std::end(stiffness), linkPass.gain);
        // with dihedral bending the long links are left out
        const std::size_t linkCount = dihedral ? stretchAndShearLinks(cloth).size() : cloth.links.size();
        const int threads = std::max(s.solver.threads, 1);
        m_sweep.update(cloth, threads);
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
            for (int pass = 0; pass < passes; ++pass) {
                const bool lastPass = sub == substeps - 1 && pass == passes - 1;
                {
                    CS_TIME_SCOPE(stats.constraintMs);
                    // colour by colour on s.solver.threads threads; same bits as serial
                    const float passResidual = m_sweep.sweep(linkPass, linkCount, threads, lastPass);
                    if (lastPass) residual = passResidual;
                    if (dihedral) {
                        const float k = stiffness[static_cast<int>(LinkKind::Bend)];
                        for (const BendElement& hinge : cloth.bendElements)
                            projectHinge(cloth.positions, cloth.inverseMasses, hinge, 0.0f, 0.0f, k);
                    }
                    projectTethers(tethers, cloth.positions, cloth.inverseMasses);
                }
                CS_TIME_SCOPE(stats.collisionMs);
                m_contacts.projectPositions(world, cloth.previousPositions, clock, pass, passes);
            }
            stats.iterations += passes;
            CS_TIME_SCOPE(stats.integrateMs);
            updateVelocities(cloth, m_predicted, h, drag, threads);
        }
        stats.residual = residual;
        m_contacts.reportTo(stats);
        return stats;
    }

private:
    std::vector<glm::vec3> m_forces;
    std::vector<glm::vec3> m_predicted;
    TetherCache m_tethers;
    LinkSweep m_sweep;
    ContactStage m_contacts;
};

} // namespace

std::unique_ptr<Solver> makePbdSolver() { return std::make_unique<PbdSolver>(); }

} // namespace cs
