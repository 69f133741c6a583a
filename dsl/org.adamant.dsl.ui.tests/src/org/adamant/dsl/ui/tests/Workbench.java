package org.adamant.dsl.ui.tests;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;

import org.adamant.dsl.ui.validation.AdamantMarkers;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.ITextOperationTarget;
import org.eclipse.jface.text.ITextViewer;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.texteditor.ITextEditor;

/** Helpers for tests that drive the real workbench from its UI thread. */
final class Workbench {

	/** Long enough for a cold JVM's first validation; typical waits are well under a second. */
	static final long TIMEOUT_MS = 30_000;

	private Workbench() {
	}

	/** The repository checkout (set by the test bundle's pom), for the shared profiles. */
	static Path repo() {
		String repo = System.getProperty("adamant.repo");
		if (repo == null || repo.isEmpty()) {
			fail("system property adamant.repo is not set (the pom sets it)");
		}
		return Path.of(repo);
	}

	static IProject project(String name) throws CoreException {
		IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject(name);
		if (!project.exists()) {
			project.create(null);
		}
		project.open(null);
		return project;
	}

	static IFile write(IProject project, String name, String text) throws CoreException {
		IFile file = project.getFile(name);
		ByteArrayInputStream in = new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
		if (file.exists()) {
			file.setContents(in, IResource.FORCE, null);
		} else {
			file.create(in, IResource.FORCE, null);
		}
		return file;
	}

	static IFile copy(IProject project, Path source) throws Exception {
		return write(project, source.getFileName().toString(), Files.readString(source));
	}

	/** A project with the transport catalog and {@link AdamantEditorTest#MODEL} as demo.adamant. */
	static IFile demoModel(String projectName) throws Exception {
		IProject project = project(projectName);
		copy(project, repo().resolve("profiles/transports.adamant"));
		return write(project, "demo.adamant", AdamantEditorTest.MODEL);
	}

	static ITextEditor open(IFile file) throws Exception {
		IEditorPart part = IDE.openEditor(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage(), file);
		dispatch();
		return (ITextEditor) part;
	}

	static IDocument document(ITextEditor editor) {
		return editor.getDocumentProvider().getDocument(editor.getEditorInput());
	}

	static ITextViewer viewer(ITextEditor editor) {
		return (ITextViewer) editor.getAdapter(ITextOperationTarget.class);
	}

	/** Runs the UI event loop until {@code condition} holds; fails after {@link #TIMEOUT_MS}. */
	static void waitUntil(String what, BooleanSupplier condition) {
		Display display = Display.getCurrent();
		long end = System.currentTimeMillis() + TIMEOUT_MS;
		while (!condition.getAsBoolean()) {
			if (System.currentTimeMillis() > end) {
				fail("timed out after " + TIMEOUT_MS + " ms waiting for " + what);
			}
			if (!display.readAndDispatch()) {
				display.timerExec(20, () -> {
				});
				display.sleep();
			}
		}
	}

	static void dispatch() {
		Display display = Display.getCurrent();
		while (display.readAndDispatch()) {
			// drain
		}
	}

	/** The file's ADAMANT problem markers. */
	static List<IMarker> markers(IFile file) {
		try {
			return Arrays.asList(file.findMarkers(AdamantMarkers.TYPE, false, IResource.DEPTH_ZERO));
		} catch (CoreException e) {
			throw new IllegalStateException(e);
		}
	}

	static String code(IMarker marker) {
		return marker.getAttribute(AdamantMarkers.ISSUE_CODE, "");
	}

	/** The 1-based line of the first occurrence of {@code text}. */
	static int lineOf(String document, String text) {
		int at = document.indexOf(text);
		if (at < 0) {
			fail("'" + text + "' not in the model");
		}
		return (int) document.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
	}

	/** Every tree widget under {@code control}. */
	static List<Tree> trees(Control control) {
		List<Tree> trees = new ArrayList<>();
		if (control instanceof Tree tree) {
			trees.add(tree);
		} else if (control instanceof Composite composite) {
			for (Control child : composite.getChildren()) {
				trees.addAll(trees(child));
			}
		}
		return trees;
	}
}
