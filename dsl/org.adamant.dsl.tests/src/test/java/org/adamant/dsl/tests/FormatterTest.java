package org.adamant.dsl.tests;

import static org.adamant.dsl.tests.AdamantTestSupport.INJECTOR;
import static org.adamant.dsl.tests.AdamantTestSupport.ROOT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

import org.adamant.dsl.formatting2.ModelFormatter;
import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.nodemodel.ILeafNode;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The formatter: each construct laid out as the examples write it, messy input to the expected text,
 * idempotence and no lost text over every model of the repository, comments kept verbatim, models
 * with syntax errors left alone.
 */
class FormatterTest {

	private static final ModelFormatter FORMATTER = INJECTOR.getInstance(ModelFormatter.class);

	static XtextResource parse(String text) {
		XtextResourceSet set = INJECTOR.getInstance(XtextResourceSet.class);
		XtextResource resource = (XtextResource) set.createResource(URI.createURI("memory:/formatted.adamant"));
		try {
			resource.load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), null);
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
		return resource;
	}

	static String format(String text) {
		XtextResource resource = parse(text);
		assertTrue(resource.getParseResult() != null && !resource.getParseResult().hasSyntaxErrors(),
				() -> "syntax errors: " + resource.getErrors());
		return FORMATTER.format(resource);
	}

	/** Formats, and checks that formatting the result changes nothing and that no text was lost. */
	static void assertFormats(String expected, String input) {
		String once = format(input);
		assertEquals(expected, once);
		assertEquals(once, format(once), "formatting is not idempotent");
		assertEquals(withoutWhitespace(input), withoutWhitespace(once), "formatting lost or added text");
	}

	static String withoutWhitespace(String text) {
		return text.replaceAll("\\s+", "");
	}

	static List<String> comments(String text) {
		List<String> comments = new ArrayList<>();
		for (ILeafNode leaf : parse(text).getParseResult().getRootNode().getLeafNodes()) {
			if (leaf.isHidden() && leaf.getText().trim().startsWith("/")) {
				comments.add(leaf.getText().strip());
			}
		}
		return comments;
	}

	// ------------------------------------------------------------------ constructs

	@Test
	void modelHeaderImportsAndTopLevelElementsOnLinesOfTheirOwn() {
		assertFormats("""
				model a.b
				import "x.adamant"
				import "y.adamant"
				topic T : S qos Q
				topic U : S
				""",
				"model   a.b import \"x.adamant\"   import \"y.adamant\" topic T:S qos Q topic U :S");
	}

	@Test
	void atMostOneBlankLineBetweenElementsAndNoneAtTheEnds() {
		assertFormats("model m\n\ntopic T : S\n\ntopic U : S\n", "\n\nmodel m\n\n\n\ntopic T : S\n\n\n\ntopic U : S\n\n\n");
	}

	@Test
	void structMembersOnePerLineWithTypeSyntaxTight() {
		assertFormats("""
				struct Scan {
					@key uint32 id;
					sequence<uint8, 5120> data;
					string<32> name;
					uint8 padding[980];
				}
				""", "struct Scan{@key uint32 id ;\nsequence < uint8 , 5120 > data;string < 32 > name ; uint8 padding [ 980 ] ; }");
	}

	@Test
	void aBlockWrittenOnOneLineStaysOnOneLine() {
		assertFormats("""
				struct Scan { @key uint32 id; float t; }
				qos Voip extends Multimedia { max_loss 5 % }
				enum Color { red, green, blue }
				environment lan { bandwidth 5 KB/s rtt 200 us }
				""", """
				struct Scan {   @key uint32 id ;float t; }
				qos Voip extends Multimedia{max_loss 5 %}
				enum Color { red , green,blue }
				environment lan {bandwidth 5 KB/s   rtt 200 us}
				""");
	}

	@Test
	void enumOverSeveralLinesHasOneLiteralPerLine() {
		assertFormats("enum Mode {\n\tidle,\n\tbusy,\n\tdown\n}\n", "enum Mode { idle,\nbusy , down }\n");
	}

	@Test
	void qosPoliciesOnePerLineWithTheirOptionsOnTheLine() {
		assertFormats("""
				qos Fast extends Base {
					reliability reliable max_blocking_time 100 ms
					history keep_last 1
					presentation scope topic coherent ordered
					resource_limits max_samples 10 max_instances 2
					partition "a", "b"
					max_loss 0.5 %
				}
				""", """
				qos Fast extends Base { reliability   reliable max_blocking_time 100 ms
				history keep_last 1 presentation scope topic coherent ordered
				      resource_limits max_samples 10 max_instances 2 partition "a" ,"b" max_loss 0.5 % }
				""");
	}

	@Test
	void transportClausesAndParametersOnePerLine() {
		assertFormats("""
				transport ricochet {
					cast multicast
					reliability probabilistic
					ordering unordered
					replacement
					priorities
					flow_control
					maps to runtime ricochet(r = 8, c = 3)
					param r default 8 range 2..64
					param c default 3 range 1..24
				}
				""", """
				transport ricochet { cast multicast reliability probabilistic ordering unordered replacement
				priorities flow_control maps to runtime ricochet ( r=8 , c = 3 )
				param r default 8 range 2 .. 64 param c default 3 range 1..24 }
				""");
	}

	@Test
	void environmentClausesOnePerLineAndTheScheduleOnItsLine() {
		assertFormats("""
				environment link {
					multicast unavailable
					loss 0 % to 2 %
					bandwidth schedule { 40 KB/s for 50 s, 5 KB/s for 10 s } repeat
					rtt 1 ms
					queue 4 packets
				}
				""", """
				environment link { multicast unavailable loss 0 % to 2 %
				bandwidth schedule {40 KB/s for 50 s ,5 KB/s for 10 s} repeat rtt 1 ms queue 4 packets }
				""");
	}

	@Test
	void applicationSettingsAndEndpointsOnePerLine() {
		assertFormats("""
				application gw {
					environment lan
					domain 0
					instances 3
					interop cyclonedds, fastdds
					publish Scans rate 10 Hz payload 12 B qos Fast transport auto
					subscribe Scans qos Fast transport nakcast
				}
				""", """
				application gw { environment lan domain 0 instances 3 interop cyclonedds ,fastdds publish Scans rate 10 Hz payload 12 B
				  qos Fast transport auto subscribe Scans qos Fast transport nakcast
				}
				""");
	}

	@Test
	void experimentSettingsStreamsAndSweepsOnePerLine() {
		assertFormats("""
				experiment sweep {
					topics A(rate 20 Hz payload 1 KB), B(rate 0.1 Hz)
					environment radio
					transports nakcast, ricochet
					receivers 3, 5
					loss 0 %, 1 %
					rate 10 Hz, 25 Hz
					updates 2000
					payload 12 B
					runs 5
					warmup 100
					nak_timeout 25 ms, 50 ms
					r 4, 8
				}
				""", """
				experiment sweep { topics A ( rate 20 Hz payload 1 KB ) ,B(rate 0.1 Hz) environment radio
				transports nakcast,ricochet receivers 3 ,5 loss 0 %,1 % rate 10 Hz , 25 Hz updates 2000 payload 12 B runs 5
				warmup 100 nak_timeout 25 ms, 50 ms r 4,8 }
				""");
	}

	@Test
	void blankLinesInsideBlocksKeptUpToOneAndRemovedAtTheBraces() {
		assertFormats("qos Q {\n\treliability reliable\n\n\thistory keep_all\n}\n",
				"qos Q {\n\n\n  reliability reliable\n\n\n\n  history keep_all\n\n\n}\n");
	}

	@Test
	void messyModelFormatsToTheExpectedText() {
		String messy = """
				// header comment
				model   messy
				import "transports.adamant"
				struct Scan {   @key uint32 id ;float t;
				}
				qos   Fast   extends Base{reliability reliable   max_blocking_time 100 ms
				history keep_last 1 // end of line



				  max_loss 0.5 % /* a bound */ }
				topic T:Scan qos Fast
				application gw {
				  publish T rate 10 Hz transport auto // the best feasible
				      subscribe T qos Fast transport nakcast}
				experiment x { topic T
				transports nakcast , ricochet receivers 3 loss 1 % updates 10 r 4,8 }
				// trailing file comment
				""";
		assertFormats("""
				// header comment
				model messy
				import "transports.adamant"
				struct Scan {
					@key uint32 id;
					float t;
				}
				qos Fast extends Base {
					reliability reliable max_blocking_time 100 ms
					history keep_last 1 // end of line

					max_loss 0.5 % /* a bound */
				}
				topic T : Scan qos Fast
				application gw {
					publish T rate 10 Hz transport auto // the best feasible
					subscribe T qos Fast transport nakcast
				}
				experiment x {
					topic T
					transports nakcast, ricochet
					receivers 3
					loss 1 %
					updates 10
					r 4, 8
				}
				// trailing file comment
				""", messy);
	}

	// ------------------------------------------------------------------ comments

	@Test
	void commentsAreKeptVerbatimWhereverTheyAre() {
		String input = """
				/* leading
				   block */

				// second
				struct A { // after the brace
				uint32 x; /* c1 */ /* c2 */
				// own line, column 0
				      //    indented, odd spacing

				  // after a blank line
				  uint32 y;
				  /* multi
				      line */ uint32 z;
				} // after the closing brace
				qos Q{reliability reliable/*glued*/durability volatile}
				qos R { reliability reliable
				//only comment before the brace
				}
				// last""";
		String once = format(input);
		assertEquals(comments(input), comments(once));
		assertEquals(withoutWhitespace(input), withoutWhitespace(once));
		assertEquals(once, format(once));
		assertEquals("""
				/* leading
				   block */

				// second
				struct A { // after the brace
					uint32 x; /* c1 */ /* c2 */
					// own line, column 0
					//    indented, odd spacing

					// after a blank line
					uint32 y;
					/* multi
				      line */
					uint32 z;
				} // after the closing brace
				qos Q { reliability reliable /*glued*/ durability volatile }
				qos R {
					reliability reliable
					//only comment before the brace
				}
				// last
				""", once);
	}

	@Test
	void windowsLineEndingsAreKept() {
		assertFormats("model m\r\nstruct A {\r\n\tuint32 x; // c\r\n}\r\n", "model m\r\nstruct A {\r\n  uint32 x; // c\r\n}\r\n");
	}

	// ------------------------------------------------------------------ syntax errors

	@Test
	void aModelWithSyntaxErrorsIsLeftAsItIs() {
		String broken = "struct   A {  uint32 x\n  qos Q { reliability }\n";
		XtextResource resource = parse(broken);
		assertTrue(resource.getParseResult().hasSyntaxErrors());
		assertEquals(broken, FORMATTER.format(resource));
		assertTrue(FORMATTER.edits(resource).isEmpty());
	}

	// ------------------------------------------------------------------ every model of the repository

	/** Every .adamant file of the checkout, outside build output and hidden directories. */
	static Stream<String> repositoryModels() throws IOException {
		List<String> models = new ArrayList<>();
		Files.walkFileTree(ROOT, new SimpleFileVisitor<>() {
			@Override
			public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) {
				String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
				boolean skip = !dir.equals(ROOT) && (name.startsWith(".") || Set.of("target", "node_modules", "build",
						"src-gen", "xtend-gen").contains(name));
				return skip ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
			}

			@Override
			public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
				if (attributes.isRegularFile() && file.toString().endsWith(".adamant")) {
					models.add(ROOT.relativize(file).toString());
				}
				return FileVisitResult.CONTINUE;
			}
		});
		models.sort(null);
		assertFalse(models.isEmpty(), "no .adamant files under " + ROOT);
		return models.stream();
	}

	@ParameterizedTest
	@MethodSource("repositoryModels")
	void formattingEveryModelIsIdempotentAndLosesNothing(String path) throws IOException {
		String text = Files.readString(ROOT.resolve(path));
		XtextResource resource = parse(text);
		String once = FORMATTER.format(resource);
		if (resource.getParseResult().hasSyntaxErrors()) {
			assertEquals(text, once, "a model with syntax errors must be left alone");
			return;
		}
		assertEquals(once, FORMATTER.format(parse(once)), "formatting is not idempotent");
		assertEquals(withoutWhitespace(text), withoutWhitespace(once), "formatting lost or added text");
		assertEquals(comments(text), comments(once));
	}

	/**
	 * Every model of the repository with random whitespace, blank lines, line and block comments
	 * between its tokens (seeded): formatting keeps every comment and word, the result parses, and
	 * formatting it again changes nothing.
	 */
	@ParameterizedTest
	@MethodSource("repositoryModels")
	void randomLayoutsAndCommentsFormatToAStableResult(String path) throws IOException {
		String text = Files.readString(ROOT.resolve(path));
		XtextResource original = parse(text);
		if (original.getParseResult().hasSyntaxErrors()) {
			return;
		}
		String[] layouts = { " ", "\n", "\n\n\n", "\t", "   ", " /* x */ ", " // y\n", "\n// z\n\n", "/*a\n b*/" };
		Random random = new Random(path.hashCode());
		for (int round = 0; round < 20; round++) {
			StringBuilder shuffled = new StringBuilder();
			for (ILeafNode leaf : original.getParseResult().getRootNode().getLeafNodes()) {
				boolean whitespace = leaf.isHidden() && leaf.getText().isBlank();
				shuffled.append(whitespace && random.nextInt(3) == 0 ? layouts[random.nextInt(layouts.length)] : leaf.getText());
			}
			String input = shuffled.toString();
			String once = format(input);
			assertEquals(withoutWhitespace(input), withoutWhitespace(once), () -> "lost text formatting:\n" + input);
			assertEquals(comments(input), comments(once), () -> "changed comments formatting:\n" + input);
			assertEquals(once, format(once), () -> "not idempotent on:\n" + input);
		}
	}

	/** The checked-in examples, profiles and test models are formatted: `adamant format --check` passes on them. */
	@ParameterizedTest
	@MethodSource("repositoryModels")
	void checkedInModelsAreFormatted(String path) throws IOException {
		String text = Files.readString(ROOT.resolve(path));
		assertEquals(text, FORMATTER.format(parse(text)), path + " is not formatted (run ./adamant format " + path + ")");
	}
}
