package org.adamant.generator

import java.util.LinkedHashMap
import java.util.List
import java.util.Map
import java.util.TreeMap
import org.adamant.dsl.adamant.AdamantPackage
import org.adamant.dsl.adamant.Application
import org.adamant.dsl.adamant.Experiment
import org.adamant.dsl.adamant.Model
import org.adamant.dsl.lowering.TransportLowering
import org.adamant.dsl.semantics.Bindings
import org.adamant.dsl.semantics.Experiments
import org.adamant.generator.cpp.ApplicationTemplate
import org.adamant.generator.cpp.BenchTemplate
import org.adamant.generator.cpp.CppNames
import org.adamant.generator.cpp.NativeCMakeTemplate
import org.adamant.generator.cpp.RealLinkTemplate
import org.adamant.generator.cpp.SamplesHeaderTemplate
import org.adamant.generator.cpp.TypesHeaderTemplate
import org.adamant.generator.opendds.OpenDdsCMakeTemplate
import org.adamant.generator.opendds.OpenDdsIdlTemplate
import org.adamant.generator.opendds.OpenDdsQosTemplate
import org.adamant.generator.opendds.OpenDdsReadmeTemplate
import org.adamant.generator.opendds.OpenDdsApplicationTemplate
import org.adamant.generator.opendds.OpenDdsBenchTemplate
import org.adamant.generator.opendds.OpenDdsIniTemplate
import org.adamant.generator.opendds.OpenDdsMpcTemplate
import org.adamant.generator.opendds.OpenDdsSupportTemplate
import org.adamant.generator.opendds.OpenDdsEntitiesTemplate
import org.adamant.generator.opendds.OpenDdsVersion

/**
 * Turns a validated model into source files. Pure: returns relative paths ('/'-separated, sorted)
 * to contents and never touches the file system.
 */
class AdamantGenerator {

	/**
	 * @throws GeneratorException when the model cannot be expressed in the target (a C++ keyword
	 *         as a name, a type that contains itself, ...), located at the offending element.
	 */
	def Map<String, CharSequence> generate(Model model, Target target) {
		generate(model, GeneratorOptions.of(target))
	}

	def Map<String, CharSequence> generate(Model model, GeneratorOptions options) {
		val target = options.target
		val info = new ModelInfo(model)
		CppNames.check(info)
		val files = new TreeMap<String, CharSequence>
		if (target.includesNative) {
			files.putAll(generateNative(info))
		}
		if (target.includesOpenDds) {
			files.putAll(generateOpenDds(info, options.openDdsVersion))
		}
		return files
	}

	def private Map<String, CharSequence> generateNative(ModelInfo info) {
		val files = new LinkedHashMap<String, CharSequence>
		val skipped = <String>newArrayList
		val apps = <Application>newArrayList
		for (a : info.applications) {
			val problem = a.endpoints.map [ e |
				if (e.topic === null || e.topic.type === null) return "its topic is unresolved"
				if (TransportLowering.resolve(e).present) null else TransportLowering.whyNot(Bindings.bound(e))
			].filterNull.head
			if (problem === null) apps += a else skipped += "application " + a.name + ": " + problem
		}
		val experiments = <Experiment>newArrayList
		for (x : info.experiments) {
			val problem = if (!x.streams.empty) {
					val streams = Experiments.streams(x)
					if (streams.size != x.streams.size || streams.exists[topic.type === null]) "a topic of its streams is unresolved"
					else streams.filter[ratesHz.empty].map["stream " + topicName + " has no rate (give it one: " + topicName + "(rate 20 Hz))"].head
						?: x.transports.filter[!TransportLowering.resolve(it).present].map[TransportLowering.whyNot(it)].head
				} else if (x.topic === null || x.topic.type === null) "its topic is unresolved" else
					x.transports.filter[!TransportLowering.resolve(it).present].map[TransportLowering.whyNot(it)].head
			if (problem === null) experiments += x else skipped += "experiment " + x.name + ": " + problem
		}
		checkDistinct(apps, experiments)
		files.put("native/CMakeLists.txt", new NativeCMakeTemplate().generate(info, apps, experiments, skipped))
		files.put(TypesHeaderTemplate.path(info), new TypesHeaderTemplate().generate(info))
		files.put(SamplesHeaderTemplate.path(info), new SamplesHeaderTemplate().generate(info))
		for (a : apps) {
			files.put(ApplicationTemplate.path(a), new ApplicationTemplate().generate(info, a))
		}
		AdaptiveTables.of(info).forEach[path, table|files.put("native/" + path, table)]
		for (x : experiments) {
			files.put(BenchTemplate.path(x), new BenchTemplate().generate(info, x))
			if (RealLinkTemplate.applies(x)) {
				files.put(RealLinkTemplate.path(x), new RealLinkTemplate().generate(info, x))
			}
		}
		return files
	}

	/** Executables share one CMake namespace: an application must not be called like a bench. */
	def private checkDistinct(List<Application> apps, List<Experiment> experiments) {
		val names = newHashSet
		for (a : apps) {
			names += a.name
		}
		for (x : experiments) {
			if (names.contains(x.name + "_bench")) {
				throw new GeneratorException(x, AdamantPackage.Literals.ELEMENT__NAME,
					"experiment '" + x.name + "' would build executable " + x.name +
						"_bench, which is also the name of an application; rename one")
			}
		}
	}

	def private Map<String, CharSequence> generateOpenDds(ModelInfo info, OpenDdsVersion version) {
		val files = new LinkedHashMap<String, CharSequence>
		val apps = info.applications.filter[endpoints.exists[topic !== null && topic.type !== null]].toList
		val experiments = info.experiments.filter[OpenDdsBenchTemplate.whyNot(it) === null].toList
		checkDistinct(apps, experiments)
		files.put(OpenDdsIdlTemplate.path(info), new OpenDdsIdlTemplate().generate(info, version))
		files.put(OpenDdsQosTemplate.path(info), new OpenDdsQosTemplate().generate(info))
		files.put(OpenDdsSupportTemplate.transportsPath(info), new OpenDdsSupportTemplate().transports(info))
		files.put(OpenDdsSupportTemplate.samplesPath(info), new OpenDdsSupportTemplate().samples(info))
		files.put(OpenDdsEntitiesTemplate.path(info), new OpenDdsEntitiesTemplate().generate(info))
		files.put(OpenDdsIniTemplate.path(info), new OpenDdsIniTemplate().generate(info))
		files.put("opendds/CMakeLists.txt", new OpenDdsCMakeTemplate().generate(info, apps, experiments, version))
		files.put(OpenDdsMpcTemplate.path(info), new OpenDdsMpcTemplate().generate(info, apps, experiments))
		files.put("opendds/README.md", new OpenDdsReadmeTemplate().generate(info, apps, experiments, version))
		for (a : apps) {
			files.put(OpenDdsApplicationTemplate.path(a), new OpenDdsApplicationTemplate().generate(info, a))
		}
		for (x : experiments) {
			files.put(OpenDdsBenchTemplate.path(x), new OpenDdsBenchTemplate().generate(info, x))
		}
		AdaptiveTables.of(info).forEach[path, table|files.put("opendds/" + path, table)]
		return files
	}
}
