package org.adamant.dsl.adaptive;

import java.util.List;
import java.util.TreeSet;

/**
 * The environment a decision table covers: readers, loss per reader in percent and publish rate in Hz,
 * each strictly increasing with at least one value (the table's {@code axes}).
 */
public record TableAxes(List<Double> receivers, List<Double> lossPct, List<Double> rateHz) {

	/**
	 * What a table covers unless training says otherwise: the readers, loss and rates of the RT-ESP
	 * study's grid (3 to 25 readers, 0 to 3 % loss, 10 to 100 Hz).
	 */
	public static TableAxes defaults() {
		return new TableAxes(List.of(3.0, 5.0, 10.0, 25.0), List.of(0.0, 0.5, 1.0, 2.0, 3.0),
				List.of(10.0, 25.0, 50.0, 100.0));
	}

	/** These axes with one more value on each (a flow's own receivers, loss and rate), kept sorted and distinct. */
	public TableAxes including(double receivers, double lossPct, double rateHz) {
		return new TableAxes(with(this.receivers, receivers), with(this.lossPct, lossPct), with(this.rateHz, rateHz));
	}

	private static List<Double> with(List<Double> axis, double value) {
		TreeSet<Double> values = new TreeSet<>(axis);
		if (Double.isFinite(value)) {
			values.add(value);
		}
		return List.copyOf(values);
	}

	/** Number of grid points. */
	public int size() {
		return receivers.size() * lossPct.size() * rateHz.size();
	}
}
