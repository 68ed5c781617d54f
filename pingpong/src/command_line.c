#include "command_line.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *program_name = "pingpong";

void pingpong_fail(const char *format, ...)
{
    va_list arguments;
    va_start(arguments, format);
    fprintf(stderr, "%s: error: ", program_name);
    vfprintf(stderr, format, arguments);
    fputc('\n', stderr);
    va_end(arguments);
}

void pingpong_name_program(const char *program)
{
    program_name = program;
}

const char *pingpong_program_name(void)
{
    return program_name;
}

static const command_line_option *find(const command_line_option *table, size_t count, const char *name)
{
    for (size_t i = 0; i < count; ++i)
        if (!strcmp(table[i].name, name))
            return &table[i];
    return NULL;
}

/* Whether text is one of the '|'-separated choices. */
static int is_choice(const char *choices, const char *text)
{
    size_t length = strlen(text);
    if (strchr(text, '|'))  /* "a|b" would match the list itself */
        return 0;
    for (const char *choice = choices;; ++choice) {
        if (length && !strncmp(choice, text, length) && (choice[length] == '|' || !choice[length]))
            return 1;
        choice = strchr(choice, '|');
        if (!choice)
            return 0;
    }
}

/* A whole number in decimal, nothing before or after it, within the option's range. */
static int parse_whole_number(const command_line_option *option, const char *text, long *value)
{
    char *end;
    errno = 0;
    *value = strtol(text, &end, 10);
    if (!*text || isspace((unsigned char)*text) || *end || errno || *value < option->minimum
        || *value > option->maximum) {
        pingpong_fail("%s: '%s' is not a whole number from %ld to %ld", option->name, text, option->minimum,
                      option->maximum);
        return -1;
    }
    return 0;
}

static int read_value(const command_line_option *option, const char *text)
{
    long number;
    switch (option->kind) {
    case COMMAND_LINE_TEXT:
        *(const char **)option->target = text;
        return 0;
    case COMMAND_LINE_CHOICE:
        if (!is_choice(option->choices, text)) {
            pingpong_fail("%s: '%s' is not one of %s", option->name, text, option->choices);
            return -1;
        }
        *(const char **)option->target = text;
        return 0;
    case COMMAND_LINE_INT:
        if (parse_whole_number(option, text, &number))
            return -1;
        *(int *)option->target = (int)number;
        return 0;
    case COMMAND_LINE_LONG:
        if (parse_whole_number(option, text, &number))
            return -1;
        *(long *)option->target = number;
        return 0;
    case COMMAND_LINE_ON_OFF:
        if (strcmp(text, "on") && strcmp(text, "off")) {
            pingpong_fail("%s: '%s' is not on or off", option->name, text);
            return -1;
        }
        *(int *)option->target = !strcmp(text, "on");
        return 0;
    }
    return -1;
}

int command_line_parse(int argc, char **argv, const char **role, const command_line_option *table, size_t count,
                       int (*usage)(void))
{
    if (argc < 2)
        return usage();
    *role = argv[1];
    if (strcmp(*role, "publisher") && strcmp(*role, "subscriber") && strcmp(*role, "both")) {
        pingpong_fail("unknown role '%s' (publisher, subscriber or both)", *role);
        return usage();
    }
    for (int i = 2; i < argc; i += 2) {
        const command_line_option *option = find(table, count, argv[i]);
        if (!option) {
            pingpong_fail("unknown option '%s'", argv[i]);
            return usage();
        }
        if (i + 1 >= argc) {
            pingpong_fail("%s needs a value", argv[i]);
            return usage();
        }
        if (read_value(option, argv[i + 1]))
            return 2;
    }
    return 0;
}
