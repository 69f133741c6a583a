package org.adamant.dsl.validation;

import org.adamant.dsl.adamant.AdamantPackage;
import org.adamant.dsl.adamant.Import;
import org.adamant.dsl.scoping.ImportFiles;
import org.eclipse.xtext.validation.AbstractDeclarativeValidator;
import org.eclipse.xtext.validation.Check;
import org.eclipse.xtext.validation.EValidatorRegistrar;

/**
 * An {@code import} must name a readable, regular {@code .adamant} file relative to the importing
 * file ({@link ImportFiles}); otherwise the import line says why, and the file is never read.
 * Composed into {@link AdamantValidator}.
 */
public class ImportValidator extends AbstractDeclarativeValidator {

	@Check
	public void checkImport(Import anImport) {
		String problem = ImportFiles.problem(anImport.eResource(), anImport.getImportURI());
		if (problem != null) {
			error(problem, anImport, AdamantPackage.Literals.IMPORT__IMPORT_URI, IssueCodes.BAD_IMPORT);
		}
	}

	/** Composed checks run through the validator that composes them; this one registers nothing itself. */
	@Override
	public void register(EValidatorRegistrar registrar) {
	}
}
