package org.adamant.generator.cpp

import java.util.List
import org.adamant.dsl.adamant.Application
import org.adamant.dsl.adamant.Experiment
import org.adamant.generator.AdaptiveTables
import org.adamant.generator.Banner
import org.adamant.generator.ModelInfo

/** native/CMakeLists.txt: one executable per application, one <experiment>_bench per experiment. */
class NativeCMakeTemplate {

	def CharSequence generate(ModelInfo info, List<Application> apps, List<Experiment> experiments,
		List<String> skipped) '''
		«Banner.of(info, "#", "Native build: C++17 on the ADAMANT runtime (find_package(Adamant)).")»
		#
		# Build: cmake -S . -B build -DCMAKE_PREFIX_PATH=<runtime install prefix> && cmake --build build
		cmake_minimum_required(VERSION 3.20)
		project(«info.identifier» LANGUAGES CXX)

		set(CMAKE_CXX_STANDARD 17)
		set(CMAKE_CXX_STANDARD_REQUIRED ON)
		set(CMAKE_CXX_EXTENSIONS OFF)

		find_package(Adamant CONFIG QUIET)
		if(NOT Adamant_FOUND)
		  message(FATAL_ERROR
		    "The ADAMANT runtime (package Adamant) was not found. Build and install runtime/:\n"
		    "  cmake -S runtime -B build/runtime && cmake --build build/runtime\n"
		    "  cmake --install build/runtime --prefix <prefix>\n"
		    "then configure this project with -DCMAKE_PREFIX_PATH=<prefix>.")
		endif()

		# The model's types, their wire codec and sample generator (header-only).
		add_library(«info.identifier»_types INTERFACE)
		target_include_directories(«info.identifier»_types INTERFACE ${CMAKE_CURRENT_SOURCE_DIR}/include)
		target_link_libraries(«info.identifier»_types INTERFACE Adamant::runtime)

		function(«info.identifier»_executable name source)
		  add_executable(${name} ${source})
		  target_link_libraries(${name} PRIVATE «info.identifier»_types)
		  target_compile_options(${name} PRIVATE -Wall -Wextra -Werror)
		  «IF !AdaptiveTables.of(info).empty»
		  	# the adaptive flows' decision tables are read from adaptive/ here
		  	target_compile_definitions(${name} PRIVATE ADAMANT_TARGET_DIR="${CMAKE_CURRENT_SOURCE_DIR}")
		  «ENDIF»
		endfunction()
		«IF !apps.empty»

			# Applications
			«FOR a : apps»
				«info.identifier»_executable(«a.name» src/«a.name».cpp)
			«ENDFOR»
		«ENDIF»
		«IF !experiments.empty»

			# Experiments: each bench runs its sweep and writes one CSV row per point (--csv FILE).
			«FOR x : experiments»
				«info.identifier»_executable(«x.name»_bench bench/«x.name»_bench.cpp)
			«ENDFOR»
			«IF experiments.exists[RealLinkTemplate.applies(it)]»

				# Real runs over loopback shaped like the experiment's environment (tc tbf), next to the bench:
				#   adamant-netns bash <experiment>_real_link.sh --csv FILE
				«FOR x : experiments.filter[RealLinkTemplate.applies(it)]»
					configure_file(bench/«x.name»_real_link.sh «x.name»_real_link.sh COPYONLY)
				«ENDFOR»
			«ENDIF»
		«ENDIF»
		«IF !skipped.empty»

			# Not generated for the native target:
			«FOR s : skipped»
				«Banner.wrap("#  ", s, 100)»
			«ENDFOR»
		«ENDIF»
	'''
}
