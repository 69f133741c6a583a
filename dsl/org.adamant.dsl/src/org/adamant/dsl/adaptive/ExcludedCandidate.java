package org.adamant.dsl.adaptive;

import java.util.List;

import org.adamant.dsl.prediction.Finding;

/**
 * A catalog transport an adaptive flow does not switch to, and why in words: a kind the adaptive
 * channel cannot run, or what the flow's QoS needs that it does not offer ({@code reasons} are the
 * errors {@link org.adamant.dsl.prediction.TransportRanking#assess} would report for it).
 */
public record ExcludedCandidate(String name, List<Finding> reasons) {
}
