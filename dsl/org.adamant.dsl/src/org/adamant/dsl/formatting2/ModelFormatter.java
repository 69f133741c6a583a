package org.adamant.dsl.formatting2;

import java.util.List;

import org.eclipse.xtext.formatting2.FormatterPreferenceKeys;
import org.eclipse.xtext.formatting2.FormatterRequest;
import org.eclipse.xtext.formatting2.IFormatter2;
import org.eclipse.xtext.formatting2.regionaccess.ITextRegionAccess;
import org.eclipse.xtext.formatting2.regionaccess.ITextReplacement;
import org.eclipse.xtext.formatting2.regionaccess.TextRegionAccessBuilder;
import org.eclipse.xtext.preferences.MapBasedPreferenceValues;
import org.eclipse.xtext.resource.XtextResource;

import com.google.inject.Inject;
import com.google.inject.Provider;

/**
 * Formats a parsed model with {@link AdamantFormatter} in the language's own style (tab indentation,
 * the file's line separator): for the CLI, the editors and tests. A model with syntax errors is left
 * as it is.
 */
public class ModelFormatter {

	@Inject
	private Provider<IFormatter2> formatter;

	@Inject
	private Provider<FormatterRequest> requests;

	@Inject
	private Provider<TextRegionAccessBuilder> regionAccess;

	/** The edits that format the whole model (none when it is formatted already or has syntax errors). */
	public List<ITextReplacement> edits(XtextResource resource) {
		ITextRegionAccess access = regionAccess.get().forNodeModel(resource).create();
		if (access.hasSyntaxError()) {
			return List.of();
		}
		String text = resource.getParseResult().getRootNode().getText();
		MapBasedPreferenceValues preferences = new MapBasedPreferenceValues();
		preferences.put(FormatterPreferenceKeys.indentation, "\t");
		preferences.put(FormatterPreferenceKeys.lineSeparator, text.contains("\r\n") ? "\r\n" : "\n");
		FormatterRequest request = requests.get();
		request.setTextRegionAccess(access);
		request.setAllowIdentityEdits(false);
		request.setFormatUndefinedHiddenRegionsOnly(false);
		request.setPreferences(preferences);
		return formatter.get().format(request);
	}

	/** The model's text formatted; the text as it is when the model has syntax errors. */
	public String format(XtextResource resource) {
		String text = resource.getParseResult().getRootNode().getText();
		List<ITextReplacement> edits = edits(resource);
		if (edits.isEmpty()) {
			return text;
		}
		StringBuilder result = new StringBuilder(text);
		List<ITextReplacement> sorted = edits.stream()
				.sorted((a, b) -> Integer.compare(b.getOffset(), a.getOffset())).toList();
		for (ITextReplacement edit : sorted) {
			result.replace(edit.getOffset(), edit.getEndOffset(), edit.getReplacementText());
		}
		return result.toString();
	}
}
