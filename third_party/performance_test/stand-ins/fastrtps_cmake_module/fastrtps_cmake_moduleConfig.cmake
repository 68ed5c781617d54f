# Stand-in for ROS 2's fastrtps_cmake_module (README.md): puts its FindFastRTPS.cmake on the module
# path, as the real one does.
list(APPEND CMAKE_MODULE_PATH "${CMAKE_CURRENT_LIST_DIR}")
set(fastrtps_cmake_module_FOUND TRUE)
