package org.adamant.dsl.ui.tests;

import static org.adamant.dsl.ui.tests.Workbench.code;
import static org.adamant.dsl.ui.tests.Workbench.markers;
import static org.adamant.dsl.ui.tests.Workbench.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.adamant.dsl.ui.hover.AdamantTextHover;
import org.adamant.dsl.ui.hover.MarkdownText;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.Region;
import org.eclipse.ui.IMarkerResolution;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Quick fixes from the Problems view's marker resolutions and the prediction hover, in the real
 * workbench on the model of {@link AdamantEditorTest}.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class QuickFixAndHoverTest {

	static IFile file;
	static ITextEditor editor;
	/** The transport the second quick fix switched the publication to. */
	static String switchedTo;

	@BeforeAll
	static void openModel() throws Exception {
		file = Workbench.demoModel("fixes");
		editor = Workbench.open(file);
		waitUntil("the validation markers", () -> markers(file).size() >= 2);
	}

	@AfterAll
	static void close() {
		editor.getSite().getPage().closeEditor(editor, false);
	}

	static IMarker marker(String code) {
		waitUntil("a " + code + " marker", () -> markers(file).stream().anyMatch(m -> code.equals(code(m))));
		return markers(file).stream().filter(m -> code.equals(code(m))).findFirst().orElseThrow();
	}

	static List<String> labels(IMarkerResolution[] resolutions) {
		return Arrays.stream(resolutions).map(IMarkerResolution::getLabel).toList();
	}

	@Test
	@Order(1)
	void addingTheMissingUnitRemovesTheMarker() {
		IMarker missing = marker(IssueCodes.MISSING_UNIT);
		assertTrue(IDE.getMarkerHelpRegistry().hasResolutions(missing));
		IMarkerResolution[] resolutions = IDE.getMarkerHelpRegistry().getResolutions(missing);
		List<String> labels = labels(resolutions);
		assertTrue(labels.contains("Add unit 'ms'"), labels.toString());
		Arrays.stream(resolutions).filter(r -> r.getLabel().equals("Add unit 'ms'")).findFirst().orElseThrow().run(missing);

		IDocument document = Workbench.document(editor);
		assertTrue(document.get().contains("deadline 50 ms\n"), document.get());
		assertTrue(editor.isDirty(), "the fix goes into the open editor, unsaved");
		waitUntil("the missing-unit marker to go", () -> markers(file).stream().noneMatch(m -> IssueCodes.MISSING_UNIT.equals(code(m))));
	}

	@Test
	@Order(2)
	void switchingToAReliableTransportRemovesTheMarker() {
		IMarker unreliable = marker(IssueCodes.RELIABLE_ON_UNRELIABLE_TRANSPORT);
		int line = unreliable.getAttribute(IMarker.LINE_NUMBER, -1);
		IMarkerResolution[] resolutions = IDE.getMarkerHelpRegistry().getResolutions(unreliable);
		List<String> labels = labels(resolutions);
		// the best-ranked reliable transport comes first
		IMarkerResolution best = Arrays.stream(resolutions).filter(r -> r.getLabel().startsWith("Switch to transport '"))
				.findFirst().orElseThrow(() -> new AssertionError("no transport switch in " + labels));
		switchedTo = best.getLabel().split("'")[1];
		best.run(unreliable);
		String text = Workbench.document(editor).get();
		assertTrue(text.contains("publish Scans rate 100 Hz payload 12 B transport " + switchedTo + "\n"), text);
		waitUntil("the reliable-on-unreliable marker of the publication to go", () -> markers(file).stream()
				.noneMatch(m -> IssueCodes.RELIABLE_ON_UNRELIABLE_TRANSPORT.equals(code(m))
						&& m.getAttribute(IMarker.LINE_NUMBER, -1) == line));
	}

	@Test
	@Order(3)
	void hoverOnPublishShowsThePredictionAndTheRanking() {
		String text = Workbench.document(editor).get();
		int offset = text.indexOf("publish Scans") + 3;
		AdamantTextHover hover = new AdamantTextHover();
		String markdown = (String) hover.getHoverInfo2(Workbench.viewer(editor), new Region(offset, 0));
		assertTrue(markdown.startsWith("**publish Scans** in application `uav`"), markdown);
		assertTrue(markdown.contains("Transport **" + switchedTo + "** (bound): predicted mean latency **"), markdown);
		assertTrue(markdown.contains("ReLate2 **"), markdown);
		assertTrue(markdown.contains("| # | transport | mean latency | delivery | ReLate2 | feasible |"), markdown);

		// as the hover shows it: no Markdown syntax, the ranking as aligned columns
		MarkdownText.Rendered shown = MarkdownText.render(markdown);
		assertFalse(shown.text().contains("**") || shown.text().contains("`") || shown.text().contains("|"), shown.text());
		assertTrue(shown.text().startsWith("publish Scans in application uav"), shown.text());
		List<String> lines = shown.text().lines().toList();
		String header = lines.stream().filter(l -> l.startsWith("#")).findFirst().orElseThrow(() -> new AssertionError(shown.text()));
		int column = header.indexOf("mean latency");
		List<String> rows = lines.stream().filter(l -> l.matches("\\d+ +\\S+.*")).toList();
		assertTrue(rows.size() >= 5, shown.text());
		assertTrue(rows.stream().allMatch(r -> r.length() > column && r.charAt(column - 1) == ' '
				&& Character.isDigit(r.charAt(column))), "the mean latency column is aligned:\n" + shown.text());
		assertTrue(lines.stream().filter(l -> !l.equals(header) && !rows.contains(l))
				.allMatch(l -> l.length() <= MarkdownText.WIDTH + 20), "prose is wrapped:\n" + shown.text());
		assertTrue(shown.bold().stream().anyMatch(b -> shown.text().substring(b[0], b[0] + b[1]).equals(switchedTo)), shown.text());
		assertEquals(null, hover.getHoverInfo2(Workbench.viewer(editor), new Region(text.indexOf("struct Scan") + 2, 0)));
	}
}
