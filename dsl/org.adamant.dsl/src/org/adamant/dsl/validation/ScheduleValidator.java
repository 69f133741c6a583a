package org.adamant.dsl.validation;

import org.adamant.dsl.adamant.Environment;
import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.LossStep;
import org.adamant.dsl.adamant.Quantity;
import org.adamant.dsl.adamant.ReadersSchedule;
import org.adamant.dsl.adamant.ReadersStep;
import org.adamant.dsl.adaptive.AdaptiveExperiments;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.semantics.Dimension;
import org.adamant.dsl.semantics.Quantities;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.validation.Check;

/**
 * An environment's loss and receivers schedules (units and the percentage's range are UnitValidator's),
 * and an experiment that runs them: phases that last, readers that exist, an `adaptive` entry that has
 * a flow to run.
 */
public class ScheduleValidator extends AbstractAdamantRules {

	@Check
	public void checkLossStep(LossStep step) {
		positiveDuration(step.getDuration(), step, P.getLossStep_Duration());
	}

	@Check
	public void checkReadersStep(ReadersStep step) {
		positiveDuration(step.getDuration(), step, P.getReadersStep_Duration());
	}

	@Check
	public void checkReadersSchedule(ReadersSchedule schedule) {
		if (schedule.getSteps().stream().allMatch(s -> s.getReaders() == 0)) {
			error("A receivers schedule with 0 readers in every phase delivers to nobody; give at least one phase "
					+ "readers (e.g. `3 for 20 s`)", schedule, P.getReadersSchedule_Steps(), 0,
					IssueCodes.COUNT_OUT_OF_RANGE);
		}
	}

	/** The simulator runs a receivers schedule with its largest phase's readers, whatever `receivers` says. */
	@Check
	public void checkExperimentReaders(Experiment x) {
		Environment env = x.getEnvironment();
		int most = env == null || env.eIsProxy() ? 0 : Flow.scheduledReaders(env);
		if (most > 0 && !(x.getReceivers().size() == 1 && x.getReceivers().get(0) == most)) {
			warning("Environment '" + env.getName() + "' has a receivers schedule: the simulator runs every point "
					+ "with its " + most + " readers joining and leaving on it, not with `receivers "
					+ String.join(", ", x.getReceivers().stream().map(String::valueOf).toList()) + "`; write `receivers "
					+ most + "`", x, P.getExperiment_Receivers(), 0, IssueCodes.SCHEDULED_RECEIVERS);
		}
	}

	@Check
	public void checkExperimentAdaptive(Experiment x) {
		if (!x.isAdaptive()) {
			return;
		}
		if (x.getTopic() == null) {
			error("Experiment '" + x.getName() + "' runs `adaptive` but sweeps several topics; the adaptive transport "
					+ "runs one flow: use `topic`", x, P.getExperiment_Adaptive(), IssueCodes.EXPERIMENT_ADAPTIVE_FLOW);
		} else if (!x.getTopic().eIsProxy() && AdaptiveExperiments.flowOf(x).isEmpty()) {
			error("Experiment '" + x.getName() + "' runs `adaptive`, but no application of the model publishes '"
					+ x.getTopic().getName() + "' with `transport adaptive`, so there is no decision table to run; "
					+ "bind the flow `transport adaptive`, or remove `adaptive`", x, P.getExperiment_Adaptive(),
					IssueCodes.EXPERIMENT_ADAPTIVE_FLOW);
		}
	}

	private void positiveDuration(Quantity duration, EObject step, EStructuralFeature feature) {
		if (duration != null && duration.getUnit() != null && Double.isFinite(duration.getValue())
				&& Quantities.base(duration, Dimension.DURATION).orElse(1.0) <= 0) {
			error("A phase that lasts 0 never happens; give each phase of a schedule a duration above 0 (e.g. 20 s)",
					step, feature, IssueCodes.VALUE_OUT_OF_RANGE);
		}
	}
}
