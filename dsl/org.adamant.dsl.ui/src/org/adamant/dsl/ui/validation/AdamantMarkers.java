package org.adamant.dsl.ui.validation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.adamant.dsl.ui.AdamantUiPlugin;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspace;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.validation.Issue;

/**
 * The validator's issues as problem markers of type {@value #TYPE}: severity, message, line and
 * character range, and the issue code and data the quick fixes key on.
 */
public final class AdamantMarkers {

	public static final String TYPE = AdamantUiPlugin.ID + ".problem";
	/** The validator's issue code (org.adamant.dsl.validation.IssueCodes). */
	public static final String ISSUE_CODE = "issueCode";
	/** The issue's data strings, joined with {@link #DATA_SEPARATOR}. */
	public static final String ISSUE_DATA = "issueData";
	public static final String DATA_SEPARATOR = "\u001f";

	private AdamantMarkers() {
	}

	/** Replaces the file's ADAMANT markers with {@code issues}. */
	public static void replace(IFile file, List<Issue> issues) throws CoreException {
		List<Map<String, Object>> attributes = new ArrayList<>();
		for (Issue issue : issues) {
			if (issue.getSeverity() != Severity.IGNORE) {
				attributes.add(attributesOf(issue));
			}
		}
		IWorkspace workspace = ResourcesPlugin.getWorkspace();
		workspace.run(monitor -> {
			if (!file.exists()) {
				return;
			}
			file.deleteMarkers(TYPE, false, IResource.DEPTH_ZERO);
			for (Map<String, Object> a : attributes) {
				file.createMarker(TYPE, a);
			}
		}, workspace.getRuleFactory().markerRule(file), IWorkspace.AVOID_UPDATE, null);
	}

	static Map<String, Object> attributesOf(Issue issue) {
		Map<String, Object> a = new HashMap<>();
		a.put(IMarker.SEVERITY, switch (issue.getSeverity()) {
			case ERROR -> IMarker.SEVERITY_ERROR;
			case WARNING -> IMarker.SEVERITY_WARNING;
			default -> IMarker.SEVERITY_INFO;
		});
		a.put(IMarker.MESSAGE, issue.getMessage());
		if (issue.getLineNumber() != null) {
			a.put(IMarker.LINE_NUMBER, issue.getLineNumber());
			a.put(IMarker.LOCATION, "line " + issue.getLineNumber());
		}
		if (issue.getOffset() != null && issue.getLength() != null) {
			a.put(IMarker.CHAR_START, issue.getOffset());
			a.put(IMarker.CHAR_END, issue.getOffset() + issue.getLength());
		}
		if (issue.getCode() != null) {
			a.put(ISSUE_CODE, issue.getCode());
		}
		if (issue.getData() != null && issue.getData().length > 0) {
			a.put(ISSUE_DATA, String.join(DATA_SEPARATOR, issue.getData()));
		}
		return a;
	}

	/** The issue data stored on a marker (empty when none). */
	public static String[] dataOf(IMarker marker) {
		String data = marker.getAttribute(ISSUE_DATA, "");
		return data.isEmpty() ? new String[0] : data.split(DATA_SEPARATOR, -1);
	}
}
