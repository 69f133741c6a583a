package org.adamant.dsl.validation;

import org.adamant.dsl.adamant.Import;
import org.adamant.dsl.scoping.ImportFiles;
import org.eclipse.xtext.validation.Check;

/**
 * An {@code import} must name a readable, regular {@code .adamant} file relative to the importing
 * file ({@link ImportFiles}); otherwise the import line says why, and the file is never read.
 * Composed into {@link AdamantValidator}.
 */
public class ImportValidator extends AbstractAdamantRules {

	@Check
	public void checkImport(Import anImport) {
		String problem = ImportFiles.problem(anImport.eResource(), anImport.getImportURI());
		if (problem != null) {
			error(problem, anImport, P.getImport_ImportURI(), IssueCodes.BAD_IMPORT);
		}
	}
}
