package org.adamant.dsl.prediction;

import java.util.Locale;

import org.adamant.dsl.semantics.Dimension;

/** Numbers with units for messages and tables, in the units of the language. */
public final class Format {

	private Format() {
	}

	/** Up to 3 significant digits, no trailing zeros: 62.5, 0.0123, 1500. */
	public static String number(double v) {
		if (Double.isInfinite(v)) {
			return "unbounded";
		}
		if (Double.isNaN(v)) {
			return "n/a";
		}
		if (v == Math.rint(v) && Math.abs(v) < 1e15) {
			return Long.toString((long) v);
		}
		String s = Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.0f", v)
				: Math.abs(v) >= 10 ? String.format(Locale.ROOT, "%.1f", v)
						: Math.abs(v) >= 1 ? String.format(Locale.ROOT, "%.2f", v)
								: String.format(Locale.ROOT, "%.3g", v);
		if (s.contains(".") && !s.contains("e")) {
			s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
		}
		return s;
	}

	/** Seconds as us, ms or s. */
	public static String duration(double seconds) {
		if (Double.isInfinite(seconds) || Double.isNaN(seconds)) {
			return number(seconds);
		}
		if (seconds != 0 && Math.abs(seconds) < 1e-3) {
			return number(seconds * 1e6) + " us";
		}
		if (Math.abs(seconds) < 1) {
			return number(seconds * 1e3) + " ms";
		}
		return number(seconds) + " s";
	}

	/** Whole microseconds as ms when exact, else us ("25 ms", "1500 us"). */
	public static String microseconds(long us) {
		return us % 1000 == 0 ? (us / 1000) + " ms" : us + " us";
	}

	/**
	 * Bytes per second in the language's units (the contract's factors: 1 KB = 1024 B): B/s, KB/s,
	 * and Mbit/s from 1024 KB/s up, so that a printed bandwidth can be written back into a model.
	 */
	public static String bandwidth(double bytesPerSecond) {
		double kb = Dimension.BANDWIDTH.toBase(1, "KB/s");
		if (Math.abs(bytesPerSecond) >= 1024 * kb) {
			return number(bytesPerSecond / Dimension.BANDWIDTH.toBase(1, "Mbit/s")) + " Mbit/s";
		}
		if (Math.abs(bytesPerSecond) >= kb) {
			return number(bytesPerSecond / kb) + " KB/s";
		}
		return number(bytesPerSecond) + " B/s";
	}

	public static String percent(double percent) {
		return number(percent) + " %";
	}
}
