package org.adamant.dsl.ui.wizard;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;

import org.adamant.dsl.ui.AdamantUiPlugin;
import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Status;

/**
 * What the New ADAMANT Model wizard creates, without SWT: the standard profiles (the transport
 * catalog and one profile library, shipped in this bundle from the repository's profiles/) in the
 * project's profiles/ folder, unless already there, and a starter model that imports them and
 * validates without errors: a struct, a topic with one of the library's QoS profiles, an
 * environment and a publisher and subscriber that let {@code transport auto} pick the transport.
 */
public final class NewModel {

	/** The profile libraries a model can start from. */
	public enum Profiles {
		RTESP("RT-ESP event streams (rtesp.adamant)", "rtesp.adamant"),
		TACTICAL("Tactical networks (tactical.adamant)", "tactical.adamant");

		public final String label;
		public final String file;

		Profiles(String label, String file) {
			this.label = label;
			this.file = file;
		}
	}

	public static final String PROFILES_FOLDER = "profiles";
	public static final String CATALOG = "transports.adamant";

	private NewModel() {
	}

	/** Creates {@code container/fileName} (".adamant" added when missing) and the profiles it imports. */
	public static IFile create(IContainer container, String fileName, Profiles profiles, IProgressMonitor monitor)
			throws CoreException {
		String name = fileName.endsWith(".adamant") ? fileName : fileName + ".adamant";
		IFile file = container.getFile(IPath.fromPortableString(name));
		if (file.exists()) {
			throw new CoreException(Status.error(file.getFullPath() + " already exists"));
		}
		if (file.getParent() instanceof IFolder parent && !parent.exists()) {
			createFolders(parent, monitor);
		}
		IProject project = container.getProject();
		IFolder folder = project.getFolder(PROFILES_FOLDER);
		if (!folder.exists()) {
			folder.create(true, true, monitor);
		}
		copyProfile(folder.getFile(CATALOG), monitor);
		copyProfile(folder.getFile(profiles.file), monitor);
		IPath toProfiles = folder.getFullPath().makeRelativeTo(file.getParent().getFullPath());
		String text = starter(modelName(name), toProfiles.toPortableString(), profiles);
		file.create(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), true, monitor);
		return file;
	}

	private static void createFolders(IFolder folder, IProgressMonitor monitor) throws CoreException {
		if (folder.getParent() instanceof IFolder parent && !parent.exists()) {
			createFolders(parent, monitor);
		}
		folder.create(true, true, monitor);
	}

	/** A model name from a file name: letters, digits and underscores, not starting with a digit. */
	static String modelName(String fileName) {
		String base = fileName.substring(0, fileName.length() - ".adamant".length()).replaceAll("[^A-Za-z0-9_]", "_");
		return base.isEmpty() || Character.isDigit(base.charAt(0)) ? "m_" + base : base;
	}

	private static void copyProfile(IFile target, IProgressMonitor monitor) throws CoreException {
		if (target.exists()) {
			return;
		}
		URL entry = AdamantUiPlugin.getDefault().getBundle().getEntry(PROFILES_FOLDER + "/" + target.getName());
		if (entry == null) {
			throw new CoreException(Status.error("bundle " + AdamantUiPlugin.ID + " has no " + PROFILES_FOLDER + "/"
					+ target.getName() + " (the build copies the repository's profiles/ into it)"));
		}
		try (InputStream in = entry.openStream()) {
			target.create(in, true, monitor);
		} catch (IOException e) {
			throw new CoreException(Status.error("cannot read " + entry, e));
		}
	}

	/** The starter model. */
	static String starter(String model, String profilesPath, Profiles profiles) {
		String imports = "import \"" + profilesPath + "/" + CATALOG + "\"\nimport \"" + profilesPath + "/" + profiles.file + "\"\n";
		return switch (profiles) {
			case RTESP -> """
					model %s

					%s
					// One sensor reading; every reading counts, within 100 ms (ThermalScanStream).
					struct Reading {
						@key uint32 sensor;
						float value;
					}

					topic Readings : Reading qos ThermalScanStream

					environment lan {
						multicast available
						loss 1 %%
						bandwidth 100 Mbit/s
						rtt 200 us
					}

					application producer {
						environment lan
						publish Readings rate 100 Hz payload 12 B transport auto
					}

					application consumer {
						environment lan
						instances 3
						subscribe Readings transport auto
					}
					""".formatted(model, imports);
			case TACTICAL -> """
					model %s

					%s
					// A node's position: only the newest matters (BlueForceTrack replaces stale updates).
					struct Position {
						@key uint32 node;
						double latitude;
						double longitude;
					}

					topic Positions : Position qos BlueForceTrack

					application node {
						environment radio_link
						publish Positions rate 2 Hz payload 64 B transport auto
					}

					application command_post {
						environment radio_link
						subscribe Positions transport auto
					}
					""".formatted(model, imports);
		};
	}
}
