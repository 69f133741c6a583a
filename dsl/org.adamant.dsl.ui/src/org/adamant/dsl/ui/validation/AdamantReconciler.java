package org.adamant.dsl.ui.validation;

import org.adamant.dsl.ui.AdamantDocuments;
import org.adamant.dsl.ui.AdamantUiPlugin;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IRegion;
import org.eclipse.jface.text.reconciler.DirtyRegion;
import org.eclipse.jface.text.reconciler.IReconcilingStrategy;
import org.eclipse.jface.text.reconciler.IReconcilingStrategyExtension;
import org.eclipse.jface.text.reconciler.Reconciler;
import org.eclipse.xtext.resource.XtextResource;

/**
 * Validates the model as you type (half a second after the last keystroke) and puts the issues on
 * the file as problem markers: they show in the editor's rulers and in the Problems view.
 */
public class AdamantReconciler extends Reconciler {

	/** Milliseconds of quiet typing before the model is validated. */
	static final int DELAY = 500;

	public AdamantReconciler() {
		Strategy strategy = new Strategy();
		setReconcilingStrategy(strategy, IDocument.DEFAULT_CONTENT_TYPE);
		setIsIncrementalReconciler(false);
		setIsAllowedToModifyDocument(false);
		setDelay(DELAY);
	}

	static final class Strategy implements IReconcilingStrategy, IReconcilingStrategyExtension {
		private IDocument document;
		private IProgressMonitor monitor;

		@Override
		public void setDocument(IDocument document) {
			this.document = document;
		}

		@Override
		public void setProgressMonitor(IProgressMonitor monitor) {
			this.monitor = monitor;
		}

		@Override
		public void initialReconcile() {
			validate();
		}

		@Override
		public void reconcile(DirtyRegion dirtyRegion, IRegion subRegion) {
			validate();
		}

		@Override
		public void reconcile(IRegion partition) {
			validate();
		}

		private void validate() {
			IDocument doc = document;
			if (doc == null) {
				return;
			}
			IFile file = AdamantDocuments.fileOf(doc);
			if (file == null) {
				return;
			}
			try {
				XtextResource resource = AdamantDocuments.parse(doc);
				var issues = AdamantValidation.validate(resource,
						() -> monitor != null && monitor.isCanceled());
				if (monitor == null || !monitor.isCanceled()) {
					AdamantMarkers.replace(file, issues);
				}
			} catch (CoreException | RuntimeException e) {
				AdamantUiPlugin.log().error("validating " + file.getFullPath() + " failed", e);
			}
		}
	}
}
