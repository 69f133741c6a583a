package org.adamant.dsl.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.adamant.dsl.ui.format.FormatHandler;
import org.eclipse.core.resources.IFile;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.bindings.TriggerSequence;
import org.eclipse.jface.bindings.keys.KeySequence;
import org.eclipse.jface.text.ITextOperationTarget;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.keys.IBindingService;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The Format command in the ADAMANT editor: Ctrl+Shift+F formats the open document as one undoable
 * change (as {@code adamant format} formats the file), and leaves a model with syntax errors alone.
 */
class FormatTest {

	static final String MESSY = """
			model demo
			import "transports.adamant"
			struct Scan {  @key uint32 cell ;
			float temperature; } // one cell
			qos Fast{reliability reliable
			    deadline 50 ms}
			""";

	static final String FORMATTED = """
			model demo
			import "transports.adamant"
			struct Scan {
				@key uint32 cell;
				float temperature;
			} // one cell
			qos Fast {
				reliability reliable
				deadline 50 ms
			}
			""";

	ITextEditor editor;

	@AfterEach
	void close() {
		if (editor != null) {
			editor.getSite().getPage().closeEditor(editor, false);
		}
	}

	ITextEditor open(String name, String text) throws Exception {
		var project = Workbench.project("format");
		Workbench.copy(project, Workbench.repo().resolve("profiles/transports.adamant"));
		IFile file = Workbench.write(project, name, text);
		editor = Workbench.open(file);
		return editor;
	}

	void runFormat() throws Exception {
		editor.getSite().getService(IHandlerService.class).executeCommand(FormatHandler.COMMAND_ID, null);
		Workbench.dispatch();
	}

	@Test
	void formatCommandFormatsTheDocumentAsOneUndoableChange() throws Exception {
		open("messy.adamant", MESSY);
		IDocument document = Workbench.document(editor);
		runFormat();
		assertEquals(FORMATTED, document.get());
		assertTrue(editor.isDirty(), "formatting goes into the editor, unsaved");

		ITextOperationTarget target = editor.getAdapter(ITextOperationTarget.class);
		assertTrue(target.canDoOperation(ITextOperationTarget.UNDO));
		target.doOperation(ITextOperationTarget.UNDO);
		assertEquals(MESSY, document.get(), "one undo restores the text as it was");

		runFormat();
		runFormat();
		assertEquals(FORMATTED, document.get(), "formatting twice changes nothing more");
	}

	@Test
	void aModelWithSyntaxErrorsIsLeftAlone() throws Exception {
		String broken = "struct   Scan {  uint32 cell\n}\n";
		open("broken.adamant", broken);
		runFormat();
		assertEquals(broken, Workbench.document(editor).get());
		assertFalse(editor.isDirty());
	}

	@Test
	void ctrlShiftFIsBoundToFormatInTheEditor() throws Exception {
		open("bound.adamant", FORMATTED);
		IBindingService bindings = editor.getSite().getService(IBindingService.class);
		List<TriggerSequence> keys = Arrays.asList(bindings.getActiveBindingsFor(FormatHandler.COMMAND_ID));
		assertTrue(keys.contains(KeySequence.getInstance("M1+M2+F")), keys.toString()); // Ctrl+Shift+F
	}
}
