package org.adamant.dsl.prediction;

/**
 * One problem a flow has with a transport: an issue code of
 * {@link org.adamant.dsl.validation.IssueCodes}, whether it is an error (the transport cannot satisfy
 * the flow) or a warning, and a message that names the elements and numbers and says how to fix it.
 */
public record Finding(String code, boolean error, String message) {
}
