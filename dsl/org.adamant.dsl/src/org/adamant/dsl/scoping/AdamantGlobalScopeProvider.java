package org.adamant.dsl.scoping;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.xtext.resource.IEObjectDescription;
import org.eclipse.xtext.resource.IResourceDescription;
import org.eclipse.xtext.resource.IResourceDescriptions;
import org.eclipse.xtext.scoping.impl.ImportUriGlobalScopeProvider;

/**
 * {@code import "path.adamant"} loads that file (relative to the importing one) and makes what it
 * exports visible; nothing else outside the file is. Besides Xtext's global scope, in which an
 * element of one import hides a same-named one of another, it lists every import's elements, so that
 * {@link AdamantScopeProvider} can tell when two imports define a name. An import that is not a
 * loadable file ({@link ImportFiles}: a directory, a FIFO, a device, a huge file) is left out, never
 * opened; the validator reports it.
 */
public class AdamantGlobalScopeProvider extends ImportUriGlobalScopeProvider {

	@Override
	protected LinkedHashSet<URI> getImportedUris(Resource resource) {
		LinkedHashSet<URI> uris = new LinkedHashSet<>(super.getImportedUris(resource));
		URI self = resource.getURI();
		uris.removeIf(uri -> {
			if (!uri.isRelative() || uri.hasAbsolutePath() || self == null) {
				return true; // imports are paths relative to the importing file
			}
			URI resolved = uri.resolve(self); // as the loader resolves it
			return resolved.equals(self) || !ImportFiles.loadable(resolved);
		});
		return uris;
	}

	/** The descriptions of the files {@code resource} imports, in import order. */
	public List<IResourceDescription> importedDescriptions(Resource resource) {
		LinkedHashSet<URI> uris = getImportedUris(resource);
		IResourceDescriptions descriptions = getResourceDescriptions(resource, uris);
		List<IResourceDescription> result = new ArrayList<>();
		for (URI uri : uris) {
			IResourceDescription description = descriptions.getResourceDescription(uri);
			if (description != null) {
				result.add(description);
			}
		}
		return result;
	}

	/** The elements of {@code type} that {@code files} export, file by file. */
	public static List<IEObjectDescription> exported(List<IResourceDescription> files, EClass type) {
		List<IEObjectDescription> result = new ArrayList<>();
		for (IResourceDescription file : files) {
			file.getExportedObjectsByType(type).forEach(result::add);
		}
		return result;
	}
}
