package org.adamant.dsl.ui;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

import org.eclipse.core.filebuffers.FileBuffers;
import org.eclipse.core.filebuffers.ITextFileBuffer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IPath;
import org.eclipse.emf.common.util.URI;
import org.eclipse.jface.text.IDocument;
import org.eclipse.xtext.resource.IResourceFactory;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.LazyStringInputStream;

import com.google.inject.Injector;

/**
 * Turns the text of an editor's document into an Xtext resource. Workspace files get their
 * platform:/resource URI, so relative imports ({@code import "../profiles/transports.adamant"})
 * resolve against the workspace as the CLI resolves them against the file system.
 */
public final class AdamantDocuments {

	private AdamantDocuments() {
	}

	/** The workspace file behind an open document, or null (a document not backed by a file). */
	public static IFile fileOf(IDocument document) {
		ITextFileBuffer buffer = FileBuffers.getTextFileBufferManager().getTextFileBuffer(document);
		if (buffer == null) {
			return null;
		}
		IPath location = buffer.getLocation();
		if (location == null || location.segmentCount() < 2) {
			return null;
		}
		return ResourcesPlugin.getWorkspace().getRoot().getFile(location);
	}

	/** The URI a document is parsed under: its workspace file's, else a synthetic one. */
	public static URI uriOf(IDocument document) {
		IFile file = fileOf(document);
		return file == null ? URI.createURI("inmemory:/untitled.adamant")
				: URI.createPlatformResourceURI(file.getFullPath().toString(), true);
	}

	/** Parses {@code text} as the model at {@code uri} in a fresh resource set (imports load lazily). */
	public static XtextResource parse(String text, URI uri) {
		Injector injector = AdamantUiPlugin.injector();
		XtextResourceSet resourceSet = injector.getInstance(XtextResourceSet.class);
		XtextResource resource = (XtextResource) injector.getInstance(IResourceFactory.class).createResource(uri);
		resourceSet.getResources().add(resource);
		try {
			resource.load(new LazyStringInputStream(text, "UTF-8"), Map.of(XtextResource.OPTION_ENCODING, "UTF-8"));
		} catch (IOException e) {
			throw new UncheckedIOException("cannot parse " + uri, e);
		}
		return resource;
	}

	/** Parses the current text of an editor's document. */
	public static XtextResource parse(IDocument document) {
		return parse(document.get(), uriOf(document));
	}
}
