package org.adamant.dsl.ui.outline;

import java.util.List;

import org.adamant.dsl.ui.AdamantDocuments;
import org.adamant.dsl.ui.AdamantUiPlugin;
import org.eclipse.jface.text.DocumentEvent;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IDocumentListener;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.viewers.SelectionChangedEvent;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.views.contentoutline.ContentOutlinePage;

/**
 * The Outline view's page for an ADAMANT editor: the model's elements and their contents
 * ({@link AdamantOutline}), rebuilt half a second after typing stops; selecting a line selects its
 * text in the editor.
 */
public class AdamantOutlinePage extends ContentOutlinePage {

	static final int DELAY_MS = 500;

	private final ITextEditor editor;
	private final IDocumentListener listener = new IDocumentListener() {
		@Override
		public void documentAboutToBeChanged(DocumentEvent event) {
		}

		@Override
		public void documentChanged(DocumentEvent event) {
			scheduleRefresh();
		}
	};
	private IDocument document;
	private boolean refreshScheduled;

	public AdamantOutlinePage(ITextEditor editor) {
		this.editor = editor;
	}

	@Override
	public void createControl(Composite parent) {
		super.createControl(parent);
		TreeViewer viewer = getTreeViewer();
		viewer.setContentProvider(new ITreeContentProvider() {
			@Override
			public Object[] getElements(Object input) {
				return ((List<?>) input).toArray();
			}

			@Override
			public Object[] getChildren(Object parent) {
				return ((AdamantOutline.Node) parent).children().toArray();
			}

			@Override
			public Object getParent(Object element) {
				return null;
			}

			@Override
			public boolean hasChildren(Object element) {
				return !((AdamantOutline.Node) element).children().isEmpty();
			}
		});
		viewer.setLabelProvider(new LabelProvider() {
			@Override
			public String getText(Object element) {
				return ((AdamantOutline.Node) element).label();
			}
		});
		document = editor.getDocumentProvider().getDocument(editor.getEditorInput());
		if (document != null) {
			document.addDocumentListener(listener);
		}
		refresh();
	}

	/** Rebuilds the tree from the document's current text. */
	public void refresh() {
		refreshScheduled = false;
		TreeViewer viewer = getTreeViewer();
		if (viewer == null || viewer.getControl().isDisposed() || document == null) {
			return;
		}
		try {
			viewer.setInput(AdamantOutline.of(AdamantDocuments.parse(document)));
			viewer.expandToLevel(1);
		} catch (RuntimeException e) {
			AdamantUiPlugin.log().error("outline failed", e);
		}
	}

	private void scheduleRefresh() {
		if (refreshScheduled) {
			return;
		}
		refreshScheduled = true;
		Display.getDefault().timerExec(DELAY_MS, this::refresh);
	}

	@Override
	public void selectionChanged(SelectionChangedEvent event) {
		super.selectionChanged(event);
		Object first = event.getStructuredSelection().getFirstElement();
		if (first instanceof AdamantOutline.Node node) {
			editor.selectAndReveal(node.offset(), node.length());
		}
	}

	@Override
	public void dispose() {
		if (document != null) {
			document.removeDocumentListener(listener);
		}
		super.dispose();
	}
}
