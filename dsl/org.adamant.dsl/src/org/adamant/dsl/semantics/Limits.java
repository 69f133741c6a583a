package org.adamant.dsl.semantics;

/**
 * Bounds on what a model may say that are the language's own (engine parameter ranges come from the
 * runtime contract, {@link org.adamant.dsl.contract.RuntimeContract}). Each keeps a hostile or
 * mistyped model from reaching the predictions and the generator with numbers they cannot mean.
 */
public final class Limits {

	/**
	 * Deepest nesting of types: structs inside structs, sequences inside sequences. Far beyond any
	 * real data type, and low enough that every walk over a type stays shallow.
	 */
	public static final int MAX_TYPE_NESTING = 64;

	/** Highest publication or experiment rate in Hz: 10 MHz, above what any transport can send. */
	public static final double MAX_RATE_HZ = 1e7;

	/** How many members of a cycle (of `extends` or of types) a message names before "...". */
	public static final int CYCLE_NAMES_SHOWN = 4;

	/**
	 * Largest Ricochet batch r the prediction evaluates (its wait sums over the batch): far above the
	 * runtime contract's range, which the ranking checks first.
	 */
	public static final int MAX_PREDICTED_BATCH = 4096;

	private Limits() {
	}
}
