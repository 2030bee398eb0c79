/* libFuzzer target: what a local client sends the hub (khub's server).

   Input: 4 control bytes, then the bytes a client sends.
     bytes 0-1, 2-3: two cut positions (little-endian, modulo the length): the
     bytes come in up to three reads, as a socket gives them.
   Once: a factory (own transport, no socket) with one informer of pods made
   from a resource known already (kinf_factory_informer_of), synced by a list
   of three pods fed through its engine, and a hub of 2 client slots serving
   it, with a token, forwarding on (a connection never driven). Each input:
   one client (with auth when bit 0 of byte 0 is set) gets the bytes; the
   hub ticks, the client's bytes are taken out in pieces, the hub ticks
   again an hour later (every timeout passes), and the client closes.
   Checks: the send buffer never passes its capacity; what is sent begins
   with "HTTP/1.1 " when anything is; a client is always closed cleanly;
   no sanitizer report. */
#define KINF_TLS_BEARSSL
#define KINF__KEEP_PRIVATE_MACROS
#define KINFORMER_IMPLEMENTATION
#include "../../kinformer.h"
#include <stdio.h>
#include <stdlib.h>

#define FZ_CHECK(c, what) do { if (!(c)) { fprintf(stderr, "\nFUZZ INVARIANT FAILED: %s\n", what); abort(); } } while (0)

static kinf_factory_t* g_f;
static kinf_hub_t* g_h;
static uint64_t g_t = 1000000u;
static int g_sent_any; /* this input's client was sent bytes already */

static void setup(void) {
    static kinf_desc_t base;
    static kinf_conn_desc_t fw;
    kinf_factory_desc_t fd;
    kinf_hub_desc_t hd;
    kinf_informer_req_t q;
    kinf_resource_t r;
    kinf_informer_t* inf;
    kinf_engine_t* e;
    size_t n, cap;
    const uint8_t* b;
    uint8_t* rb;
    char resp[4096];
    const char* body = "{\"kind\":\"PodList\",\"metadata\":{\"resourceVersion\":\"20\"},\"items\":["
                       "{\"metadata\":{\"name\":\"a\",\"namespace\":\"n1\",\"uid\":\"u1\",\"resourceVersion\":\"11\",\"labels\":{\"app\":\"web\"}}},"
                       "{\"metadata\":{\"name\":\"b\",\"namespace\":\"n2\",\"uid\":\"u2\",\"resourceVersion\":\"12\"},\"spec\":{\"nodeName\":\"x\"}},"
                       "{\"kind\":\"Pod\",\"metadata\":{\"name\":\"c\",\"namespace\":\"n1\",\"uid\":\"u3\",\"resourceVersion\":\"13\"}}]}";
    memset(&base, 0, sizeof(base));
    base.server = "http://127.0.0.1:1";
    base.own_transport = 1;
    base.max_objects = 16; base.store_bytes = 1 << 14; base.max_event_bytes = 4096;
    base.watch_list = KINF_WATCH_LIST_OFF;
    memset(&fd, 0, sizeof(fd));
    fd.base = &base; fd.max_informers = 1;
    n = kinf_factory_size(&fd);
    g_f = kinf_factory_init(malloc(n), n, &fd);
    FZ_CHECK(g_f, "factory");
    memset(&r, 0, sizeof(r));
    r.name = "pods"; r.group = ""; r.version = "v1"; r.plural = "pods"; r.singular = "pod"; r.kind = "Pod"; r.short_names = "po";
    r.namespaced = 1; r.verbs = KINF_VERB_GET | KINF_VERB_LIST | KINF_VERB_WATCH;
    memset(&q, 0, sizeof(q));
    inf = kinf_factory_informer_of(g_f, &r, &q);
    FZ_CHECK(inf, "informer");
    memset(&fw, 0, sizeof(fw));
    fw.server = "http://127.0.0.1:1"; fw.own_transport = 1;
    memset(&hd, 0, sizeof(hd));
    hd.factory = g_f; hd.max_clients = 2; hd.token = "tok"; hd.forward = &fw; hd.max_forward = 1;
    hd.ring_events = 8; hd.ring_bytes = 4096; hd.forward_body_bytes = 256;
    n = kinf_hub_size(&hd);
    g_h = kinf_hub_init(malloc(n), n, &hd);
    FZ_CHECK(g_h, "hub");
    FZ_CHECK(kinf_hub_serve(g_h, inf) == KINF_OK, "serve");
    kinf_factory_start(g_f);
    /* the list, through the informer's engine */
    e = kinf_informer_engine(inf);
    kinf_engine_tick(e, g_t);
    kinf_engine_connected(e, g_t);
    b = kinf_engine_sendbuf(e, &n);
    if (b) { kinf_engine_sent(e, n, g_t); }
    snprintf(resp, sizeof(resp), "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n\r\n%s", strlen(body), body);
    rb = kinf_engine_recvbuf(e, &cap);
    FZ_CHECK(rb && cap >= strlen(resp), "recvbuf");
    memcpy(rb, resp, strlen(resp));
    kinf_engine_recvd(e, strlen(resp), g_t);
    kinf_engine_dispatch(e, g_t);
    FZ_CHECK(kinf_has_synced(inf), "synced");
    kinf_hub_tick(g_h, g_t);
}
static void drain(int id) {
    int rounds;
    for (rounds = 0; rounds < 1000; rounds++) {
        size_t n;
        const uint8_t* p = kinf_hub_sendbuf(g_h, id, &n);
        if (!p) { return; }
        FZ_CHECK(n <= g_h->out_cap, "send buffer past its capacity");
        if (!g_sent_any) { FZ_CHECK(n < 9 || !memcmp(p, "HTTP/1.1 ", 9), "a first response that is not HTTP/1.1"); }
        g_sent_any = 1;
        kinf_hub_sent(g_h, id, n > 700 ? n / 2 : n, g_t);
    }
}
int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    size_t cuts[3], at = 0, k;
    int id;
    if (!g_h) { setup(); }
    if (size < 4) { return 0; }
    id = kinf_hub_open(g_h, data[0] & 1, g_t);
    g_sent_any = 0;
    FZ_CHECK(id >= 0, "a slot");
    cuts[0] = ((size_t)data[0] | (size_t)data[1] << 8) % (size - 3);
    cuts[1] = ((size_t)data[2] | (size_t)data[3] << 8) % (size - 3);
    if (cuts[0] > cuts[1]) { k = cuts[0]; cuts[0] = cuts[1]; cuts[1] = k; }
    cuts[2] = size - 4;
    data += 4;
    for (k = 0; k < 3; k++) {
        while (at < cuts[k]) {
            size_t cap, n;
            uint8_t* b = kinf_hub_recvbuf(g_h, id, &cap);
            if (!b || !cap) { drain(id); b = kinf_hub_recvbuf(g_h, id, &cap); }
            if (!b || !cap) { at = cuts[2]; break; } /* it reads no more: closing, or its head room full */
            n = cuts[k] - at < cap ? cuts[k] - at : cap;
            memcpy(b, data + at, n);
            kinf_hub_recvd(g_h, id, n, g_t);
            at += n;
            kinf_hub_tick(g_h, g_t);
            drain(id);
        }
    }
    kinf_hub_tick(g_h, g_t);
    drain(id);
    g_t += 3600u * 1000u;
    kinf_hub_tick(g_h, g_t);
    drain(id);
    kinf_hub_closed(g_h, id);
    FZ_CHECK(kinf_hub_state(g_h, id) == KINF_HUB_CLOSE, "closed");
    FZ_CHECK(kinf_hub_stats(g_h).clients == 0, "a slot left taken");
    return 0;
}
