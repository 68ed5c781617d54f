#include "cyclone_domain.h"
#include "pingpong.h"

#include <dds/dds.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cyclone_create_domain(const char *config, int domain)
{
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static int created;
    int status = 0;
    pthread_mutex_lock(&lock);
    if (!created && config) {
        FILE *file = fopen(config, "r");
        char *text = NULL;
        long length = -1;
        if (file && !fseek(file, 0, SEEK_END) && (length = ftell(file)) >= 0 && !fseek(file, 0, SEEK_SET)) {
            text = calloc(1, (size_t)length + 1);
            if (fread(text, 1, (size_t)length, file) != (size_t)length)
                length = -1;
        }
        if (file)
            fclose(file);
        if (length < 0) {
            pingpong_fail("%s: cannot read the Cyclone DDS configuration: %s", config, strerror(errno));
            status = -1;
        } else if (dds_create_domain((dds_domainid_t)domain, text) < 0) {
            pingpong_fail("%s: Cyclone DDS rejects this configuration (see the log above)", config);
            status = -1;
        }
        free(text);
    }
    created = 1;
    pthread_mutex_unlock(&lock);
    return status;
}
