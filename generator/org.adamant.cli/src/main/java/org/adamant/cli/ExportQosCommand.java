package org.adamant.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.adamant.cli.ddsxml.DdsXml;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "export-qos", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
		description = { "Write the model's QoS profiles as OMG DDS-XML (<dds><qos_profile> with topic_qos, "
				+ "datawriter_qos, datareader_qos and, for presentation and partition, publisher_qos and "
				+ "subscriber_qos), as OpenDDS's QOS_XML_Handler loads it (docs/dds-xml.md).",
				"Each profile carries all its policies; base_name names the profile it extends. The model must "
						+ "validate without errors.",
				"Exit status: 0 written, 1 the model has errors, 2 a usage or I/O error." })
public class ExportQosCommand implements Callable<Integer> {

	@Spec
	CommandSpec spec;

	@Parameters(index = "0", paramLabel = "MODEL", description = "The model file (.adamant).")
	Path file;

	@Option(names = { "-o", "--output" }, required = true, paramLabel = "FILE", description = "The DDS-XML file to write.")
	Path output;

	@Option(names = "--library", paramLabel = "NAME", description = "Wrap the profiles in an OMG DDS-XML "
			+ "<qos_library name=\"NAME\"> (base_name then reads NAME::Profile), for loaders that expect "
			+ "libraries; OpenDDS's schema and loader have none.")
	String library;

	@Override
	public Integer call() {
		PrintWriter out = spec.commandLine().getOut();
		PrintWriter err = spec.commandLine().getErr();
		if (library != null && !DdsXml.isElementName(library)) {
			throw new ParameterException(spec.commandLine(), "--library '" + library
					+ "' is not a DDS-XML name: use letters, digits and spaces");
		}
		ModelLoader loader = new ModelLoader();
		loader.load(List.of(file));
		List<Diagnostic> diagnostics = loader.validate();
		diagnostics.forEach(d -> err.println(d.toText()));
		if (diagnostics.stream().anyMatch(Diagnostic::isError) || loader.model(0) == null) {
			err.println("not exported: fix the model's errors first");
			return Main.EXIT_MODEL_ERRORS;
		}
		DdsXml.Result result = DdsXml.export(loader.model(0), file.toString(), library);
		if (!result.ok()) {
			result.problems().forEach(d -> err.println(d.toText()));
			return Main.EXIT_MODEL_ERRORS;
		}
		TextFiles.write(output, result.text());
		out.println("wrote " + output);
		return Main.EXIT_OK;
	}
}
