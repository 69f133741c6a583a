package org.adamant.generator.opendds

import java.util.Set
import org.adamant.dsl.adamant.EnumType
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

	def CharSequence generate(ModelInfo info) {
		val topicTypes = info.topics.map[type].filterNull.toSet
		'''
			«Banner.of(info, "//", "OpenDDS data types of model " + info.name + " (compiled by opendds_idl via opendds_target_sources).")»
			//
			// Structs that are the type of a topic are @topic; the others are @nested (used inside topics).

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

	def private struct(StructType s, boolean topic, ModelInfo info) '''
		// «ModelInfo.sourceOf(s)»«IF topic»; topic«IF info.topics.filter[type == s].size > 1»s«ENDIF» «info.topics.filter[type == s].map[name].join(", ")»«ENDIF»
		«IF topic»@topic«ELSE»@nested«ENDIF»
		struct «s.name.id» {
		  «FOR m : s.members»
		  	«IF m.isKey»@key «ENDIF»«m.type.idlType» «m.name.id»«FOR d : m.dims»[«d.size»]«ENDFOR»;
		  «ENDFOR»
		};
	'''

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
			case INT8: "int8"
			case UINT8: "uint8"
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
