package org.adamant.dsl.ui.tests;

import static org.adamant.dsl.ui.tests.Workbench.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.adamant.dsl.ui.generation.GenerateOnSave;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.text.IDocument;
import org.eclipse.ui.texteditor.ITextEditor;
import org.junit.jupiter.api.Test;

/**
 * Generation on save: saving examples/sar/sar.adamant in the editor writes exactly the native tree
 * the CLI generates (the generator's golden files) into src-gen/sar/, and a later save that drops an
 * application deletes that application's file.
 */
class GenerateOnSaveTest {

	@Test
	void savingAModelGeneratesTheNativeTreeIntoSrcGen() throws Exception {
		Path repo = Workbench.repo();
		IProject project = Workbench.project("sar");
		project.getFolder("profiles").create(true, true, null);
		project.getFolder("examples").create(true, true, null);
		project.getFolder("examples/sar").create(true, true, null);
		Workbench.write(project, "profiles/transports.adamant", Files.readString(repo.resolve("profiles/transports.adamant")));
		String sar = Files.readString(repo.resolve("examples/sar/sar.adamant"));
		IFile model = Workbench.write(project, "examples/sar/sar.adamant", "model sar\n");
		ITextEditor editor = Workbench.open(model);
		IDocument document = Workbench.document(editor);
		document.set(sar);
		editor.doSave(null);
		Job.getJobManager().join(GenerateOnSave.FAMILY, null);

		IFolder out = project.getFolder("src-gen/sar");
		assertEquals(out, GenerateOnSave.outputFolder(model));
		Path golden = repo.resolve("generator/org.adamant.generator.tests/src/test/resources/golden/sar");
		List<String> expected = relativeFiles(golden.resolve("native"));
		List<String> actual = relativeFiles(out.getFolder("native").getLocation().toPath());
		assertEquals(expected, actual);
		for (String f : expected) {
			assertEquals(Files.readString(golden.resolve("native").resolve(f), StandardCharsets.UTF_8),
					Files.readString(out.getFolder("native").getLocation().toPath().resolve(f), StandardCharsets.UTF_8), f);
		}
		assertTrue(out.getFile(".adamant-generated").exists());
		assertTrue(out.getFolder("native").getFile("CMakeLists.txt").isDerived(IResource.CHECK_ANCESTORS));

		// a second save without the fusion center deletes its source
		int start = sar.indexOf("application fusion_center");
		int end = sar.indexOf("}", start) + 1;
		document.replace(start, end - start, "");
		editor.doSave(null);
		Job.getJobManager().join(GenerateOnSave.FAMILY, null);
		waitUntil("the refreshed tree", () -> !out.getFile("native/src/fusion_center.cpp").exists());
		assertTrue(out.getFile("native/src/uav_gateway.cpp").exists());
		assertFalse(out.getFile("native/src/fusion_center.cpp").exists());
		editor.getSite().getPage().closeEditor(editor, false);
	}

	private static List<String> relativeFiles(Path root) throws Exception {
		try (Stream<Path> files = Files.walk(root)) {
			return new ArrayList<>(new TreeSet<>(files.filter(Files::isRegularFile)
					.map(p -> root.relativize(p).toString().replace('\\', '/')).toList()));
		}
	}
}
