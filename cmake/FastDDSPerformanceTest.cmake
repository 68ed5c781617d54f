# What latencytest/ and throughputtest/ share: build one of Fast DDS's performance test
# programs from a Fast DDS source tree (the Debian `fastdds` source package fetched by
# scripts/setup/build_latencytest.sh) against the installed library, and register one ctest
# test per sub-experiment that runs the project's runner (`latency-gate run`) for it.
#
# fastdds_performance_test(
#   PROGRAM LatencyTest                 the executable's name
#   DIRECTORY latency                   its directory under test/performance
#   SOURCE_DIR <dir>                    its sources (empty: the Fast DDS tree's DIRECTORY)
#   SOURCES LatencyTestPublisher.cpp... its source files, relative to SOURCE_DIR
#   RUN_OPTIONS --latency-test ...      latency-gate run's options; $<TARGET_FILE:PROGRAM> works
#   TIMEOUT 1800)                       seconds per sub-experiment's ctest test
# Needs FASTDDS_SOURCE_DIR; LATENCY_GATE_PYTHON (empty: a Python 3.11 found here) runs the tests.

# The repository (this file's parent directory): the tests import latency_gate from its scripts/.
get_filename_component(LATENCY_GATE_REPOSITORY "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)

set(CMAKE_CXX_STANDARD 17)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
if(NOT CMAKE_BUILD_TYPE)
  set(CMAKE_BUILD_TYPE Release)
endif()

find_package(fastcdr REQUIRED)
find_package(fastrtps REQUIRED)
find_package(Threads REQUIRED)
enable_testing()  # here, at directory scope: called from a function it registers nothing

function(fastdds_performance_test)
  cmake_parse_arguments(ARG "" "PROGRAM;DIRECTORY;SOURCE_DIR;TIMEOUT" "SOURCES;RUN_OPTIONS" ${ARGN})
  set(source_dir "${ARG_SOURCE_DIR}")
  if(NOT source_dir)
    set(source_dir "${FASTDDS_SOURCE_DIR}/test/performance/${ARG_DIRECTORY}")
  endif()
  list(GET ARG_SOURCES 0 first_source)
  if(NOT EXISTS "${source_dir}/${first_source}")
    message(FATAL_ERROR "'${source_dir}' holds no ${ARG_PROGRAM} sources")
  endif()
  list(TRANSFORM ARG_SOURCES PREPEND "${source_dir}/")

  add_executable(${ARG_PROGRAM} ${ARG_SOURCES})
  # Standalone ASIO (Debian libasio-dev) is used for the host name in topic names.
  target_compile_definitions(${ARG_PROGRAM} PRIVATE ASIO_STANDALONE BOOST_ASIO_STANDALONE)
  target_include_directories(${ARG_PROGRAM} PRIVATE
    ${FASTDDS_SOURCE_DIR}/test/performance
    # "../optionarg.hpp" from a copied source directory resolves against the tree's own.
    ${FASTDDS_SOURCE_DIR}/test/performance/${ARG_DIRECTORY}
    ${FASTDDS_SOURCE_DIR}/thirdparty/optionparser
  )
  # fastrtps's imported target brings foonathan_memory (and OpenSSL) along; Debian's
  # fastrtps/config.h defines HAVE_SECURITY 1, so the programs have their --security option.
  target_link_libraries(${ARG_PROGRAM} PRIVATE fastrtps fastcdr Threads::Threads ${CMAKE_DL_LIBS})
  install(TARGETS ${ARG_PROGRAM} RUNTIME DESTINATION bin)

  set(python "${LATENCY_GATE_PYTHON}")
  if(NOT python)
    find_package(Python3 3.11 REQUIRED COMPONENTS Interpreter)
    set(python ${Python3_EXECUTABLE})
  endif()
  # Same names and order as latency_gate.contracts.formats.SUBEXPERIMENTS.
  set(subexperiments
    intraprocess_best_effort
    intraprocess_reliable
    interprocess_best_effort
    interprocess_best_effort_security
    interprocess_best_effort_tcp
    interprocess_best_effort_tcp_security
    interprocess_reliable
    interprocess_reliable_security
    interprocess_reliable_tcp
    interprocess_reliable_tcp_security
  )
  foreach(subexperiment ${subexperiments})
    set(name performance.${ARG_DIRECTORY}.${subexperiment})
    add_test(NAME ${name} COMMAND ${python} -m latency_gate run ${ARG_RUN_OPTIONS} --subexperiments ${subexperiment})
    set_tests_properties(${name} PROPERTIES
      LABELS performance.${ARG_DIRECTORY}
      TIMEOUT ${ARG_TIMEOUT}
      ENVIRONMENT "PYTHONPATH=${LATENCY_GATE_REPOSITORY}/scripts"
    )
  endforeach()
endfunction()
