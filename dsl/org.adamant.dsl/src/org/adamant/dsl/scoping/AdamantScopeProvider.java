package org.adamant.dsl.scoping;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.adamant.dsl.adamant.Model;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.xtext.naming.IQualifiedNameProvider;
import org.eclipse.xtext.naming.QualifiedName;
import org.eclipse.xtext.resource.EObjectDescription;
import org.eclipse.xtext.resource.IEObjectDescription;
import org.eclipse.xtext.resource.impl.AliasedEObjectDescription;
import org.eclipse.xtext.scoping.IGlobalScopeProvider;
import org.eclipse.xtext.scoping.IScope;
import org.eclipse.xtext.util.IResourceScopeCache;
import org.eclipse.xtext.util.SimpleAttributeResolver;
import org.eclipse.xtext.util.Tuples;

import com.google.inject.Inject;

/**
 * What a reference can name. Every reference of the language names a top-level element (type,
 * topic, QoS profile, transport, environment) of its own file or of a file it imports:
 * <ul>
 * <li>the file's own elements by their simple names (they shadow imported ones of the same name);</li>
 * <li>an imported element by its simple name when exactly one import defines that name;</li>
 * <li>any element by its qualified name, {@code <model name>.<name>}
 * ({@code adamant.tactical.radio_link}); a name that two imports define must be written that way:
 * the simple name is ambiguous and does not resolve (see {@link #ambiguity}, which the linking
 * error names). Two imported files with the same model name that define the same element make
 * even the qualified name ambiguous.</li>
 * </ul>
 */
public class AdamantScopeProvider extends AbstractAdamantScopeProvider {

	@Inject
	private IGlobalScopeProvider globalScopes;

	@Inject
	private IQualifiedNameProvider names;

	/** One scope per file and reference until the file changes: building it is linear in the file. */
	@Inject
	private IResourceScopeCache cache;

	@Override
	public IScope getScope(EObject context, EReference reference) {
		Resource resource = context.eResource();
		if (resource == null || resource.getContents().isEmpty() || !(resource.getContents().get(0) instanceof Model)) {
			return super.getScope(context, reference);
		}
		return cache.get(Tuples.pair(ModelScope.class, reference), resource,
				() -> new ModelScope(resource, reference, reference.getEReferenceType()));
	}

	/**
	 * The elements that two or more imports define under {@code name} (simple or qualified), ordered
	 * by qualified name, or an empty list when the name is not ambiguous where {@code context} refers
	 * by {@code reference}.
	 */
	public List<IEObjectDescription> ambiguity(EObject context, EReference reference, QualifiedName name) {
		IScope scope = getScope(context, reference);
		if (scope instanceof ModelScope modelScope) {
			List<IEObjectDescription> candidates = modelScope.ambiguous.get(name);
			if (candidates != null) {
				return candidates.stream().sorted((a, b) -> a.getName().compareTo(b.getName())).toList();
			}
		}
		return List.of();
	}

	/** The names visible in one file for one reference type; see the class comment. */
	private final class ModelScope implements IScope {
		private final Map<QualifiedName, IEObjectDescription> byName = new LinkedHashMap<>();
		private final Map<QualifiedName, List<IEObjectDescription>> ambiguous = new LinkedHashMap<>();
		private final List<IEObjectDescription> visible = new ArrayList<>();

		ModelScope(Resource resource, EReference reference, EClass type) {
			Model model = (Model) resource.getContents().get(0);
			for (EObject element : model.getElements()) {
				String name = SimpleAttributeResolver.NAME_RESOLVER.apply(element);
				if (!type.isInstance(element) || name == null) {
					continue;
				}
				QualifiedName simple = QualifiedName.create(name);
				IEObjectDescription local = EObjectDescription.create(simple, element);
				byName.putIfAbsent(simple, local);
				visible.add(local);
				QualifiedName qualified = names.getFullyQualifiedName(element);
				if (qualified != null && !qualified.equals(simple)) {
					byName.putIfAbsent(qualified, EObjectDescription.create(qualified, element));
				}
			}
			Map<QualifiedName, List<IEObjectDescription>> importedByFullName = new LinkedHashMap<>();
			Map<QualifiedName, List<IEObjectDescription>> importedBySimpleName = new LinkedHashMap<>();
			URI self = resource.getURI();
			Iterable<IEObjectDescription> importedElements = globalScopes instanceof AdamantGlobalScopeProvider imports
					? imports.importedElements(resource, type)
					: globalScopes.getScope(resource, reference, null).getAllElements();
			for (IEObjectDescription imported : importedElements) {
				if (self.equals(imported.getEObjectURI().trimFragment())) {
					continue;
				}
				addDistinct(importedByFullName, imported.getName(), imported);
				addDistinct(importedBySimpleName, QualifiedName.create(imported.getName().getLastSegment()), imported);
			}
			importedByFullName.forEach((full, candidates) -> {
				if (byName.containsKey(full) && isLocal(byName.get(full), self)) {
					return;
				}
				if (candidates.size() == 1) {
					byName.put(full, candidates.get(0));
				} else {
					ambiguous.put(full, candidates); // two files with the same model name define it
				}
			});
			importedBySimpleName.forEach((simple, candidates) -> {
				if (byName.containsKey(simple) && isLocal(byName.get(simple), self)) {
					return; // shadowed by the file's own element
				}
				if (candidates.size() == 1) {
					IEObjectDescription only = candidates.get(0);
					IEObjectDescription alias = simple.equals(only.getName()) ? only
							: new AliasedEObjectDescription(simple, only);
					byName.put(simple, alias);
					visible.add(alias);
				} else {
					ambiguous.put(simple, candidates);
					byName.remove(simple);
					visible.addAll(candidates);
				}
			});
		}

		private static void addDistinct(Map<QualifiedName, List<IEObjectDescription>> map, QualifiedName name,
				IEObjectDescription description) {
			List<IEObjectDescription> same = map.computeIfAbsent(name, k -> new ArrayList<>());
			if (same.stream().noneMatch(d -> d.getEObjectURI().equals(description.getEObjectURI()))) {
				same.add(description);
			}
		}

		private static boolean isLocal(IEObjectDescription description, URI self) {
			return self.equals(description.getEObjectURI().trimFragment());
		}

		@Override
		public IEObjectDescription getSingleElement(QualifiedName name) {
			return byName.get(name);
		}

		@Override
		public Iterable<IEObjectDescription> getElements(QualifiedName name) {
			IEObjectDescription single = byName.get(name);
			return single == null ? List.of() : List.of(single);
		}

		@Override
		public IEObjectDescription getSingleElement(EObject object) {
			for (IEObjectDescription description : getElements(object)) {
				return description;
			}
			return null;
		}

		@Override
		public Iterable<IEObjectDescription> getElements(EObject object) {
			URI uri = EcoreUtil.getURI(object);
			return visible.stream().filter(d -> d.getEObjectOrProxy() == object || d.getEObjectURI().equals(uri)).toList();
		}

		@Override
		public Iterable<IEObjectDescription> getAllElements() {
			return visible;
		}
	}
}
