/* apply - one server-side apply of a ConfigMap through the write client
   (KINF_CLIENT_APPLY), for tests/integration.py against tests/fakeapi.py:
   prints how it ended, the client's counts and the object's data.
   usage: apply http://127.0.0.1:PORT NAMESPACE NAME FIELD_MANAGER FORCE(0|1) DATA_JSON
   exit 0 when the request ended (whatever its result), 2 on a bad call */
#define _POSIX_C_SOURCE 200809L
#define KINFORMER_IMPLEMENTATION
#include "../kinformer.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char mem[256 * 1024];

int main(int argc, char** argv) {
    kinf_desc_t d;
    kinf_client_desc_t cd;
    kinf_client_request_t rq;
    kinf_client_response_t out;
    kinf_client_stats_t st;
    kinf_client_t* c;
    char body[2048];
    const char* data;
    if (argc != 7) { fprintf(stderr, "usage: apply SERVER NAMESPACE NAME FIELD_MANAGER FORCE DATA_JSON\n"); return 2; }
    memset(&d, 0, sizeof(d));
    d.server = argv[1];
    memset(&cd, 0, sizeof(cd));
    cd.conn = &d;
    if (kinf_client_size(&cd) > sizeof(mem) || !(c = kinf_client_init(mem, sizeof(mem), &cd))) { fprintf(stderr, "apply: init\n"); return 2; }
    if (snprintf(body, sizeof(body), "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"%s\",\"namespace\":\"%s\"},\"data\":%s}",
                 argv[3], argv[2], argv[6]) >= (int)sizeof(body)) { return 2; }
    memset(&rq, 0, sizeof(rq));
    rq.verb = KINF_CLIENT_APPLY; rq.resource = "configmaps"; rq.namespace_ = argv[2]; rq.name = argv[3];
    rq.body = body; rq.field_manager = argv[4][0] ? argv[4] : 0; rq.force = atoi(argv[5]);
    kinf_client_do(c, &rq, &out, 30000);
    if (out.code == 0) { printf("REFUSED item=%s\n", kinf_log_item_name(out.item)); return 0; }
    st = kinf_client_stats(c);
    data = strstr(out.body, "\"data\":");
    printf("RESULT code=%d result=%d reason=%s requests=%llu retries=%llu conflicts=%llu\n", out.code, out.result,
           out.reason[0] ? out.reason : "-", (unsigned long long)st.requests, (unsigned long long)st.retries, (unsigned long long)st.conflicts);
    if (out.result != KINF_CLIENT_OK) { printf("MESSAGE %s\n", out.message); }
    else if (data) { const char* e = strchr(data, '}'); printf("DATA %.*s\n", e ? (int)(e - data + 1) : 0, data); }
    return 0;
}
