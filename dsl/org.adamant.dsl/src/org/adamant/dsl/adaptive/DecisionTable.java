package org.adamant.dsl.adaptive;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The adaptive decision table (format {@value #FORMAT}, docs/adaptive.md): for every point of the
 * {@link TableAxes} grid and every candidate, the ReLate2 in µs it is expected to reach there, or null
 * where it breaks a constraint; optionally the same without the constraints, for where none meets them.
 * The one pick rule the runtime also applies ({@link #pick}).
 *
 * @param flow           "application.topic", informative
 * @param maxLatencyUs   the profile's max_latency in µs, null when it states none
 * @param maxLossPct     the profile's max_loss in percent, null when it states none
 * @param rttUs          the round trip in µs the scores hold for (the flow's environment), null when unknown
 * @param axes           the grid
 * @param candidates     the columns, in the order a tie is broken
 * @param scores         row-major over (receivers, loss, rate, candidate); null entries allowed
 * @param unconstrained  as {@code scores} but null only where the candidate cannot run at all (the language's
 *                       parameter rules); null when the table does not carry it
 */
public record DecisionTable(String flow, Double maxLatencyUs, Double maxLossPct, Double rttUs, TableAxes axes,
		List<AdaptiveCandidate> candidates, List<Double> scores, List<Double> unconstrained) {

	public static final String FORMAT = "adamant-adaptive-table/1";

	public DecisionTable {
		if (scores.size() != axes.size() * candidates.size()) {
			throw new IllegalArgumentException(scores.size() + " scores for " + axes.size() + " points and "
					+ candidates.size() + " candidates");
		}
		if (unconstrained != null && unconstrained.size() != scores.size()) {
			throw new IllegalArgumentException(
					unconstrained.size() + " unconstrained scores for " + scores.size() + " scores");
		}
		scores = Collections.unmodifiableList(new ArrayList<>(scores));
		unconstrained = unconstrained == null ? null : Collections.unmodifiableList(new ArrayList<>(unconstrained));
	}

	/** The same table with other scores (training's measurements), same order. */
	public DecisionTable withScores(List<Double> measured, List<Double> measuredUnconstrained) {
		return new DecisionTable(flow, maxLatencyUs, maxLossPct, rttUs, axes, candidates, measured,
				measuredUnconstrained);
	}

	/** Position in {@link #scores} of one grid point's candidate. */
	public int index(int receiver, int loss, int rate, int candidate) {
		return ((receiver * axes.lossPct().size() + loss) * axes.rateHz().size() + rate) * candidates.size() + candidate;
	}

	public Double score(int receiver, int loss, int rate, int candidate) {
		return scores.get(index(receiver, loss, rate, candidate));
	}

	/**
	 * The candidate's score at a measured environment: each value clamped into its axis, then multilinear
	 * interpolation over the cell around it (on each axis the last value at or below it, at most the
	 * second to last, and the next). Corners are summed receivers-major (then loss, then rate), each
	 * weighted w_receivers·w_loss·w_rate; a corner of weight 0 is not consulted, any other null corner
	 * makes the candidate ineligible (empty).
	 */
	public OptionalDouble interpolate(int candidate, double receivers, double lossPct, double rateHz) {
		return interpolate(scores, candidate, receivers, lossPct, rateHz);
	}

	private OptionalDouble interpolate(List<Double> values, int candidate, double receivers, double lossPct,
			double rateHz) {
		double[][] r = weights(axes.receivers(), receivers);
		double[][] l = weights(axes.lossPct(), lossPct);
		double[][] f = weights(axes.rateHz(), rateHz);
		double sum = 0;
		for (double[] ri : r) {
			for (double[] li : l) {
				for (double[] fi : f) {
					double w = ri[1] * li[1] * fi[1];
					if (w == 0) {
						continue;
					}
					Double s = values.get(index((int) ri[0], (int) li[0], (int) fi[0], candidate));
					if (s == null) {
						return OptionalDouble.empty();
					}
					sum += w * s;
				}
			}
		}
		return OptionalDouble.of(sum);
	}

	/**
	 * The candidate to run at a measured environment: the eligible one with the lowest interpolated score,
	 * the lower index on a tie; when none is eligible, the one that comes closest (the same over
	 * {@link #unconstrained}); when that finds none either, or the table has no unconstrained scores,
	 * candidate 0.
	 */
	public int pick(double receivers, double lossPct, double rateHz) {
		int best = lowest(scores, receivers, lossPct, rateHz);
		if (best < 0 && unconstrained != null) {
			best = lowest(unconstrained, receivers, lossPct, rateHz);
		}
		return Math.max(best, 0);
	}

	/** Whether some candidate meets the constraints at a measured environment ({@link #pick} chose by them). */
	public boolean anyEligible(double receivers, double lossPct, double rateHz) {
		return lowest(scores, receivers, lossPct, rateHz) >= 0;
	}

	/** The candidate with the lowest interpolated value, the lower index on a tie; -1 when none has one. */
	private int lowest(List<Double> values, double receivers, double lossPct, double rateHz) {
		int best = -1;
		double bestScore = Double.POSITIVE_INFINITY;
		for (int c = 0; c < candidates.size(); c++) {
			OptionalDouble s = interpolate(values, c, receivers, lossPct, rateHz);
			if (s.isPresent() && (best < 0 || s.getAsDouble() < bestScore)) {
				best = c;
				bestScore = s.getAsDouble();
			}
		}
		return best;
	}

	/** {index, weight} of the one or two axis values around {@code x} (clamped into the axis). */
	private static double[][] weights(List<Double> axis, double x) {
		int n = axis.size();
		double v = Math.min(Math.max(x, axis.get(0)), axis.get(n - 1));
		if (n == 1) {
			return new double[][] { { 0, 1 } };
		}
		int i = 0;
		while (i + 1 < n - 1 && axis.get(i + 1) <= v) {
			i++;
		}
		double t = (v - axis.get(i)) / (axis.get(i + 1) - axis.get(i));
		return new double[][] { { i, 1 - t }, { i + 1, t } };
	}
}
