package org.adamant.dsl.ui.tests;

import static org.adamant.dsl.ui.tests.Workbench.code;
import static org.adamant.dsl.ui.tests.Workbench.lineOf;
import static org.adamant.dsl.ui.tests.Workbench.markers;
import static org.adamant.dsl.ui.tests.Workbench.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import org.adamant.dsl.ui.AdamantDocuments;
import org.adamant.dsl.ui.contentassist.AdamantContentAssistProcessor;
import org.adamant.dsl.ui.highlighting.AdamantHighlighting.Category;
import org.adamant.dsl.ui.highlighting.AdamantPresentationReconciler;
import org.adamant.dsl.ui.outline.AdamantOutline;
import org.adamant.dsl.ui.outline.AdamantOutlinePage;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.content.IContentType;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyleRange;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.widgets.Control;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.views.contentoutline.IContentOutlinePage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The editor in a real IDE workbench: a project with a model that has errors, opened from the
 * workspace in the ADAMANT editor. Checks the content type and editor, markers (codes and lines)
 * while typing, highlighting and content assist. Quick fixes, hovers and generation on save are in
 * their own classes; all share this workbench.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AdamantEditorTest {

	/** A model with a unit missing and a reliable topic bound to an unreliable transport. */
	static final String MODEL = """
			model demo

			import "transports.adamant"

			struct Scan {
				@key uint32 cell;
				float temperature;
			}

			// fusion needs every scan
			qos Fused {
				reliability reliable
				deadline 50
			}

			topic Scans : Scan qos Fused

			environment lan {
				multicast available
				loss 1 %
				rtt 200 us
			}

			application uav {
				environment lan
				publish Scans rate 100 Hz payload 12 B transport baseline
			}

			application fusion {
				environment lan
				instances 3
				subscribe Scans
			}
			""";

	static IFile file;
	static ITextEditor editor;

	@BeforeAll
	static void openModel() throws Exception {
		file = Workbench.demoModel("demo");
		editor = Workbench.open(file);
	}

	@AfterAll
	static void close() {
		editor.getSite().getPage().closeEditor(editor, false);
	}

	static String describe(List<IMarker> markers) {
		return markers.stream().map(m -> code(m) + "@" + m.getAttribute(IMarker.LINE_NUMBER, -1) + " "
				+ m.getAttribute(IMarker.MESSAGE, "")).collect(Collectors.joining("\n"));
	}

	@Test
	@Order(1)
	void adamantFilesOpenInTheGenericEditor() {
		IContentType type = Platform.getContentTypeManager().findContentTypeFor("any.adamant");
		assertNotNull(type);
		assertEquals("org.adamant.dsl.ui.adamant", type.getId());
		assertEquals("org.eclipse.ui.genericeditor.GenericEditor", editor.getSite().getId());
		assertEquals(MODEL, Workbench.document(editor).get());
	}

	@Test
	@Order(2)
	void problemsBecomeMarkersWithCodesAndLines() {
		waitUntil("the validation markers", () -> markers(file).stream().anyMatch(m -> IssueCodes.MISSING_UNIT.equals(code(m)))
				&& markers(file).stream().anyMatch(m -> IssueCodes.RELIABLE_ON_UNRELIABLE_TRANSPORT.equals(code(m))));
		List<IMarker> markers = markers(file);
		String all = describe(markers);
		IMarker unit = markers.stream().filter(m -> IssueCodes.MISSING_UNIT.equals(code(m))).findFirst().orElseThrow();
		assertEquals(lineOf(MODEL, "deadline 50"), unit.getAttribute(IMarker.LINE_NUMBER, -1), all);
		assertEquals(IMarker.SEVERITY_ERROR, unit.getAttribute(IMarker.SEVERITY, -1), all);
		assertEquals(MODEL.indexOf("50\n"), unit.getAttribute(IMarker.CHAR_START, -1), all);
		assertEquals(MODEL.indexOf("50\n") + 2, unit.getAttribute(IMarker.CHAR_END, -1), all);
		IMarker transport = markers.stream().filter(m -> IssueCodes.RELIABLE_ON_UNRELIABLE_TRANSPORT.equals(code(m)))
				.findFirst().orElseThrow();
		assertEquals(lineOf(MODEL, "publish Scans"), transport.getAttribute(IMarker.LINE_NUMBER, -1), all);
		assertTrue(transport.getAttribute(IMarker.MESSAGE, "").contains("baseline"), all);
		// the markers are problem markers: they are what the Problems view lists
		assertTrue(markers.stream().allMatch(m -> {
			try {
				return m.isSubtypeOf(IMarker.PROBLEM);
			} catch (Exception e) {
				return false;
			}
		}), all);
	}

	@Test
	@Order(3)
	void typingRevalidates() throws Exception {
		IDocument document = Workbench.document(editor);
		int at = document.get().indexOf("rtt 200 us");
		document.replace(at, "rtt 200 us".length(), "rtt 200 Hz");
		waitUntil("a wrong-unit marker after typing", () -> markers(file).stream()
				.anyMatch(m -> IssueCodes.WRONG_UNIT.equals(code(m)) && m.getAttribute(IMarker.LINE_NUMBER, -1) == lineOf(MODEL, "rtt 200")));
		document.replace(at, "rtt 200 Hz".length(), "rtt 200 us");
		waitUntil("the wrong-unit marker to go", () -> markers(file).stream().noneMatch(m -> IssueCodes.WRONG_UNIT.equals(code(m))));
		assertEquals(MODEL, document.get());
	}

	@Test
	@Order(4)
	void keywordsCommentsNamesByKindAndUnitsAreColoured() {
		StyledText text = (StyledText) editor.getAdapter(Control.class);
		Workbench.dispatch();
		assertStyle(text, MODEL.indexOf("qos Fused"), Category.KEYWORD);
		assertStyle(text, MODEL.indexOf("// fusion"), Category.COMMENT);
		assertStyle(text, MODEL.indexOf("\"transports.adamant\""), Category.STRING);
		assertStyle(text, MODEL.indexOf("Fused\n\nenvironment"), Category.QOS); // a reference
		assertStyle(text, MODEL.indexOf("Fused {"), Category.QOS); // its declaration
		assertStyle(text, MODEL.indexOf("Scan {"), Category.TYPE);
		assertStyle(text, MODEL.indexOf("Scans rate"), Category.TOPIC);
		assertStyle(text, MODEL.indexOf("baseline\n"), Category.TRANSPORT);
		assertStyle(text, MODEL.indexOf("lan {"), Category.SCOPE);
		assertStyle(text, MODEL.indexOf("Hz payload"), Category.UNIT);
	}

	private static void assertStyle(StyledText text, int offset, Category category) {
		StyleRange range = text.getStyleRangeAtOffset(offset);
		assertNotNull(range, () -> "no style at " + offset + " (" + category + ")");
		var expected = AdamantPresentationReconciler.styleOf(category);
		assertEquals(expected.getForeground().getRGB(), range.foreground.getRGB(), category.toString());
		assertEquals(expected.getStyle() & (SWT.BOLD | SWT.ITALIC), range.fontStyle & (SWT.BOLD | SWT.ITALIC), category.toString());
	}

	@Test
	@Order(5)
	void contentAssistProposesTransportsAndUnits() throws Exception {
		AdamantContentAssistProcessor processor = new AdamantContentAssistProcessor();
		int afterTransport = MODEL.indexOf("transport baseline") + "transport ".length();
		List<String> transports = labels(processor.computeCompletionProposals(Workbench.viewer(editor), afterTransport));
		assertTrue(transports.containsAll(List.of("nakcast", "ricochet", "auto")), transports.toString());
		IDocument document = Workbench.document(editor);
		int afterFifty = MODEL.indexOf("deadline 50") + "deadline 50 ".length();
		document.replace(afterFifty - 1, 0, " ");
		List<String> units = labels(processor.computeCompletionProposals(Workbench.viewer(editor), afterFifty));
		document.replace(afterFifty - 1, 1, "");
		assertEquals(MODEL, document.get());
		assertTrue(units.containsAll(List.of("ms", "s", "us")), units.toString());
		assertFalse(units.contains("Hz"), units.toString());
	}

	private static List<String> labels(ICompletionProposal[] proposals) {
		return Arrays.stream(proposals).map(p -> p.getDisplayString().split(" - ")[0]).toList();
	}

	@Test
	@Order(6)
	void theOutlineListsElementsAndTheirContents() throws Exception {
		assertTrue(editor.getAdapter(IContentOutlinePage.class) instanceof AdamantOutlinePage);
		List<AdamantOutline.Node> nodes = AdamantOutline.of(AdamantDocuments.parse(Workbench.document(editor)));
		assertEquals(List.of("struct Scan", "qos Fused", "topic Scans : Scan qos Fused", "environment lan", "application uav",
				"application fusion"), nodes.stream().map(AdamantOutline.Node::label).toList());
		AdamantOutline.Node uav = nodes.get(4);
		assertEquals(List.of("publish Scans rate 100 Hz payload 12 B transport baseline"),
				uav.children().stream().map(AdamantOutline.Node::label).toList());
		assertEquals(MODEL.indexOf("application uav"), uav.offset());

		// and the Outline view shows it
		editor.getSite().getPage().showView(IPageLayout.ID_OUTLINE);
		editor.getSite().getPage().activate(editor);
		waitUntil("the outline tree", () -> Workbench.trees(editor.getSite().getShell()).stream()
				.anyMatch(t -> Arrays.stream(t.getItems()).anyMatch(i -> i.getText().equals("qos Fused"))));
	}
}
