package org.adamant.generator.cpp

import org.adamant.dsl.adamant.EnumType
import org.adamant.dsl.adamant.StringRef
import org.adamant.dsl.adamant.StructType
import org.adamant.generator.Banner
import org.adamant.generator.ModelInfo

/** native/include/<model>/samples.hpp: deterministic sample values for the apps and benchmarks. */
class SamplesHeaderTemplate {

	def static String path(ModelInfo info) '''native/include/«info.identifier»/samples.hpp'''

	def CharSequence generate(ModelInfo info) '''
		«Banner.of(info, "//", "Sample generator: fills every field of a model type from an update's sequence number.")»
		//
		// sample_fill(value, seq) is deterministic, so a reader can tell which update it received and a
		// benchmark sends the same bytes on every run.
		#pragma once

		#include "«info.identifier»/types.hpp"

		#include <algorithm>
		#include <array>
		#include <cstddef>
		#include <cstdint>
		#include <string>
		#include <type_traits>
		#include <vector>

		namespace «info.identifier» {

		template <typename T, std::enable_if_t<std::is_arithmetic_v<T> && !std::is_same_v<T, bool>, int> = 0>
		inline void sample_fill(T& value, std::uint64_t seq) {
		  value = static_cast<T>(seq);
		}
		inline void sample_fill(bool& value, std::uint64_t seq) { value = seq % 2 == 0; }
		inline void sample_fill(std::string& value, std::uint64_t seq) { value = std::to_string(seq); }

		template <typename T>
		void sample_fill(std::vector<T>& value, std::uint64_t seq);
		template <typename T, std::size_t N>
		void sample_fill(std::array<T, N>& value, std::uint64_t seq);

		// A sequence gets one element.
		template <typename T>
		void sample_fill(std::vector<T>& value, std::uint64_t seq) {
		  value.resize(1);
		  sample_fill(value[0], seq);
		}
		template <typename T, std::size_t N>
		void sample_fill(std::array<T, N>& value, std::uint64_t seq) {
		  for (std::size_t i = 0; i < N; ++i) {
		    sample_fill(value[i], seq + i);
		  }
		}
		«FOR type : info.types»

			«IF type instanceof StructType»«struct(type)»«ELSEIF type instanceof EnumType»«enumType(type)»«ENDIF»
		«ENDFOR»

		}  // namespace «info.identifier»
	'''

	def private enumType(EnumType e) '''
		inline void sample_fill(«e.name»& value, std::uint64_t seq) {
		  value = static_cast<«e.name»>(seq % «e.literals.size»u);
		}
	'''

	def private struct(StructType s) '''
		inline void sample_fill(«s.name»& value, std::uint64_t seq) {
		  «IF s.members.empty»
		  	(void)value;
		  	(void)seq;
		  «ENDIF»
		  «FOR m : s.members»
		  	sample_fill(value.«m.name», seq«IF s.members.indexOf(m) > 0» + «s.members.indexOf(m)»«ENDIF»);
		  	«IF m.dims.empty && m.type instanceof StringRef && (m.type as StringRef).bound > 0»
		  		value.«m.name».resize(std::min<std::size_t>(value.«m.name».size(), «(m.type as StringRef).bound»));  // string<«(m.type as StringRef).bound»>
		  	«ENDIF»
		  «ENDFOR»
		}
	'''
}
