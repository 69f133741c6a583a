package org.adamant.dsl.tests;

import static org.adamant.dsl.tests.AdamantTestSupport.load;
import static org.adamant.dsl.tests.AdamantTestSupport.loadText;
import static org.adamant.dsl.tests.AdamantTestSupport.model;
import static org.adamant.dsl.tests.AdamantTestSupport.validate;
import static org.adamant.dsl.tests.AdamantTestSupport.withCode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.prediction.FlowPrediction;
import org.adamant.dsl.prediction.TransportRanking;
import org.adamant.dsl.semantics.Bindings;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;

/** The flows of all applications in one environment share its link in predictions and checks. */
class SharedLinkTest {

	private static Publication publication(Resource r, String topic) {
		return model(r).getElements().stream().filter(Application.class::isInstance).map(Application.class::cast)
				.flatMap(a -> a.getEndpoints().stream()).filter(Publication.class::isInstance).map(Publication.class::cast)
				.filter(p -> p.getTopic().getName().equals(topic)).findFirst().orElseThrow();
	}

	@Test
	void blueForceSeesTheImagesOnItsLink() {
		Resource r = load("examples/blueforce/blueforce.adamant");
		Publication track = publication(r, "BlueForce");
		Publication images = publication(r, "Images");
		Flow trackFlow = Flow.of(track);
		// the images (no replacement) need their load of the 5 KB/s; the replaced track updates yield
		double imagesLoad = TransportRanking.predict(Flow.standalone(images), Bindings.bound(images)).orElseThrow()
				.offeredLoad();
		assertEquals(imagesLoad, trackFlow.othersLoad(), 1e-9);
		assertEquals(5 * 1024 - imagesLoad, trackFlow.bandwidth(), 1e-9);
		assertEquals(0, Flow.of(images).othersLoad(), 1e-9);
		// fewer position updates get through than on a link of its own
		FlowPrediction shared = TransportRanking.predict(trackFlow, Bindings.bound(track)).orElseThrow();
		FlowPrediction alone = TransportRanking.predict(Flow.standalone(track), Bindings.bound(track)).orElseThrow();
		assertTrue(shared.delivery() < alone.delivery(), shared + " vs " + alone);
	}

	@Test
	void flowsThatFitAloneOverflowTogether() throws Exception {
		// each 3 KB/s flow fits the 5 KB/s link alone; together they do not, and each says so
		Resource r = loadText("""
				import "transports.adamant"
				struct Scan { @key uint32 id; float t; }
				environment radio { multicast unavailable bandwidth 5 KB/s }
				qos R { reliability reliable }
				topic A : Scan qos R
				topic B : Scan qos R
				application gw { environment radio
					publish A rate 3 Hz payload 1 KB transport opendds_tcp
					publish B rate 3 Hz payload 1 KB transport opendds_tcp }
				application fc { environment radio subscribe A transport opendds_tcp subscribe B transport opendds_tcp }
				""");
		List<Issue> all = validate(r);
		List<Issue> queue = withCode(all, IssueCodes.UNBOUNDED_QUEUE_GROWTH);
		assertEquals(2, queue.size(), all::toString);
		assertTrue(queue.get(0).getMessage().contains("left of environment 'radio' by its other flows"),
				queue.get(0)::getMessage);
		assertEquals(1, withCode(all, IssueCodes.ENVIRONMENT_BANDWIDTH_EXCEEDED).size(), all::toString);
		// alone, one of them fits
		assertTrue(TransportRanking.predict(Flow.standalone(publication(r, "A")), Bindings.bound(publication(r, "A")))
				.orElseThrow().offeredLoad() < 5 * 1024);
	}
}
