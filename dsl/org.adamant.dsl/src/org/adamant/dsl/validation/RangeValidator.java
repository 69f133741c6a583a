package org.adamant.dsl.validation;

import java.util.List;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.Environment;
import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.Quantity;
import org.adamant.dsl.prediction.Format;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.validation.Check;

/**
 * Values that parse and carry the right unit but mean nothing: a link that loses every packet, a
 * loss range written backwards, zero instances, receivers, updates or runs.
 */
public class RangeValidator extends AbstractAdamantRules {

	@Check
	public void checkEnvironmentLoss(Environment env) {
		lossBelowAll(env.getLoss(), "environment '" + env.getName() + "'");
		lossBelowAll(env.getLossUpper(), "environment '" + env.getName() + "'");
		Quantity low = env.getLoss();
		Quantity high = env.getLossUpper();
		if (percent(low) && percent(high) && low.getValue() > high.getValue()) {
			String l = Format.number(low.getValue());
			String h = Format.number(high.getValue());
			error("Environment '" + env.getName() + "': loss range " + l + " % to " + h + " % is reversed; write "
					+ "the lower bound first: loss " + h + " % to " + l + " %", env, P.getEnvironment_LossUpper(),
					IssueCodes.VALUE_OUT_OF_RANGE);
		}
	}

	@Check
	public void checkExperimentLoss(Experiment x) {
		for (Quantity loss : x.getLoss()) {
			lossBelowAll(loss, "experiment '" + x.getName() + "'");
		}
	}

	@Check
	public void checkApplicationCounts(Application app) {
		atLeastOne(app, P.getApplication_Instances(), app.getInstances(), "instances",
				"application '" + app.getName() + "'");
	}

	@Check
	public void checkExperimentCounts(Experiment x) {
		String who = "experiment '" + x.getName() + "'";
		List<Integer> receivers = x.getReceivers();
		for (int i = 0; i < receivers.size(); i++) {
			if (receivers.get(i) < 1) {
				error(who + ": receivers " + receivers.get(i) + " is below 1; a flow needs at least one receiver",
						x, P.getExperiment_Receivers(), i, IssueCodes.COUNT_OUT_OF_RANGE);
			}
		}
		atLeastOne(x, P.getExperiment_Updates(), x.getUpdates(), "updates", who);
		atLeastOne(x, P.getExperiment_Runs(), x.getRuns(), "runs", who);
	}

	/** A written count below 1 (an int feature left out reads 0 and means the default). */
	private void atLeastOne(EObject where, EStructuralFeature feature, int value, String word, String who) {
		if (value < 1 && NodeText.written(where, feature)) {
			error(who + ": " + word + " " + value + " is below 1; write " + word + " 1 or more, or leave it out",
					where, feature, IssueCodes.COUNT_OUT_OF_RANGE);
		}
	}

	private void lossBelowAll(Quantity loss, String who) {
		if (percent(loss) && loss.getValue() == 100) {
			error("A loss of 100 % in " + who + " delivers nothing, so nothing can be predicted or measured; "
					+ "give a loss below 100 %", loss, P.getQuantity_Value(), IssueCodes.VALUE_OUT_OF_RANGE);
		}
	}

	/** A percentage with its unit in 0..100 (other values are reported by the unit checks). */
	private static boolean percent(Quantity q) {
		return q != null && "%".equals(q.getUnit()) && q.getValue() >= 0 && q.getValue() <= 100;
	}
}
