package org.adamant.dsl.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.adamant.dsl.ui.AdamantUiPlugin;
import org.adamant.dsl.ui.validation.AdamantValidation;
import org.adamant.dsl.ui.wizard.NewModel;
import org.adamant.dsl.ui.wizard.NewModelWizard;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.PlatformUI;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;
import org.eclipse.xtext.util.CancelIndicator;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;

/**
 * The New ADAMANT Model wizard: through its dialog (folder, file name, profile library), and for
 * every library the starter model validates without errors against the profiles it copied, which
 * are the repository's.
 */
class NewModelWizardTest {

	@Test
	void theWizardCreatesAModelOnTheStandardProfilesAndOpensIt() throws Exception {
		IProject project = Workbench.project("wizard");
		NewModelWizard wizard = new NewModelWizard();
		wizard.init(PlatformUI.getWorkbench(), new StructuredSelection(project));
		WizardDialog dialog = new WizardDialog(PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell(), wizard);
		dialog.setBlockOnOpen(false);
		dialog.open();
		try {
			List<Text> texts = widgets(dialog.getShell(), Text.class);
			assertEquals("wizard", texts.get(0).getText());
			texts.get(1).setText("models/track.adamant");
			Combo combo = widgets(dialog.getShell(), Combo.class).get(0);
			combo.select(NewModel.Profiles.TACTICAL.ordinal());
			assertTrue(wizard.canFinish());
			assertTrue(wizard.performFinish(), () -> "the wizard says: " + dialog.getCurrentPage().getErrorMessage());
		} finally {
			dialog.close();
		}
		IFile model = project.getFile("models/track.adamant");
		assertTrue(model.exists());
		assertTrue(project.getFile("profiles/tactical.adamant").exists());
		IEditorPart editor = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage().getActiveEditor();
		assertEquals("track.adamant", editor.getEditorInput().getName());
		assertTrue(Workbench.document((org.eclipse.ui.texteditor.ITextEditor) editor).get()
				.contains("import \"../profiles/tactical.adamant\""));
		assertNoErrors(model);
		editor.getSite().getPage().closeEditor(editor, false);
	}

	@Test
	void everyLibraryGivesAStarterWithoutErrors() throws Exception {
		IProject project = Workbench.project("starters");
		for (NewModel.Profiles profiles : NewModel.Profiles.values()) {
			IFile model = NewModel.create(project, profiles.name().toLowerCase(), profiles, null);
			assertNoErrors(model);
			assertEquals(Files.readString(Workbench.repo().resolve("profiles").resolve(profiles.file)),
					new String(project.getFile("profiles/" + profiles.file).getContents().readAllBytes(), "UTF-8"));
		}
	}

	private static void assertNoErrors(IFile file) {
		XtextResourceSet set = AdamantUiPlugin.injector().getInstance(XtextResourceSet.class);
		XtextResource resource = (XtextResource) set.getResource(URI.createPlatformResourceURI(file.getFullPath().toString(), true), true);
		EcoreUtil.resolveAll(set);
		List<Issue> errors = AdamantValidation.validate(resource, CancelIndicator.NullImpl).stream()
				.filter(i -> i.getSeverity() == Severity.ERROR).toList();
		assertTrue(errors.isEmpty(), () -> file.getFullPath() + ":\n"
				+ errors.stream().map(Issue::toString).collect(Collectors.joining("\n")));
	}

	private static <T extends Control> List<T> widgets(Control root, Class<T> type) {
		List<T> found = new ArrayList<>();
		if (type.isInstance(root)) {
			found.add(type.cast(root));
		}
		if (root instanceof Composite c) {
			for (Control child : c.getChildren()) {
				found.addAll(widgets(child, type));
			}
		}
		return found;
	}
}
