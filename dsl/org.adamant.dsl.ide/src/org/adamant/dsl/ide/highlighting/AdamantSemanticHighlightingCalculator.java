package org.adamant.dsl.ide.highlighting;

import org.adamant.dsl.adamant.AdamantPackage;
import org.adamant.dsl.adamant.Application;
import org.adamant.dsl.adamant.EnumType;
import org.adamant.dsl.adamant.Environment;
import org.adamant.dsl.adamant.Experiment;
import org.adamant.dsl.adamant.Parameter;
import org.adamant.dsl.adamant.ParameterSweep;
import org.adamant.dsl.adamant.QosProfile;
import org.adamant.dsl.adamant.Quantity;
import org.adamant.dsl.adamant.StructType;
import org.adamant.dsl.adamant.Topic;
import org.adamant.dsl.adamant.Transport;
import org.adamant.dsl.adamant.TransportParameter;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.xtext.ide.editor.syntaxcoloring.DefaultSemanticHighlightingCalculator;
import org.eclipse.xtext.ide.editor.syntaxcoloring.IHighlightedPositionAcceptor;
import org.eclipse.xtext.nodemodel.INode;
import org.eclipse.xtext.nodemodel.util.NodeModelUtils;
import org.eclipse.xtext.util.CancelIndicator;

/**
 * Semantic highlighting: what a name is (struct, topic, QoS profile, transport, environment,
 * application, experiment), at its declaration and at every reference, plus units and transport
 * parameter names. The style ids are LSP semantic token types, so the language server sends them
 * as they are; an Eclipse editor maps each id to a text style.
 */
public class AdamantSemanticHighlightingCalculator extends DefaultSemanticHighlightingCalculator {

	/** Struct and enum types. */
	public static final String TYPE = "struct";
	/** Topics. */
	public static final String TOPIC = "variable";
	/** QoS profiles. */
	public static final String QOS = "interface";
	/** Transports of the catalog. */
	public static final String TRANSPORT = "class";
	/** Environments, applications and experiments. */
	public static final String SCOPE = "namespace";
	/** Transport parameters (declared, set in a mapping, swept). */
	public static final String PARAMETER = "parameter";
	/** Units of quantities (ms, Hz, KB/s, %). */
	public static final String UNIT = "enumMember";

	private static final AdamantPackage P = AdamantPackage.eINSTANCE;

	@Override
	protected boolean highlightElement(EObject object, IHighlightedPositionAcceptor acceptor, CancelIndicator cancel) {
		String declared = styleOf(object);
		if (declared != null && object.eClass().getEStructuralFeature("name") != null) {
			highlightFeature(acceptor, object, object.eClass().getEStructuralFeature("name"), declared);
		}
		for (EReference reference : object.eClass().getEAllReferences()) {
			if (reference.isContainment()) {
				continue;
			}
			for (INode node : NodeModelUtils.findNodesForFeature(object, reference)) {
				EObject target = targetOf(object, reference, node);
				String style = target == null ? null : styleOf(target);
				if (style != null) {
					highlightNode(acceptor, node, style);
				}
			}
		}
		if (object instanceof Quantity) {
			highlightFeature(acceptor, object, P.getQuantity_Unit(), UNIT);
		} else if (object instanceof Parameter) {
			highlightFeature(acceptor, object, P.getParameter_Name(), PARAMETER);
		} else if (object instanceof TransportParameter) {
			highlightFeature(acceptor, object, P.getTransportParameter_Name(), PARAMETER);
		} else if (object instanceof ParameterSweep) {
			highlightFeature(acceptor, object, P.getParameterSweep_Name(), PARAMETER);
		}
		return false;
	}

	private static EObject targetOf(EObject object, EReference reference, INode node) {
		Object value = object.eGet(reference, false);
		if (value instanceof EObject single) {
			return single;
		}
		if (value instanceof java.util.List<?> many) {
			// the n-th node of a many-valued reference is its n-th value
			int index = NodeModelUtils.findNodesForFeature(object, reference).indexOf(node);
			return index >= 0 && index < many.size() && many.get(index) instanceof EObject e ? e : null;
		}
		return null;
	}

	/** The style of a declaration (proxies included: their class says what they refer to). */
	private static String styleOf(EObject o) {
		if (o instanceof StructType || o instanceof EnumType) {
			return TYPE;
		}
		if (o instanceof Topic) {
			return TOPIC;
		}
		if (o instanceof QosProfile) {
			return QOS;
		}
		if (o instanceof Transport) {
			return TRANSPORT;
		}
		if (o instanceof Environment || o instanceof Application || o instanceof Experiment) {
			return SCOPE;
		}
		return null;
	}
}
