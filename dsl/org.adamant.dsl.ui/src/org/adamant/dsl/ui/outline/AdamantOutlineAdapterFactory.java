package org.adamant.dsl.ui.outline;

import org.eclipse.core.runtime.IAdapterFactory;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.views.contentoutline.IContentOutlinePage;

/** Gives text editors of .adamant files the ADAMANT outline page (the Generic Editor has none of its own). */
public class AdamantOutlineAdapterFactory implements IAdapterFactory {

	@Override
	public <T> T getAdapter(Object adaptable, Class<T> adapterType) {
		if (adapterType == IContentOutlinePage.class && adaptable instanceof ITextEditor editor
				&& editor.getEditorInput() != null && editor.getEditorInput().getName().endsWith(".adamant")) {
			return adapterType.cast(new AdamantOutlinePage(editor));
		}
		return null;
	}

	@Override
	public Class<?>[] getAdapterList() {
		return new Class<?>[] { IContentOutlinePage.class };
	}
}
