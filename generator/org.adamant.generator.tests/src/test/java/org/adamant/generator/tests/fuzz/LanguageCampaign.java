package org.adamant.generator.tests.fuzz;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.adamant.cli.Main;
import org.adamant.dsl.validation.IssueCodes;

/**
 * Language fuzz campaign (a benchmark, not a test): mutated models ({@link ModelMutator}) go through
 * the CLI in-process ({@code validate --explain} as text and JSON, {@code generate -t all} when the
 * model validates). A finding is an exception or stack trace, exit 2, an internal-error diagnostic,
 * a diagnostic at line 0 or with an unknown code, JSON that does not parse, a valid model the
 * generator refuses without a file:line:col error, a case over 10 s (slow; a hang past 60 s), or a
 * file written outside the output folder. Each finding's model is saved. Run by
 * tools/fuzz/language-campaign.sh.
 *
 * <pre>LanguageCampaign ROOT [--seed S] [--count N] [--findings DIR]</pre>
 */
public final class LanguageCampaign {

	private static final long TIMEOUT_S = 10;
	/** How much longer a case over TIMEOUT_S may take before it counts as a hang rather than as slow. */
	private static final long HANG_S = 50;
	/** How long a hung case, interrupted, is given to stop before the next case starts. */
	private static final long HANG_GRACE_S = 5;
	private static final Pattern DIAG = Pattern.compile("\\{\"file\":\"(?:[^\"\\\\]|\\\\.)*\",\"line\":(-?\\d+),"
			+ "\"column\":-?\\d+,\"severity\":\"(\\w+)\",\"code\":(null|\"(?:[^\"\\\\]|\\\\.)*\")");

	private final Path root;
	private final Path work;
	private final Path model;
	private final Path findingsDir;
	private final Set<String> knownCodes = new TreeSet<>();
	private final Map<String, Integer> findings = new TreeMap<>();
	private int parseErrors;
	private int validationErrors;
	private int generated;
	private ExecutorService executor = newExecutor();

	private LanguageCampaign(Path root, Path findingsDir) throws IOException, ReflectiveOperationException {
		this.root = root;
		this.findingsDir = findingsDir;
		// a private parent: the output folder's siblings and the parent's entries are checked per case
		work = Files.createDirectories(Files.createTempDirectory("adamant-fuzz").resolve("work"));
		// the seeds import ../../profiles/*.adamant: the same layout under the work folder
		Files.createDirectories(work.resolve("profiles"));
		for (Path p : adamantFiles(root.resolve("profiles"))) {
			Files.copy(p, work.resolve("profiles").resolve(p.getFileName()));
		}
		model = work.resolve("examples/fuzz/model.adamant");
		Files.createDirectories(model.getParent());
		for (Class<?> c : List.of(IssueCodes.class, org.eclipse.xtext.diagnostics.Diagnostic.class)) {
			for (Field f : c.getFields()) {
				if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
					knownCodes.add((String) f.get(null));
				}
			}
		}
	}

	public static void main(String[] args) throws Exception {
		Path root = Path.of(args[0]).toAbsolutePath().normalize();
		long seed = 1;
		int count = 10_000;
		Path findings = root.resolve(".adamant/fuzz/findings");
		for (int a = 1; a + 1 < args.length; a += 2) {
			switch (args[a]) {
			case "--seed" -> seed = Long.parseLong(args[a + 1]);
			case "--count" -> count = Integer.parseInt(args[a + 1]);
			case "--findings" -> findings = Path.of(args[a + 1]);
			default -> throw new IllegalArgumentException("unknown option " + args[a]);
			}
		}
		System.setProperty("adamant.validation.strict", "true"); // a failing check throws instead of logging
		List<String> seeds = new ArrayList<>();
		for (String dir : List.of("examples", "profiles", "tests/e2e", "generator/org.adamant.generator.tests")) {
			for (Path p : adamantFiles(root.resolve(dir))) {
				seeds.add(Files.readString(p));
			}
		}
		new LanguageCampaign(root, findings).run(new ModelMutator(seeds, seed), count, seed, seeds.size());
		System.exit(0); // a hung case may still hold a thread
	}

	private static List<Path> adamantFiles(Path dir) throws IOException {
		try (Stream<Path> s = Files.walk(dir)) {
			return s.filter(p -> p.toString().endsWith(".adamant") && !p.toString().contains("/target/")).sorted().toList();
		}
	}

	private void run(ModelMutator mutator, int count, long seed, int seedCount) throws Exception {
		// made before the checkout's listing is taken: the first saved finding must not count as a write
		Files.createDirectories(findingsDir);
		Set<String> rootBefore = listing(root, false);
		runCase(mutator.seedText()); // the first run builds the injector: not a case, not timed
		parseErrors = validationErrors = generated = 0;
		long start = System.nanoTime();
		for (int n = 0; n < count; n++) {
			String[] m = mutator.next();
			List<String> found = runCase(m[0]);
			for (String f : found) {
				String kind = f.substring(0, f.indexOf(':'));
				int k = findings.merge(kind, 1, Integer::sum);
				if (k <= 20) { // the first models of each kind are enough to reproduce
					Files.writeString(findingsDir.resolve(kind + "-" + n + ".adamant"), m[0]);
					Files.writeString(findingsDir.resolve(kind + "-" + n + ".txt"), "seed " + seed + " model " + n
							+ " mutations " + m[1] + "\n" + f + "\n");
				}
			}
			if ((n + 1) % 1000 == 0) {
				System.err.printf("%d models, %d findings, %.0f s%n", n + 1, findings.values().stream().mapToInt(i -> i).sum(),
						(System.nanoTime() - start) / 1e9);
			}
		}
		double wall = (System.nanoTime() - start) / 1e9;
		Set<String> rootAfter = listing(root, false);
		if (!rootAfter.equals(rootBefore)) { // a case's own write is found after the case: this is anything else
			findings.merge("outside-write", 1, Integer::sum);
			System.err.println("outside-write: the checkout's top level changed during the run: " + diff(rootBefore, rootAfter));
		}
		System.out.printf("%-28s %s%n", "seed", seed);
		System.out.printf("%-28s %d%n", "seed models", seedCount);
		System.out.printf("%-28s %d%n", "models", count);
		System.out.printf("%-28s %d%n", "with syntax errors", parseErrors);
		System.out.printf("%-28s %d%n", "parsed, validation errors", validationErrors);
		System.out.printf("%-28s %d%n", "generated ok (both targets)", generated);
		System.out.printf("%-28s %d%n", "findings", findings.values().stream().mapToInt(i -> i).sum());
		findings.forEach((k, v) -> System.out.printf("  %-26s %d%n", k, v));
		System.out.printf("%-28s %.1f s%n", "wall time", wall);
		System.out.printf("%-28s %.1f%n", "models/s", count / wall);
	}

	/** One model through validate (text, json, --explain) and generate: the findings, "kind: detail". */
	private List<String> runCase(String text) throws Exception {
		List<String> found = new ArrayList<>();
		Files.writeString(model, text, StandardCharsets.UTF_8);
		Path out = model.resolveSibling("out");
		Set<String> before = listing(work, true);
		Set<String> parentBefore = listing(work.getParent(), false);
		Set<String> rootBefore = listing(root, false);
		String[] json = cli(found, "validate", "--explain", "--format", "json", model.toString());
		if (json == null) {
			return found;
		}
		if (JsonSyntax.error(json[1]) != null) {
			found.add("bad-json: " + JsonSyntax.error(json[1]));
		}
		boolean syntax = false;
		boolean errors = false;
		Matcher d = DIAG.matcher(json[1]);
		while (d.find()) {
			String code = d.group(3).equals("null") ? null : d.group(3).substring(1, d.group(3).length() - 1);
			syntax |= org.eclipse.xtext.diagnostics.Diagnostic.SYNTAX_DIAGNOSTIC.equals(code);
			errors |= d.group(2).equals("error");
			if (Integer.parseInt(d.group(1)) < 1) {
				found.add("line-0: " + d.group());
			}
			if ("adamant.internal-error".equals(code)) {
				found.add("internal-error: " + d.group());
			} else if (!knownCodes.contains(code)) {
				found.add("unknown-code: " + d.group());
			}
		}
		if (syntax) {
			parseErrors++;
		} else {
			cli(found, "validate", "--explain", model.toString());
			if (errors) {
				validationErrors++;
			} else {
				String[] gen = cli(found, "generate", "-t", "all", "-o", out.toString(), model.toString());
				if (gen != null && gen[0].equals("0")) {
					generated++;
				} else if (gen != null && !(gen[0].equals("1") && gen[2].matches("(?s).*\\.adamant:[1-9]\\d*:[1-9]\\d*: error: .*"))) {
					// a refusal with exit 1 and file:line:col (an empty file, a generator limit) is an answer
					found.add("generate-refused: exit " + gen[0] + ": " + gen[2]);
				}
			}
		}
		if (!listing(work, true).equals(before) || !listing(work.getParent(), false).equals(parentBefore)) {
			found.add("outside-write: " + diff(before, listing(work, true)));
		}
		Set<String> rootAfter = listing(root, false);
		if (!rootAfter.equals(rootBefore)) { // the checkout, the CLI's working directory when run by the script
			found.add("outside-write: checkout " + diff(rootBefore, rootAfter));
		}
		deleteTree(out);
		return found;
	}

	/** The CLI's exit code, stdout and stderr; null after a hang or an escaping Throwable (recorded). */
	private String[] cli(List<String> found, String... args) throws Exception {
		StringWriter out = new StringWriter();
		StringWriter err = new StringWriter();
		Future<Integer> f = executor.submit(() -> Main.run(args, new PrintWriter(out), new PrintWriter(err)));
		int code;
		try {
			code = f.get(TIMEOUT_S, TimeUnit.SECONDS);
		} catch (TimeoutException e) {
			// on a loaded machine a slow case is told from a hang by waiting longer for it
			long start = System.nanoTime();
			try {
				f.get(HANG_S, TimeUnit.SECONDS);
				found.add(String.format("slow: %s took %.0f s", args[0], TIMEOUT_S + (System.nanoTime() - start) / 1e9));
			} catch (TimeoutException e2) {
				executor.shutdownNow();
				// what the interrupted case still does in the next seconds is this case's, not the next one's
				boolean stopped = executor.awaitTermination(HANG_GRACE_S, TimeUnit.SECONDS);
				found.add("hang: " + args[0] + " over " + (TIMEOUT_S + HANG_S) + " s"
						+ (stopped ? "" : ", still running after an interrupt (the campaign goes on beside it)"));
				executor = newExecutor();
				return null;
			} catch (java.util.concurrent.ExecutionException e2) {
				found.add("exception: " + args[0] + ": " + e2.getCause());
				return null;
			}
			return null;
		} catch (java.util.concurrent.ExecutionException e) {
			found.add("exception: " + args[0] + ": " + e.getCause());
			return null;
		}
		String all = out + "\n" + err;
		if (all.contains("\tat ") || all.contains("java.lang.") || all.contains("Exception")) {
			found.add("stack-trace: " + args[0] + ": " + all.substring(0, Math.min(all.length(), 2000)));
		}
		if (code == Main.EXIT_USAGE) {
			found.add("exit-2: " + args[0] + ": " + err.toString().strip());
		}
		return new String[] { String.valueOf(code), out.toString(), err.toString() };
	}

	private static ExecutorService newExecutor() {
		return Executors.newSingleThreadExecutor(r -> {
			Thread t = new Thread(r, "fuzz-case");
			t.setDaemon(true);
			return t;
		});
	}

	/** Every path under {@code dir} (recursively, except the output folder), or its entries. */
	private static Set<String> listing(Path dir, boolean recursive) throws IOException {
		try (Stream<Path> s = recursive ? Files.walk(dir) : Files.list(dir)) {
			return new TreeSet<>(s.map(p -> dir.relativize(p).toString()).filter(p -> !p.startsWith("examples/fuzz/out"))
					.toList());
		}
	}

	private static String diff(Set<String> before, Set<String> after) {
		Set<String> added = new TreeSet<>(after);
		added.removeAll(before);
		Set<String> removed = new TreeSet<>(before);
		removed.removeAll(after);
		return "added " + added + " removed " + removed;
	}

	private static void deleteTree(Path dir) throws IOException {
		if (Files.exists(dir)) {
			try (Stream<Path> s = Files.walk(dir)) {
				for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
					Files.delete(p);
				}
			}
		}
	}
}
