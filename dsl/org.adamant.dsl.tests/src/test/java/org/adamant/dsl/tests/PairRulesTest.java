package org.adamant.dsl.tests;

import static org.adamant.dsl.tests.AdamantTestSupport.issuesOf;
import static org.adamant.dsl.tests.AdamantTestSupport.loadText;
import static org.adamant.dsl.tests.AdamantTestSupport.model;
import static org.adamant.dsl.tests.AdamantTestSupport.validate;
import static org.adamant.dsl.tests.AdamantTestSupport.withCode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.semantics.Bindings;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;

/**
 * Writer/reader pairs (domain, partition, type, transport, defaults) and the capability table's
 * rules: each firing with its names and numbers, and not firing; a mismatched reader is no receiver.
 */
class PairRulesTest {

	private static Issue fires(String body, String code, String... fragments) throws Exception {
		return AdamantTestSupport.fires(1, body, code, fragments);
	}

	private static Issue fires(int n, String body, String code, String... fragments) throws Exception {
		return AdamantTestSupport.fires(n, body, code, fragments);
	}

	private static void silent(String body, String code) throws Exception {
		AdamantTestSupport.silent(body, code);
	}

	private static Publication writer(Resource r) {
		return model(r).getElements().stream().filter(Application.class::isInstance).map(Application.class::cast)
				.flatMap(a -> a.getEndpoints().stream()).filter(Publication.class::isInstance).map(Publication.class::cast)
				.findFirst().orElseThrow();
	}

	private static String apps(String writer, String reader) {
		return "topic T : Scan\napplication gw { " + writer + " }\napplication fc { " + reader + " }\n";
	}

	@Test
	void domainsDiffer() throws Exception {
		String body = apps("domain 0 publish T rate 10 Hz transport nakcast", "domain 3 subscribe T transport nakcast");
		Issue i = fires(body, IssueCodes.INCOMPATIBLE_DOMAIN, "'gw'", "'fc'", "domain 0 at the writer", "3 at the reader");
		assertEquals(Severity.ERROR, i.getSeverity());
		// the reader gets nothing, so the flow has no receivers
		assertEquals(1, withCode(issuesOf(body), IssueCodes.NO_SUBSCRIBER).size());
		silent(apps("domain 3 publish T rate 10 Hz", "domain 3 subscribe T"), IssueCodes.INCOMPATIBLE_DOMAIN);
	}

	@Test
	void nativeWriterAndOpenDdsReaderInTwoDomains() throws Exception {
		String body = apps("publish T rate 10 Hz transport nakcast", "domain 3 subscribe T transport opendds_tcp");
		List<Issue> all = issuesOf(body);
		assertEquals(1, withCode(all, IssueCodes.INCOMPATIBLE_DOMAIN).size(), all::toString);
		Issue t = withCode(all, IssueCodes.INCOMPATIBLE_TRANSPORT).get(0);
		assertTrue(t.getMessage().contains("'nakcast' (runtime nakcast)") && t.getMessage().contains(
				"'opendds_tcp' (opendds tcp)"), t::getMessage);
		Resource r = loadText(AdamantTestSupport.SCAN_HEADER + body);
		assertEquals(0, Flow.of(writer(r)).receivers());
	}

	@Test
	void partitions() throws Exception {
		String body = "qos A { partition \"red\" }\nqos B { partition \"blue\", \"green\" }\n"
				+ apps("publish T qos A rate 10 Hz", "subscribe T qos B");
		fires(body, IssueCodes.INCOMPATIBLE_PARTITION, "\"red\" at the writer", "\"blue\", \"green\" at the reader");
		silent("qos A { partition \"red\" }\nqos B { partition \"blue\", \"r*\" }\n"
				+ apps("publish T qos A rate 10 Hz", "subscribe T qos B"), IssueCodes.INCOMPATIBLE_PARTITION);
		// a profile without partition is in the default partition ""
		fires("qos A { partition \"red\" }\n" + apps("publish T qos A rate 10 Hz", "subscribe T"),
				IssueCodes.INCOMPATIBLE_PARTITION, "\"\" at the reader");
	}

	@Test
	void typesOfOneTopicNameDiffer() throws Exception {
		Resource r = loadText("""
				import "transports.adamant"
				import "other.adamant"
				struct Scan { @key uint32 id; float t; }
				topic T : Scan
				application gw { publish T rate 10 Hz }
				""");
		Path other = Path.of(r.getURI().toFileString()).resolveSibling("other.adamant");
		Files.writeString(other, """
				model other
				struct Track { uint64 when; }
				topic T : Track
				application fc { subscribe T }
				""");
		EcoreUtil.resolveAll(r);
		Resource fresh = r.getResourceSet().getResource(URI.createFileURI(other.toString()), true);
		List<Issue> all = validate(fresh);
		List<Issue> hits = withCode(all, IssueCodes.INCOMPATIBLE_TYPE);
		assertEquals(1, hits.size(), all::toString);
		assertTrue(hits.get(0).getMessage().contains("type Scan at the writer, Track at the reader"),
				hits.get(0)::getMessage);
	}

	@Test
	void writerAndReaderOnRicochetsWithAnotherR() throws Exception {
		// the issue's case: the writer runs ricochet_r4 (r = 4), the reader ricochet (r = 8)
		String model = """
				import "transports.adamant"
				struct Scan { @key uint32 id; float t; }
				environment lan { multicast available loss 3 % }
				qos Q { reliability best_effort max_loss 1 % }
				topic T : Scan qos Q
				application gw { environment lan publish T rate 100 Hz payload 12 B transport ricochet_r4 }
				application fc { environment lan instances 25 subscribe T transport ricochet }
				""";
		List<Issue> all = validate(loadText(model));
		List<Issue> hits = withCode(all, IssueCodes.INCOMPATIBLE_TRANSPORT);
		assertEquals(1, hits.size(), all::toString);
		assertTrue(hits.get(0).getMessage().contains("'ricochet_r4' r = 4 at the writer, 'ricochet' r = 8 at the reader"),
				hits.get(0)::getMessage);
		// an auto writer is checked against what auto chose for it
		Resource auto = loadText(model.replace("transport ricochet_r4", "transport auto"));
		String chosen = Bindings.resolve(writer(auto)).transport().getName();
		List<Issue> autoAll = validate(auto);
		List<Issue> autoHits = withCode(autoAll, IssueCodes.INCOMPATIBLE_TRANSPORT);
		assertFalse(autoHits.isEmpty(), autoAll::toString); // one per parameter that differs
		assertTrue(autoHits.stream().allMatch(i -> i.getMessage().contains("'" + chosen + "'")), autoHits::toString);
		// a reader that follows the writer's choice pairs with it
		assertTrue(withCode(validate(loadText(model.replace("transport ricochet_r4", "transport auto")
				.replace("transport ricochet", "transport auto"))), IssueCodes.INCOMPATIBLE_TRANSPORT).isEmpty());
	}

	@Test
	void writerDefaultsToReliable() throws Exception {
		// DDS: a writer without a reliability policy offers reliable, so a reliable reader matches it
		silent("qos R { reliability reliable }\n" + apps("publish T rate 10 Hz", "subscribe T qos R"),
				IssueCodes.INCOMPATIBLE_RELIABILITY);
		fires("qos W { reliability best_effort }\nqos R { reliability reliable }\n"
				+ apps("publish T qos W rate 10 Hz", "subscribe T qos R"), IssueCodes.INCOMPATIBLE_RELIABILITY,
				"offers best_effort", "requests reliable");
	}

	// ---------------------------------------------------------------- capability table

	@Test
	void sourceOrderOnUnorderedTransport() throws Exception {
		// on the writer and on the reader
		Issue i = fires(2, "qos O { destination_order by_source_timestamp }\n"
				+ apps("publish T qos O rate 10 Hz transport baseline", "subscribe T qos O transport baseline"),
				IssueCodes.ORDERED_ON_UNORDERED_TRANSPORT, "'gw'", "destination_order by_source_timestamp",
				"'baseline' cannot deliver in order");
		assertEquals(Severity.WARNING, i.getSeverity());
		silent("qos O { destination_order by_source_timestamp }\n"
				+ apps("publish T qos O rate 10 Hz transport nakcast", "subscribe T qos O transport nakcast"),
				IssueCodes.ORDERED_ON_UNORDERED_TRANSPORT);
	}

	@Test
	void orderedReaderFollowingAnUnorderedWriter() throws Exception {
		// the reader's auto follows the writer's transport; its ordered presentation is checked there
		List<Issue> all = issuesOf("qos O { presentation topic ordered }\nqos W { presentation topic ordered }\n"
				+ apps("publish T qos W rate 10 Hz transport ricochet", "instances 4 subscribe T qos O transport auto"));
		assertEquals(2, withCode(all, IssueCodes.ORDERED_ON_UNORDERED_TRANSPORT).size(), all::toString);
	}

	private static final String MOCKETS = """
			transport mockets { cast unicast reliability reliable ordering ordered replacement maps to runtime replace }
			""";

	@Test
	void keepAllOnReplacementTransport() throws Exception {
		Issue i = fires(2, MOCKETS + "qos H { reliability reliable history keep_all }\n"
				+ apps("publish T qos H rate 10 Hz transport mockets", "subscribe T qos H transport mockets"),
				IssueCodes.HISTORY_CONTRADICTS_REPLACEMENT, "keeps every sample", "history keep_all",
				"'mockets' can replace a queued older update");
		assertEquals(Severity.ERROR, i.getSeverity());
		Issue deep = fires(MOCKETS + "qos H { reliability reliable history keep_last 5 }\n"
				+ apps("publish T qos H rate 10 Hz transport mockets", "subscribe T transport mockets"),
				IssueCodes.HISTORY_CONTRADICTS_REPLACEMENT, "keeps the last 5 samples");
		assertEquals(Severity.WARNING, deep.getSeverity());
		silent(MOCKETS + "qos H { reliability reliable history keep_last 1 }\n"
				+ apps("publish T qos H rate 10 Hz transport mockets", "subscribe T transport mockets"),
				IssueCodes.HISTORY_CONTRADICTS_REPLACEMENT);
		// within one profile
		fires("qos H { history keep_all replacement }", IssueCodes.HISTORY_CONTRADICTS_REPLACEMENT, "'H'", "keep_all");
	}

	@Test
	void catalogClaimsMoreThanItsKind() throws Exception {
		Issue i = fires("transport fast { cast multicast reliability reliable ordering ordered maps to runtime ricochet }",
				IssueCodes.CAPABILITY_NOT_OFFERED, "'fast'", "reliable, ordered");
		assertEquals(Severity.WARNING, i.getSeverity());
		// and the checks do not believe it
		fires(2, "transport fast { cast multicast reliability reliable ordering ordered maps to runtime baseline }\n"
				+ "qos R { reliability reliable }\n" + apps("publish T qos R rate 10 Hz transport fast",
						"subscribe T qos R transport fast"), IssueCodes.RELIABLE_ON_UNRELIABLE_TRANSPORT, "'gw'");
		silent("transport t { cast multicast reliability probabilistic maps to runtime nakcast }",
				IssueCodes.CAPABILITY_NOT_OFFERED);
	}

	@Test
	void ddsLayerPolicyOnRuntimeTransport() throws Exception {
		Issue i = fires("qos D { reliability reliable durability transient_local }\n"
				+ apps("publish T qos D rate 10 Hz transport nakcast", "subscribe T transport nakcast"),
				IssueCodes.DDS_POLICY_UNSUPPORTED, "late joiners", "durability transient_local");
		assertEquals(Severity.WARNING, i.getSeverity());
		silent("qos D { reliability reliable durability transient_local }\n"
				+ apps("publish T qos D rate 10 Hz transport opendds_tcp", "subscribe T transport opendds_tcp"),
				IssueCodes.DDS_POLICY_UNSUPPORTED);
	}
}
