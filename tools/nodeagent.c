/* nodeagent - a kubelet's two duties that need the API server, on kinformer:
   it watches the pods bound to its node (a field selector) and logs each
   phase change, and it keeps its node's Lease in kube-node-lease renewed (a
   heartbeat) through the write client, with conflicts retried through the
   workqueue's rate limiter. `nodeagent --help` for usage; docs/client.md. */
#define _POSIX_C_SOURCE 200809L
#define KINFORMER_IMPLEMENTATION
#include "../kinformer.h"
#define TOOL_NAME "nodeagent"
#include "opts.h"
#include "tool.h"
#include "conn.h"
#include <poll.h>

#define NA_LEASE_NS "kube-node-lease"
#define NA_LEASES "/apis/coordination.k8s.io/v1/leases"

static const char* usage_head =
    "usage: nodeagent --node NAME [options]\n"
    "Watches the pods bound to node NAME (fieldSelector spec.nodeName=NAME) and logs each\n"
    "phase change; keeps the coordination.k8s.io/v1 Lease NAME in namespace kube-node-lease\n"
    "renewed, as a kubelet's heartbeat does.\n"
    "\n";
static const char* usage_tail =
    "\n"
    "Output (stdout, one line each, flushed):\n"
    "  PHASE ns/name OLD NEW  a pod's phase changed; OLD is \"-\" for a pod first seen, NEW is\n"
    "                         \"-\" for a pod deleted (or moved off the node); a phase the pod\n"
    "                         does not have yet reads \"Unknown\"\n"
    "  LEASE created|renewed NAME RV RENEWTIME   each successful write of the Lease\n"
    "The Lease: holderIdentity NAME, leaseDurationSeconds, renewTime (RFC 3339, microseconds).\n"
    "It is read, then updated (PUT) with the resourceVersion it was read at; created when\n"
    "absent. A 409 Conflict (someone else wrote it) reads it again and retries after the\n"
    "workqueue's per-item backoff (5 ms doubling) and token bucket; so do failures.\n"
    "Errors and warnings go to stderr. SIGINT and SIGTERM stop nodeagent cleanly.\n"
    "Exit status: 0 success (stopped, or --timeout passed), 1 failure, 2 usage error.\n";

static const char* g_node;
static int g_lease_seconds = 10, g_lease_duration = 40;

/* ------------------------------------------------------------------ pods */
/* a pod's phase, "Unknown" when it has none */
static void phase_of(const kinf_object_t* o, char* buf, size_t cap) {
    if (!o || !kinf_field_has(o, "status.phase") || kinf_field_str(o, "status.phase", buf, cap) == 0) { snprintf(buf, cap, "Unknown"); }
}
static void print_phase(const kinf_object_t* o, const char* old, const char* now) {
    printf("PHASE %s %s %s\n", o->key, old, now);
    fflush(stdout);
}
static void on_add(kinf_informer_t* inf, const kinf_object_t* o, void* u) {
    char p[64];
    (void)inf; (void)u;
    phase_of(o, p, sizeof p);
    print_phase(o, "-", p);
}
static void on_update(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    char a[64], b[64];
    (void)inf; (void)u;
    phase_of(old, a, sizeof a);
    phase_of(o, b, sizeof b);
    if (strcmp(a, b)) { print_phase(o, a, b); }
}
static void on_delete(kinf_informer_t* inf, const kinf_object_t* o, int unknown, void* u) {
    char p[64];
    (void)inf; (void)u; (void)unknown;
    phase_of(o, p, sizeof p);
    print_phase(o, p, "-");
}

/* ------------------------------------------------------------------ the lease */
/* What the next request for the lease is: read it, create it, or update it
   from the resourceVersion it was read at. */
enum { NA_GET = 0, NA_CREATE, NA_UPDATE };
typedef struct na_lease {
    kinf_client_t* c;
    kinf_workqueue_t* q;
    int step;                    /* NA_* */
    int working;                 /* got from the queue, not done */
    char rv[128];
    char renew[80];
    char body[1024];
    uint64_t renewals, conflicts, failures;
} na_lease;

/* now as RFC 3339 with microseconds, UTC: "2026-01-02T03:04:05.123456Z" */
static void micro_time(char* buf, size_t cap) {
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    snprintf(buf, cap, "%04d-%02d-%02dT%02d:%02d:%02d.%06ldZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
             tm.tm_hour, tm.tm_min, tm.tm_sec, (long)(ts.tv_nsec / 1000));
}
/* metadata.resourceVersion of a JSON object, into rv; 0 when it has none */
static int read_rv(const char* json, size_t len, char* rv, size_t cap) {
    jsmntok_t t[256];
    jsmn_parser p;
    int n, i, depth_md = -1;
    jsmn_init(&p);
    n = jsmn_parse(&p, json, len, t, 256);
    if (n < 1 || t[0].type != JSMN_OBJECT) { return 0; }
    for (i = 1; i + 1 < n; i++) {
        size_t kl = (size_t)(t[i].end - t[i].start);
        if (t[i].type != JSMN_STRING) { continue; }
        if (t[i].parent == 0 && kl == 8 && !memcmp(json + t[i].start, "metadata", 8) && t[i + 1].type == JSMN_OBJECT) { depth_md = i + 1; continue; }
        if (depth_md >= 0 && t[i].parent == depth_md && kl == 15 && !memcmp(json + t[i].start, "resourceVersion", 15) && t[i + 1].type == JSMN_STRING) {
            size_t vl = (size_t)(t[i + 1].end - t[i + 1].start);
            if (vl == 0 || vl >= cap) { return 0; }
            memcpy(rv, json + t[i + 1].start, vl); rv[vl] = 0;
            return 1;
        }
    }
    return 0;
}
/* Starts the request of the lease's step. */
static int lease_start(na_lease* l) {
    kinf_client_request_t rq;
    memset(&rq, 0, sizeof rq);
    rq.resource = NA_LEASES; rq.namespace_ = NA_LEASE_NS;
    if (l->step == NA_GET) { rq.verb = KINF_CLIENT_GET; rq.name = g_node; }
    else {
        micro_time(l->renew, sizeof l->renew);
        /* the whole object as the agent holds it; on an update its resourceVersion is the precondition */
        snprintf(l->body, sizeof l->body,
                 "{\"apiVersion\":\"coordination.k8s.io/v1\",\"kind\":\"Lease\",\"metadata\":{\"name\":\"%s\",\"namespace\":\"" NA_LEASE_NS "\"%s%s%s},"
                 "\"spec\":{\"holderIdentity\":\"%s\",\"leaseDurationSeconds\":%d,\"renewTime\":\"%s\"}}",
                 g_node, l->step == NA_UPDATE ? ",\"resourceVersion\":\"" : "", l->step == NA_UPDATE ? l->rv : "", l->step == NA_UPDATE ? "\"" : "",
                 g_node, g_lease_duration, l->renew);
        rq.verb = l->step == NA_CREATE ? KINF_CLIENT_CREATE : KINF_CLIENT_UPDATE;
        rq.name = l->step == NA_CREATE ? 0 : g_node;
        rq.body = l->body;
    }
    return kinf_client_start(l->c, &rq);
}
/* the item is finished for now: again after the renew interval, or rate-limited */
static void lease_settle(na_lease* l, int ok, uint64_t now) {
    kinf_workqueue_done(l->q, "leases", g_node, now);
    l->working = 0;
    if (ok) {
        kinf_workqueue_forget(l->q, "leases", g_node);
        kinf_workqueue_add_after(l->q, "leases", g_node, (int64_t)g_lease_seconds * 1000, now);
    } else {
        kinf_workqueue_add_rate_limited(l->q, "leases", g_node, now);
    }
}
/* One response: the next step, or the item settled. */
static void lease_response(na_lease* l, const kinf_client_response_t* r, uint64_t now) {
    if (l->step == NA_GET) {
        if (r->result == KINF_CLIENT_OK && read_rv(r->body, r->body_len, l->rv, sizeof l->rv)) { l->step = NA_UPDATE; }
        else if (r->result == KINF_CLIENT_NOT_FOUND) { l->step = NA_CREATE; }
        else { l->failures++; lease_settle(l, 0, now); return; }
        if (lease_start(l) != KINF_OK) { l->failures++; lease_settle(l, 0, now); }
        return;
    }
    if (r->result == KINF_CLIENT_OK) {
        char rv[128] = "?";
        read_rv(r->body, r->body_len, rv, sizeof rv);
        snprintf(l->rv, sizeof l->rv, "%s", rv);
        printf("LEASE %s %s %s %s\n", l->step == NA_CREATE ? "created" : "renewed", g_node, rv, l->renew);
        fflush(stdout);
        l->renewals++;
        l->step = NA_UPDATE;
        lease_settle(l, 1, now);
        return;
    }
    if (r->result == KINF_CLIENT_CONFLICT || r->result == KINF_CLIENT_ALREADY_EXISTS) { l->conflicts++; }
    else { l->failures++; }
    /* a conflict, a lease gone (404 on update), any failure: read it again first */
    l->step = NA_GET;
    lease_settle(l, 0, now);
}
/* The queue hands the lease out when it is due: its first request. */
static void lease_tick(na_lease* l, uint64_t now) {
    kinf_workqueue_item_t it;
    kinf_client_response_t r;
    if (kinf_client_done(l->c, &r)) { lease_response(l, &r, now); }
    if (l->working || kinf_client_busy(l->c)) { return; }
    if (kinf_workqueue_get(l->q, now, &it) != KINF_WQ_ITEM) { return; }
    l->working = 1;
    if (lease_start(l) != KINF_OK) { l->failures++; lease_settle(l, 0, now); }
}

/* ------------------------------------------------------------------ options */
enum { NA_SECONDS = OPT_OWN };  /* whole seconds, 1 to 1e9, into an int */
static const opt_t na_opts[] = {
    { "--node", 0, OPT_STR, OPT_VAR(g_node), "  --node NAME            the node: its pods are watched, its Lease renewed (required)\n" },
    { "--lease-seconds", 0, NA_SECONDS, OPT_VAR(g_lease_seconds), "  --lease-seconds S      renew the Lease every S seconds (default 10)\n" },
    { "--lease-duration", 0, NA_SECONDS, OPT_VAR(g_lease_duration), "  --lease-duration S     the Lease's leaseDurationSeconds (default 40, as the kubelet's)\n" },
    CONN_OPTS(CONN_TLS_TIME_HELP),
    CONN_IDLE_TIMEOUT_OPT,
    TOOL_TIMEOUT_OPT,
    TOOL_VERBOSE_OPT,
    OPT_HELP_ROW,
};
static int na_option(const opt_t* o, const char* a, const char* v, void* t) {
    double n;
    (void)o;
    if (!opts_number(OPT_DOUBLE, v, &n) || n > 1e9) { return opts_usage_error("expected a non-negative number", v ? v : a); }
    if (n < 1) { return opts_usage_error("expected at least 1 second", v); }
    *(int*)t = (int)n;
    return -1;
}
/* a name that can be a Lease's name and a field selector's value */
static int node_name_ok(const char* s) {
    size_t i;
    if (!s[0] || strlen(s) > 253) { return 0; }
    for (i = 0; s[i]; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.')) { return 0; }
    }
    return 1;
}

int main(int argc, char** argv) {
    kinf_desc_t d;
    opts_t cmd;
    kinf_client_desc_t cd;
    kinf_workqueue_desc_t qd;
    kinf_handler_t h;
    na_lease l;
    char fsel[300];
    void* work = 0;
    void *imem = 0, *cmem = 0, *qmem = 0;
    size_t isz, csz, qsz;
    const char* keep[] = { "spec.nodeName", "status.phase" };
    double t0;
    int npos, rc;

    memset(&cmd, 0, sizeof cmd);
    cmd.rows = na_opts; cmd.count = sizeof(na_opts) / sizeof(na_opts[0]);
    cmd.head = usage_head; cmd.tail = usage_tail;
    cmd.own = na_option;
    memset(&d, 0, sizeof d);
    memset(&l, 0, sizeof l);
    rc = opts_parse(&cmd, argc, argv, &d, &npos);
    if (rc >= 0) { return rc; }
    if (!g_node) { return opts_usage_error("missing --node NAME", 0); }
    if (!node_name_ok(g_node)) { return opts_usage_error("--node takes a node name (lowercase letters, digits, '-', '.')", g_node); }
    if (conn_config(&d, &work) != TOOL_EXIT_OK) { free(work); return TOOL_EXIT_FAIL; }
    d.logger.func = tool_logger;

    /* the client first: it copies the connection settings (no resource) */
    memset(&cd, 0, sizeof cd);
    cd.conn = &d;
    d.tag = "lease";
    csz = kinf_client_size(&cd);
    cmem = malloc(csz);
    l.c = cmem ? kinf_client_init(cmem, csz, &cd) : 0;
    /* the workqueue: one item, the lease, and its rate limiter */
    memset(&qd, 0, sizeof qd);
    qd.capacity = 4;
    qd.logger.func = tool_logger;
    qsz = kinf_workqueue_size(&qd);
    qmem = malloc(qsz);
    l.q = qmem ? kinf_workqueue_init(qmem, qsz, &qd) : 0;
    /* the informer: pods on this node, projected to what is logged */
    snprintf(fsel, sizeof fsel, "spec.nodeName=%s", g_node);
    d.resource = "pods";
    d.field_selector = fsel;
    d.keep = keep; d.keep_count = 2;
    d.max_objects = 1024; d.store_bytes = 1u << 20;
    d.tag = "pods";
    isz = kinf_informer_size(&d);
    imem = g_mem = malloc(isz);  /* tool_shutdown frees it */
    g_inf = imem ? kinf_init(imem, isz, &d) : 0;
    if (!l.c || !l.q || !g_inf) {
        fprintf(stderr, "nodeagent: cannot set up the %s\n", !l.c ? "client" : !l.q ? "workqueue" : "informer");
        tool_shutdown(); free(cmem); free(qmem); free(work);
        return TOOL_EXIT_FAIL;
    }
    memset(&h, 0, sizeof h);
    h.on_add = on_add; h.on_update = on_update; h.on_delete = on_delete;
    kinf_add_handler(g_inf, &h);
    tool_install_signals(0);

    kinf_workqueue_add(l.q, "leases", g_node);
    t0 = tool_now_s();
    rc = TOOL_EXIT_OK;
    while (!kinf_stopped(g_inf) && !g_signal) {
        struct pollfd pf[2];
        int n = 0, wait, w;
        uint64_t now;
        unsigned wi = kinf_wants(g_inf), wc = kinf_client_wants(l.c);
        if ((wait = tool_wait(t0, 1000)) < 0) { break; }
        w = kinf_timeout_ms(g_inf); if (w >= 0 && w < wait) { wait = w; }
        w = kinf_client_timeout_ms(l.c); if (w >= 0 && w < wait) { wait = w; }
        w = kinf_workqueue_timeout_ms(l.q, kinf_workqueue_now_ms()); if (w >= 0 && w < wait) { wait = w; }
        if (kinf_fd(g_inf) >= 0 && wi) {
            pf[n].fd = kinf_fd(g_inf); pf[n].events = (short)(((wi & KINF_WANT_READ) ? POLLIN : 0) | ((wi & KINF_WANT_WRITE) ? POLLOUT : 0)); pf[n].revents = 0; n++;
        }
        if (kinf_client_fd(l.c) >= 0 && wc) {
            pf[n].fd = kinf_client_fd(l.c); pf[n].events = (short)(((wc & KINF_WANT_READ) ? POLLIN : 0) | ((wc & KINF_WANT_WRITE) ? POLLOUT : 0)); pf[n].revents = 0; n++;
        }
        if (wait > 0) { poll(pf, (nfds_t)n, wait); }
        if (kinf_poll(g_inf, 0) != KINF_OK) { rc = TOOL_EXIT_FAIL; break; }
        kinf_client_poll(l.c, 0);
        now = kinf_workqueue_now_ms();
        lease_tick(&l, now);
    }
    if (g_verbose) {
        fprintf(stderr, "nodeagent: info: lease renewals=%llu conflicts=%llu failures=%llu\n",
                (unsigned long long)l.renewals, (unsigned long long)l.conflicts, (unsigned long long)l.failures);
    }
    tool_shutdown();  /* clears g_inf before the informer goes (a second SIGTERM) */
    kinf_client_shutdown(l.c);
    kinf_workqueue_shut_down(l.q);
    kinf_workqueue_destroy(l.q);
    free(cmem); free(qmem); free(work);
    return rc;
}
