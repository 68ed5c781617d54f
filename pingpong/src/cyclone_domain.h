/* The Cyclone DDS domain of the project's Cyclone programs, created once per process from
 * the run's XML configuration (transport, discovery, DDS Security), so that the two
 * participants of an intra-process run share it. */
#ifndef CYCLONE_DOMAIN_H
#define CYCLONE_DOMAIN_H

/* 0, or -1 after saying why (pingpong_fail). config NULL: Cyclone's defaults. */
int cyclone_create_domain(const char *config, int domain);

#endif
