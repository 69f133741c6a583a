package org.adamant.generator.opendds

import java.util.List
import org.adamant.dsl.adamant.Application
import org.adamant.dsl.adamant.Experiment
import org.adamant.generator.AdaptiveTables
import org.adamant.generator.Banner
import org.adamant.generator.ModelInfo

/**
 * opendds/CMakeLists.txt, shaped like OpenDDS's DevGuideExamples/DCPS/Messenger/CMakeLists.txt:
 * find_package(OpenDDS), an IDL type-support library through opendds_target_sources, and one
 * executable per application and experiment linked to OpenDDS::Dcps, the discovery library and
 * the transport libraries the model uses (target names from cmake/OpenDDSConfig.cmake).
 */
class OpenDdsCMakeTemplate {

	/** The runtime's OpenDDS bench library (runtime/opendds, adamant_opendds/Bench.h). */
	public static val BENCH_LIBRARY = "Adamant::opendds_bench"

	/** The runtime's OpenDDS application library (runtime/opendds, adamant_opendds/App.h). */
	public static val APP_LIBRARY = "Adamant::opendds_app"

	def CharSequence generate(ModelInfo info) {
		generate(info, info.applications, info.experiments, OpenDdsVersion.CURRENT)
	}

	def CharSequence generate(ModelInfo info, List<Application> apps, List<Experiment> experiments,
		OpenDdsVersion version) {
		val id = info.identifier
		val discovery = OpenDdsTransports.discovery(info)
		val libraries = OpenDdsTransports.used(info).map[library].toSet
		val ant = OpenDdsTransports.used(info).exists[isAnt]
		val bench = !experiments.empty
		val app = !apps.empty
		val needed = (if (ant) #[OpenDdsTransports.ANT_LIBRARY] else #[]) + (if (app) #[APP_LIBRARY] else #[])
			+ (if (bench) #[BENCH_LIBRARY] else #[])
		val parts = (if (ant) #["the ant_* transports (" + OpenDdsTransports.ANT_LIBRARY + ")"] else #[])
			+ (if (app) #["the applications' machinery (" + APP_LIBRARY + ": entities, writers, listeners, command line)"] else #[])
			+ (if (bench) #["the benchmarks' machinery (" + BENCH_LIBRARY + ": processes, schedule, statistics, CSV)"] else #[])
		'''
			«Banner.of(info, "#", "OpenDDS build of model " + info.name + ": type support, applications, benchmarks.")»
			#
			# Build: cmake -S . -B build -DCMAKE_PREFIX_PATH=<OpenDDS install prefix or DDS_ROOT> && cmake --build build
			# Run:   build/<application> -DCPSConfigFile «id».ini   (see README.md)
			«IF !version.hasCMakePackage»
				#
				# Generated for OpenDDS «version»: OpenDDS ships its CMake package (cmake/OpenDDSConfig.cmake) from
				# 3.14 on. A «version» tree needs the 3.14 package copied into $DDS_ROOT/cmake with the small edits
				# docs/opendds.md lists (ADAMANT builds and runs this tree that way); or build with «id».mpc.
			«ENDIF»
			cmake_minimum_required(VERSION 3.20)
			project(«id»_opendds LANGUAGES CXX)

			find_package(OpenDDS QUIET)
			if(NOT OpenDDS_FOUND)
			  message(FATAL_ERROR
			    "OpenDDS was not found (this tree targets OpenDDS «version»). Configure with\n"
			    "  -DCMAKE_PREFIX_PATH=<OpenDDS install prefix or DDS_ROOT>  (or -DOpenDDS_DIR=<dir of OpenDDSConfig.cmake>)\n"
			    "after sourcing OpenDDS's setenv.sh.«IF !version.hasCMakePackage» OpenDDS «version» has no CMake package of its own: see docs/opendds.md.«ENDIF»")
			endif()

			# C++17, set after find_package (OpenDDS's package may set CMAKE_CXX_STANDARD to the standard OpenDDS
			# was built with). C++11 to C++17 code links with an OpenDDS built as C++11 or later; C++03 and
			# C++11+ objects do not mix (ACE makes OpenDDS::DCPS::unique_ptr std::unique_ptr from C++11 on).
			set(CMAKE_CXX_STANDARD 17)
			set(CMAKE_CXX_STANDARD_REQUIRED ON)
			«IF !needed.empty»

				# The ADAMANT runtime's OpenDDS part, from its CMake package:
				«FOR part : parts SEPARATOR ",\n"»#   «part»«ENDFOR»
				find_package(Adamant QUIET COMPONENTS opendds)
				if(NOT Adamant_FOUND«FOR t : needed» OR NOT TARGET «t»«ENDFOR»)
				  message(FATAL_ERROR
				    "The ADAMANT runtime's OpenDDS part («needed.join(", ")») was not found.\n"
				    "Build and install runtime/ with OpenDDS found (runtime/opendds/README.md), then configure with\n"
				    "  -DCMAKE_PREFIX_PATH=<runtime install prefix>;<OpenDDS prefix>")
				endif()
			«ENDIF»

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
				target_link_libraries(«a.name» PRIVATE ${«id»_opendds_libs} «APP_LIBRARY»)
			«ENDFOR»
			«FOR x : experiments»

				add_executable(«x.name»_bench bench/«x.name»_bench.cpp)
				target_link_libraries(«x.name»_bench PRIVATE ${«id»_opendds_libs} «BENCH_LIBRARY»)
			«ENDFOR»

			configure_file(«id».ini . COPYONLY)
			«FOR table : AdaptiveTables.of(info).keySet»
				# ant_adaptive reads its decision table relative to the directory the programs run in
				configure_file(«table» «table» COPYONLY)
			«ENDFOR»
		'''
	}
}
