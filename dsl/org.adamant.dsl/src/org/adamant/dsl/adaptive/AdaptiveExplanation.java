package org.adamant.dsl.adaptive;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.prediction.Finding;
import org.adamant.dsl.prediction.Format;
import org.adamant.dsl.validation.IssueCodes;

/**
 * In words, what an adaptive flow may switch between and why: each candidate and the region of the
 * table's grid where it is the pick, the one it starts with at the modeled environment, and the
 * catalog transports it does not switch to with the reason. The validator's info, {@code validate
 * --explain} and the hover say the same.
 *
 * @param candidates each candidate with where it wins
 * @param start      the pick at the flow's modeled receivers, loss and rate (null: no table)
 * @param excluded   what it does not switch to, and why
 * @param table      the table the regions come from (null when the flow has no rate or no receivers)
 */
public record AdaptiveExplanation(List<Region> candidates, String start, List<ExcludedCandidate> excluded,
		DecisionTable table) {

	/**
	 * Where one candidate is the table's pick: how many grid points of how many, and the span of readers,
	 * loss and rate they cover (null spans: it wins nowhere on the grid).
	 */
	public record Region(AdaptiveCandidate candidate, int wins, int points, double[] receivers, double[] lossPct,
			double[] rateHz) {
		public String describe() {
			String what = candidate.name() + " (" + candidate.kind()
					+ (candidate.params().isEmpty() ? "" : " " + candidate.params().entrySet().stream()
							.map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", ")))
					+ ")";
			if (wins == 0) {
				return what + " is the best at none of the " + points + " grid points";
			}
			return what + " wins at " + wins + " of " + points + " grid points: " + span(receivers, "") + " readers, "
					+ span(lossPct, " %") + " loss, " + span(rateHz, " Hz");
		}

		private static String span(double[] range, String unit) {
			return range[0] == range[1] ? Format.number(range[0]) + unit
					: Format.number(range[0]) + "–" + Format.number(range[1]) + unit;
		}
	}

	public static AdaptiveExplanation of(Publication publication) {
		AdaptiveCandidates.Result result = AdaptiveCandidates.of(publication);
		Optional<DecisionTable> table = TablePrediction.of(publication);
		List<Region> regions = new ArrayList<>();
		String start = null;
		if (table.isPresent()) {
			DecisionTable t = table.get();
			for (int c = 0; c < t.candidates().size(); c++) {
				regions.add(region(t, c));
			}
			start = TablePrediction.start(publication).orElseThrow().name();
		} else {
			for (AdaptiveCandidate c : result.candidates()) {
				regions.add(new Region(c, 0, 0, null, null, null));
			}
		}
		return new AdaptiveExplanation(regions, start, result.excluded(), table.orElse(null));
	}

	private static Region region(DecisionTable t, int candidate) {
		TableAxes a = t.axes();
		double[] r = { Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY };
		double[] l = r.clone();
		double[] f = r.clone();
		int wins = 0;
		for (double rv : a.receivers()) {
			for (double lv : a.lossPct()) {
				for (double fv : a.rateHz()) {
					if (t.pick(rv, lv, fv) == candidate && t.interpolate(candidate, rv, lv, fv).isPresent()) {
						wins++;
						widen(r, rv);
						widen(l, lv);
						widen(f, fv);
					}
				}
			}
		}
		return new Region(t.candidates().get(candidate), wins, a.size(), r, l, f);
	}

	private static void widen(double[] range, double v) {
		range[0] = Math.min(range[0], v);
		range[1] = Math.max(range[1], v);
	}

	/** One paragraph: the validator's info on {@code transport adaptive}. */
	public String summary() {
		StringBuilder b = new StringBuilder("adaptive: may switch between " + candidates.size() + " candidate"
				+ (candidates.size() == 1 ? "" : "s") + " by lowest predicted ReLate2");
		if (table != null) {
			b.append(table.maxLatencyUs() == null && table.maxLossPct() == null ? ""
					: " within" + (table.maxLatencyUs() == null ? "" : " max_latency " + Format.duration(table.maxLatencyUs() / 1e6))
							+ (table.maxLossPct() == null ? "" : " max_loss " + Format.percent(table.maxLossPct())));
			b.append("; starts with ").append(start).append(" at the modeled environment");
		} else {
			b.append("; no table: the flow has no rate or no receivers to predict with");
		}
		for (Region r : candidates) {
			b.append("; ").append(r.describe());
		}
		List<String> otherKinds = new ArrayList<>();
		for (ExcludedCandidate e : excluded) {
			if (e.reasons().stream().anyMatch(f -> IssueCodes.ADAPTIVE_CANDIDATE_UNFIT.equals(f.code()))) {
				otherKinds.add(e.name());
			} else {
				b.append("; not ").append(e.name()).append(": ")
						.append(e.reasons().stream().map(Finding::message).findFirst().orElse("excluded"));
			}
		}
		if (!otherKinds.isEmpty()) {
			b.append("; not ").append(String.join(", ", otherKinds)).append(": the adaptive channel switches only "
					+ "between the runtime's ").append(String.join(", ", AdaptiveCandidates.KINDS)).append(" engines");
		}
		return b.toString();
	}
}
