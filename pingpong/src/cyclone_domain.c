#include "cyclone_domain.h"
#include "pingpong.h"

#include <dds/dds.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The configuration's text, NUL-terminated (to free), or NULL after saying why: a regular file,
 * not empty (Cyclone DDS would run on its defaults without a word). */
static char *read_configuration(const char *config)
{
    FILE *file = fopen(config, "r");
    struct stat status;
    char *text = NULL;
    if (!file || fstat(fileno(file), &status)) {
        pingpong_fail("%s: cannot read the Cyclone DDS configuration: %s", config, strerror(errno));
    } else if (!S_ISREG(status.st_mode) || status.st_size == 0) {
        pingpong_fail("%s: the Cyclone DDS configuration is %s", config,
                      S_ISREG(status.st_mode) ? "empty" : "not a regular file");
    } else if (!(text = calloc(1, (size_t)status.st_size + 1))) {
        pingpong_fail("%s: the Cyclone DDS configuration does not fit in memory", config);
    } else if (fread(text, 1, (size_t)status.st_size, file) != (size_t)status.st_size) {
        pingpong_fail("%s: cannot read the Cyclone DDS configuration: %s", config, strerror(errno));
        free(text);
        text = NULL;
    }
    if (file)
        fclose(file);
    return text;
}

/* The domain of both sides of a process, created by the first to ask; each side gets its outcome. */
int cyclone_create_domain(const char *config, int domain)
{
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static int asked, status;
    pthread_mutex_lock(&lock);
    if (!asked && config) {
        char *text = read_configuration(config);
        if (!text) {
            status = -1;
        } else if (dds_create_domain((dds_domainid_t)domain, text) < 0) {
            pingpong_fail("%s: Cyclone DDS rejects this configuration (see the log above)", config);
            status = -1;
        }
        free(text);
    }
    asked = 1;
    pthread_mutex_unlock(&lock);
    return status;
}
