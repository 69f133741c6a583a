package org.adamant.dsl.ui.quickfix;

import java.util.List;

import org.adamant.dsl.ide.fixes.AdamantQuickFixes;
import org.adamant.dsl.ui.AdamantDocuments;
import org.adamant.dsl.ui.AdamantUiPlugin;
import org.adamant.dsl.ui.validation.AdamantMarkers;
import org.eclipse.core.filebuffers.FileBuffers;
import org.eclipse.core.filebuffers.ITextFileBuffer;
import org.eclipse.core.filebuffers.ITextFileBufferManager;
import org.eclipse.core.filebuffers.LocationKind;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.emf.common.util.URI;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.swt.graphics.Image;
import org.eclipse.ui.IMarkerResolution;
import org.eclipse.ui.IMarkerResolution2;
import org.eclipse.ui.IMarkerResolutionGenerator2;
import org.eclipse.xtext.resource.XtextResource;

/**
 * Quick fixes for ADAMANT problem markers (Problems view, Ctrl+1 on the marker): the language's
 * {@link AdamantQuickFixes}, the same fixes the language server offers as code actions, applied to
 * the file's document (the open editor's, which then shows the change unsaved; otherwise the file
 * is changed and saved).
 */
public class AdamantMarkerResolutionGenerator implements IMarkerResolutionGenerator2 {

	@Override
	public boolean hasResolutions(IMarker marker) {
		return AdamantQuickFixes.FIXABLE_CODES.contains(marker.getAttribute(AdamantMarkers.ISSUE_CODE, ""));
	}

	@Override
	public IMarkerResolution[] getResolutions(IMarker marker) {
		if (!hasResolutions(marker) || !(marker.getResource() instanceof IFile file)) {
			return new IMarkerResolution[0];
		}
		try {
			return withDocument(file, document -> {
				int start = marker.getAttribute(IMarker.CHAR_START, -1);
				int end = marker.getAttribute(IMarker.CHAR_END, -1);
				if (start < 0 || end < start) {
					return new IMarkerResolution[0];
				}
				XtextResource resource = AdamantDocuments.parse(document.get(),
						URI.createPlatformResourceURI(file.getFullPath().toString(), true));
				List<AdamantQuickFixes.Fix> fixes = AdamantQuickFixes.fixesFor(resource,
						marker.getAttribute(AdamantMarkers.ISSUE_CODE, ""), start, end - start);
				String text = document.get();
				return fixes.stream().map(f -> new Resolution(f, text)).toArray(IMarkerResolution[]::new);
			}, false);
		} catch (CoreException | RuntimeException e) {
			AdamantUiPlugin.log().error("quick fixes for " + file.getFullPath() + " failed", e);
			return new IMarkerResolution[0];
		}
	}

	interface DocumentWork<T> {
		T run(IDocument document) throws CoreException, BadLocationException;
	}

	/**
	 * Runs {@code work} on the file's shared document (the open editor's, if any); when
	 * {@code saveIfNotOpen} and no editor had the file open, saves what {@code work} changed.
	 */
	static <T> T withDocument(IFile file, DocumentWork<T> work, boolean saveIfNotOpen) throws CoreException {
		ITextFileBufferManager manager = FileBuffers.getTextFileBufferManager();
		IPath path = file.getFullPath();
		ITextFileBuffer existing = manager.getTextFileBuffer(path, LocationKind.IFILE);
		boolean wasOpen = existing != null;
		manager.connect(path, LocationKind.IFILE, null);
		try {
			ITextFileBuffer buffer = manager.getTextFileBuffer(path, LocationKind.IFILE);
			T result = work.run(buffer.getDocument());
			if (saveIfNotOpen && !wasOpen && buffer.isDirty()) {
				buffer.commit(null, true);
			}
			return result;
		} catch (BadLocationException e) {
			throw new CoreException(org.eclipse.core.runtime.Status.error("the quick fix no longer fits "
					+ file.getFullPath() + " (it changed): " + e.getMessage(), e));
		} finally {
			manager.disconnect(path, LocationKind.IFILE, null);
		}
	}

	/** One fix. It applies only to the text it was computed for (a stale fix does nothing but say so). */
	static final class Resolution implements IMarkerResolution2 {
		private final AdamantQuickFixes.Fix fix;
		private final String computedFor;

		Resolution(AdamantQuickFixes.Fix fix, String computedFor) {
			this.fix = fix;
			this.computedFor = computedFor;
		}

		@Override
		public String getLabel() {
			return fix.title();
		}

		@Override
		public String getDescription() {
			return fix.title();
		}

		@Override
		public Image getImage() {
			return null;
		}

		@Override
		public void run(IMarker marker) {
			if (!(marker.getResource() instanceof IFile file)) {
				return;
			}
			try {
				withDocument(file, document -> {
					if (!document.get().equals(computedFor)) {
						AdamantUiPlugin.log().warn("quick fix '" + fix.title() + "' skipped: "
								+ file.getFullPath() + " changed since it was computed");
						return null;
					}
					// edits never overlap: apply them back to front so earlier offsets stay valid
					List<AdamantQuickFixes.Edit> edits = fix.edits().stream()
							.sorted((a, b) -> Integer.compare(b.offset(), a.offset())).toList();
					for (AdamantQuickFixes.Edit edit : edits) {
						document.replace(edit.offset(), edit.length(), edit.replacement());
					}
					return null;
				}, true);
			} catch (CoreException e) {
				AdamantUiPlugin.log().error("quick fix '" + fix.title() + "' failed", e);
			}
		}
	}
}
