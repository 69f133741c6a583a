package org.adamant.dsl.scoping;

import org.adamant.dsl.adamant.Model;
import org.eclipse.xtext.naming.DefaultDeclarativeQualifiedNameProvider;
import org.eclipse.xtext.naming.IQualifiedNameConverter;
import org.eclipse.xtext.naming.QualifiedName;

import com.google.inject.Inject;

/**
 * A file's {@code model a.b} is the namespace of its elements: {@code nakcast} of
 * {@code model adamant.transports} is exported as {@code adamant.transports.nakcast}. Elements of a
 * file without a model name are exported by their simple names.
 */
public class AdamantQualifiedNameProvider extends DefaultDeclarativeQualifiedNameProvider {

	@Inject
	private IQualifiedNameConverter converter;

	protected QualifiedName qualifiedName(Model model) {
		String name = model.getModelName();
		return name == null || name.isEmpty() ? null : converter.toQualifiedName(name);
	}
}
