/* own_transport - kinformer's engine driven over sockets this program opens
   and reads itself, with no kinf_poll or kinf_run: the pattern for an RTOS
   socket API, a proxy, or a connection a program already holds. The same
   loop drives discovery's and the write client's engines (kinf_discovery_engine,
   kinf_client_engine). Plain http:// only: a TLS library of your own would
   sit where send and recv are. Its flags and output are kwatch's. */
#define _POSIX_C_SOURCE 200809L
#define KINFORMER_IMPLEMENTATION
#include "../kinformer.h"
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

static volatile sig_atomic_t g_stop;
static int g_quiet, g_verbose, g_fd = -1;

static void on_signal(int sig) { (void)sig; g_stop = 1; }
static uint64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}
static void print(const char* type, const kinf_object_t* o, int fsu) {
    if (!g_quiet) { printf("%s%s %s %s\n", type, fsu ? "!" : "", o->key, o->resource_version); fflush(stdout); }
}
static void on_add(kinf_informer_t* i, const kinf_object_t* o, void* u) { (void)i; (void)u; print("ADDED", o, 0); }
static void on_update(kinf_informer_t* i, const kinf_object_t* old, const kinf_object_t* o, void* u) { (void)i; (void)old; (void)u; print("MODIFIED", o, 0); }
static void on_delete(kinf_informer_t* i, const kinf_object_t* o, int fsu, void* u) { (void)i; (void)u; print("DELETED", o, fsu); }
static void on_oversized(kinf_informer_t* i, const kinf_object_t* old, const kinf_object_t* o, void* u) { (void)i; (void)u; print(old ? "MODIFIED" : "ADDED", o, 0); }
static void logger(const char* tag, uint32_t level, uint32_t item, const char* msg, uint32_t line, const char* file, void* user) {
    (void)tag; (void)line; (void)file; (void)user;
    if (level <= KINF_LOG_WARN || g_verbose) { fprintf(stderr, "own-transport: %s: %s\n", kinf_log_item_name(item), msg ? msg : ""); }
}
static int cmp_key(const void* a, const void* b) { return strcmp(((const kinf_object_t*)a)->key, ((const kinf_object_t*)b)->key); }
static void dump_cache(kinf_informer_t* inf) { /* "# cache N objects", then "key RV" sorted by key */
    int n = kinf_count(inf), k = 0, i;
    kinf_object_t* all = (kinf_object_t*)calloc((size_t)n + 1, sizeof(kinf_object_t));
    kinf_iter_t it = { 0 };
    while (all && k < n && kinf_next(inf, &it, &all[k])) { k++; }
    if (all) { qsort(all, (size_t)k, sizeof(all[0]), cmp_key); }
    printf("# cache %d objects\n", k);
    for (i = 0; i < k; i++) { printf("%s %s\n", all[i].key, all[i].resource_version); }
    free(all);
}
/* the transport: one TCP connection, connected blocking, then non-blocking */
static int tcp_open(const kinf_server_t* srv) {
    struct addrinfo hints, *res = 0, *ai;
    char port[8];
    int fd = -1;
    memset(&hints, 0, sizeof(hints));
    hints.ai_socktype = SOCK_STREAM;
    snprintf(port, sizeof(port), "%u", (unsigned)srv->port);
    if (getaddrinfo(srv->host, port, &hints, &res) != 0) { return -1; }
    for (ai = res; ai && fd < 0; ai = ai->ai_next) {
        fd = socket(ai->ai_family, SOCK_STREAM, 0);
        if (fd >= 0 && connect(fd, ai->ai_addr, ai->ai_addrlen) != 0) { close(fd); fd = -1; }
    }
    freeaddrinfo(res);
    if (fd >= 0) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }
    return fd;
}
static void tcp_close(void) { if (g_fd >= 0) { close(g_fd); g_fd = -1; } }
/* Does what the engine asks until it asks for nothing this transport can do
   now: the poll events to wait for, 0 for the deadline, -1 to come back at once. */
static short drive(kinf_engine_t* e, int* fatal) {
    int rounds;
    for (rounds = 0; rounds < 256; rounds++) {
        uint64_t now = now_ms();
        unsigned st = kinf_engine_tick(e, now);
        size_t n;
        ssize_t r;
        if (st & KINF_ENG_CLOSE) { tcp_close(); kinf_engine_closed(e, now); continue; }
        if (st & KINF_ENG_TOKEN) { kinf_engine_refresh_token_file(e, now); continue; }
        if (st & KINF_ENG_CONNECT) {
            kinf_server_t srv = kinf_engine_server(e);
            if (srv.https) { fprintf(stderr, "own-transport: https:// is not spoken by this transport\n"); *fatal = 1; return 0; }
            tcp_close();
            if ((g_fd = tcp_open(&srv)) < 0) { kinf_engine_failed(e, KINF_LOGITEM_CONNECT_FAILED, srv.host, now); }
            else { kinf_engine_connected(e, now); }
            continue;
        }
        if (st & KINF_ENG_SEND) {
            const uint8_t* s = kinf_engine_sendbuf(e, &n);
            if (!s) { continue; }
            if ((r = send(g_fd, s, n, MSG_NOSIGNAL)) > 0) { kinf_engine_sent(e, (size_t)r, now); continue; }
            if (r < 0 && (errno == EAGAIN || errno == EINTR)) { return POLLOUT; }
            tcp_close(); kinf_engine_failed(e, KINF_LOGITEM_IO_ERROR, "send", now);
            continue;
        }
        if (!(st & KINF_ENG_RECV)) { return 0; }
        {
            uint8_t* b = kinf_engine_recvbuf(e, &n);
            r = recv(g_fd, b, n, 0);
        }
        if (r > 0) { kinf_engine_recvd(e, (size_t)r, now); return -1; } /* handlers run between reads */
        if (r < 0 && (errno == EAGAIN || errno == EINTR)) { return POLLIN; }
        tcp_close();
        if (r == 0) { kinf_engine_closed(e, now); } else { kinf_engine_failed(e, KINF_LOGITEM_IO_ERROR, "recv", now); }
    }
    return -1;
}
int main(int argc, char** argv) {
    kinf_desc_t d = { 0 };
    kinf_handler_t h = { on_add, on_update, on_delete, 0, on_oversized };
    kinf_informer_t* inf;
    kinf_engine_t* e;
    double timeout = -1;
    int sync_exit = 0, dump = 0, i, fatal = 0;
    uint64_t t0 = now_ms();
    void* mem;
    struct sigaction sa;
    d.max_objects = 16384; d.max_event_bytes = 1u << 20; d.store_bytes = 32u << 20;
    for (i = 1; i < argc; i++) {
        const char* a = argv[i];
        int more = i + 1 < argc;
        if (more && (!strcmp(a, "-s") || !strcmp(a, "--server"))) { d.server = argv[++i]; }
        else if (more && (!strcmp(a, "-n") || !strcmp(a, "--namespace"))) { d.namespace_ = argv[++i]; }
        else if (more && (!strcmp(a, "-o") || !strcmp(a, "--output"))) { g_quiet = !strcmp(argv[++i], "none"); }
        else if (more && !strcmp(a, "--timeout")) { timeout = atof(argv[++i]); }
        else if (!strcmp(a, "--exit-after-sync")) { sync_exit = 1; }
        else if (!strcmp(a, "--dump-on-exit")) { dump = 1; }
        else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) { g_verbose = 1; }
        else if (a[0] != '-' && !d.resource) { d.resource = a; }
        else { fprintf(stderr, "usage: own-transport --server URL [-n NS] [-o name|none] [--timeout S] [--exit-after-sync] [--dump-on-exit] [-v] RESOURCE\n"); return 2; }
    }
    if (!d.server || !d.resource) { fprintf(stderr, "own-transport: --server URL and a RESOURCE are needed\n"); return 2; }
    d.own_transport = 1; /* this program does the I/O: no TLS block, and kinf_poll would refuse */
    d.logger.func = logger; d.tag = "own-transport";
    mem = malloc(kinf_informer_size(&d)); /* the one allocation: the library takes all its memory from here */
    if (!mem || !(inf = kinf_init(mem, kinf_informer_size(&d), &d))) { free(mem); return 1; }
    kinf_add_handler(inf, &h);
    e = kinf_informer_engine(inf);
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal; /* no SA_RESTART: a blocking connect or poll returns */
    sigaction(SIGINT, &sa, 0); sigaction(SIGTERM, &sa, 0);
    while (!g_stop && !fatal) {
        short ev = drive(e, &fatal);
        uint64_t now = now_ms(), dl;
        int wait = 200;
        struct pollfd pf;
        kinf_engine_dispatch(e, now);
        if (sync_exit && kinf_has_synced(inf)) { printf("# synced %d objects\n", kinf_count(inf)); break; }
        if (timeout >= 0 && now - t0 >= (uint64_t)(timeout * 1000.0)) { break; }
        if (timeout >= 0 && (double)(now - t0) + wait > timeout * 1000.0) { wait = (int)(timeout * 1000.0 - (double)(now - t0)) + 1; }
        dl = kinf_engine_deadline(e);
        if (ev < 0 || dl <= now) { continue; } /* more to do at once */
        if (dl - now < (uint64_t)wait) { wait = (int)(dl - now); }
        pf.fd = ev > 0 ? g_fd : -1; pf.events = ev > 0 ? ev : 0; pf.revents = 0;
        poll(&pf, 1, wait);
    }
    kinf_engine_dispatch(e, now_ms()); /* what the cache holds reaches the handlers before the dump */
    if (dump) { dump_cache(inf); }
    fatal |= sync_exit && !kinf_has_synced(inf) && !g_stop;
    tcp_close();
    free(mem);
    return fatal ? 1 : 0;
}
