package org.adamant.dsl.tests;

import static org.adamant.dsl.tests.AdamantTestSupport.INJECTOR;
import static org.adamant.dsl.tests.AdamantTestSupport.ROOT;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.adamant.dsl.adamant.Publication;
import org.adamant.dsl.adamant.QosProfile;
import org.adamant.dsl.prediction.Flow;
import org.adamant.dsl.prediction.TransportRanking;
import org.adamant.dsl.semantics.EffectiveQos;
import org.eclipse.emf.common.util.TreeIterator;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.CheckMode;
import org.eclipse.xtext.validation.IResourceValidator;
import org.junit.jupiter.api.Test;

/**
 * Bad input never escapes as an exception: 1,200 models made by deleting, inserting, duplicating
 * and swapping tokens of the examples and profiles (fixed seed) go through parsing, linking,
 * validation and the analyses (EffectiveQos, Flow, TransportRanking).
 */
class FuzzTest {

	private static final String[] SOURCES = { "examples/sar/sar.adamant", "examples/blueforce/blueforce.adamant",
			"profiles/transports.adamant", "profiles/rtesp.adamant", "profiles/tactical.adamant" };
	private static final Pattern TOKEN = Pattern.compile("\"[^\"]*\"|[A-Za-z_][A-Za-z_0-9]*|\\d+|\\.\\.|\\S");
	private static final String[] INSERTS = { "{", "}", "0", "-1", "99999999999", "ms", "%", "KB/s", "qos", "extends",
			"topic", "transport", "auto", "schedule", "for", "repeat", "param", "range", "..", ",", ";", "@key",
			"publish", "subscribe", "r", "c", "nak_timeout", "presentation", "ordered", "replacement", "0.5", "Hz" };
	private static final int MODELS = 1200;

	@Test
	void mutatedModelsNeverThrow() throws Exception {
		Random random = new Random(20261121L);
		List<List<String>> sources = new ArrayList<>();
		for (String s : SOURCES) {
			List<String> tokens = new ArrayList<>();
			Matcher m = TOKEN.matcher(Files.readString(ROOT.resolve(s)));
			while (m.find()) {
				tokens.add(m.group());
			}
			sources.add(tokens);
		}
		System.setProperty("adamant.validation.strict", "true"); // NPEs in checks count as failures
		// Xtext logs (with a stack trace) instead of throwing what escapes a check: count those too
		List<String> logged = new ArrayList<>();
		org.apache.log4j.AppenderSkeleton trap = new org.apache.log4j.AppenderSkeleton() {
			@Override
			protected void append(org.apache.log4j.spi.LoggingEvent event) {
				if (event.getLevel().isGreaterOrEqual(org.apache.log4j.Level.ERROR)) {
					logged.add(event.getRenderedMessage() + (event.getThrowableInformation() == null ? ""
							: ": " + event.getThrowableInformation().getThrowable()));
				}
			}

			@Override
			public void close() {
			}

			@Override
			public boolean requiresLayout() {
				return false;
			}
		};
		org.apache.log4j.Logger.getRootLogger().addAppender(trap);
		// the trap sees what the resource validator logs
		org.apache.log4j.Logger.getLogger(org.eclipse.xtext.validation.ResourceValidatorImpl.class)
				.error("self-test of the FuzzTest log trap (expected, not a failure)", new IllegalStateException("self-test"));
		assertTrue(logged.size() == 1 && logged.get(0).contains("self-test"), logged::toString);
		logged.clear();
		IResourceValidator validator = INJECTOR.getInstance(IResourceValidator.class);
		List<String> failures = new ArrayList<>();
		for (int n = 0; n < MODELS; n++) {
			List<String> tokens = new ArrayList<>(sources.get(random.nextInt(sources.size())));
			int edits = 1 + random.nextInt(4);
			for (int e = 0; e < edits && !tokens.isEmpty(); e++) {
				int i = random.nextInt(tokens.size());
				switch (random.nextInt(4)) {
				case 0 -> tokens.remove(i);
				case 1 -> tokens.add(i, INSERTS[random.nextInt(INSERTS.length)]);
				case 2 -> tokens.add(i, tokens.get(random.nextInt(tokens.size())));
				default -> {
					int j = random.nextInt(tokens.size());
					String t = tokens.get(i);
					tokens.set(i, tokens.get(j));
					tokens.set(j, t);
				}
				}
			}
			String text = String.join(" ", tokens);
			try {
				XtextResourceSet set = INJECTOR.getInstance(XtextResourceSet.class);
				// the imports resolve against the real profiles
				Resource r = set.createResource(URI.createFileURI(ROOT.resolve("examples/fuzz/m" + n + ".adamant").toString()));
				r.load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), null);
				validator.validate(r, CheckMode.ALL, CancelIndicator.NullImpl);
				if (!logged.isEmpty()) {
					failures.add("model " + n + ": logged " + logged + "\n" + text);
					logged.clear();
				}
				for (TreeIterator<EObject> it = r.getAllContents(); it.hasNext();) {
					EObject o = it.next();
					if (o instanceof QosProfile q) {
						EffectiveQos.of(q).isReliable();
					} else if (o instanceof Publication p) {
						EffectiveQos.of(p);
						Flow.of(p).scenario();
						TransportRanking.rank(p);
						if (p.getBinding() != null && p.getBinding().getTransport() != null) {
							org.adamant.dsl.semantics.Quantities.knownParameters(p.getBinding().getTransport());
						}
					}
				}
			} catch (Throwable t) {
				failures.add("model " + n + ": " + t + "\n" + text);
				if (failures.size() > 5) {
					break;
				}
			}
		}
		System.clearProperty("adamant.validation.strict");
		org.apache.log4j.Logger.getRootLogger().removeAppender(trap);
		assertTrue(failures.isEmpty(), () -> String.join("\n\n", failures));
	}
}
