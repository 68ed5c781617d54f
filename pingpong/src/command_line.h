/* The command line the project's programs share, the shape of LatencyTest's and ThroughputTest's:
 * a role (publisher, subscriber or both), then "--name value" pairs, each name from the program's
 * table. A number is a whole number in decimal within its option's range, checked (no atoi), and
 * a choice one of its values: a bad one is a one-line error naming the option. */
#ifndef COMMAND_LINE_H
#define COMMAND_LINE_H

#include <limits.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum command_line_kind {
    COMMAND_LINE_TEXT,    /* target: const char ** */
    COMMAND_LINE_CHOICE,  /* target: const char **, one of `choices` */
    COMMAND_LINE_INT,     /* target: int *, within minimum .. maximum */
    COMMAND_LINE_LONG,    /* target: long *, within minimum .. maximum */
    COMMAND_LINE_ON_OFF,  /* target: int *, 1 for on, 0 for off */
};

typedef struct {
    const char *name;  /* with its dashes: "--samples" */
    enum command_line_kind kind;
    void *target;
    long minimum, maximum;
    const char *choices;  /* CHOICE: its values, '|' between them: "reliable|best_effort" */
} command_line_option;

/* What every program takes, for an options struct with these fields (the latency and the
 * throughput programs' both have them). */
#define COMMAND_LINE_COMMON_OPTIONS(options)                                                          \
    {"--config", COMMAND_LINE_TEXT, &(options)->config, 0, 0, NULL},                                  \
    {"--reliability", COMMAND_LINE_CHOICE, &(options)->reliability, 0, 0, "reliable|best_effort"},    \
    {"--domain", COMMAND_LINE_INT, &(options)->domain, 0, INT_MAX, NULL},                             \
    {"--file", COMMAND_LINE_TEXT, &(options)->demands_file, 0, 0, NULL}

/* Reads argv into the targets of the table's `count` options (one not given keeps its target's
 * value) and the role into *role. 0, or 2 (the programs' exit code for bad usage) after a
 * one-line reason on stderr (pingpong_fail) and, when the command line has the wrong shape,
 * usage(). */
int command_line_parse(int argc, char **argv, const char **role, const command_line_option *table, size_t count,
                       int (*usage)(void));

/* The programs' one-line errors: "<program>: error: ..." on stderr, the name the program gave. */
void pingpong_fail(const char *format, ...);
void pingpong_name_program(const char *program);
const char *pingpong_program_name(void);  /* "pingpong" until named */

#ifdef __cplusplus
}
#endif

#endif
