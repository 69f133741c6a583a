package org.adamant.dsl.ui.tests;

import static org.adamant.dsl.ui.tests.Workbench.code;
import static org.adamant.dsl.ui.tests.Workbench.markers;
import static org.adamant.dsl.ui.tests.Workbench.waitUntil;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.adamant.dsl.ui.hover.AdamantTextHover;
import org.adamant.dsl.validation.IssueCodes;
import org.eclipse.core.resources.IFile;
import org.eclipse.jface.text.IInformationControl;
import org.eclipse.jface.text.IInformationControlExtension2;
import org.eclipse.jface.text.ITextOperationTarget;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.Region;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.jface.text.quickassist.IQuickAssistProcessor;
import org.eclipse.jface.text.source.ISourceViewer;
import org.eclipse.jface.text.source.ISourceViewerExtension3;
import org.eclipse.jface.text.source.TextInvocationContext;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StyledText;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IViewReference;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.Test;

/**
 * The editor as a user sees it: a model with errors, the Problems view, Ctrl+1 on the missing unit
 * listing the quick fixes (the Generic Editor's quick assist shows our marker resolutions) and the
 * prediction hover on the publication. The screen is saved as a PNG (system property
 * adamant.screenshot; the README's docs/images/eclipse-editor.png is one).
 */
class EditorScreenshotTest {

	@Test
	void markerQuickFixAndPredictionHoverOnScreen() throws Exception {
		Display display = Display.getCurrent();
		Shell window = display.getActiveShell() != null ? display.getActiveShell()
				: org.eclipse.ui.PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
		window.setBounds(display.getBounds());
		IFile file = Workbench.demoModel("screenshot");
		ITextEditor editor = Workbench.open(file);
		waitUntil("the missing-unit marker", () -> markers(file).stream().anyMatch(m -> IssueCodes.MISSING_UNIT.equals(code(m))));
		IWorkbenchPage page = editor.getSite().getPage();
		// the editor over the whole width, the Problems view below it
		for (String view : new String[] { IPageLayout.ID_PROJECT_EXPLORER, IPageLayout.ID_OUTLINE, "org.eclipse.ui.views.TaskList" }) {
			IViewReference ref = page.findViewReference(view);
			if (ref != null) {
				page.hideView(ref);
			}
		}
		IViewPart problems = page.showView(IPageLayout.ID_PROBLEM_VIEW);
		page.activate(editor);
		Workbench.dispatch();
		waitUntil("the Problems view to list the errors", () -> expandAll(problems.getSite().getShell()) > 1);

		// Ctrl+1 on the number without a unit offers the language's fixes
		ITextViewer viewer = Workbench.viewer(editor);
		String text = AdamantEditorTest.MODEL;
		int fifty = text.indexOf("deadline 50") + "deadline ".length() + 1;
		IQuickAssistProcessor quickAssist = ((ISourceViewerExtension3) viewer).getQuickAssistAssistant().getQuickAssistProcessor();
		ICompletionProposal[] fixes = quickAssist.computeQuickAssistProposals(new TextInvocationContext((ISourceViewer) viewer, fifty, 0));
		List<String> labels = Arrays.stream(fixes).map(ICompletionProposal::getDisplayString).toList();
		assertTrue(labels.contains("Add unit 'ms'"), labels.toString());

		// the prediction hover of the publication, where the mouse would show it
		int publish = text.indexOf("publish Scans");
		AdamantTextHover hover = new AdamantTextHover();
		String markdown = (String) hover.getHoverInfo2(viewer, new Region(publish + 2, 0));
		assertTrue(markdown != null && markdown.contains("ReLate2"), String.valueOf(markdown));
		StyledText styled = (StyledText) editor.getAdapter(Control.class);
		IInformationControl control = hover.getHoverControlCreator().createInformationControl(styled.getShell());
		if (control instanceof IInformationControlExtension2 ext) {
			ext.setInput(markdown);
		} else {
			control.setInformation(markdown);
		}
		// to the right of the code, below the quick fix list
		Point size = control.computeSizeHint();
		Rectangle area = display.getBounds();
		int left = Math.max(0, area.width - size.x - 20);
		control.setSize(Math.min(size.x, area.width - left - 10), size.y);
		int below = styled.toDisplay(styled.getLocationAtOffset(text.indexOf("application fusion"))).y;
		control.setLocation(new Point(left, below));
		control.setVisible(true);

		// and the quick fix list, as Ctrl+1 opens it
		viewer.setSelectedRange(fifty, 0);
		((ITextOperationTarget) viewer).doOperation(ISourceViewer.QUICK_ASSIST);
		long until = System.currentTimeMillis() + 1500;
		while (System.currentTimeMillis() < until) {
			if (!display.readAndDispatch()) {
				display.timerExec(20, () -> {
				});
				display.sleep();
			}
		}

		Rectangle screen = display.getBounds();
		Image image = new Image(display, screen.width, screen.height);
		GC gc = new GC(display);
		try {
			gc.copyArea(image, 0, 0);
		} finally {
			gc.dispose();
		}
		ImageData data = image.getImageData();
		image.dispose();
		control.dispose();
		editor.getSite().getPage().closeEditor(editor, false);

		Set<Integer> colours = new HashSet<>();
		for (int y = 0; y < data.height; y += 7) {
			for (int x = 0; x < data.width; x += 7) {
				colours.add(data.getPixel(x, y));
			}
		}
		assertTrue(colours.size() > 20, "the screen is nearly uniform (" + colours.size() + " colours): no workbench drawn?");
		String target = System.getProperty("adamant.screenshot", "");
		if (!target.isEmpty()) {
			Path png = Path.of(target);
			Files.createDirectories(png.toAbsolutePath().getParent());
			ImageLoader loader = new ImageLoader();
			loader.data = new ImageData[] { data };
			loader.save(png.toString(), SWT.IMAGE_PNG);
			assertTrue(Files.size(png) > 10_000, png + " is too small to be a screenshot");
		}
	}

	/** Expands the Problems view's tree (the only tree left in the window); returns how many rows it shows. */
	private static int expandAll(Shell shell) {
		List<Tree> trees = Workbench.trees(shell);
		if (trees.isEmpty()) {
			return 0;
		}
		Tree tree = trees.get(0);
		for (TreeItem item : tree.getItems()) {
			if (!item.getExpanded()) {
				// what a click on the arrow does: the viewer fills the item, then it opens
				Event expand = new Event();
				expand.item = item;
				tree.notifyListeners(SWT.Expand, expand);
				item.setExpanded(true);
			}
		}
		Workbench.dispatch();
		int rows = 0;
		for (TreeItem item : tree.getItems()) {
			rows += 1 + item.getItemCount();
		}
		return rows;
	}
}
