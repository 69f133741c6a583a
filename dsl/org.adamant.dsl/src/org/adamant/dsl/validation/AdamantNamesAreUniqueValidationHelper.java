package org.adamant.dsl.validation;

import java.util.Map;

import org.adamant.dsl.adamant.AdamantPackage;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.resource.IEObjectDescription;
import org.eclipse.xtext.validation.NamesAreUniqueValidationHelper;

import com.google.common.collect.ImmutableSet;

/**
 * Names are unique per kind in a file (structs and enums together, as both are types), and per
 * kind inside an element (a struct's members, a transport's parameters, an experiment's sweeps): a
 * duplicate would otherwise reach the generated code as two C++ declarations of one name.
 */
public class AdamantNamesAreUniqueValidationHelper extends NamesAreUniqueValidationHelper {

	private static final AdamantPackage P = AdamantPackage.eINSTANCE;

	/** What a message calls each kind of named element. */
	private static final Map<EClass, String> LABELS = Map.ofEntries(Map.entry(P.getTypeDecl(), "type"),
			Map.entry(P.getStructType(), "struct"), Map.entry(P.getEnumType(), "enum"), Map.entry(P.getTopic(), "topic"),
			Map.entry(P.getQosProfile(), "QoS profile"), Map.entry(P.getTransport(), "transport"),
			Map.entry(P.getEnvironment(), "environment"), Map.entry(P.getApplication(), "application"),
			Map.entry(P.getExperiment(), "experiment"), Map.entry(P.getMember(), "member"),
			Map.entry(P.getEnumLiteral(), "enum literal"), Map.entry(P.getParameter(), "parameter"),
			Map.entry(P.getTransportParameter(), "declared parameter"),
			Map.entry(P.getParameterSweep(), "swept parameter"));

	@Override
	protected ImmutableSet<EClass> getClusterTypes() {
		return ImmutableSet.of(P.getTypeDecl(), P.getTopic(), P.getQosProfile(), P.getTransport(), P.getEnvironment(),
				P.getApplication(), P.getExperiment(), P.getMember(), P.getEnumLiteral(), P.getParameter(),
				P.getTransportParameter(), P.getParameterSweep());
	}

	@Override
	protected String getErrorCode() {
		return IssueCodes.DUPLICATE_NAME;
	}

	@Override
	public String getDuplicateNameErrorMessage(IEObjectDescription description, EClass clusterType,
			EStructuralFeature feature) {
		EObject object = description.getEObjectOrProxy();
		String kind = LABELS.getOrDefault(object.eClass(), object.eClass().getName());
		String cluster = LABELS.getOrDefault(clusterType, kind);
		String name = description.getName().getLastSegment();
		EObject owner = object.eContainer();
		while (owner != null && owner.eContainer() != null && named(owner) == null) {
			owner = owner.eContainer();
		}
		String in = owner == null || named(owner) == null ? "this file"
				: LABELS.getOrDefault(owner.eClass(), owner.eClass().getName()) + " '" + named(owner) + "'";
		return "Duplicate " + kind + " '" + name + "': " + in + " has another " + cluster + " named '" + name
				+ "'; rename one of them (or remove the copy)";
	}

	private static String named(EObject object) {
		EStructuralFeature name = object.eClass().getEStructuralFeature("name");
		return name == null ? null : (String) object.eGet(name);
	}
}
