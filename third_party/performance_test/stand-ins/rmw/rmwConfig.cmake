# Stand-in for ROS 2's rmw (README.md): performance_test's Fast DDS messages ask for it and use
# nothing of it.
set(rmw_FOUND TRUE)
