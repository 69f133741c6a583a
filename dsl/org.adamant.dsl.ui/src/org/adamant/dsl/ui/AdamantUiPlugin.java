package org.adamant.dsl.ui;

import org.adamant.dsl.ide.AdamantIdeSetup;
import org.adamant.dsl.ui.generation.GenerateOnSave;
import org.eclipse.core.resources.IResourceChangeEvent;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.ILog;
import org.eclipse.ui.plugin.AbstractUIPlugin;
import org.osgi.framework.BundleContext;

import com.google.inject.Injector;

/**
 * The editor bundle. It holds one Guice injector of the language with its IDE services (the same
 * setup as the language server) from which every editor contribution takes its Xtext services.
 */
public class AdamantUiPlugin extends AbstractUIPlugin {

	public static final String ID = "org.adamant.dsl.ui";

	private static AdamantUiPlugin instance;

	private volatile Injector injector;
	private final GenerateOnSave generateOnSave = new GenerateOnSave();

	/** Starts with the first ADAMANT editor; from then on saved models are generated. */
	@Override
	public void start(BundleContext context) throws Exception {
		super.start(context);
		instance = this;
		ResourcesPlugin.getWorkspace().addResourceChangeListener(generateOnSave, IResourceChangeEvent.POST_CHANGE);
	}

	@Override
	public void stop(BundleContext context) throws Exception {
		ResourcesPlugin.getWorkspace().removeResourceChangeListener(generateOnSave);
		instance = null;
		super.stop(context);
	}

	public static AdamantUiPlugin getDefault() {
		return instance;
	}

	/** The language injector (runtime module mixed with the IDE module), created on first use. */
	public static Injector injector() {
		AdamantUiPlugin plugin = instance;
		if (plugin == null) {
			throw new IllegalStateException("bundle " + ID + " is not active");
		}
		Injector result = plugin.injector;
		if (result == null) {
			synchronized (plugin) {
				result = plugin.injector;
				if (result == null) {
					result = new AdamantIdeSetup().createInjectorAndDoEMFRegistration();
					plugin.injector = result;
				}
			}
		}
		return result;
	}

	public static ILog log() {
		return ILog.of(AdamantUiPlugin.class);
	}
}
