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
 * {@link AdamantScopeProvider} can tell when two imports define a name.
 */
public class AdamantGlobalScopeProvider extends ImportUriGlobalScopeProvider {

	/** The elements of {@code type} that the files {@code resource} imports export, file by file. */
	public List<IEObjectDescription> importedElements(Resource resource, EClass type) {
		LinkedHashSet<URI> uris = getImportedUris(resource);
		IResourceDescriptions descriptions = getResourceDescriptions(resource, uris);
		List<IEObjectDescription> result = new ArrayList<>();
		for (URI uri : uris) {
			IResourceDescription description = descriptions.getResourceDescription(uri);
			if (description != null) {
				description.getExportedObjectsByType(type).forEach(result::add);
			}
		}
		return result;
	}
}
