package org.adamant.generator.opendds

import java.util.List
import org.adamant.dsl.adamant.Application
import org.adamant.dsl.adamant.Experiment
import org.adamant.generator.Banner
import org.adamant.generator.ModelInfo

/**
 * opendds/CMakeLists.txt, shaped like OpenDDS's DevGuideExamples/DCPS/Messenger/CMakeLists.txt:
 * find_package(OpenDDS), an IDL type-support library through opendds_target_sources, and one
 * executable per application and experiment linked to OpenDDS::Dcps, the discovery library and
 * the transport libraries the model uses (target names from cmake/OpenDDSConfig.cmake).
 */
class OpenDdsCMakeTemplate {

	def CharSequence generate(ModelInfo info) {
		generate(info, info.applications, info.experiments, OpenDdsVersion.CURRENT)
	}

	def CharSequence generate(ModelInfo info, List<Application> apps, List<Experiment> experiments,
		OpenDdsVersion version) {
		val id = info.identifier
		val discovery = OpenDdsTransports.discovery(info)
		val libraries = OpenDdsTransports.used(info).map[library].toSet
		'''
			«Banner.of(info, "#", "OpenDDS build of model " + info.name + ": type support, applications, benchmarks.")»
			#
			# Build: cmake -S . -B build -DCMAKE_PREFIX_PATH=<OpenDDS install prefix or DDS_ROOT> && cmake --build build
			# Run:   build/<application> -DCPSConfigFile «id».ini   (see README.md)
			«IF !version.hasCMakePackage»
				#
				# Generated for OpenDDS «version»: OpenDDS ships its CMake package (OpenDDSConfig.cmake) from 3.14 on.
				# With «version», build with MPC instead: «id».mpc.
			«ENDIF»
			cmake_minimum_required(VERSION 3.20)
			project(«id»_opendds LANGUAGES CXX)

			set(CMAKE_CXX_STANDARD 17)
			set(CMAKE_CXX_STANDARD_REQUIRED ON)

			find_package(OpenDDS QUIET)
			if(NOT OpenDDS_FOUND)
			  message(FATAL_ERROR
			    "OpenDDS was not found. Install OpenDDS «IF version.hasCMakePackage»(this tree targets «version»; its CMake package needs 3.14 or later)«ELSE»3.14 or later (this tree targets «version», which has no CMake package)«ENDIF» (or source its setenv.sh) and configure with\n"
			    "  -DCMAKE_PREFIX_PATH=<OpenDDS install prefix>  (or -DOpenDDS_ROOT=<DDS_ROOT>).")
			endif()

			# IDL type support: opendds_idl and tao_idl generate the C++ types and their TypeSupport (classic
			# IDL-to-C++ mapping, which the generated sources use: do not add -Lc++11).
			set(«id»_OPENDDS_IDL_OPTIONS "" CACHE STRING "Extra opendds_idl options, e.g. -Gxtypes-complete")
			add_library(«id»_idl)
			opendds_target_sources(«id»_idl PUBLIC "«id».idl" OPENDDS_IDL_OPTIONS ${«id»_OPENDDS_IDL_OPTIONS})
			target_link_libraries(«id»_idl PUBLIC OpenDDS::Dcps)
			target_include_directories(«id»_idl PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})

			# Discovery («discovery.repoKey») and the transports the model's flows use.
			set(«id»_opendds_libs
			  OpenDDS::Dcps
			  «discovery.library»
			  «FOR l : libraries»
			  	«l»
			  «ENDFOR»
			  «id»_idl
			)
			«FOR a : apps»

				add_executable(«a.name» src/«a.name».cpp)
				target_link_libraries(«a.name» PRIVATE ${«id»_opendds_libs})
			«ENDFOR»
			«FOR x : experiments»

				add_executable(«x.name»_bench bench/«x.name»_bench.cpp)
				target_link_libraries(«x.name»_bench PRIVATE ${«id»_opendds_libs})
			«ENDFOR»

			configure_file(«id».ini . COPYONLY)
		'''
	}
}
