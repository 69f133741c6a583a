package org.adamant.generator.opendds

import org.adamant.generator.Banner
import org.adamant.generator.ModelInfo

/** opendds/CMakeLists.txt: the model's IDL as a type-support library (as OpenDDS's Messenger example). */
class OpenDdsCMakeTemplate {

	def CharSequence generate(ModelInfo info) '''
		«Banner.of(info, "#", "OpenDDS build: the type-support library of model " + info.name + ".")»
		#
		# Build: cmake -S . -B build -DCMAKE_PREFIX_PATH=<OpenDDS install prefix or DDS_ROOT> && cmake --build build
		# Applications are not generated for OpenDDS yet (see README.md); link yours against
		# «info.identifier»_idl and include «info.identifier»Qos.h for the modeled QoS.
		cmake_minimum_required(VERSION 3.20)
		project(«info.identifier»_opendds LANGUAGES CXX)

		set(CMAKE_CXX_STANDARD 17)
		set(CMAKE_CXX_STANDARD_REQUIRED ON)

		find_package(OpenDDS QUIET)
		if(NOT OpenDDS_FOUND)
		  message(FATAL_ERROR
		    "OpenDDS was not found. Install OpenDDS 3.2x (or source its setenv.sh) and configure with\n"
		    "  -DCMAKE_PREFIX_PATH=<OpenDDS install prefix>  (or -DOpenDDS_ROOT=<DDS_ROOT>).")
		endif()

		# IDL type support: opendds_idl and tao_idl generate the C++ types and their TypeSupport.
		add_library(«info.identifier»_idl)
		opendds_target_sources(«info.identifier»_idl PUBLIC "«info.identifier».idl")
		target_link_libraries(«info.identifier»_idl PUBLIC OpenDDS::Dcps)
		target_include_directories(«info.identifier»_idl PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
	'''
}
