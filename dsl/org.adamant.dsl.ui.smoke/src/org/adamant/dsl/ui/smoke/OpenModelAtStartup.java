package org.adamant.dsl.ui.smoke;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IProjectDescription;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspace;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.content.IContentDescription;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IStartup;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.ide.IDE;

/**
 * When the system property {@code adamant.smoke.model} names a model file, opens it in the workbench
 * as a user would (a project on the model's folder, the editor the platform picks for the file),
 * waits for the ADAMANT problem markers, writes what it saw to {@code adamant.smoke.report}, saves a
 * screenshot to {@code adamant.smoke.screenshot} and closes the workbench. Without the property it
 * does nothing.
 */
public class OpenModelAtStartup implements IStartup {

	/** The ADAMANT editor's problem markers (declared by org.adamant.dsl.ui). */
	private static final String PROBLEM_MARKER = "org.adamant.dsl.ui.problem";

	private static final long MARKER_TIMEOUT_MS = 60_000;

	private final List<String> report = new ArrayList<>();

	@Override
	public void earlyStartup() {
		String model = System.getProperty("adamant.smoke.model");
		if (model == null || model.isEmpty()) {
			return;
		}
		IWorkbench workbench = PlatformUI.getWorkbench();
		try {
			check(Path.of(model).toAbsolutePath(), workbench.getDisplay());
		} catch (Exception | LinkageError e) {
			report.add("error " + e);
		} finally {
			writeReport();
			workbench.getDisplay().asyncExec(workbench::close);
		}
	}

	private void check(Path model, Display display) throws Exception {
		IFile file = importFolder(model.getParent()).getFile(model.getFileName().toString());
		IContentDescription content = file.getContentDescription();
		report.add("content-type " + (content == null ? "none" : content.getContentType().getId()));
		AtomicReference<String> editor = new AtomicReference<>("none");
		display.syncExec(() -> {
			try {
				IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
				window.getShell().setBounds(display.getBounds()); // the whole screen in the screenshot
				IEditorPart part = IDE.openEditor(window.getActivePage(), file);
				editor.set(part == null ? "none" : part.getSite().getId());
			} catch (CoreException e) {
				editor.set("error " + e.getMessage());
			}
		});
		report.add("editor " + editor.get());
		IMarker[] markers = waitForMarkers(file);
		for (IMarker marker : markers) {
			report.add("marker " + marker.getAttribute(IMarker.SEVERITY, -1) + " line " + marker.getAttribute(IMarker.LINE_NUMBER, -1)
					+ " " + marker.getAttribute(IMarker.MESSAGE, ""));
		}
		String screenshot = System.getProperty("adamant.smoke.screenshot");
		if (screenshot != null && !screenshot.isEmpty()) {
			display.syncExec(() -> saveScreen(display, screenshot));
			report.add("screenshot " + screenshot);
		}
	}

	/** A project whose location is the model's folder (the workspace is elsewhere). */
	private static IProject importFolder(Path folder) throws CoreException {
		IWorkspace workspace = ResourcesPlugin.getWorkspace();
		IProject project = workspace.getRoot().getProject("model");
		if (!project.exists()) {
			IProjectDescription description = workspace.newProjectDescription(project.getName());
			description.setLocation(org.eclipse.core.runtime.Path.fromOSString(folder.toString()));
			project.create(description, null);
		}
		project.open(null);
		project.refreshLocal(IResource.DEPTH_INFINITE, null);
		return project;
	}

	private static IMarker[] waitForMarkers(IFile file) throws CoreException, InterruptedException {
		long end = System.currentTimeMillis() + MARKER_TIMEOUT_MS;
		IMarker[] markers = file.findMarkers(PROBLEM_MARKER, true, IResource.DEPTH_ZERO);
		while (markers.length == 0 && System.currentTimeMillis() < end) {
			Thread.sleep(200);
			markers = file.findMarkers(PROBLEM_MARKER, true, IResource.DEPTH_ZERO);
		}
		return markers;
	}

	private static void saveScreen(Display display, String path) {
		Rectangle bounds = display.getBounds();
		Image image = new Image(display, bounds.width, bounds.height);
		GC gc = new GC(display);
		try {
			gc.copyArea(image, 0, 0);
			ImageLoader loader = new ImageLoader();
			loader.data = new ImageData[] { image.getImageData() };
			loader.save(path, SWT.IMAGE_PNG);
		} finally {
			gc.dispose();
			image.dispose();
		}
	}

	private void writeReport() {
		String path = System.getProperty("adamant.smoke.report");
		if (path == null || path.isEmpty()) {
			return;
		}
		try {
			Files.write(Path.of(path), report, StandardCharsets.UTF_8);
		} catch (IOException e) {
			throw new IllegalStateException("cannot write " + path, e);
		}
	}
}
