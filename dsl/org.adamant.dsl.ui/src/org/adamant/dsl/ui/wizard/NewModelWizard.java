package org.adamant.dsl.ui.wizard;

import java.lang.reflect.InvocationTargetException;

import org.adamant.dsl.ui.AdamantUiPlugin;
import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.wizard.Wizard;
import org.eclipse.jface.wizard.WizardPage;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.INewWizard;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.ide.IDE;

/** File &gt; New &gt; ADAMANT Model: a starter model on the standard profiles ({@link NewModel}). */
public class NewModelWizard extends Wizard implements INewWizard {

	private IWorkbench workbench;
	private Page page;
	private IContainer initial;

	public NewModelWizard() {
		setWindowTitle("New ADAMANT Model");
		setNeedsProgressMonitor(true);
	}

	@Override
	public void init(IWorkbench workbench, IStructuredSelection selection) {
		this.workbench = workbench;
		Object first = selection == null ? null : selection.getFirstElement();
		if (first instanceof IResource r) {
			initial = r instanceof IContainer c ? c : r.getParent();
		}
	}

	@Override
	public void addPages() {
		page = new Page();
		addPage(page);
	}

	@Override
	public boolean performFinish() {
		IContainer container = page.container();
		String name = page.fileName.getText().strip();
		NewModel.Profiles profiles = NewModel.Profiles.values()[page.profiles.getSelectionIndex()];
		IFile[] created = new IFile[1];
		try {
			getContainer().run(false, false, monitor -> {
				try {
					created[0] = NewModel.create(container, name, profiles, monitor);
				} catch (CoreException e) {
					throw new InvocationTargetException(e);
				}
			});
			IDE.openEditor(workbench.getActiveWorkbenchWindow().getActivePage(), created[0]);
			return true;
		} catch (InvocationTargetException e) {
			page.setErrorMessage(e.getCause().getMessage());
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		} catch (PartInitException e) {
			AdamantUiPlugin.log().error("cannot open the new model", e);
		}
		return false;
	}

	final class Page extends WizardPage {
		Text folder;
		Text fileName;
		Combo profiles;

		Page() {
			super("model");
			setTitle("ADAMANT Model");
			setDescription("A model that imports the transport catalog and a standard profile library.");
		}

		@Override
		public void createControl(Composite parent) {
			Composite c = new Composite(parent, SWT.NONE);
			c.setLayout(new GridLayout(2, false));
			new Label(c, SWT.NONE).setText("Folder:");
			folder = new Text(c, SWT.BORDER);
			folder.setLayoutData(new GridData(GridData.FILL_HORIZONTAL));
			folder.setText(initial == null ? "" : initial.getFullPath().makeRelative().toString());
			new Label(c, SWT.NONE).setText("File name:");
			fileName = new Text(c, SWT.BORDER);
			fileName.setLayoutData(new GridData(GridData.FILL_HORIZONTAL));
			fileName.setText("model.adamant");
			new Label(c, SWT.NONE).setText("Start from:");
			profiles = new Combo(c, SWT.READ_ONLY);
			for (NewModel.Profiles p : NewModel.Profiles.values()) {
				profiles.add(p.label);
			}
			profiles.select(0);
			folder.addModifyListener(e -> validate());
			fileName.addModifyListener(e -> validate());
			setControl(c);
			validate();
		}

		IContainer container() {
			IPath path = IPath.fromPortableString(folder.getText().strip());
			return path.segmentCount() == 1 ? ResourcesPlugin.getWorkspace().getRoot().getProject(path.segment(0))
					: ResourcesPlugin.getWorkspace().getRoot().getFolder(path);
		}

		private void validate() {
			String message = null;
			String path = folder.getText().strip();
			String name = fileName.getText().strip();
			if (path.isEmpty()) {
				message = "Enter the folder (a project or a folder in one) to create the model in.";
			} else if (!container().getProject().isAccessible()) {
				message = "Project '" + IPath.fromPortableString(path).segment(0) + "' does not exist or is closed.";
			} else if (name.isEmpty() || name.equals(".adamant")) {
				message = "Enter a file name, e.g. model.adamant.";
			} else if (container().exists() && container().getFile(IPath.fromPortableString(
					name.endsWith(".adamant") ? name : name + ".adamant")).exists()) {
				message = "That file already exists.";
			}
			setErrorMessage(message);
			setPageComplete(message == null);
		}
	}
}
