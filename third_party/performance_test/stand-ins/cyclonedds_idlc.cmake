# The CycloneDDS::idlc target performance_test's Cyclone DDS messages run (README.md), for
# Debian's Cyclone DDS, whose configuration has none: its idlc program. Included at project().
find_program(LATENCY_GATE_IDLC idlc REQUIRED)
add_executable(CycloneDDS::idlc IMPORTED GLOBAL)
set_target_properties(CycloneDDS::idlc PROPERTIES IMPORTED_LOCATION "${LATENCY_GATE_IDLC}")
