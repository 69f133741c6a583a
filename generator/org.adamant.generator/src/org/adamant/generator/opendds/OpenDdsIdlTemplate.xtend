package org.adamant.generator.opendds

import java.util.List
import java.util.Set
import org.adamant.dsl.adamant.EnumType
import org.adamant.dsl.adamant.Member
import org.adamant.dsl.adamant.NamedRef
import org.adamant.dsl.adamant.PrimitiveKind
import org.adamant.dsl.adamant.PrimitiveRef
import org.adamant.dsl.adamant.SequenceRef
import org.adamant.dsl.adamant.StringRef
import org.adamant.dsl.adamant.StructType
import org.adamant.dsl.adamant.TypeRef
import org.adamant.generator.Banner
import org.adamant.generator.ModelInfo

/** opendds/<model>.idl: one module per model; topic types carry @topic, key members @key. */
class OpenDdsIdlTemplate {

	/** IDL 4 keywords; IDL compares identifiers case-insensitively against them. */
	static val Set<String> IDL_KEYWORDS = #{"abstract", "any", "alias", "attribute", "bitfield", "bitmask",
		"bitset", "boolean", "case", "char", "component", "connector", "const", "consumes", "context",
		"custom", "default", "double", "exception", "emits", "enum", "eventtype", "factory", "false", "finder",
		"fixed", "float", "getraises", "getter", "home", "import", "in", "inout", "interface", "local", "long",
		"manages", "map", "mirrorport", "module", "multiple", "native", "object", "octet", "oneway", "out",
		"primarykey", "private", "port", "porttype", "provides", "public", "publishes", "raises", "readonly",
		"setraises", "sequence", "short", "string", "struct", "supports", "switch", "true", "truncatable",
		"typedef", "typeid", "typename", "typeprefix", "unsigned", "union", "uses", "valuebase", "valuetype",
		"void", "wchar", "wstring", "int8", "uint8", "int16", "int32", "int64", "uint16", "uint32", "uint64"}

	def static String path(ModelInfo info) '''opendds/«info.identifier».idl'''

	/** For OpenDDS 3.14+ (the default, current release). */
	def CharSequence generate(ModelInfo info) {
		generate(info, OpenDdsVersion.CURRENT)
	}

	def CharSequence generate(ModelInfo info, OpenDdsVersion version) {
		val topicTypes = info.topics.map[type].filterNull.toSet
		this.version = version
		'''
			«Banner.of(info, "//", "OpenDDS data types of model " + info.name + " (compiled by opendds_idl via opendds_target_sources).")»
			//
			«IF version.hasTopicAnnotations»
				// Structs that are the type of a topic are @topic; the others are @nested (used inside topics).
			«ELSE»
				// For OpenDDS «version» (before 3.14): topic types and their keys are declared with
				// #pragma DCPS_DATA_TYPE / DCPS_DATA_KEY (as in DDS-3.13 DevGuideExamples/DCPS/Messenger/Messenger.idl);
				// int8 and uint8 are octet (IDL4 int8/uint8 are not available).
			«ENDIF»

			module «info.identifier.id» {
			«FOR type : info.types»

				«indent(if(type instanceof StructType) struct(type, topicTypes.contains(type), info) else enumType(type as EnumType))»
			«ENDFOR»

			};  // module «info.identifier.id»
		'''
	}

	def private enumType(EnumType e) '''
		// «ModelInfo.sourceOf(e)»
		enum «e.name.id» {
		  «FOR l : e.literals SEPARATOR ","»
		  	«l.name.id»
		  «ENDFOR»
		};
	'''

	OpenDdsVersion version = OpenDdsVersion.CURRENT

	def private struct(StructType s, boolean topic, ModelInfo info) '''
		«FOR m : s.members.filter[type instanceof SequenceRef || !dims.empty]»
			«typedefs(s, m)»
		«ENDFOR»
		// «ModelInfo.sourceOf(s)»«IF topic»; topic«IF info.topicsOf(s).size > 1»s«ENDIF» «info.topicsOf(s).map[name].join(", ")»«ENDIF»
		«IF version.hasTopicAnnotations»
			«IF topic»@topic«ELSE»@nested«ENDIF»
		«ELSEIF topic»
			#pragma DCPS_DATA_TYPE "«info.identifier.id»::«s.name.id»"
			«FOR m : s.members.filter[key]»
				#pragma DCPS_DATA_KEY "«info.identifier.id»::«s.name.id» «m.name.id»"
			«ENDFOR»
		«ENDIF»
		struct «s.name.id» {
		  «FOR m : s.members»
		  	«IF m.isKey && !version.hasTopicAnnotations»
		  		#ifndef __TAO_IDL
		  		@key
		  		#endif
		  	«ENDIF»
		  	«IF m.isKey && version.hasTopicAnnotations»@key «ENDIF»«memberType(s, m)» «m.name.id»;
		  «ENDFOR»
		};
	'''

	/*
	 * Sequences and arrays get a typedef each: opendds_idl before 3.14 rejects anonymous types in
	 * struct members ("anonymous types are deprecated by OMG spec"), and named types read the same in
	 * every version.
	 */
	def private String typedefName(StructType s, Member m, String suffix) {
		s.name + "_" + m.name + suffix
	}

	def private CharSequence typedefs(StructType s, Member m) {
		val lines = <String>newArrayList
		var String element = elementTypedefs(s, m, m.type, lines, 0)
		if (!m.dims.empty) {
			lines += "typedef " + element + " " + typedefName(s, m, "_array") + m.dims.map["[" + size + "]"].join + ";"
		}
		lines.join("\n")
	}

	/** The IDL name of `ref`, adding a typedef for each (nested) sequence to `lines`. */
	def private String elementTypedefs(StructType s, Member m, TypeRef ref, List<String> lines, int depth) {
		if (ref instanceof SequenceRef) {
			val inner = elementTypedefs(s, m, ref.element, lines, depth + 1)
			val name = typedefName(s, m, if (depth == 0) "_seq" else "_seq" + depth)
			lines += "typedef sequence<" + inner + (if (ref.bound > 0) ", " + ref.bound else "") + "> " + name + ";"
			return name
		}
		ref.idlType
	}

	def private String memberType(StructType s, Member m) {
		if (!m.dims.empty) typedefName(s, m, "_array")
		else if (m.type instanceof SequenceRef) typedefName(s, m, "_seq")
		else m.type.idlType
	}

	def private String idlType(TypeRef ref) {
		switch ref {
			PrimitiveRef: primitive(ref.kind)
			StringRef: if(ref.bound > 0) '''string<«ref.bound»>''' else "string"
			SequenceRef: '''sequence<«ref.element.idlType»«IF ref.bound > 0», «ref.bound»«ENDIF»>'''
			NamedRef: ref.type.name.id
		}
	}

	def private String primitive(PrimitiveKind kind) {
		switch kind {
			case INT8: if(version.hasTopicAnnotations) "int8" else "octet"
			case UINT8: if(version.hasTopicAnnotations) "uint8" else "octet"
			case INT16: "short"
			case UINT16: "unsigned short"
			case INT32: "long"
			case UINT32: "unsigned long"
			case INT64: "long long"
			case UINT64: "unsigned long long"
			case FLOAT: "float"
			case DOUBLE: "double"
			case BOOLEAN: "boolean"
			case CHAR: "char"
		}
	}

	/** An IDL identifier: names that clash with an IDL keyword are escaped with a leading '_'. */
	def static String id(String name) {
		if(IDL_KEYWORDS.contains(name.toLowerCase)) "_" + name else name
	}

	/** Indents every non-empty line by two spaces (declarations inside the module). */
	def private static String indent(CharSequence text) {
		text.toString.split("\n", -1).map[if(empty) it else "  " + it].join("\n").replaceAll("\\s+$", "")
	}
}
