package org.adamant.generator;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.Element;
import org.adamant.dsl.adamant.EnumType;
import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.Member;
import org.adamant.dsl.adamant.Model;
import org.adamant.dsl.adamant.NamedRef;
import org.adamant.dsl.adamant.QosProfile;
import org.adamant.dsl.adamant.SequenceRef;
import org.adamant.dsl.adamant.StructType;
import org.adamant.dsl.adamant.Topic;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.adamant.TypeDecl;
import org.adamant.dsl.adamant.TypeRef;
import org.adamant.dsl.adaptive.AdaptiveCandidates;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;

/**
 * The parts of one model a generator emits, in a fixed order (declaration order of the model file;
 * types from imported files that the model uses come before their first user).
 */
public final class ModelInfo {

	private final Model model;
	private final String name;
	private final Map<Object, Object> memo = new HashMap<>();

	public ModelInfo(Model model) {
		this.model = model;
		String n = model.getModelName();
		if (n == null || n.isEmpty()) {
			URI uri = model.eResource() == null ? null : model.eResource().getURI();
			n = uri == null ? "model" : uri.trimFileExtension().lastSegment();
		}
		this.name = n;
	}

	public Model getModel() {
		return model;
	}

	/** The model name as written ({@code sar}, {@code adamant.transports}). */
	public String getName() {
		return name;
	}

	/** The model name as one identifier ({@code adamant_transports}): project, directory, namespace. */
	public String getIdentifier() {
		return name.replace('.', '_');
	}

	/** Where an element was declared, for comments: the file's directory and name. */
	public static String sourceOf(EObject element) {
		// an adaptive candidate's transport is a copy of its catalog entry, declared where the entry is
		EObject declared = element instanceof Transport t ? AdaptiveCandidates.source(t) : element;
		Resource resource = declared == null ? null : declared.eResource();
		if (resource == null || resource.getURI() == null) {
			return "<unknown>";
		}
		URI uri = resource.getURI();
		int n = uri.segmentCount();
		return n >= 2 ? uri.segment(n - 2) + "/" + uri.segment(n - 1) : uri.lastSegment();
	}

	public String getSourceFile() {
		return sourceOf(model);
	}

	public <T extends Element> List<T> elements(Class<T> kind) {
		return memo(kind, () -> {
			List<T> result = new ArrayList<>();
			for (Element e : model.getElements()) {
				if (kind.isInstance(e)) {
					result.add(kind.cast(e));
				}
			}
			return List.copyOf(result);
		});
	}

	/**
	 * {@code compute}'s value, computed once per key: the model does not change while it is
	 * generated, and templates ask for the same lists per application and per endpoint.
	 */
	@SuppressWarnings("unchecked")
	public <T> T memo(Object key, Supplier<T> compute) {
		Object value = memo.get(key);
		if (value == null) {
			value = compute.get();
			memo.put(key, value);
		}
		return (T) value;
	}

	public List<Topic> getTopics() {
		return elements(Topic.class);
	}

	/** The model's topics of {@code type}, in declaration order (templates ask per type). */
	public List<Topic> topicsOf(TypeDecl type) {
		Map<TypeDecl, List<Topic>> byType = memo("topicsByType", () -> {
			Map<TypeDecl, List<Topic>> result = new HashMap<>();
			for (Topic t : getTopics()) {
				if (t.getType() != null) {
					result.computeIfAbsent(t.getType(), k -> new ArrayList<>()).add(t);
				}
			}
			return result;
		});
		return byType.getOrDefault(type, List.of());
	}

	public List<Application> getApplications() {
		return elements(Application.class);
	}

	public List<Experiment> getExperiments() {
		return elements(Experiment.class);
	}

	/** Profiles declared here plus those the model's topics use from imports, parents first. */
	public List<QosProfile> getQosProfiles() {
		Set<QosProfile> result = new LinkedHashSet<>();
		for (Element e : model.getElements()) {
			if (e instanceof QosProfile p) {
				addProfile(p, result, new LinkedHashSet<>());
			} else if (e instanceof Topic t && t.getQos() != null) {
				addProfile(t.getQos(), result, new LinkedHashSet<>());
			} else if (e instanceof Application a) {
				// endpoints may name their own profile, or use an imported topic's
				for (org.adamant.dsl.adamant.Endpoint ep : a.getEndpoints()) {
					if (ep.getTopic() != null && !ep.getTopic().eIsProxy()) {
						addProfile(ep.getTopic().getQos(), result, new LinkedHashSet<>());
					}
					addProfile(ep.getQos(), result, new LinkedHashSet<>());
				}
			} else if (e instanceof Experiment x && x.getTopic() != null && !x.getTopic().eIsProxy()) {
				addProfile(x.getTopic().getQos(), result, new LinkedHashSet<>());
			}
		}
		return new ArrayList<>(result);
	}

	private static void addProfile(QosProfile p, Set<QosProfile> out, Set<QosProfile> visiting) {
		// visiting guards against an extends cycle, which the validator reports
		if (p == null || p.eIsProxy() || out.contains(p) || !visiting.add(p)) {
			return;
		}
		addProfile(p.getParent(), out, visiting);
		out.add(p);
	}

	/**
	 * The types to emit: those declared in the model and those its topics and experiments use,
	 * each after the types it depends on (C++ and IDL need definitions before use).
	 */
	public List<TypeDecl> getTypes() {
		Set<TypeDecl> result = new LinkedHashSet<>();
		Set<TypeDecl> visiting = new LinkedHashSet<>();
		for (Element e : model.getElements()) {
			if (e instanceof TypeDecl t) {
				addType(t, result, visiting);
			} else if (e instanceof Topic t && t.getType() != null) {
				addType(t.getType(), result, visiting);
			} else if (e instanceof Experiment x && x.getTopic() != null && x.getTopic().getType() != null) {
				addType(x.getTopic().getType(), result, visiting);
			}
		}
		return new ArrayList<>(result);
	}

	public List<StructType> getStructs() {
		return getTypes().stream().filter(StructType.class::isInstance).map(StructType.class::cast).toList();
	}

	public List<EnumType> getEnums() {
		return getTypes().stream().filter(EnumType.class::isInstance).map(EnumType.class::cast).toList();
	}

	private static void addType(TypeDecl type, Set<TypeDecl> out, Set<TypeDecl> visiting) {
		if (type == null || type.eIsProxy() || out.contains(type)) {
			return;
		}
		if (!visiting.add(type)) {
			throw new GeneratorException(type, type.eClass().getEStructuralFeature("name"),
					"type '" + type.getName() + "' contains itself; a recursive struct has no C++/IDL value type");
		}
		if (type instanceof StructType s) {
			for (Member m : s.getMembers()) {
				addTypeRef(m.getType(), out, visiting);
			}
		}
		visiting.remove(type);
		out.add(type);
	}

	private static void addTypeRef(TypeRef ref, Set<TypeDecl> out, Set<TypeDecl> visiting) {
		if (ref instanceof NamedRef n) {
			addType(n.getType(), out, visiting);
		} else if (ref instanceof SequenceRef s) {
			addTypeRef(s.getElement(), out, visiting);
		}
	}

	/** 1-based index of a topic among the model's topics: its stream id on the runtime. */
	public int streamId(Topic topic) {
		Map<Topic, Integer> ids = memo("streamIds", () -> {
			Map<Topic, Integer> result = new HashMap<>();
			List<Topic> topics = getTopics();
			for (int i = topics.size() - 1; i >= 0; i--) {
				result.put(topics.get(i), i + 1); // the first of a topic listed twice
			}
			return result;
		});
		return ids.getOrDefault(topic, getTopics().size() + 1);
	}
}
