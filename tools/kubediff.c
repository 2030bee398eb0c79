/* kubediff - every change to Kubernetes objects as one JSON line, updates as
   an RFC 6902 JSON Patch from the object the informer had before.
   `kubediff --help` for usage; docs/kubediff.md for the format and the rules. */
#define _POSIX_C_SOURCE 200809L
#define KINFORMER_IMPLEMENTATION
#include "../kinformer.h"
#define TOOL_NAME "kubediff"
#include "tool.h"

static const char* usage_head =
    "usage: kubediff [options] RESOURCE[,RESOURCE...] | --all\n"
    "Watches Kubernetes objects through kinformer and prints each change as one JSON line:\n"
    "  {\"type\":\"ADDED\",\"resource\":\"pods\",\"key\":\"ns/name\",\"resourceVersion\":\"..\",\"object\":{..}}\n"
    "  {\"type\":\"MODIFIED\",...,\"patch\":[..]}   an RFC 6902 JSON Patch from the previous object\n"
    "  {\"type\":\"DELETED\",...,\"object\":{..}}   the last object known\n"
    "metadata.managedFields is left out of objects and patches.\n"
    "\n"
    "  RESOURCE               as kwatch takes it: pods, configmaps, ... (core/v1 plurals), an API\n"
    "                         path such as /apis/apps/v1/deployments, or any name kubectl takes\n"
    "                         (po, deploy, deployments.apps, widgets.example.com), resolved by\n"
    "                         discovery. Several, comma-separated, are watched on one loop.\n";
static const char* usage_tail =
    "\n"
    "Each line is flushed as it is written. An update whose patch would not fit in\n"
    "--patch-bytes, or whose previous object was too large to keep, is printed as\n"
    "MODIFIED with the whole \"object\" instead of a patch (and a line on stderr); an\n"
    "object too large to keep is a line with \"oversized\":true and no object.\n"
    "SIGINT and SIGTERM stop kubediff cleanly.\n"
    "With --webhook, stdout is the same; lines the webhook did not take (dropped, rejected,\n"
    "or unsent at exit) are counted on stderr and make the exit status 1 (3 for a full queue).\n"
    "Exit status: 0 success, 1 failure, 2 usage error, 3 a capacity was exceeded.\n";

static kinf_informer_t* g_inf;
static kinf_factory_t* g_fac;
static int g_all, g_stats, g_with_object;
static long g_max_events = -1, g_events;
static double g_timeout = -1;
static size_t g_patch_bytes = 4u << 20;
static uint64_t g_whole; /* updates printed whole (no patch) */
static uint64_t g_too_large; /* objects or patches past a capacity */
/* the previous and the new object with their identity, and the patch */
static char* g_old;
static char* g_new;
static size_t g_obj_cap;
static char* g_patch;

/* --webhook's settings (>>webhook below) */
static const char* g_webhook;
static const char* g_wh_path;
static char g_wh_server[512];
static const char* g_wh_ca;
static int g_wh_insecure;
static size_t g_wh_queue = 16u << 20;
static double g_wh_timeout = 10, g_wh_drain = 10;

static const tool_opt opts[] = {
    TOOL_CONNECTION_OPTS,
    { "--all", 0, TOOL_SET, TOOL_VAR(g_all),
      "  --all                  every resource the server has that can be listed and watched\n" },
    { "--timeout", 0, TOOL_DOUBLE, TOOL_VAR(g_timeout), "  --timeout SECONDS      exit after this long\n" },
    { "--max-events", 0, TOOL_LONG, TOOL_VAR(g_max_events), "  --max-events N         exit after N changes\n" },
    { "--max-objects", 0, TOOL_INT, TOOL_DESC(max_objects),
      "  --max-objects N, --max-object-bytes B, --store-bytes B    memory capacities of each informer\n"
      "                         (defaults 16384 objects, 1 MiB per object, 32 MiB of objects)\n" },
    { "--max-object-bytes", 0, TOOL_SIZE, TOOL_DESC(max_event_bytes), 0 },
    { "--store-bytes", 0, TOOL_SIZE, TOOL_DESC(store_bytes), 0 },
    { "--read-bytes", 0, TOOL_SIZE, TOOL_DESC(read_bytes), "  --read-bytes B         socket read buffer (default 1 MiB)\n" },
    { "--patch-bytes", 0, TOOL_SIZE, TOOL_VAR(g_patch_bytes),
      "  --patch-bytes B        the largest patch printed (default 4 MiB)\n" },
    { "--with-object", 0, TOOL_SET, TOOL_VAR(g_with_object),
      "  --with-object          MODIFIED lines carry the new \"object\" too, beside the patch\n" },
    { "--stats", 0, TOOL_SET, TOOL_VAR(g_stats), "  --stats                on exit print counters and memory to stderr\n" },
    { "--webhook", 0, TOOL_STR, TOOL_VAR(g_webhook),
      "  --webhook URL          also POST each line (application/json) to this http:// or https:// URL,\n"
      "                         in order, one at a time; a failed POST (no response, 5xx, 408, 429)\n"
      "                         is retried with the workqueue's backoff, another status drops the line\n"
      "                         (logged). At least once: a line whose response was lost is sent again.\n"
      "                         No credential of the API server is ever sent to it.\n" },
    { "--webhook-ca", 0, TOOL_STR, TOOL_VAR(g_wh_ca), "  --webhook-ca F         PEM bundle of CAs for an https:// webhook (its own; not --certificate-authority)\n" },
    { "--webhook-insecure", 0, TOOL_SET, TOOL_VAR(g_wh_insecure), "  --webhook-insecure     do not verify the webhook's certificate\n" },
    { "--webhook-queue", 0, TOOL_SIZE, TOOL_VAR(g_wh_queue),
      "  --webhook-queue B      bytes of lines waiting for the webhook (default 16 MiB, 4 KiB to 64 MiB).\n"
      "                         Over half full, kubediff stops reading the watch until lines are sent;\n"
      "                         a line that does not fit even so drops the oldest not yet sent (WEBHOOK_QUEUE_FULL)\n" },
    { "--webhook-timeout", 0, TOOL_DOUBLE, TOOL_VAR(g_wh_timeout), "  --webhook-timeout S    a POST the webhook answers nothing to for S seconds fails (default 10)\n" },
    { "--webhook-drain", 0, TOOL_DOUBLE, TOOL_VAR(g_wh_drain), "  --webhook-drain S      at exit, keep sending waiting lines for at most S seconds (default 10)\n" },
    { "-h", "--help", TOOL_HELP, TOOL_NONE, "  -h, --help             this text\n" },
};

/* >>webhook  --webhook URL: each line printed is also POSTed, in order, one
   at a time, by a write client of its own on kubediff's loop. Lines wait in
   a ring of --webhook-queue bytes (records: a 4-byte length, the line); the
   oldest is the one being sent. A failed POST (no response, 5xx, 408, 429)
   goes back through a workqueue with add_rate_limited (one item a line, its
   number the key; forgotten on success); another status is logged and the
   line dropped. While the ring is more than half full kubediff does not
   read the watch; a line that does not fit even then drops the oldest line
   not yet sent: never the oldest once its POST has begun (it may have
   reached the webhook), but the line after it. Lines are numbered as
   printed, from 0; the lines so dropped leave a gap after the oldest. */
static kinf_client_t* g_wc;
static kinf_workqueue_t* g_wq;
static char* g_ring;               /* records [g_rhead, g_rtail), then the line being written */
static size_t g_rcap, g_rhead, g_rtail, g_rlen;
static int g_rskip;                /* the line being written does not fit: not queued */
static uint64_t g_rcount, g_seq_head; /* lines in the ring; the number of the oldest */
static uint64_t g_rgap;            /* lines dropped just after the oldest: the next is number g_seq_head + 1 + g_rgap */
static uint64_t g_wh_tried;        /* 1 + the number of the oldest line once its POST has begun, 0 none */
static uint64_t g_wh_queued;       /* 1 + the number of the line last added to the workqueue, 0 none */
static uint64_t g_wh_busy;         /* 1 + the number of the line being POSTed, 0 none */
static uint64_t g_wh_sent, g_wh_retries, g_wh_full, g_wh_rejected, g_wh_too_large;
static void wh_key(char* k, uint64_t seq) { snprintf(k, 24, "%llu", (unsigned long long)seq); }
static uint32_t wh_len_at(size_t at) { uint32_t n; memcpy(&n, g_ring + at, 4); return n; }
static void wh_pop(void) {
    g_rhead += 4u + wh_len_at(g_rhead);
    g_seq_head += 1u + g_rgap; g_rgap = 0; g_rcount--;
    if (!g_rcount && !g_rlen) { g_rhead = g_rtail = 0; }
}
static int wh_tried(void) { return g_rcount && g_wh_tried == g_seq_head + 1; }
/* the number of the line being written */
static uint64_t wh_seq_next(void) { return g_seq_head + g_rcount + (g_rcount ? g_rgap : 0); }
static void wh_drop_log(uint64_t seq) {
    g_wh_full++;
    fprintf(stderr, "kubediff: error WEBHOOK_QUEUE_FULL: line %llu dropped, not sent (--webhook-queue is %zu bytes)\n",
            (unsigned long long)seq, g_rcap);
}
/* room for n more bytes of the line being written: the ring compacted, then
   the oldest line not yet sent dropped (the second when the oldest's POST
   has begun); 0 when only the line being written can go */
static int wh_room(size_t n) {
    while (g_rtail + 4u + g_rlen + n > g_rcap) {
        if (g_rhead) {
            memmove(g_ring, g_ring + g_rhead, g_rtail + 4u + g_rlen - g_rhead);
            g_rtail -= g_rhead; g_rhead = 0;
            continue;
        }
        if (g_rcount > 1 && wh_tried()) {
            size_t at = 4u + wh_len_at(0), len = 4u + wh_len_at(at);
            wh_drop_log(g_seq_head + 1u + g_rgap);
            memmove(g_ring + at, g_ring + at + len, g_rtail + 4u + g_rlen - at - len);
            g_rtail -= len; g_rcount--; g_rgap++;
            continue;
        }
        if (!g_rcount || wh_tried()) { return 0; }
        wh_drop_log(g_seq_head);
        wh_pop();
    }
    return 1;
}
static void wh_put(const char* s, size_t n) {
    if (!g_ring || g_rskip) { return; }
    if (!wh_room(n)) {
        g_rskip = 1;
        if (4u + g_rlen + n <= g_rcap) { wh_drop_log(wh_seq_next()); return; } /* fits beside nothing but the line being POSTed */
        g_wh_too_large++;
        fprintf(stderr, "kubediff: error WEBHOOK_LINE_TOO_LARGE: a line of more than %zu bytes is not sent (--webhook-queue)\n", g_rcap - 4u);
        return;
    }
    memcpy(g_ring + g_rtail + 4u + g_rlen, s, n);
    g_rlen += n;
}
static void wh_line_end(void) {
    uint32_t n = (uint32_t)g_rlen;
    if (!g_ring) { return; }
    if (!g_rskip) { memcpy(g_ring + g_rtail, &n, 4); g_rtail += 4u + g_rlen; g_rcount++; }
    else if (g_rcount) { g_rgap++; } /* a line not queued keeps its number */
    else { g_seq_head++; }
    g_rlen = 0; g_rskip = 0;
    if (!g_rcount) { g_rhead = g_rtail = 0; }
}
static int wh_backpressure(void) { return g_ring && g_rtail - g_rhead > g_rcap / 2; }
static int wh_idle(void) { return !g_ring || (!g_rcount && !g_wh_busy); }
/* the response to the oldest line (a line whose POST has begun is not dropped; checked all the same) */
static void wh_response(const kinf_client_response_t* r, uint64_t now) {
    char key[24];
    uint64_t seq = g_wh_busy - 1;
    int ok = r->code >= 200 && r->code < 300;
    int retry = !ok && (r->code == 0 || r->code >= 500 || r->code == 408 || r->code == 429);
    g_wh_busy = 0;
    wh_key(key, seq);
    if (!g_rcount || seq != g_seq_head) { kinf_workqueue_forget(g_wq, 0, key); kinf_workqueue_done(g_wq, 0, key, now); return; }
    if (retry) {
        g_wh_retries++;
        if (g_verbose) { fprintf(stderr, "kubediff: info WEBHOOK_RETRY: line %s: %d %s; again later\n", key, r->code, kinf_log_item_name(r->item)); }
        kinf_workqueue_add_rate_limited(g_wq, 0, key, now);
        kinf_workqueue_done(g_wq, 0, key, now);
        return;
    }
    if (ok) { g_wh_sent++; }
    else {
        g_wh_rejected++;
        fprintf(stderr, "kubediff: error WEBHOOK_REJECTED: line %s: the webhook answered %d; dropped, not retried\n", key, r->code);
    }
    kinf_workqueue_forget(g_wq, 0, key);
    kinf_workqueue_done(g_wq, 0, key, now);
    wh_pop();
}
/* one step: a response taken, the oldest line queued, a due line POSTed */
static void wh_tick(void) {
    kinf_client_response_t r;
    kinf_workqueue_item_t it;
    kinf_client_request_t rq;
    char key[24];
    uint64_t now = kinf_workqueue_now_ms();
    if (!g_ring) { return; }
    if (kinf_client_done(g_wc, &r) && g_wh_busy) { wh_response(&r, now); }
    if (g_wh_busy || kinf_client_busy(g_wc)) { return; }
    if (g_rcount && g_wh_queued != g_seq_head + 1) {
        wh_key(key, g_seq_head);
        if (kinf_workqueue_add(g_wq, 0, key) == KINF_OK) { g_wh_queued = g_seq_head + 1; }
    }
    while (kinf_workqueue_get(g_wq, now, &it) == KINF_WQ_ITEM) {
        uint64_t seq = strtoull(it.key, 0, 10);
        if (!g_rcount || seq != g_seq_head) { /* a line dropped since it was queued */
            wh_key(key, seq);
            kinf_workqueue_forget(g_wq, 0, key); kinf_workqueue_done(g_wq, 0, key, now);
            continue;
        }
        memset(&rq, 0, sizeof rq);
        rq.verb = KINF_CLIENT_CREATE;
        rq.path = g_wh_path;
        rq.body = g_ring + g_rhead + 4u; rq.body_len = wh_len_at(g_rhead);
        wh_key(key, seq);
        if (!rq.body_len || kinf_client_start(g_wc, &rq) != KINF_OK) { /* logged by the client */
            g_wh_rejected++;
            fprintf(stderr, "kubediff: error WEBHOOK_REJECTED: line %s could not be sent; dropped\n", key);
            kinf_workqueue_forget(g_wq, 0, key); kinf_workqueue_done(g_wq, 0, key, now);
            wh_pop();
            return;
        }
        g_wh_busy = g_wh_tried = seq + 1;
        return;
    }
}
/* how long kubediff's loop may wait without the webhook missing a step */
static int wh_wait(int wait) {
    int w;
    if (!g_ring) { return wait; }
    if (g_wh_busy || kinf_client_busy(g_wc)) { return wait < 5 ? wait : 5; }
    w = kinf_workqueue_timeout_ms(g_wq, kinf_workqueue_now_ms());
    return w >= 0 && w < wait ? w : wait;
}
/* the webhook served for up to ms milliseconds (the informer not read) */
static void wh_serve(int ms) {
    wh_tick();
    if (g_wh_busy || kinf_client_busy(g_wc)) { kinf_client_poll(g_wc, ms < 5 ? ms : 5); }
    else {
        struct timespec ts;
        int w = wh_wait(ms);
        ts.tv_sec = w / 1000; ts.tv_nsec = (long)(w % 1000) * 1000000L;
        if (w > 0) { nanosleep(&ts, 0); }
    }
    wh_tick();
}

/* what kubediff prints: to stdout, and to the webhook's ring */
static void out(const char* s, size_t n) { fwrite(s, 1, n, stdout); wh_put(s, n); }
static void out_s(const char* s) { out(s, strlen(s)); }
/* a string as the inside of a JSON string */
static void out_json_str(const char* s) {
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        char e[8];
        if (c == '"' || c == '\\') { e[0] = '\\'; e[1] = (char)c; out(e, 2); }
        else if (c < 0x20u) { snprintf(e, sizeof e, "\\u%04x", c); out(e, 6); }
        else { out((const char*)s, 1); }
    }
}
static void on_signal(int sig) { g_signal = sig; if (g_fac) { kinf_factory_stop(g_fac); } else if (g_inf) { kinf_stop(g_inf); } }
static void count_event(kinf_informer_t* inf) {
    g_events++;
    if (g_max_events >= 0 && g_events >= g_max_events) { if (g_fac) { kinf_factory_stop(g_fac); } else { kinf_stop(inf); } }
}
static int done_events(void) { return g_max_events >= 0 && g_events >= g_max_events; }

/* writes the inside of a JSON string into buf at *at; 0 when it does not fit */
static int put_str(char* buf, size_t cap, size_t* at, const char* s) {
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        char e[7];
        size_t n = 1;
        e[0] = (char)c;
        if (c == '"' || c == '\\') { e[0] = '\\'; e[1] = (char)c; n = 2; }
        else if (c < 0x20u) { snprintf(e, sizeof e, "\\u%04x", c); n = 6; }
        if (*at + n >= cap) { return 0; }
        memcpy(buf + *at, e, n);
        *at += n;
    }
    return 1;
}
static int put(char* buf, size_t cap, size_t* at, const char* s, size_t n) {
    if (*at + n >= cap) { return 0; }
    memcpy(buf + *at, s, n);
    *at += n;
    return 1;
}
/* The object as the server sent it (less what the informer's projection
   drops): its identity goes back in front of metadata's members, where a
   projected object's JSON lacks it. Its length, or 0 when cap is too small. */
static size_t full_json(const kinf_object_t* o, char* buf, size_t cap) {
    static const char* const names[4] = { "name", "namespace", "uid", "resourceVersion" };
    const char* vals[4];
    kinf_value_t md, nm;
    const char* j = o->json;
    size_t at = 0, cut, k;
    int has_md, first = 1;
    if (kinf_field(o, "metadata.name", &nm) && nm.ptr >= j && nm.ptr < j + o->json_len) {
        return put(buf, cap, &at, j, o->json_len) ? (buf[at] = 0, at) : 0;
    }
    has_md = kinf_field(o, "metadata", &md) && md.type == KINF_VOBJECT;
    cut = has_md ? (size_t)(md.ptr - j) + 1 : 1; /* after the '{' that opens metadata, or the object */
    vals[0] = o->name; vals[1] = o->namespace_; vals[2] = o->uid; vals[3] = o->resource_version;
    if (!put(buf, cap, &at, j, cut)) { return 0; }
    if (!has_md && !put(buf, cap, &at, "\"metadata\":{", 12)) { return 0; }
    for (k = 0; k < 4; k++) {
        if (!vals[k] || !vals[k][0]) { continue; }
        if (!first && !put(buf, cap, &at, ",", 1)) { return 0; }
        first = 0;
        if (!put(buf, cap, &at, "\"", 1) || !put_str(buf, cap, &at, names[k]) || !put(buf, cap, &at, "\":\"", 3) ||
            !put_str(buf, cap, &at, vals[k]) || !put(buf, cap, &at, "\"", 1)) { return 0; }
    }
    if (!has_md && !put(buf, cap, &at, "}", 1)) { return 0; }
    if (j[cut] != '}' && !put(buf, cap, &at, ",", 1)) { return 0; }
    if (!put(buf, cap, &at, j + cut, o->json_len - cut)) { return 0; }
    buf[at] = 0;
    return at;
}
static void line_head(const char* type, const char* res, const kinf_object_t* o) {
    out_s("{\"type\":\""); out_s(type);
    out_s("\",\"resource\":\""); out_json_str(res);
    out_s("\",\"key\":\""); out_json_str(o->key);
    out_s("\",\"resourceVersion\":\""); out_json_str(o->resource_version);
    out_s("\"");
}
static void line_end(void) { out_s("}"); fputs("\n", stdout); fflush(stdout); wh_line_end(); }
/* a line with the whole object, or with "oversized":true when it was too large to keep */
static void print_whole(const char* type, const char* res, const kinf_object_t* o, int fsu) {
    size_t n = 0;
    line_head(type, res, o);
    if (fsu) { out_s(",\"finalStateUnknown\":true"); }
    if (!(o->flags & KINF_OBJ_IDENTITY_ONLY)) { n = full_json(o, g_new, g_obj_cap); }
    if (n) { out_s(",\"object\":"); out(g_new, n); }
    else {
        out_s(",\"oversized\":true");
        if (!(o->flags & KINF_OBJ_IDENTITY_ONLY)) {
            g_too_large++;
            fprintf(stderr, "kubediff: error OBJECT_TOO_LARGE: %s %s: larger than the object buffer (%zu bytes)\n", res, o->key, g_obj_cap);
        }
    }
    line_end();
}
static void on_add(kinf_informer_t* inf, const kinf_object_t* o, void* u) {
    if (done_events()) { return; }
    print_whole("ADDED", (const char*)u, o, 0);
    count_event(inf);
}
static void on_update(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    const char* res = (const char*)u;
    size_t na = 0, nb, need = 0;
    kinf_value_t a, b;
    int r = KINF_ERR_INVAL;
    if (done_events()) { return; }
    if (!(old->flags & KINF_OBJ_IDENTITY_ONLY)) { na = full_json(old, g_old, g_obj_cap); }
    nb = full_json(o, g_new, g_obj_cap);
    if (na && nb) {
        memset(&a, 0, sizeof a); memset(&b, 0, sizeof b);
        a.type = b.type = KINF_VOBJECT;
        a.ptr = g_old; a.len = na; b.ptr = g_new; b.len = nb;
        r = kinf_json_patch(&a, &b, g_patch, g_patch_bytes, &need);
    }
    if (r == KINF_OK) {
        line_head("MODIFIED", res, o);
        out_s(",\"patch\":"); out(g_patch, need);
        if (g_with_object) { out_s(",\"object\":"); out(g_new, nb); }
        line_end();
    } else {
        /* no patch: the previous object was not kept whole, or the patch
           does not fit; the new object whole lets a reader start over */
        if (na && nb) {
            g_too_large++;
            if (r == KINF_ERR_NOMEM) {
                fprintf(stderr, "kubediff: error PATCH_TOO_LARGE: %s %s: the patch needs %zu bytes, --patch-bytes is %zu; printed whole\n",
                        res, o->key, need + 1, g_patch_bytes);
            } else {
                fprintf(stderr, "kubediff: error PATCH_FAILED: %s %s: %d; printed whole\n", res, o->key, r);
            }
        }
        g_whole++;
        print_whole("MODIFIED", res, o, 0);
    }
    count_event(inf);
}
/* too large to keep: the identity only; the next update of it comes whole */
static void on_oversized(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    if (done_events()) { return; }
    g_too_large++;
    fprintf(stderr, "kubediff: error OVERSIZED: %s %s: larger than --max-object-bytes or the store\n", (const char*)u, o->key);
    print_whole(old ? "MODIFIED" : "ADDED", (const char*)u, o, 0);
    count_event(inf);
}
static void on_delete(kinf_informer_t* inf, const kinf_object_t* o, int fsu, void* u) {
    if (done_events()) { return; }
    print_whole("DELETED", (const char*)u, o, fsu);
    count_event(inf);
}
static void handler_for(kinf_informer_t* inf, const char* res) {
    kinf_handler_t h;
    memset(&h, 0, sizeof h);
    h.on_add = on_add; h.on_update = on_update; h.on_delete = on_delete; h.on_oversized = on_oversized;
    h.user = (void*)(uintptr_t)res;
    kinf_add_handler(inf, &h);
}
static void print_stats(kinf_informer_t* inf, const char* res) {
    kinf_stats_t s = kinf_stats(inf);
    fprintf(stderr, "# stats resource %s events=%llu added=%llu modified=%llu deleted=%llu relists=%llu bytes_read=%llu\n"
                    "# stats objects=%u/%u store_used=%zu store_peak=%zu store_capacity=%zu oversized=%llu store_full=%llu dropped=%llu\n"
                    "# stats memory used=%zu capacity=%zu last_error=%s\n",
            res, (unsigned long long)s.events, (unsigned long long)s.added, (unsigned long long)s.modified,
            (unsigned long long)s.deleted, (unsigned long long)s.relists, (unsigned long long)s.bytes_read, s.objects,
            s.max_objects, s.store_used, s.store_peak, s.store_capacity, (unsigned long long)s.oversized,
            (unsigned long long)s.store_full, (unsigned long long)s.dropped, s.mem_used, s.mem_capacity,
            kinf_log_item_name(kinf_last_error(inf)));
}
/* A core/v1 plural or one API path: one informer, no discovery */
static int plain_resource(const char* r) {
    static const char* const core[] = { "pods", "configmaps", "secrets", "services", "nodes", "namespaces", "events",
                                        "endpoints", "persistentvolumes", "persistentvolumeclaims", "serviceaccounts",
                                        "replicationcontrollers", "limitranges", "resourcequotas", "podtemplates", 0 };
    int k;
    if (strchr(r, ',')) { return 0; }
    if (r[0] == '/') { return 1; }
    for (k = 0; core[k]; k++) { if (!strcmp(r, core[k])) { return 1; } }
    return 0;
}
/* the loop of one informer, or of the factory's; returns the exit status */
static int run_loop(void) {
    double t0 = tool_now_s();
    int handled = g_fac ? kinf_factory_count(g_fac) : 0;
    for (;;) {
        int wait = 200, r;
        if (g_fac ? kinf_factory_stopped(g_fac) : kinf_stopped(g_inf)) { break; }
        if (g_timeout >= 0) {
            double left = g_timeout - (tool_now_s() - t0);
            if (left <= 0) { break; }
            if (left * 1000 < wait) { wait = (int)(left * 1000) + 1; }
        }
        if (wh_backpressure()) { wh_serve(wait); continue; } /* the watch waits while the webhook catches up */
        r = g_fac ? kinf_factory_poll(g_fac, wh_wait(wait)) : kinf_poll(g_inf, wh_wait(wait));
        if (g_ring) { kinf_client_poll(g_wc, 0); wh_tick(); }
        if (r != KINF_OK && !g_fac) { return TOOL_EXIT_FAIL; }
        for (; g_fac && handled < kinf_factory_count(g_fac); handled++) { /* --all: a resource that appeared */
            kinf_informer_t* inf = kinf_factory_at(g_fac, handled);
            kinf_resource_t rs;
            if (inf && kinf_factory_resource(g_fac, inf, &rs) == KINF_OK) { handler_for(inf, rs.name); }
        }
        if (g_final && !g_all && !(g_fac ? kinf_factory_has_synced(g_fac) : kinf_has_synced(g_inf))) {
            fprintf(stderr, "kubediff: giving up: the server refused the request (%s); retrying cannot fix it\n", kinf_log_item_name(g_final));
            return TOOL_EXIT_FAIL;
        }
    }
    return TOOL_EXIT_OK;
}

/* >>webhook setup  the URL split into server and path, the client (no
   token, its own trust), the workqueue and the ring; usage errors said */
static void* g_wc_mem;
static void* g_wq_mem;
static void wh_logger(const char* tag, uint32_t level, uint32_t item, const char* msg, uint32_t line, const char* file, void* user) {
    (void)line; (void)file; (void)user; /* not tool_logger: no webhook error ends the watch */
    if (level > KINF_LOG_WARN && !g_verbose) { return; }
    fprintf(stderr, "kubediff: %s %s: %s%s%s\n", level <= KINF_LOG_ERROR ? "error" : level == KINF_LOG_WARN ? "warning" : "info",
            kinf_log_item_name(item), tag ? tag : "", tag ? ": " : "", msg ? msg : "");
}
static int wh_setup(const kinf_desc_t* api) {
    kinf_desc_t wd;
    kinf_client_desc_t cd;
    kinf_workqueue_desc_t qd;
    const char* u = g_webhook;
    const char* host;
    const char* p;
    size_t n, i, csz, qsz;
    if (!strncmp(u, "http://", 7)) { host = u + 7; }
    else if (!strncmp(u, "https://", 8)) { host = u + 8; }
    else { return tool_usage_error("--webhook takes an http:// or https:// URL", u); }
    p = strchr(host, '/');
    n = p ? (size_t)(p - g_webhook) : strlen(g_webhook);
    if (p == host || !*host || n >= sizeof g_wh_server) { return tool_usage_error("--webhook: no host, or too long", u); }
    memcpy(g_wh_server, g_webhook, n); g_wh_server[n] = 0;
    g_wh_path = p ? p : "/";
    for (i = 0; g_wh_path[i]; i++) {
        unsigned char c = (unsigned char)g_wh_path[i];
        if (c <= 0x20u || c >= 0x7fu) { return tool_usage_error("--webhook: the path has a space, a control or a non-ASCII byte", u); }
    }
    if (strchr(g_wh_server, '?') || strchr(g_wh_server, '#') || strchr(g_wh_server, '@')) { return tool_usage_error("--webhook: not a plain scheme://host[:port]/path", u); }
    if (g_wh_queue < 4096 || g_wh_queue > (64u << 20)) { return tool_usage_error("--webhook-queue is 4 KiB to 64 MiB", 0); }
    /* the connection: the webhook's server and trust only, never the API server's token or client certificate */
    memset(&wd, 0, sizeof wd);
    wd.server = g_wh_server;
    wd.ca_file = g_wh_ca;
    wd.insecure_skip_tls_verify = g_wh_insecure;
    wd.tls_time = api->tls_time;
    wd.idle_timeout_ms = (int)(g_wh_timeout * 1000) > 0 ? (int)(g_wh_timeout * 1000) : 1;
    wd.logger.func = wh_logger;
    wd.tag = "webhook";
    memset(&cd, 0, sizeof cd);
    cd.conn = &wd;
    cd.request_bytes = g_wh_queue;  /* the largest line the ring holds */
    cd.response_bytes = 4096;       /* a longer answer: its status still counts */
    csz = kinf_client_size(&cd);
    g_wc_mem = malloc(csz);
    g_wc = g_wc_mem ? kinf_client_init(g_wc_mem, csz, &cd) : 0;
    if (!g_wc) { return tool_usage_error("--webhook: not a usable URL or --webhook-ca (see the error above)", u); }
    memset(&qd, 0, sizeof qd);
    qd.capacity = 64;               /* the oldest line, and lines dropped while they waited for a retry */
    qd.base_delay_ms = 100; qd.max_delay_ms = 30000;
    qd.logger.func = wh_logger; qd.tag = "webhook";
    qsz = kinf_workqueue_size(&qd);
    g_wq_mem = malloc(qsz);
    g_wq = g_wq_mem ? kinf_workqueue_init(g_wq_mem, qsz, &qd) : 0;
    g_ring = (char*)malloc(g_wh_queue);
    if (!g_wq || !g_ring) { free(g_ring); g_ring = 0; fprintf(stderr, "kubediff: cannot allocate the webhook's queue\n"); return TOOL_EXIT_FAIL; }
    g_rcap = g_wh_queue;
    return TOOL_EXIT_OK;
}

int main(int argc, char** argv) {
    kinf_desc_t d;
    const char* pos[1] = { 0 };
    const char* res;
    char* list = 0;
    void* work = 0;
    void* mem = 0;
    int npos, rc, i;
    uint64_t bytes = 0, lost = 0;
    memset(&d, 0, sizeof d);
    d.max_objects = 16384;
    d.max_event_bytes = 1u << 20;
    d.store_bytes = 32u << 20;
    d.prefault_store = 1;
    d.read_bytes = 1u << 20;
    rc = tool_parse(argc, argv, opts, sizeof(opts) / sizeof(opts[0]), &d, pos, 1, &npos, usage_head, usage_tail);
    if (rc >= 0) { return rc; }
    if (!npos && !g_all) { return tool_usage_error("missing RESOURCE", 0); }
    if (npos && g_all) { return tool_usage_error("--all takes no RESOURCE", pos[0]); }
    if (g_patch_bytes < 64) { return tool_usage_error("--patch-bytes is at least 64", 0); }
    if (tool_config(&d, &work)) { free(work); return TOOL_EXIT_FAIL; }
    d.logger.func = tool_logger;
    /* kubediff's own buffers, fixed at start: the two objects with their
       identity (at most max_event_bytes of JSON plus 4 strings of at most
       253 bytes, escaped), and the patch */
    g_obj_cap = (d.max_event_bytes ? d.max_event_bytes : 64u << 10) + 8192;
    g_old = (char*)malloc(g_obj_cap); g_new = (char*)malloc(g_obj_cap); g_patch = (char*)malloc(g_patch_bytes);
    if (!g_old || !g_new || !g_patch) { fprintf(stderr, "kubediff: cannot allocate the buffers\n"); rc = TOOL_EXIT_FAIL; goto out; }
    if (g_webhook && (rc = wh_setup(&d)) != TOOL_EXIT_OK) { goto out; }
    rc = TOOL_EXIT_OK;
    tool_install_signals(on_signal);
    if (!g_all && plain_resource(pos[0])) {
        size_t size;
        d.resource = pos[0]; d.tag = pos[0];
        size = kinf_informer_size(&d);
        mem = size == SIZE_MAX ? 0 : malloc(size); /* the one allocation of the informer */
        g_inf = kinf_init(mem, size, &d);
        if (!g_inf) {
            char why[256];
            kinf_check(&d, size, why, sizeof why);
            fprintf(stderr, "kubediff: %s\n", why);
            rc = TOOL_EXIT_FAIL; goto out;
        }
        handler_for(g_inf, pos[0]);
        if (g_max_events == 0) { kinf_stop(g_inf); }
        rc = run_loop();
        if (g_stats) { print_stats(g_inf, pos[0]); }
        { kinf_stats_t s = kinf_stats(g_inf); bytes = s.bytes_read; lost = s.oversized + s.store_full + s.dropped; }
        kinf_shutdown(g_inf);
    } else {
        kinf_factory_desc_t fd;
        kinf_informer_req_t q;
        const char* names[64];
        int n = 0;
        size_t size;
        memset(&fd, 0, sizeof fd);
        memset(&q, 0, sizeof q);
        if (!g_all) {
            list = (char*)malloc(strlen(pos[0]) + 1);
            if (!list) { rc = TOOL_EXIT_FAIL; goto out; }
            strcpy(list, pos[0]);
            for (res = strtok(list, ","); res && n < 64; res = strtok(0, ",")) { names[n++] = res; }
            if (!n) { rc = tool_usage_error("missing RESOURCE", 0); goto out; }
        }
        d.tag = 0;
        fd.base = &d;
        fd.max_informers = g_all ? 64 : n;
        size = kinf_factory_size(&fd);
        mem = malloc(size);
        if (!mem || !(g_fac = kinf_factory_init(mem, size, &fd))) { rc = TOOL_EXIT_FAIL; goto out; }
        if (kinf_factory_discover(g_fac, g_timeout >= 0 && g_timeout < 30 ? (int)(g_timeout * 1000) + 1 : 30000) != KINF_OK) {
            fprintf(stderr, "kubediff: giving up: discovery failed\n");
            kinf_factory_shutdown(g_fac);
            rc = g_signal ? TOOL_EXIT_OK : TOOL_EXIT_FAIL; goto out;
        }
        q.namespace_ = d.namespace_; q.label_selector = d.label_selector; q.field_selector = d.field_selector;
        if (g_all) { kinf_factory_all(g_fac, &q); }
        for (i = 0; i < n; i++) {
            q.resource = names[i];
            if (!kinf_factory_informer(g_fac, &q)) { kinf_factory_shutdown(g_fac); rc = TOOL_EXIT_FAIL; goto out; } /* logged */
        }
        for (i = 0; i < kinf_factory_count(g_fac); i++) {
            kinf_informer_t* inf = kinf_factory_at(g_fac, i);
            kinf_resource_t rs;
            if (inf && kinf_factory_resource(g_fac, inf, &rs) == KINF_OK) { handler_for(inf, rs.name); }
        }
        kinf_factory_start(g_fac);
        if (g_max_events == 0) { kinf_factory_stop(g_fac); }
        rc = run_loop();
        for (i = 0; i < kinf_factory_count(g_fac); i++) {
            kinf_informer_t* inf = kinf_factory_at(g_fac, i);
            kinf_resource_t rs;
            kinf_stats_t s;
            if (!inf) { continue; }
            s = kinf_stats(inf);
            bytes += s.bytes_read; lost += s.oversized + s.store_full + s.dropped;
            if (g_stats && kinf_factory_resource(g_fac, inf, &rs) == KINF_OK) { print_stats(inf, rs.name); }
        }
        kinf_factory_shutdown(g_fac);
    }
    if (g_ring) { /* what waits is sent, for at most --webhook-drain seconds */
        double t0 = tool_now_s();
        uint64_t lost_wh;
        while (!wh_idle() && tool_now_s() - t0 < g_wh_drain) { wh_serve(50); }
        lost_wh = g_rcount + g_wh_full + g_wh_rejected + g_wh_too_large;
        if (g_rcount) { fprintf(stderr, "kubediff: error WEBHOOK_UNSENT: %llu lines not sent at exit\n", (unsigned long long)g_rcount); }
        if (g_stats) {
            fprintf(stderr, "# stats webhook sent=%llu retries=%llu queue_full=%llu rejected=%llu too_large=%llu unsent=%llu queue_bytes=%zu\n",
                    (unsigned long long)g_wh_sent, (unsigned long long)g_wh_retries, (unsigned long long)g_wh_full,
                    (unsigned long long)g_wh_rejected, (unsigned long long)g_wh_too_large, (unsigned long long)g_rcount, g_rcap);
        }
        if (rc == TOOL_EXIT_OK && (g_wh_full || g_wh_too_large)) { rc = TOOL_EXIT_CAPACITY; }
        if (rc == TOOL_EXIT_OK && lost_wh) { rc = TOOL_EXIT_FAIL; }
        kinf_client_shutdown(g_wc);
        kinf_workqueue_shut_down(g_wq);
        kinf_workqueue_destroy(g_wq);
    }
    if (g_stats) {
        fprintf(stderr, "# stats kubediff changes=%ld printed_whole=%llu too_large=%llu buffers=%zu\n", g_events,
                (unsigned long long)g_whole, (unsigned long long)g_too_large, 2 * g_obj_cap + g_patch_bytes);
    }
    if (rc == TOOL_EXIT_OK && (lost || g_too_large)) { rc = TOOL_EXIT_CAPACITY; }
    if (rc == TOOL_EXIT_OK && bytes == 0 && g_max_events != 0) { fprintf(stderr, "kubediff: never reached the server\n"); rc = TOOL_EXIT_FAIL; }
out:
    free(mem); free(list); free(work); free(g_old); free(g_new); free(g_patch);
    free(g_ring); free(g_wc_mem); free(g_wq_mem);
    return rc;
}
