/* kubediff - every change to Kubernetes objects as one JSON line, updates as
   an RFC 6902 JSON Patch from the object the informer had before.
   `kubediff --help` for usage; docs/kubediff.md for the format and the rules. */
#define _POSIX_C_SOURCE 200809L
#define KINFORMER_IMPLEMENTATION
#include "../kinformer.h"
#include <unistd.h>
#define TOOL_NAME "kubediff"
#define TOOL_CAPACITY_FLAGS /* --max-objects, --max-object-bytes, --store-bytes: errors name them */
#include "opts.h"
#include "tool.h"
#include "conn.h"

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
    "-n takes a comma-separated list of namespaces too (-n a,b): one informer per namespace.\n"
    "Each line is flushed as it is written. An update whose patch would not fit in\n"
    "--patch-bytes, or whose previous object was too large to keep, is printed as\n"
    "MODIFIED with the whole \"object\" instead of a patch (and a line on stderr); an\n"
    "object too large to keep is a line with \"oversized\":true and no object.\n"
    "SIGINT and SIGTERM stop kubediff cleanly (with --leader-elect, the Lease is given up first).\n"
    "With --leader-elect, a kubediff that takes over prints every cached object as an ADDED line,\n"
    "then the changes; it stops printing the moment its lease is no longer renewed.\n"
    "With --webhook, stdout is the same; lines the webhook did not take (dropped, rejected,\n"
    "or unsent at exit) are counted on stderr and make the exit status 1 (3 for a full queue).\n"
    "Exit status: 0 success, 1 failure, 2 usage error, 3 a capacity was exceeded.\n";

static int g_all, g_with_object;
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
static const char* g_wh_format;    /* --webhook-format: 0 or "json" the line, "slack" {"text": line} */
static int g_wh_slack;

/* --leader-elect's settings (>>leader below) */
static const char* g_le_lease;     /* NAMESPACE/NAME */
static const char* g_le_identity;

static const opt_t opts[] = {
    TOOL_SELECT_OPTS,
    CONN_OPTS(CONN_TLS_TIME_HELP_1),
    TOOL_VERBOSE_OPT,
    TOOL_RETRY_FOREVER_OPT,
    { "--all", 0, OPT_SET, OPT_VAR(g_all),
      "  --all                  every resource the server has that can be listed and watched\n" },
    TOOL_TIMEOUT_OPT,
    { "--max-events", 0, OPT_LONG, OPT_VAR(g_max_events), "  --max-events N         exit after N changes\n" },
    TOOL_CAPACITY_OPTS(OPT_INT, OPT_SIZE, " of each informer\n"
      "                         (defaults 16384 objects, 1 MiB per object, 32 MiB of objects)\n"),
    { "--read-bytes", 0, OPT_SIZE, OPT_DESC(read_bytes), "  --read-bytes B         socket read buffer (default 1 MiB)\n" },
    { "--patch-bytes", 0, OPT_SIZE, OPT_VAR(g_patch_bytes),
      "  --patch-bytes B        the largest patch printed (default 4 MiB)\n" },
    TOOL_NO_SKIP_UNCHANGED_OPT(
      "  --no-skip-unchanged    a MODIFIED line for every update, an empty patch included (by default an\n"
      "                         update that changes only metadata.resourceVersion and managedFields has none)\n"),
    TOOL_SKIP_UNCHANGED_OPT("  --skip-unchanged       the default: no line for an update that changes nothing\n")
    { "--with-object", 0, OPT_SET, OPT_VAR(g_with_object),
      "  --with-object          MODIFIED lines carry the new \"object\" too, beside the patch\n" },
    TOOL_STATS_OPT(" and memory to stderr\n"),
    { "--webhook", 0, OPT_STR, OPT_VAR(g_webhook),
      "  --webhook URL          also POST each line (application/json) to this http:// or https:// URL,\n"
      "                         in order, one at a time; a failed POST (no response, 5xx, 408, 429)\n"
      "                         is retried with the workqueue's backoff, another status drops the line\n"
      "                         (logged). At least once: a line whose response was lost is sent again.\n"
      "                         No credential of the API server is ever sent to it.\n" },
    { "--webhook-ca", 0, OPT_STR, OPT_VAR(g_wh_ca), "  --webhook-ca F         PEM bundle of CAs for an https:// webhook (its own; not --certificate-authority;\n"
      "                         default: the system's, $SSL_CERT_FILE or /etc/ssl/certs/ca-certificates.crt ...)\n" },
    { "--webhook-insecure", 0, OPT_SET, OPT_VAR(g_wh_insecure), "  --webhook-insecure     do not verify the webhook's certificate\n" },
    { "--webhook-queue", 0, OPT_SIZE, OPT_VAR(g_wh_queue),
      "  --webhook-queue B      bytes of lines waiting for the webhook (default 16 MiB, 4 KiB to 64 MiB).\n"
      "                         Over half full, kubediff stops reading the watch until lines are sent;\n"
      "                         a line that does not fit even so drops the oldest not yet sent (WEBHOOK_QUEUE_FULL)\n" },
    { "--webhook-timeout", 0, OPT_DOUBLE, OPT_VAR(g_wh_timeout), "  --webhook-timeout S    a POST the webhook answers nothing to for S seconds fails (default 10)\n" },
    { "--webhook-drain", 0, OPT_DOUBLE, OPT_VAR(g_wh_drain), "  --webhook-drain S      at exit, keep sending waiting lines for at most S seconds (default 10)\n" },
    { "--webhook-format", 0, OPT_STR, OPT_VAR(g_wh_format),
      "  --webhook-format json|slack\n"
      "                         json: each line as it is (the default); slack: Slack's incoming-webhook\n"
      "                         message {\"text\":LINE} (&, <, > escaped as Slack asks)\n" },
    { "--leader-elect", 0, OPT_STR, OPT_VAR(g_le_lease),
      "  --leader-elect NS/NAME one of several kubediffs acts: leader election on the coordination.k8s.io/v1\n"
      "                         Lease NAME in namespace NS (created if missing). The others keep their\n"
      "                         caches in sync and print nothing until they take over.\n" },
    { "--identity", 0, OPT_STR, OPT_VAR(g_le_identity),
      "  --identity ID          this candidate's holderIdentity (default: hostname_pid)\n" },
    OPT_HELP_ROW,
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
static void wh_put_raw(const char* s, size_t n) {
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
/* --webhook-format slack: the line is the inside of {"text":"..."}: JSON's
   quote and backslash escaped, and &, <, > as Slack's text wants them */
static void wh_put(const char* s, size_t n) {
    size_t i, run = 0;
    if (!g_wh_slack) { wh_put_raw(s, n); return; }
    if (!g_rlen) { wh_put_raw("{\"text\":\"", 9); }
    for (i = 0; i < n; i++) {
        const char* e = s[i] == '"' ? "\\\"" : s[i] == '\\' ? "\\\\" : s[i] == '&' ? "&amp;" : s[i] == '<' ? "&lt;" : s[i] == '>' ? "&gt;" : 0;
        if (!e) { continue; }
        wh_put_raw(s + run, i - run);
        wh_put_raw(e, strlen(e));
        run = i + 1;
    }
    wh_put_raw(s + run, n - run);
}
static void wh_line_end(void) {
    uint32_t n;
    if (!g_ring) { return; }
    if (g_wh_slack) { wh_put_raw("\"}", 2); }
    n = (uint32_t)g_rlen;
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

/* >>leader  --leader-elect NS/NAME: a write client of its own to the API
   server and an elector on kubediff's loop. Every informer runs whatever
   the election says (the cache stays in sync); a change is printed only
   while this kubediff leads, judged by the clock at each change, so it
   stops at once when its renew deadline passes. */
static kinf_client_t* g_lc;
static kinf_leader_t* g_le;
static void* g_lc_mem;
static void* g_le_mem;
static char g_le_ns[256], g_le_id[256];
static int g_le_took;  /* started leading: the cache is printed before the next change */
static int g_le_quiet; /* the changes queued when it took over are delivered unprinted */
static int acting(void) { return !g_le || (!g_le_quiet && kinf_leader_is_leader(g_le, kinf_workqueue_now_ms())); }
static void le_on_started(kinf_leader_t* l, void* u) { (void)l; (void)u; g_le_took = 1; }
/* how long kubediff's loop may wait without the elector missing a step
   (its client's socket is not among the informers': 10 ms while it waits) */
static int le_wait(int wait) {
    int w;
    if (!g_le) { return wait; }
    if (kinf_client_busy(g_lc)) { return wait < 10 ? wait : 10; }
    w = kinf_leader_timeout_ms(g_le);
    return w >= 0 && w < wait ? w : wait;
}
/* the elector's and its client's lines: a missing Lease (404) and another's
   write (409) are part of an election (info); no error of theirs ends the watch */
static void le_logger(const char* tag, uint32_t level, uint32_t item, const char* msg, uint32_t line, const char* file, void* user) {
    (void)line; (void)file; (void)user;
    if (item == KINF_LOGITEM_CLIENT_NOT_FOUND || item == KINF_LOGITEM_CLIENT_CONFLICT || item == KINF_LOGITEM_CLIENT_ALREADY_EXISTS) { level = KINF_LOG_INFO; }
    tool_log(tag, level, item, msg);
}
static int le_setup(const kinf_desc_t* api) {
    kinf_desc_t ad = *api;
    kinf_client_desc_t cd;
    kinf_leader_desc_t ld;
    const char* slash = strchr(g_le_lease, '/');
    size_t n = slash ? (size_t)(slash - g_le_lease) : 0, csz;
    char host[200];
    if (!slash || !n || n >= sizeof g_le_ns || !slash[1] || strchr(slash + 1, '/')) {
        return opts_usage_error("--leader-elect takes NAMESPACE/NAME", g_le_lease);
    }
    memcpy(g_le_ns, g_le_lease, n); g_le_ns[n] = 0;
    if (g_le_identity) { snprintf(g_le_id, sizeof g_le_id, "%s", g_le_identity); }
    else {
        if (gethostname(host, sizeof host) != 0) { snprintf(host, sizeof host, "kubediff"); }
        host[sizeof host - 1] = 0;
        snprintf(g_le_id, sizeof g_le_id, "%s_%ld", host, (long)getpid());
    }
    memset(&cd, 0, sizeof cd);
    ad.logger.func = le_logger; ad.tag = "leader";
    cd.conn = &ad; cd.request_bytes = 4096; cd.response_bytes = 16384;
    cd.max_retries = -1; /* the elector tries again every retry period */
    csz = kinf_client_size(&cd);
    g_lc_mem = malloc(csz);
    g_le_mem = malloc(kinf_leader_size());
    g_lc = g_lc_mem ? kinf_client_init(g_lc_mem, csz, &cd) : 0;
    if (!g_lc || !g_le_mem) { fprintf(stderr, "kubediff: cannot set up --leader-elect's client\n"); return TOOL_EXIT_FAIL; }
    memset(&ld, 0, sizeof ld);
    ld.client = g_lc; ld.namespace_ = g_le_ns; ld.name = slash + 1; ld.identity = g_le_id;
    ld.logger.func = le_logger; ld.tag = "leader";
    ld.on_started_leading = le_on_started;
    g_le = kinf_leader_init(g_le_mem, kinf_leader_size(), &ld);
    if (!g_le) { return opts_usage_error("--leader-elect: not a usable Lease name or --identity (see the error above)", g_le_lease); }
    return TOOL_EXIT_OK;
}
/* a clean stop: the Lease given up when held (for at most 5 s), so another takes over at once */
static void le_release(void) {
    double t0 = tool_now_s();
    if (!g_le) { return; }
    kinf_leader_release(g_le);
    while (!kinf_leader_stopped(g_le) && tool_now_s() - t0 < 5) { kinf_leader_poll(g_le, 50); }
    kinf_client_shutdown(g_lc);
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
    (void)inf;
    if (tool_events_done() || !acting()) { return; }
    print_whole("ADDED", (const char*)u, o, 0);
    tool_count_event();
}
static void on_update(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    const char* res = (const char*)u;
    size_t na = 0, nb, need = 0;
    kinf_value_t a, b;
    int r = KINF_ERR_INVAL;
    (void)inf;
    if (tool_events_done() || !acting()) { return; }
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
    tool_count_event();
}
/* too large to keep: the identity only; the next update of it comes whole */
static void on_oversized(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    (void)inf;
    if (tool_events_done() || !acting()) { return; }
    g_too_large++;
    fprintf(stderr, "kubediff: error OVERSIZED: %s %s: larger than --max-object-bytes or the store\n", (const char*)u, o->key);
    print_whole(old ? "MODIFIED" : "ADDED", (const char*)u, o, 0);
    tool_count_event();
}
static void on_delete(kinf_informer_t* inf, const kinf_object_t* o, int fsu, void* u) {
    (void)inf;
    if (tool_events_done() || !acting()) { return; }
    print_whole("DELETED", (const char*)u, o, fsu);
    tool_count_event();
}
static kinf_handler_t g_handler; /* user: the resource's name */
static const char* g_res;        /* RESOURCE, or 0 with --all */
/* one informer's "# stats" lines, named by its resource */
static void print_stats(kinf_informer_t* inf, const kinf_stats_t* s) {
    kinf_resource_t rs;
    const char* res = g_res;
    if (g_fac) {
        if (kinf_factory_resource(g_fac, inf, &rs) != KINF_OK) { return; }
        res = rs.name;
    }
    fprintf(stderr, "# stats resource %s events=%llu added=%llu modified=%llu deleted=%llu relists=%llu bytes_read=%llu skipped_unchanged=%llu\n"
                    "# stats objects=%u/%u store_used=%zu store_peak=%zu store_capacity=%zu oversized=%llu store_full=%llu dropped=%llu\n"
                    "# stats memory used=%zu capacity=%zu last_error=%s\n",
            res, (unsigned long long)s->events, (unsigned long long)s->added, (unsigned long long)s->modified,
            (unsigned long long)s->deleted, (unsigned long long)s->relists, (unsigned long long)s->bytes_read,
            (unsigned long long)s->skipped_unchanged, s->objects,
            s->max_objects, s->store_used, s->store_peak, s->store_capacity, (unsigned long long)s->oversized,
            (unsigned long long)s->store_full, (unsigned long long)s->dropped, s->mem_used, s->mem_capacity,
            kinf_log_item_name(kinf_last_error(inf)));
}
/* Taken over (or first elected): what is queued is delivered unprinted,
   then every cached object is an ADDED line, as a kubediff started now
   would print them; the changes after that as usual. */
static void le_took_over(void) {
    int i;
    g_le_took = 0;
    g_le_quiet = 1;
    if (g_fac) { kinf_factory_flush(g_fac); } else if (g_inf) { kinf_flush(g_inf); }
    g_le_quiet = 0;
    for (i = 0; i < tool_informers(); i++) {
        kinf_informer_t* inf = tool_informer(i);
        kinf_iter_t it;
        kinf_object_t o;
        kinf_resource_t rs;
        const char* res = g_res;
        if (!inf) { continue; }
        if (g_fac) {
            if (kinf_factory_resource(g_fac, inf, &rs) != KINF_OK) { continue; }
            res = rs.name;
        }
        memset(&it, 0, sizeof it);
        while (!tool_events_done() && kinf_next(inf, &it, &o)) {
            print_whole("ADDED", res, &o, 0);
            tool_count_event();
        }
    }
}
/* the watch, one informer's or the factory's; returns the exit status */
static int run_loop(void) {
    double t0 = tool_now_s();
    for (;;) {
        int wait, r;
        if (tool_stopped()) { break; }
        if ((wait = tool_wait(t0, 200)) < 0) {
            if (!tool_synced() && g_max_events != 0 && tool_bytes()) { /* nothing read: "never reached" below */
                tool_log_flush();
                fprintf(stderr, "kubediff: --timeout passed before the first sync\n");
                return TOOL_EXIT_FAIL;
            }
            break;
        }
        if (wh_backpressure()) { wh_serve(wait); continue; } /* the watch waits while the webhook catches up */
        r = tool_poll(le_wait(wh_wait(wait)));
        if (g_ring) { kinf_client_poll(g_wc, 0); wh_tick(); }
        if (g_le) { kinf_leader_poll(g_le, 0); }
        if (g_le_took && acting()) { le_took_over(); }
        if (r != KINF_OK) { return TOOL_EXIT_FAIL; }
        if (g_fac) { tool_handle_new(&g_handler); } /* --all: a resource that appeared */
        if (tool_give_up(g_all || tool_synced())) { return TOOL_EXIT_FAIL; }
        if (tool_refused(g_all || tool_synced())) { return TOOL_EXIT_FAIL; }
    }
    if (tool_give_up(g_all || tool_synced())) { return TOOL_EXIT_FAIL; } /* the logger stopped the watch */
    return TOOL_EXIT_OK;
}
/* Several resources, or names as kubectl takes them, or --all: resolved by
   discovery, one informer each in a factory; the exit status, -1 to go on */
static int open_factory(kinf_desc_t* d, char* list) {
    kinf_factory_desc_t fd;
    kinf_informer_req_t q;
    const char* names[64];
    const char* nss[64];
    int n = 0, i, nn = 1, k;
    size_t size;
    memset(&fd, 0, sizeof fd);
    memset(&q, 0, sizeof q);
    if (list && !(n = tool_split(list, names, 64))) { return opts_usage_error("missing RESOURCE", 0); }
    nss[0] = d->namespace_;
    if (d->namespace_ && strchr(d->namespace_, ',')) { /* -n a,b: one informer per namespace, shared by the factory */
        if (g_all) { return opts_usage_error("--all takes one namespace", d->namespace_); }
        if (!(nn = tool_split((char*)(uintptr_t)d->namespace_, nss, 64))) { return opts_usage_error("-n: no namespace", 0); }
        d->namespace_ = 0;
    }
    d->tag = 0;
    fd.base = d;
    fd.max_informers = g_all ? 64 : n * nn;
    size = kinf_factory_size(&fd);
    g_mem = malloc(size);
    if (!g_mem || !(g_fac = kinf_factory_init(g_mem, size, &fd))) { return TOOL_EXIT_FAIL; }
    if (tool_discover() != KINF_OK) {
        if (tool_give_up(0)) { return TOOL_EXIT_FAIL; }
        fprintf(stderr, "kubediff: giving up: discovery failed\n");
        return g_signal ? TOOL_EXIT_OK : TOOL_EXIT_FAIL;
    }
    q.namespace_ = nss[0]; q.label_selector = d->label_selector; q.field_selector = d->field_selector;
    if (g_all) { kinf_factory_all(g_fac, &q); }
    for (i = 0; i < n; i++) {
        for (k = 0; k < nn; k++) {
            q.resource = names[i]; q.namespace_ = nss[k];
            if (!kinf_factory_informer(g_fac, &q)) { return TOOL_EXIT_FAIL; } /* logged */
        }
    }
    if (g_all) { g_fail_fast = 0; } /* discovery answered; an informer of --all that is refused does not end the others */
    tool_handle_new(&g_handler);
    kinf_factory_start(g_fac);
    return -1;
}

/* >>webhook setup  the URL split into server and path, the client (no
   token, its own trust), the workqueue and the ring; usage errors said */
static void* g_wc_mem;
static void* g_wq_mem;
static void wh_logger(const char* tag, uint32_t level, uint32_t item, const char* msg, uint32_t line, const char* file, void* user) {
    (void)line; (void)file; (void)user; /* not tool_logger: no webhook error ends the watch */
    tool_log(tag, level, item, msg);
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
    else { return opts_usage_error("--webhook takes an http:// or https:// URL", u); }
    p = strchr(host, '/');
    n = p ? (size_t)(p - g_webhook) : strlen(g_webhook);
    if (p == host || !*host || n >= sizeof g_wh_server) { return opts_usage_error("--webhook: no host, or too long", u); }
    memcpy(g_wh_server, g_webhook, n); g_wh_server[n] = 0;
    g_wh_path = p ? p : "/";
    for (i = 0; g_wh_path[i]; i++) {
        unsigned char c = (unsigned char)g_wh_path[i];
        if (c <= 0x20u || c >= 0x7fu) { return opts_usage_error("--webhook: the path has a space, a control or a non-ASCII byte", u); }
    }
    if (strchr(g_wh_server, '?') || strchr(g_wh_server, '#') || strchr(g_wh_server, '@')) { return opts_usage_error("--webhook: not a plain scheme://host[:port]/path", u); }
    if (g_wh_queue < 4096 || g_wh_queue > (64u << 20)) { return opts_usage_error("--webhook-queue is 4 KiB to 64 MiB", 0); }
    /* the connection: the webhook's server and trust only, never the API server's token or client certificate */
    memset(&wd, 0, sizeof wd);
    wd.server = g_wh_server;
    wd.ca_file = g_wh_ca;
    wd.insecure_skip_tls_verify = g_wh_insecure;
    if (!strncmp(u, "https://", 8) && !g_wh_ca && !g_wh_insecure) { /* a public endpoint: the system's trust store */
        wd.ca_file = kinf_system_ca_file();
        if (!wd.ca_file) { return opts_usage_error("--webhook https://: no system CA bundle ($SSL_CERT_FILE, /etc/ssl/certs/ca-certificates.crt, ...): give --webhook-ca", u); }
        if (g_verbose) { fprintf(stderr, "kubediff: info: the webhook's certificate is verified with the system's CA bundle %s\n", wd.ca_file); }
    }
    conn_size_trust_store(&wd);
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
    if (!g_wc) { return opts_usage_error("--webhook: not a usable URL or --webhook-ca (see the error above)", u); }
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
    kinf_desc_t d, given;
    void* work = 0;
    int npos, rc;
    uint64_t bytes = 0, lost = 0;
    opts_t cmd;
    memset(&cmd, 0, sizeof cmd);
    cmd.rows = opts; cmd.count = sizeof(opts) / sizeof(opts[0]);
    cmd.head = usage_head; cmd.tail = usage_tail;
    cmd.pos = &g_res; cmd.max_pos = 1;
    memset(&d, 0, sizeof d);
    d.max_objects = 16384;
    d.max_event_bytes = 1u << 20;
    d.store_bytes = 32u << 20;
    d.prefault_store = 1;
    d.read_bytes = 1u << 20;
    d.skip_unchanged = 1;
    rc = opts_parse(&cmd, argc, argv, &d, &npos);
    if (rc >= 0) { return rc; }
    if (!g_res && !g_all) { return opts_usage_error("missing RESOURCE", 0); }
    if (g_res && g_all) { return opts_usage_error("--all takes no RESOURCE", g_res); }
    if (g_patch_bytes < 64) { return opts_usage_error("--patch-bytes is at least 64", 0); }
    given = d;
    if (conn_config(&d, &work) != TOOL_EXIT_OK || conn_check_files(&d, &given) != TOOL_EXIT_OK) { free(work); return TOOL_EXIT_FAIL; }
    tool_fail_fast(&d);
    d.logger.func = tool_logger;
    /* kubediff's own buffers, fixed at start: the two objects with their
       identity (at most max_event_bytes of JSON plus 4 strings of at most
       253 bytes, escaped), and the patch */
    g_obj_cap = (d.max_event_bytes ? d.max_event_bytes : 64u << 10) + 8192;
    g_old = (char*)malloc(g_obj_cap); g_new = (char*)malloc(g_obj_cap); g_patch = (char*)malloc(g_patch_bytes);
    if (!g_old || !g_new || !g_patch) { fprintf(stderr, "kubediff: cannot allocate the buffers\n"); rc = TOOL_EXIT_FAIL; goto out; }
    if (g_wh_format && strcmp(g_wh_format, "json") != 0 && strcmp(g_wh_format, "slack") != 0) {
        rc = opts_usage_error("--webhook-format is json or slack", g_wh_format); goto out;
    }
    g_wh_slack = g_wh_format && !strcmp(g_wh_format, "slack");
    if (g_webhook && (rc = wh_setup(&d)) != TOOL_EXIT_OK) { goto out; }
    if (g_le_identity && !g_le_lease) { rc = opts_usage_error("--identity goes with --leader-elect", 0); goto out; }
    if (g_le_lease && (rc = le_setup(&d)) != TOOL_EXIT_OK) { goto out; }
    tool_install_signals(0);
    g_handler.on_add = on_add; g_handler.on_update = on_update; g_handler.on_delete = on_delete; g_handler.on_oversized = on_oversized;
    if (!g_all && tool_plain_resource(g_res) && !(d.namespace_ && strchr(d.namespace_, ','))) {
        d.resource = g_res; d.tag = g_res;
        if (!tool_init_informer(&d)) { rc = TOOL_EXIT_FAIL; goto out; }
        g_handler.user = (void*)(uintptr_t)g_res;
        kinf_add_handler(g_inf, &g_handler);
    } else if ((rc = open_factory(&d, (char*)(uintptr_t)g_res)) >= 0) { /* split in place: argv's */
        goto out;
    }
    if (g_max_events == 0) { tool_stop(); }
    rc = run_loop();
    le_release();
    tool_totals(&bytes, &lost, g_stats ? print_stats : 0);
    tool_shutdown();
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
    if (g_stats && g_le) {
        kinf_leader_stats_t ls = kinf_leader_stats(g_le);
        fprintf(stderr, "# stats leader identity=%s requests=%llu renewals=%llu elected=%llu lost=%llu conflicts=%llu failed=%llu\n",
                g_le_id, (unsigned long long)ls.requests, (unsigned long long)ls.renewals, (unsigned long long)ls.elected,
                (unsigned long long)ls.lost, (unsigned long long)ls.conflicts, (unsigned long long)ls.failed);
    }
    if (g_stats) {
        fprintf(stderr, "# stats kubediff changes=%ld printed_whole=%llu too_large=%llu buffers=%zu\n", g_events,
                (unsigned long long)g_whole, (unsigned long long)g_too_large, 2 * g_obj_cap + g_patch_bytes);
    }
    if (rc == TOOL_EXIT_OK && (lost || g_too_large)) { rc = TOOL_EXIT_CAPACITY; }
    if (rc == TOOL_EXIT_OK && bytes == 0 && g_max_events != 0) { fprintf(stderr, "kubediff: never reached the server\n"); rc = TOOL_EXIT_FAIL; }
out:
    tool_shutdown();
    free(work); free(g_old); free(g_new); free(g_patch);
    free(g_ring); free(g_wc_mem); free(g_wq_mem); free(g_lc_mem); free(g_le_mem);
    return rc;
}
