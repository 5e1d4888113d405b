// embind: the Bloom paradox on the simulation engine (paper 004; core/include/bloomcalc/paradox/sim.hpp), in the
// simulations' module beside Simulation (the simulation worker runs both; the paradox module has the models only,
// CMakeLists.txt). Thin marshalling only.
#include <emscripten/bind.h>

#include "bindings/common.hpp"
#include "bindings/inputs.generated.hpp"
#include "bloomcalc/paradox/sim.hpp"

using namespace bcjs;
namespace bc = bloomcalc;

namespace {

// ---- the paradox on the simulation engine -------------------------------------------------------

val paradox_sim_result_val(const bc::ParadoxSimResult& r) {
    const auto& c = r.config;
    const auto& t = r.total;
    const val config = Fields()
                           .add("structure", c.structure)
                           .add("m", c.m)
                           .add("n", c.n)
                           .add("k", c.k)
                           .add("hashing", c.hashing)
                           .add("prior", c.prior)
                           .add("queries", c.queries)
                           .add("epochs", c.epochs)
                           .add("seed", c.seed)
                           .add("confidence", c.confidence)
                           .done();
    const bool measured = t.positives > 0;  // no positive: no ratio, the interval is [0, 1]
    const val posterior = Fields()
                              .add("mean", only_if(measured, r.posterior))
                              .add("halfWidth", only_if(measured, r.half_width))
                              .add("low", r.interval.low)
                              .add("high", r.interval.high)
                              .done();
    const val counts = Fields()
                           .add("queries", t.queries)
                           .add("memberQueries", t.member_queries)
                           .add("positives", t.positives)
                           .add("memberPositives", t.member_positives)
                           .add("falsePositives", t.positives - t.member_positives)
                           .done();
    return Fields()
        .add("config", config)
        .add("done", r.progress.done)
        .add("probes", r.progress.probes)
        .add("epochs", r.epochs_used)
        .add("posterior", posterior)
        .add("theorem", r.theorem)
        .add("inside", r.inside)
        .add("theoremClassic", r.theorem_classic)
        .add("classicInside", r.classic_inside)
        .add("fpr", r.fpr_model.value)
        .add("fprName", r.fpr_model.name)
        .add("fprReference", r.fpr_model.reference)
        .add("note", r.fpr_model.note)
        .add("classicFpr", r.classic_fpr)
        .add("measuredFpr", r.measured_fpr)
        .add("counts", counts)
        .add("counterSaturations", r.counter_saturations)
        .done();
}

// A running paradox simulation, constructed and driven like Simulation; must be delete()d.
class ParadoxSimulation : public Driven<bc::ParadoxSimRunner> {
public:
    explicit ParadoxSimulation(val input)
        : Driven([&] { return bc::make_paradox_sim_config(inputs::ParadoxSimulationInput(input)); }) {}
    val result() const {
        return guarded([&] { return paradox_sim_result_val(runner().result()); });
    }
};

}  // namespace

EMSCRIPTEN_BINDINGS(bloomcalc_paradox_sim) {
    driven_methods(emscripten::class_<ParadoxSimulation>("ParadoxSimulation"))
        .function("result", &ParadoxSimulation::result);
}
