/* engine.c - the engine alone, built with KINF_ENGINE_ONLY: no sockets, files,
   clock or POSIX header, as on a microcontroller. A scripted server hands the
   engine its bytes on a clock of the test's: a list, watch events, the idle
   timeout, a 410 and the relist after a backoff. Checked: the requests, the
   handlers' calls, the lister, the log items, the deadlines.
   It needs printf and the C string functions only. Built natively
   (make build/engine), for every target of tests/cross.sh, and for Cortex-M
   run under qemu-system-arm with semihosting (tests/cortexm/).
   The last line is "N passed, N failed"; the exit status is 1 if N failed > 0. */
#define KINF_ENGINE_ONLY
#define KINF_READ_BYTES 1024
#define KINF_MAX_TOKEN 1024
#define KINF_MAX_HEAD_BYTES 2048
#define KINFORMER_IMPLEMENTATION
#include "../kinformer.h"
#include "engine_feed.h"
#include <stdio.h>
#include <string.h>

static int g_pass, g_fail;
#define CHECK(c) check_((c) ? 1 : 0, __LINE__, #c)
static int check_(int ok, int line, const char* what) {
    if (ok) { g_pass++; return 1; }
    g_fail++;
    printf("FAIL engine.c:%d %s\n", line, what);
    return 0;
}
static int STARTS(const char* s, const char* lit) { return !strncmp(s, lit, strlen(lit)); }

/* what the handlers saw, as "A ns/a 1 U ns/a 1>51 D ns/b 2! " */
static char g_ev[512];
static void ev(const char* fmt, const char* a, const char* b, const char* c) {
    size_t o = strlen(g_ev);
    if (o < sizeof(g_ev) - 64) { snprintf(g_ev + o, sizeof(g_ev) - o, fmt, a, b, c); }
}
static void on_add(kinf_informer_t* inf, const kinf_object_t* o, void* u) { (void)inf; (void)u; ev("A %s %s%s ", o->key, o->resource_version, ""); }
static void on_update(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    (void)inf; (void)u; ev("U %s %s>%s ", o->key, old->resource_version, o->resource_version);
}
static void on_delete(kinf_informer_t* inf, const kinf_object_t* o, int unknown, void* u) {
    (void)inf; (void)u; ev("D %s %s%s ", o->key, o->resource_version, unknown ? "!" : "");
}
static uint32_t g_items[64];
static int g_nitems;
static void logger(const char* tag, uint32_t level, uint32_t item, const char* msg, uint32_t line, const char* file, void* user) {
    (void)tag; (void)level; (void)msg; (void)line; (void)file; (void)user;
    if (g_nitems < 64) { g_items[g_nitems++] = item; }
}
static int logged(uint32_t item) {
    int i, n = 0;
    for (i = 0; i < g_nitems; i++) { n += g_items[i] == item; }
    return n;
}

/* a response: with a length, or chunked in pieces of 9 bytes */
static const char* http(const char* status, const char* body, int chunked) {
    static char out[4096];
    size_t o = (size_t)snprintf(out, sizeof(out), "HTTP/1.1 %s\r\nContent-Type: application/json\r\n", status);
    size_t n = strlen(body), i;
    if (!chunked) { snprintf(out + o, sizeof(out) - o, "Content-Length: %u\r\n\r\n%s", (unsigned)n, body); return out; }
    o += (size_t)snprintf(out + o, sizeof(out) - o, "Transfer-Encoding: chunked\r\n\r\n");
    for (i = 0; i < n; i += 9) {
        unsigned k = (unsigned)(n - i < 9 ? n - i : 9);
        o += (size_t)snprintf(out + o, sizeof(out) - o, "%x\r\n%.*s\r\n", k, (int)k, body + i);
    }
    snprintf(out + o, sizeof(out) - o, "0\r\n\r\n");
    return out;
}
#define POD(name, rv, phase) "{\"metadata\":{\"name\":\"" name "\",\"namespace\":\"ns\",\"uid\":\"u-" name "\",\"resourceVersion\":\"" rv "\"}," \
    "\"spec\":{\"nodeName\":\"node-1\"},\"status\":{\"phase\":\"" phase "\"}}"

/* hands the response in, step bytes at a time, as far as the engine takes it;
   returns the bytes taken */
static size_t feed(kinf_informer_t* inf, const char* resp, size_t step, uint64_t now) {
    return kinf_test_feed(inf, resp, strlen(resp), step, now, 1);
}
/* the request the engine sends now, whole */
static const char* request(kinf_informer_t* inf, uint64_t now) {
    static char r[2048];
    return kinf_test_request(inf, now, r, sizeof(r));
}

static unsigned char g_mem[160u << 10];

/* the informer's descriptor; tests/test_porting.sh sizes it for
   docs/porting.md (kinf_informer_size folded by the compiler) */
static void engine_desc(kinf_desc_t* d) {
    memset(d, 0, sizeof(*d));
    d->server = "http://10.0.0.1:6443";
    d->resource = "pods";
    d->own_transport = 1;
    d->max_objects = 16; d->store_bytes = 8192; d->max_event_bytes = 4096; d->max_tokens = 64;
    d->max_handlers = 1; d->max_indexes = -1;
    d->random_seed = 7;
    d->watch_list = KINF_WATCH_LIST_OFF; /* the LIST, then the WATCH, as written below */
    d->logger.func = logger;
}

int main(void) {
    kinf_desc_t d;
    kinf_informer_t* inf;
    kinf_handler_t h;
    kinf_object_t o;
    kinf_value_t v;
    uint64_t t = 5000, dl;
    size_t need;
    engine_desc(&d);
    need = kinf_informer_size(&d);
    printf("# the informer for 16 objects and 8 KiB of store: %u bytes (the context %u)\n",
           (unsigned)need, (unsigned)sizeof(struct kinf_informer_t));
    if (!CHECK(need <= sizeof(g_mem))) { printf("%d passed, %d failed\n", g_pass, g_fail); return 1; }
    inf = kinf_init(g_mem, sizeof(g_mem), &d);
    if (!CHECK(inf != 0)) { printf("%d passed, %d failed\n", g_pass, g_fail); return 1; }
    memset(&h, 0, sizeof(h));
    h.on_add = on_add; h.on_update = on_update; h.on_delete = on_delete;
    CHECK(kinf_add_handler(inf, &h) == 0);

    /* connect and list */
    CHECK(kinf_engine_state(kinf_informer_engine(inf)) == 0);
    CHECK(kinf_engine_tick(kinf_informer_engine(inf), t) == KINF_ENG_CONNECT);
    CHECK(!strcmp(kinf_engine_server(kinf_informer_engine(inf)).host, "10.0.0.1") && kinf_engine_server(kinf_informer_engine(inf)).port == 6443);
    kinf_engine_connected(kinf_informer_engine(inf), t);
    CHECK(STARTS(request(inf, t), "GET /api/v1/pods?limit=500&resourceVersion=0 HTTP/1.1\r\n"));
    CHECK(kinf_engine_deadline(kinf_informer_engine(inf)) == t + 90000u);
    CHECK(feed(inf, http("200 OK", "{\"kind\":\"PodList\",\"metadata\":{\"resourceVersion\":\"50\"},\"items\":["
                         POD("a", "1", "Pending") "," POD("b", "2", "Running") "]}", 0), 7, t) > 0);
    CHECK(kinf_engine_dispatch(kinf_informer_engine(inf), t) == 2);
    CHECK(!strcmp(g_ev, "A ns/a 1 A ns/b 2 "));
    CHECK(kinf_has_synced(inf) == 1 && kinf_count(inf) == 2);
    CHECK(kinf_get(inf, "ns/b", &o) && kinf_field(&o, "status.phase", &v) && v.len == 7 && !memcmp(v.ptr, "Running", 7));

    /* the watch, chunked */
    g_ev[0] = 0;
    CHECK(STARTS(request(inf, t), "GET /api/v1/pods?watch=1&allowWatchBookmarks=true&resourceVersion=50&timeoutSeconds="));
    feed(inf, http("200 OK", "{\"type\":\"MODIFIED\",\"object\":" POD("a", "51", "Running") "}\n"
                   "{\"type\":\"DELETED\",\"object\":" POD("b", "52", "Running") "}\n"
                   "{\"type\":\"ADDED\",\"object\":" POD("c", "53", "Pending") "}\n", 1), 5, t);
    kinf_engine_dispatch(kinf_informer_engine(inf), t);
    CHECK(!strcmp(g_ev, "U ns/a 1>51 D ns/b 52 A ns/c 53 "));
    CHECK(kinf_count(inf) == 2 && !kinf_get(inf, "ns/b", &o) && kinf_get(inf, "ns/c", &o));
    CHECK(strstr(request(inf, t), "&resourceVersion=53&") != 0); /* the server ended the watch: again */

    /* silence: the idle timeout at 90 s, not before */
    t += 89999;
    CHECK(kinf_engine_tick(kinf_informer_engine(inf), t) == KINF_ENG_RECV && logged(KINF_LOGITEM_IDLE_TIMEOUT) == 0);
    t += 1;
    CHECK(kinf_engine_tick(kinf_informer_engine(inf), t) == (KINF_ENG_CLOSE | KINF_ENG_CONNECT) && logged(KINF_LOGITEM_IDLE_TIMEOUT) == 1);
    kinf_engine_closed(kinf_informer_engine(inf), t);
    kinf_engine_connected(kinf_informer_engine(inf), t);
    CHECK(strstr(request(inf, t), "&resourceVersion=53&") != 0);

    /* 410 Gone: back off 0.8 to 1.6 s, then relist from the last RV */
    CHECK(feed(inf, http("410 Gone", "{\"kind\":\"Status\",\"code\":410,\"reason\":\"Expired\"}", 0), 64, t) > 0);
    CHECK(logged(KINF_LOGITEM_RV_EXPIRED) == 1);
    CHECK(kinf_engine_state(kinf_informer_engine(inf)) == KINF_ENG_CLOSE);
    kinf_engine_closed(kinf_informer_engine(inf), t);
    dl = kinf_engine_deadline(kinf_informer_engine(inf));
    CHECK(dl >= t + 800 && dl < t + 1600);
    CHECK(kinf_engine_tick(kinf_informer_engine(inf), dl - 1) == 0);
    CHECK(kinf_engine_tick(kinf_informer_engine(inf), dl) == KINF_ENG_CONNECT);
    t = dl;
    kinf_engine_connected(kinf_informer_engine(inf), t);
    CHECK(STARTS(request(inf, t), "GET /api/v1/pods?resourceVersion=53 HTTP/1.1\r\n"));
    g_ev[0] = 0;
    feed(inf, http("200 OK", "{\"metadata\":{\"resourceVersion\":\"60\"},\"items\":[" POD("a", "51", "Running") "," POD("d", "58", "Running") "]}", 0), 11, t);
    kinf_engine_dispatch(kinf_informer_engine(inf), t);
    CHECK(!strcmp(g_ev, "A ns/d 58 D ns/c 53! ")); /* c went while the watch was gone */
    CHECK(kinf_stats(inf).relists == 1 && kinf_stats(inf).objects == 2);
    CHECK(strstr(request(inf, t), "&resourceVersion=60&") != 0);
    if (g_fail) { printf("# handlers saw: %s\n", g_ev); }
    kinf_shutdown(inf);
    printf("%d passed, %d failed\n", g_pass, g_fail);
    return g_fail ? 1 : 0;
}
