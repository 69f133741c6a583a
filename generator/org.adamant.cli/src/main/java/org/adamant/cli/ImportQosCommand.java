package org.adamant.cli;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.adamant.cli.ddsxml.DdsXml;
import org.adamant.dsl.formatting2.ModelFormatter;
import org.eclipse.emf.common.util.URI;
import org.eclipse.xtext.resource.XtextResource;
import org.eclipse.xtext.resource.XtextResourceSet;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "import-qos", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
		description = { "Read the QoS profiles of an OMG DDS-XML file (as export-qos writes it, or <qos_library>s "
				+ "of profiles) into the language's profile syntax (docs/dds-xml.md).",
				"Whatever the language cannot state is reported as file:line:col: error: and nothing is written.",
				"Exit status: 0 written, 1 the file has elements or values the language cannot state, or is not "
						+ "well-formed XML, 2 a usage or I/O error." })
public class ImportQosCommand implements Callable<Integer> {

	@Spec
	CommandSpec spec;

	@Parameters(index = "0", paramLabel = "XML", description = "The DDS-XML QoS file.")
	Path file;

	@Option(names = { "-o", "--output" }, required = true, paramLabel = "FILE",
			description = "The model file to write (.adamant).")
	Path output;

	@Override
	public Integer call() {
		PrintWriter out = spec.commandLine().getOut();
		PrintWriter err = spec.commandLine().getErr();
		if (!Files.isRegularFile(file)) {
			throw new UsageException(file + (Files.exists(file) ? ": not a regular file" : ": no such file"));
		}
		if (!output.getFileName().toString().endsWith(".adamant")) {
			throw new UsageException(output + ": the output is a model: name it *.adamant");
		}
		String header = "// QoS profiles imported from " + file.getFileName() + " by adamant import-qos.\n";
		DdsXml.Result result = DdsXml.importXml(TextFiles.read(file), file.toString(), header);
		if (!result.ok()) {
			result.problems().forEach(d -> err.println(d.toText()));
			err.println("not imported: " + result.problems().size() + " problem"
					+ (result.problems().size() == 1 ? "" : "s"));
			return Main.EXIT_MODEL_ERRORS;
		}
		TextFiles.write(output, formatted(result.text()));
		out.println("wrote " + output);
		return Main.EXIT_OK;
	}

	/** The imported text in the language's style; it must parse (else the importer has a bug). */
	private String formatted(String text) {
		XtextResourceSet set = ModelLoader.injector().getInstance(XtextResourceSet.class);
		XtextResource resource = (XtextResource) set
				.createResource(URI.createFileURI(output.toAbsolutePath().normalize().toString()));
		try {
			resource.load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), null);
		} catch (IOException e) {
			throw new IllegalStateException("the imported profiles do not load: " + e.getMessage(), e);
		}
		if (!resource.getErrors().isEmpty()) {
			throw new IllegalStateException("the imported profiles do not parse: " + resource.getErrors().get(0)
					.getMessage());
		}
		return ModelLoader.injector().getInstance(ModelFormatter.class).format(resource);
	}
}
