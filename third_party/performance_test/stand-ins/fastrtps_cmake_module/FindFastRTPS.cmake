# Stand-in for ROS 2's FindFastRTPS.cmake (README.md): the variables performance_test reads, from
# Debian's fastrtps CMake configuration. Libraries as files, as the real one gives them: the Fast
# DDS message library lists them among its sources.
find_package(fastrtps CONFIG REQUIRED)
find_library(FastRTPS_LIBRARY fastrtps REQUIRED)
find_library(fastcdr_LIBRARY fastcdr REQUIRED)
set(FastRTPS_INCLUDE_DIR "${fastrtps_INCLUDE_DIR}")
set(fastcdr_INCLUDE_DIR "${fastrtps_INCLUDE_DIR}")
set(FastRTPS_LIBRARIES "${FastRTPS_LIBRARY}" "${fastcdr_LIBRARY}")
set(FastRTPS_FOUND TRUE)
